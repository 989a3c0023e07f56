"""Every .ydk of /work/shared/data/yugioh/decks/ through validate_deck, against the shared cards.json
and banlist.

Skipped only when the shared data folder is absent.
"""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from decks.cardfiles import shared_data_dir

DATA = shared_data_dir()
pytestmark = [
    pytest.mark.skipif(DATA is None, reason="/work/shared/data is absent"),
    pytest.mark.django_db,
]
DECKS = sorted((DATA / "yugioh" / "decks").glob("*.ydk")) if DATA else []
BANLIST = DATA / "yugioh" / "0TCG.lflist.conf" if DATA else None
# Official products with cards Forbidden today (README of the shared data), and known-legal products.
NOT_LEGAL = {"Structure Deck - Dragon's Roar.ydk": "forbidden", "AI_Albaz.ydk": "unknown_card"}
LEGAL = {"Starter Deck - Yugi Reloaded.ydk", "Structure Deck - Seto Kaiba.ydk", "Structure Deck - Marik.ydk"}


@pytest.fixture(scope="module")
def shared_cards(django_db_setup, django_db_blocker):
    """The 14,218 cards imported once for the module, removed afterwards."""
    from decks.models import Card
    from decks.services.cards import cards_import_file

    with django_db_blocker.unblock():
        cards_import_file(path=DATA / "yugioh" / "cards.json", game="yugioh")
        yield
        Card.objects.filter(game="yugioh").delete()


def test_there_are_47_deck_files():
    assert len(DECKS) == 47


@pytest.mark.parametrize("path", DECKS, ids=[p.name for p in DECKS])
def test_shared_deck_file(path, shared_cards):
    out = io.StringIO()
    try:
        call_command("validate_deck", str(path), "--game", "yugioh", "--banlist", str(BANLIST), stdout=out)
        code = 0
    except SystemExit as exit_:
        code = exit_.code
    report = json.loads(out.getvalue())
    assert set(report) == {"legal", "counts", "problems"}
    assert code == (0 if report["legal"] else 1)
    assert report["legal"] == (not report["problems"])
    lines = [line.strip() for line in path.read_text().splitlines()]
    assert sum(report["counts"].values()) == sum(1 for line in lines if line.isdigit())
    for problem in report["problems"]:
        assert problem["code"] and problem["message"]
    if path.name in NOT_LEGAL:
        assert NOT_LEGAL[path.name] in {p["code"] for p in report["problems"]}
    if path.name in LEGAL:
        assert report["legal"], report["problems"]
