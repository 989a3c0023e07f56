import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_pages_carry_a_strict_content_security_policy(client):
    response = client.get("/")
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "style-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert "frame-ancestors 'none'" in policy
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


# The production variables the README documents, and nothing else from this machine's environment.
PRODUCTION_ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings.prod",
    "SECRET_KEY": "a-production-grade-secret-key-" + "x7Rq2pLm9Zt4Vb8Nc3Hd6Jf1Kw5Ys0Ue" * 2,
    "ALLOWED_HOSTS": "tableside.example.org",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
}


def run_production(args: list[str], *, without: tuple[str, ...] = (), **extra: str):
    env = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/root"), **PRODUCTION_ENV, **extra}
    for name in without:
        env.pop(name)
    return subprocess.run(
        [sys.executable, *args], cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=180
    )


def test_check_deploy_is_clean_with_the_documented_variables_only(tmp_path):
    completed = run_production(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        DATABASE_URL=f"sqlite:///{tmp_path / 'prod.sqlite3'}",
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "no issues" in completed.stdout


@pytest.mark.parametrize("missing", ["SECRET_KEY", "ALLOWED_HOSTS", "REDIS_URL"])
def test_production_refuses_to_start_without_a_required_variable(missing):
    completed = run_production(["manage.py", "check"], without=(missing,))
    assert completed.returncode != 0
    assert f"Set the {missing} environment variable" in completed.stderr


PRINT_PROXY_HEADER = (
    "import django; django.setup(); from django.conf import settings; "
    "print(repr(getattr(settings, 'SECURE_PROXY_SSL_HEADER', None)))"
)


def test_the_forwarded_proto_header_is_not_trusted_by_default():
    completed = run_production(["-c", PRINT_PROXY_HEADER])
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "None"


def test_behind_an_https_proxy_the_forwarded_proto_header_is_trusted():
    completed = run_production(["-c", PRINT_PROXY_HEADER], BEHIND_HTTPS_PROXY="true")
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "('HTTP_X_FORWARDED_PROTO', 'https')"


SERVE_A_PAGE = """
import django
django.setup()
from django.test import Client
page = Client().get("/accounts/login/", secure=True, HTTP_HOST="tableside.example.org")
css = [line for line in page.content.decode().splitlines() if "stylesheet" in line]
print(page.status_code, css[0].strip() if css else "no stylesheet")
"""


def test_the_readme_production_steps_serve_pages_with_collected_assets(tmp_path):
    """migrate + collectstatic, then a page links its hashed stylesheet (what the README tells an admin)."""
    extra = {
        "DATABASE_URL": f"sqlite:///{tmp_path / 'prod.sqlite3'}",
        "STATIC_ROOT": str(tmp_path / "static"),
    }
    for step in (["manage.py", "migrate", "--noinput"], ["manage.py", "collectstatic", "--noinput"]):
        completed = run_production(step, **extra)
        assert completed.returncode == 0, completed.stdout + completed.stderr
    assert (tmp_path / "static" / "staticfiles.json").exists()
    completed = run_production(["-c", SERVE_A_PAGE], **extra)
    assert completed.returncode == 0, completed.stderr
    status, _space, link = completed.stdout.strip().partition(" ")
    assert status == "200"
    assert "/static/css/" in link and ".css" in link and "no stylesheet" not in link
