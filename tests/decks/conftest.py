"""Fixtures of the decks app tests: card pools imported from decks/fixtures, people, an event, legal decks."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from core.models import Role, User
from decks.services.cards import banlists_import_file, cards_import_file

FIXTURES = Path(__file__).resolve().parents[2] / "decks" / "fixtures"
DATA = Path(__file__).resolve().parent / "data"

# 40 Main + 3 Extra, legal on the fixture "2026.02 TCG" list.
LEGAL_MAIN = [
    5318639,
    6368038,
    10045474,
    12580477,
    14087893,
    14532163,
    14558127,
    20721928,
    24094653,
    24299458,
    26202165,
    27204311,
    36996508,
]
LEGAL_YDK = (
    "#created by a test\n#main\n"
    + "".join(f"{code}\n" * 3 for code in LEGAL_MAIN)
    + "40640057\n#extra\n1861629\n1861629\n44508094\n!side\n"
)
LEGAL_TEXT = """Main Deck:
3 Mystical Space Typhoon
3 Gaia The Fierce Knight
3 Infinite Impermanence
3 Raigeki
3 Book of Moon
3 Lightning Storm
3 Ash Blossom & Joyous Spring
3 Elemental HERO Sparkman
3 Polymerization
3 Forbidden Droplet
3 Sangan
3 Nibiru, the Primal Being
3 Dark Magician
1 Kuriboh

Extra Deck:
2 Decode Talker
1 Stardust Dragon
"""


@pytest.fixture
def yugioh_cards(db):
    return cards_import_file(path=FIXTURES / "yugioh-cards.json", game="yugioh")


@pytest.fixture
def all_cards(db, yugioh_cards):
    for game, name in (
        ("vanguard", "vanguard-trial-deck.csv"),
        ("rayman", "rayman-pool.csv"),
        ("arrows", "arrows-pool.csv"),
    ):
        cards_import_file(path=FIXTURES / name, game=game)


@pytest.fixture
def banlists(db):
    banlists_import_file(path=FIXTURES / "banlist.lflist.conf")
    from decks.models import Banlist

    return {b.name: b for b in Banlist.objects.all()}


@pytest.fixture
def organizer(db):
    return User.objects.create_user(
        "deck-orga", password="pw-orga-123", role=Role.ORGANIZER, display_name="Orga"
    )


@pytest.fixture
def judge(db):
    return User.objects.create_user(
        "deck-judge", password="pw-judge-123", role=Role.JUDGE, display_name="Judge"
    )


@pytest.fixture
def player(db):
    return User.objects.create_user(
        "deck-player", password="pw-player-123", role=Role.PLAYER, display_name="Pat"
    )


@pytest.fixture
def other_player(db):
    return User.objects.create_user(
        "deck-other", password="pw-other-123", role=Role.PLAYER, display_name="Olga"
    )


def make_event(organizer, *, judge=None, game="yugioh", banlist="2026.02 TCG", deadline=None, players=()):
    from decks.models import Banlist, EventDeckSettings
    from tournaments.models import Event, EventStaff, Registration

    # open for registration: a draft is its staff's only (players get a 404, tests/trust/test_drafts.py)
    event = Event.objects.create(
        name="Deck Test Open",
        game=game,
        date=datetime.date(2026, 12, 5),
        organizer=organizer,
        decklist_deadline=deadline,
        status="registration",
    )
    stored = Banlist.objects.filter(game=game, name=banlist).first() if banlist else None
    if stored is not None:
        EventDeckSettings.objects.create(event=event, banlist=stored)
    if judge is not None:
        EventStaff.objects.create(event=event, user=judge, role="judge")
    for user in players:
        Registration.objects.create(event=event, player=user)
    return event


@pytest.fixture
def event(yugioh_cards, banlists, organizer, judge, player, other_player):
    return make_event(organizer, judge=judge, players=[player, other_player])


def registration_of(event, user):
    from tournaments.models import Registration

    return Registration.objects.get(event=event, player=user)
