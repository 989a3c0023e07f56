"""Schemathesis over the whole OpenAPI schema: no 5xx, every status code and body as documented.

The API is called in-process through WSGI, anonymously and as an organizer with a token
(so the fuzzing reaches the code behind the permission checks too).
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import content_type_conformance, status_code_conformance

pytestmark = pytest.mark.django_db

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance]


def load_schema():
    # Loaded at import (pytest-django has set Django up by then): schemathesis's lazy fixture loader
    # does not work with this pytest.
    from django.conf import settings as django_settings
    from django.core.wsgi import get_wsgi_application

    if "testserver" not in django_settings.ALLOWED_HOSTS:
        django_settings.ALLOWED_HOSTS = [*django_settings.ALLOWED_HOSTS, "testserver"]
    return schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())


@pytest.fixture(autouse=True)
def keep_the_test_connection_open():
    """The WSGI handler closes the database connection after each request, which would end the test's
    transaction; Django's own test client disconnects the same signal handlers."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def organizer_token(db):
    from rest_framework.authtoken.models import Token

    from core.models import Role, User

    user, _ = User.objects.get_or_create(username="fuzz-organizer", defaults={"role": Role.ORGANIZER})
    token, _ = Token.objects.get_or_create(user=user)
    return token.key


schema = load_schema()

FUZZ_SETTINGS = settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)


@schema.parametrize()
@FUZZ_SETTINGS
def test_anonymous_requests_never_fail_on_the_server(case, celery_app_configured):
    case.call_and_validate(checks=CHECKS)


@schema.parametrize()
@FUZZ_SETTINGS
def test_organizer_requests_never_fail_on_the_server(case, organizer_token, celery_app_configured):
    case.call_and_validate(checks=CHECKS, headers={"Authorization": f"Token {organizer_token}"})
