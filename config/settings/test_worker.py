"""Settings of the Celery worker process that integration tests start: test settings on the test database.

The test runner passes the test database as DATABASE_URL, so the worker reads what the tests wrote.
"""

from .test import *  # noqa: F403
from .test import DATABASES

DATABASES["default"].pop("TEST", None)
