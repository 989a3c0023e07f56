"""Production: everything that differs between hosts comes from the environment (README, "Production").

Required: SECRET_KEY, ALLOWED_HOSTS, REDIS_URL (and DATABASE_URL for anything but a one-host SQLite site).
Nothing here trusts a header a client can set unless the environment says a proxy overwrites it.
"""

from .base import *  # noqa: F403
from .base import env

DEBUG = False
SECRET_KEY = env("SECRET_KEY")
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS")
# Production never falls back to the embedded Redis of `make run`: the broker, results and cache are named.
REDIS_URL = env("REDIS_URL")
LIVE_REDIS_URL = env("LIVE_REDIS_URL", default=REDIS_URL)
CELERY_BROKER_URL = CELERY_RESULT_BACKEND = REDIS_URL
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
# X-Forwarded-Proto is trusted only behind a TLS proxy that always overwrites it (BEHIND_HTTPS_PROXY);
# trusted otherwise, any client could claim https and defeat the redirect and the secure-cookie checks.
if env.bool("BEHIND_HTTPS_PROXY", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Assets are served from STATIC_ROOT as collected (`manage.py collectstatic`), with hashed names.
WHITENOISE_USE_FINDERS = False
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}
