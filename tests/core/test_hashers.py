"""Passwords are stored as Argon2id (core/hashers.py), and older PBKDF2 hashes are upgraded at log-in."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import check_password, identify_hasher, make_password
from django.test import override_settings

from config.settings import base

PRODUCTION_HASHERS = override_settings(PASSWORD_HASHERS=base.PASSWORD_HASHERS)


@PRODUCTION_HASHERS
def test_new_passwords_are_argon2id_with_owasp_parameters():
    encoded = make_password("correct horse battery")
    assert encoded.startswith("argon2$argon2id$v=19$m=47104,t=1,p=1$")
    assert check_password("correct horse battery", encoded)
    assert not check_password("correct horse batterz", encoded)


@PRODUCTION_HASHERS
@pytest.mark.django_db
def test_a_pbkdf2_hash_is_rewritten_as_argon2id_at_the_next_log_in(client):
    user = get_user_model().objects.create(username="old-timer")
    user.password = make_password("correct horse battery", hasher="pbkdf2_sha256")
    user.save()
    assert identify_hasher(user.password).algorithm == "pbkdf2_sha256"

    assert client.login(username="old-timer", password="correct horse battery")

    user.refresh_from_db()
    assert user.password.startswith("argon2$argon2id$v=19$m=47104,t=1,p=1$")


@PRODUCTION_HASHERS
@pytest.mark.django_db
def test_an_argon2_hash_with_other_parameters_is_rewritten_too(client):
    from django.contrib.auth.hashers import Argon2PasswordHasher

    user = get_user_model().objects.create(username="tuned-elsewhere")
    user.password = Argon2PasswordHasher().encode("correct horse battery", Argon2PasswordHasher().salt())
    user.save()
    assert ",t=2," in user.password

    assert client.login(username="tuned-elsewhere", password="correct horse battery")

    user.refresh_from_db()
    assert "m=47104,t=1,p=1" in user.password
