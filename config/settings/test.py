import os

from .base import *  # noqa: F403
from .base import DATABASES, VAR_DIR

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
# A file, not memory, so that a real Celery worker process sees what a test wrote; one per test run (pid),
# so that two runs on one machine never share it.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / f"test-{os.getpid()}.sqlite3")}
LANGUAGE_CODE = "en"
# Rate limits (core/ratelimit.py) count in a cache that every test of a run shares: off unless a test
# turns them on.
RATELIMIT_ENABLED = False
# Tests use their own small card fixtures: load_demo does not load the shipped snapshot unless a test asks.
CARD_SNAPSHOT_ON_DEMO = False
# The live versions (tournaments/live.py) are off unless a test points them at its Redis.
LIVE_REDIS_URL = ""
