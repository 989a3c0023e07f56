"""sync_cards against a recorded API response (a fake transport, never the internet), search,
CardLookup, demo."""

from __future__ import annotations

import io
import json
import urllib.error

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from decks.lookup import card_lookup
from decks.models import Banlist, Card
from decks.selectors import card_search
from decks.services import sync
from tests.decks.conftest import DATA

pytestmark = pytest.mark.django_db


def recorded_transport(url: str) -> bytes:
    name = "ygoprodeck-cardinfo-fr.json" if "language=fr" in url else "ygoprodeck-cardinfo.json"
    return (DATA / name).read_bytes()


def offline_transport(url: str) -> bytes:
    raise urllib.error.URLError("Temporary failure in name resolution")


def test_sync_cards_imports_the_recorded_response_with_french_names(monkeypatch):
    seen = []

    def transport(url):
        seen.append(url)
        return recorded_transport(url)

    monkeypatch.setattr(sync, "http_transport", transport)
    out = io.StringIO()
    call_command("sync_cards", "yugioh", stdout=out)
    assert json.loads(out.getvalue())["created"] == 5
    assert all(url.startswith("https://db.ygoprodeck.com/api/v7/cardinfo.php") for url in seen)
    assert Card.objects.get(key="89631139").name_fr == "Dragon Blanc aux Yeux Bleus"
    out = io.StringIO()
    call_command("sync_cards", "yugioh", stdout=out)
    assert json.loads(out.getvalue())["unchanged"] == 5


def test_sync_cards_offline_is_a_clear_error_and_changes_nothing(monkeypatch):
    monkeypatch.setattr(sync, "http_transport", offline_transport)
    with pytest.raises(CommandError, match="Is the machine online"):
        call_command("sync_cards", "yugioh")
    assert not Card.objects.exists()


def test_sync_without_french_names_still_imports():
    def english_only(url):
        if "language=fr" in url:
            raise urllib.error.URLError("down")
        return recorded_transport(url)

    result = sync.cards_sync_yugioh(transport=english_only)
    assert result.created == 5 and Card.objects.get(key="55144522").name_fr == ""


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Blue-Eyes White Dragon", "Blue-Eyes White Dragon"),
        ("blue eyes white", "Blue-Eyes White Dragon"),
        ("dragon blanc aux yeux bleus", "Blue-Eyes White Dragon"),
        ("Dragon Blanc aux Yeux Bléus", "Blue-Eyes White Dragon"),
        ("ash blosom", "Ash Blossom & Joyous Spring"),
        ("floraison de cendre", "Ash Blossom & Joyous Spring"),
        ("pot of gred", "Pot of Greed"),
        ("Polymerisation", "Polymerization"),
        ("apolousa", "Apollousa, Bow of the Goddess"),
        ("STARDUST", "Stardust Dragon"),
    ],
)
def test_search_is_tolerant_and_ranked(yugioh_cards, query, expected):
    results = card_search(game="yugioh", query=query, limit=5)
    assert results and results[0].name == expected, [c.name for c in results]


def test_search_stays_in_its_game_and_handles_nothing(all_cards):
    assert [c.game for c in card_search(game="rayman", query="rayman")] == ["rayman"] * len(
        card_search(game="rayman", query="rayman")
    )
    assert card_search(game="yugioh", query="   ") == []
    assert card_search(game="yugioh", query="zzzzqqq") == []


def test_card_lookup_gives_engine_cards(all_cards):
    assert card_lookup("yugioh", {"id": 44095762}) == {
        "id": 44095762,
        "name": "Mirror Force",
        "kind": "trap",
        "trap_type": "normal",
    }
    msd = card_lookup("yugioh", {"name": "Typhon d'Espace Mystique"})
    assert msd["kind"] == "spell" and msd["spell_type"] == "quick-play"
    dark = card_lookup("yugioh", {"id": 46986421})  # an alternate artwork passcode
    assert (
        dark["name"] == "Dark Magician" and dark["level"] == 7 and dark["atk"] == 2500 and dark["def"] == 2100
    )
    assert card_lookup("yugioh", {"name": "Stardust Dragon"})["monster_type"] == "synchro"
    blaster = card_lookup("vanguard", {"name": "Blaster Blade"})
    assert blaster == {
        "name": "Blaster Blade",
        "grade": 2,
        "power": 9000,
        "shield": 5000,
        "critical": 1,
        "clan": "Royal Paladin",
        "trigger": None,
        "sentinel": False,
    }
    assert card_lookup("rayman", {"name": "Rayman"})["kind"] == "creature"
    assert card_lookup("arrows", {"name": "Gale Hawk"})["atk"] == 4
    assert card_lookup("yugioh", {"id": 1}) is None
    assert card_lookup("chess", {"id": 1}) is None


def test_card_lookup_plugs_into_the_engine(yugioh_cards):
    from rulings.engine.registry import get_game

    game = get_game("yugioh")
    document = {
        "turn": 1,
        "turn_player": "A",
        "phase": "main1",
        "players": {"A": {"lp": 8000, "hand": [{"id": 89631139}], "deck": 30}, "B": {"lp": 8000, "deck": 30}},
    }
    state = game.parse_state(document, ruleset="current", cards=card_lookup)
    hand = game.state_to_json(state)["players"]["A"]["hand"]
    assert hand[0]["name"] == "Blue-Eyes White Dragon"


def test_demo_is_idempotent():
    from decks.demo import load_demo

    load_demo(io.StringIO())
    counts = (Card.objects.count(), Banlist.objects.count())
    load_demo(io.StringIO())
    assert (Card.objects.count(), Banlist.objects.count()) == counts
    assert counts == (45 + 18 + 20 + 12, 2)


def test_demo_attaches_deck_lists_once_the_demo_event_exists():
    import datetime

    from core.models import Role, User
    from decks.demo import load_demo
    from decks.models import DeckListVersion, EventDeckSettings
    from tournaments.demo import DEMO_EVENT_NAME
    from tournaments.models import Event, Registration

    load_demo(io.StringIO())  # no event yet: cards only
    organizer = User.objects.create_user("orga", role=Role.ORGANIZER)
    event = Event.objects.create(
        name=DEMO_EVENT_NAME, game="yugioh", date=datetime.date(2026, 12, 5), organizer=organizer
    )
    for n in (1, 2, 5):
        Registration.objects.create(event=event, player=User.objects.create_user(f"player{n}"))
    load_demo(io.StringIO())
    assert DeckListVersion.objects.count() == 2  # player1 and player2 (player5 is not a demo deck player)
    assert EventDeckSettings.objects.get(event=event).banlist.name == "2026.02 TCG"
    load_demo(io.StringIO())
    assert DeckListVersion.objects.count() == 2
