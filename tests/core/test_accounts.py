import re

import pytest
from django.core import mail

from core.models import Role, User

pytestmark = pytest.mark.django_db


def test_sign_up_logs_the_new_player_in(client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "newplayer",
            "email": "New@Example.org",
            "display_name": "New Player",
            "role": Role.PLAYER,
            "password1": "a-long-enough-pass-42",
            "password2": "a-long-enough-pass-42",
        },
    )
    assert response.status_code == 302
    user = User.objects.get(username="newplayer")
    assert user.email == "new@example.org"
    assert client.get("/").context["user"] == user


def test_sign_up_with_mismatched_passwords_says_so(client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "x",
            "email": "x@example.org",
            "role": "player",
            "password1": "abc-12345-xyz",
            "password2": "no",
        },
    )
    assert response.status_code == 400
    assert "password2" in response.context["form"].errors
    assert not User.objects.filter(username="x").exists()


def test_duplicate_email_is_refused(client):
    User.objects.create_user("first", email="same@example.org", password="pw-first-123")
    response = client.post(
        "/accounts/signup/",
        {"username": "second", "email": "SAME@example.org", "role": "player",
         "password1": "a-long-enough-pass-42", "password2": "a-long-enough-pass-42"},
    )  # fmt: skip
    assert response.status_code == 400
    assert "email" in response.context["form"].errors


@pytest.mark.parametrize(
    ("role", "title"),
    [(Role.PLAYER, "My tournaments"), (Role.JUDGE, "Judge desk"), (Role.ORGANIZER, "Organizer console")],
)
def test_each_role_lands_on_its_own_home_page(client, role, title):
    User.objects.create_user("someone", password="pw-someone-123", role=role)
    assert client.login(username="someone", password="pw-someone-123")
    assert title in client.get("/").content.decode()


def test_log_out_is_a_post(client):
    User.objects.create_user("leaving", password="pw-leaving-123")
    client.login(username="leaving", password="pw-leaving-123")
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert client.get("/").context["user"].is_anonymous


def test_password_reset_sends_a_working_link(client):
    User.objects.create_user("forgetful", email="forgetful@example.org", password="old-password-123")
    client.post("/accounts/password_reset/", {"email": "forgetful@example.org"})
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form_page = client.get(link, follow=True)
    set_password_url = form_page.redirect_chain[-1][0]
    response = client.post(
        set_password_url, {"new_password1": "brand-new-pass-987", "new_password2": "brand-new-pass-987"}
    )
    assert response.status_code == 302
    assert client.login(username="forgetful", password="brand-new-pass-987")


def test_api_token_authentication(client, celery_app_configured):
    from rest_framework.authtoken.models import Token

    user = User.objects.create_user("scripted", password="pw-scripted-123")
    token = Token.objects.create(user=user)
    import uuid

    url = f"/api/tasks/{uuid.uuid4()}/"
    assert client.get(url).status_code in (401, 403)
    response = client.get(url, HTTP_AUTHORIZATION=f"Token {token.key}")
    assert response.status_code == 200
    assert response.json()["state"] == "PENDING"
