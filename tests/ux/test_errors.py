"""Refusals and missing pages say why and what to do next, with a way on."""

from __future__ import annotations

from django.urls import reverse


def test_refusal_says_why_and_what_to_do(demo, as_user):
    response = as_user("player1").get(reverse("tournaments:console_event", args=[demo.pk]))
    assert response.status_code == 403
    html = response.content.decode()
    assert "Only the staff of this event can open its console." in html
    assert "ask its organizer to add you to its staff" in html
    assert reverse("tournaments:event_list") in html


def test_refusal_to_a_visitor_offers_to_log_in(demo, client):
    response = client.get(reverse("decks:event_lists", args=[demo.pk]))
    assert response.status_code == 403
    html = response.content.decode()
    assert "Deck lists stay private until the organizer publishes them." in html
    assert f"{reverse('login')}?next=" in html


def test_missing_page_points_to_the_events(db, client):
    response = client.get("/events/999999/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "list of events" in html and reverse("tournaments:event_list") in html


def test_api_errors_keep_their_shape(demo, as_user):
    response = as_user("player1").get("/api/events/999999/")
    assert response.status_code == 404
    assert "errors" in response.json()
