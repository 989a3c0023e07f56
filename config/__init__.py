# Loading the Celery app with Django makes @shared_task bind to it and transaction.on_commit sends work.
from .celery import app as celery_app

__all__ = ("celery_app",)
