"""Links between the pages an event needs: staff reach the console, deck lists and judge calls from the
event's pages and back; a registered player reaches the deck submission from the event page."""

from __future__ import annotations

import pytest
from django.urls import reverse


def _html(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


@pytest.mark.parametrize("who", ["orga", "judge"])
@pytest.mark.parametrize("url_name", ["event_detail", "standings", "top_cut", "round_detail"])
def test_staff_event_pages_link_console_deck_lists_and_judge_calls(demo, as_user, who, url_name):
    args = [demo.pk, 1] if url_name == "round_detail" else [demo.pk]
    html = _html(as_user(who), reverse(f"tournaments:{url_name}", args=args))
    assert reverse("tournaments:console_event", args=[demo.pk]) in html
    assert reverse("decks:event_lists", args=[demo.pk]) in html
    assert reverse("rulings:event_log", kwargs={"event_id": demo.pk}) in html


def test_staff_are_not_sent_to_a_players_phone_page(demo, as_user):
    html = _html(as_user("judge"), reverse("tournaments:event_detail", args=[demo.pk]))
    assert reverse("tournaments:player_event", args=[demo.pk]) not in html


def test_players_do_not_get_staff_links(demo, as_user):
    html = _html(as_user("player1"), reverse("tournaments:event_detail", args=[demo.pk]))
    assert reverse("tournaments:player_event", args=[demo.pk]) in html
    assert reverse("rulings:event_log", kwargs={"event_id": demo.pk}) not in html
    assert reverse("tournaments:console_event", args=[demo.pk]) not in html


def test_console_links_back_to_event_deck_lists_and_judge_calls(demo, as_user):
    html = _html(as_user("orga"), reverse("tournaments:console_event", args=[demo.pk]))
    assert f'href="{reverse("tournaments:event_detail", args=[demo.pk])}"' in html
    assert reverse("decks:event_lists", args=[demo.pk]) in html
    assert reverse("rulings:event_log", kwargs={"event_id": demo.pk}) in html


@pytest.mark.parametrize(
    "url",
    [
        lambda e: reverse("decks:event_lists", args=[e.pk]),
        lambda e: reverse("rulings:event_log", kwargs={"event_id": e.pk}),
    ],
)
def test_staff_pages_lead_back_to_the_event_and_console(demo, as_user, url):
    html = _html(as_user("judge"), url(demo))
    assert f'href="{reverse("tournaments:event_detail", args=[demo.pk])}"' in html
    assert reverse("tournaments:console_event", args=[demo.pk]) in html


def test_event_page_leads_a_player_to_deck_submission_and_back(demo, as_user):
    client = as_user("player1")
    html = _html(client, reverse("tournaments:event_detail", args=[demo.pk]))
    assert reverse("decks:my_deck", args=[demo.pk]) in html
    html = _html(client, reverse("decks:my_deck", args=[demo.pk]))
    assert reverse("tournaments:player_event", args=[demo.pk]) in html


def test_deck_page_of_an_unregistered_person_leads_to_the_event_to_register(demo, client, db):
    from core.models import Role, User

    client.force_login(User.objects.create_user("newcomer", password="x-pw-123456", role=Role.PLAYER))
    response = client.get(reverse("decks:my_deck", args=[demo.pk]), follow=True)
    assert response.redirect_chain[-1][0] == reverse("tournaments:event_detail", args=[demo.pk])
    html = response.content.decode()
    assert "register on its page first" in html
    assert "My registration" in html


def test_tournament_day_home_offers_the_full_event_form(demo, as_user):
    html = _html(as_user("orga"), reverse("tournaments:day_home"))
    assert f'href="{reverse("tournaments:event_create")}"' in html
    card = html[html.index('data-testid="console-event"') :]
    assert card.index("Swiss rounds") < card.index("</a>")  # the event's state is inside its card


def test_console_rows_say_where_their_extra_link_leads(demo, as_user):
    html = _html(as_user("orga"), reverse("tournaments:console_event", args=[demo.pk]))
    assert "Other result, history…" in html and "more…" not in html


def test_staff_do_not_get_an_empty_registration_box(demo, as_user):
    html = _html(as_user("orga"), reverse("tournaments:event_detail", args=[demo.pk]))
    assert 'data-testid="my-registration"' not in html
    html = _html(as_user("player1"), reverse("tournaments:event_detail", args=[demo.pk]))
    assert 'data-testid="my-registration"' in html
