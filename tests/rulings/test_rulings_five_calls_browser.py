"""Issue 14, item 7: the five most common calls of each game, tapped as a judge taps them at 1024×768, in
English and in French.

Each call starts from the tablet as it is (one page per game, no reload): a common situation in one tap
(it resets the board), a number or two changed on the board, the question or the suggested action, the
answer read. Every call must take 12 taps or field entries at most; ``TAPS`` is what docs/rulings.md
reports ("Five common calls"), and the test fails when a count changes.
"""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from tests.conftest import save_screenshot

from .tablet_pages import Tablet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MOST = 12  # issue 14: a common call in at most 12 taps or field entries
TAPS = {
    "yugioh": {"tribute_summon": 3, "attack_set_monster": 3, "end_phase_hand": 3, "deck_out_draw": 3,
               "chain_order": 2},
    "vanguard": {"guard": 3, "boost": 4, "drive_trigger": 2, "sixth_damage": 2, "deck_out": 4},
}  # fmt: skip

# What the answers say, in each language (the situations' cards are named in the page's language too).
SAYS = {
    "en": {
        "two_tributes": "it needs 2 Tributes, 1 given", "one_given": "1 given", "level_7": "Level 7 monster",
        "flipped": "flipped face-up in Defense Position first", "set_monster": "Set monster",
        "end_turn": "End the turn", "a_wins": "player A wins",
        "link_resolves": "Chain Link 1 (Breaker) resolves.", "triggered": "Watcher's effect is triggered.",
        "no_boost": "only grade 0 and 1 units can boost", "assign": "Assign the trigger",
        "power_to": r"Power to: Attacker", "legal": "legal", "two_damage": "(2 damage)",
    },
    "fr": {
        "two_tributes": "il demande 2 Sacrifices (Invocation Sacrifice), 1 donné(s)", "one_given": "1 donné",
        "level_7": "Monstre de Niveau 7",
        "flipped": "il est d'abord retourné face recto en Position de Défense",
        "set_monster": "Monstre Posé", "end_turn": "Finir le tour", "a_wins": "le joueur A gagne",
        "link_resolves": "Le Maillon de Chaîne 1 (Briseur) se résout.",
        "triggered": "L'effet de Guetteur est déclenché.",
        "no_boost": "seules les unités de grade 0 et 1 peuvent booster", "assign": "Attribuer le déclencheur",
        "power_to": r"Puissance à.*Attaquant", "legal": "autorisé", "two_damage": "(2 dégâts)",
    },
}  # fmt: skip


def answer(page: Page, key: str):
    return page.get_by_test_id(f"answer-{key}")


def yugioh_calls(tablet: Tablet, page: Page, says: dict[str, str]):
    # Tribute count: the Level 7 with one monster on the field is refused; as a Level 6 it needs one Tribute.
    yield "tribute_summon"
    expect(answer(page, "not_legal")).to_contain_text(says["two_tributes"])
    tablet.set(page.get_by_test_id("stat-A.hand.1-level"), 6)
    tablet.ask("legal_summons")
    expect(answer(page, "summons")).to_contain_text(says["level_7"])
    expect(page.get_by_test_id("answer")).not_to_contain_text(says["one_given"])

    # Attack on a Set monster: the judge types the attacker's ATK, asks the damage.
    yield "attack_set_monster"
    tablet.set(page.get_by_test_id("stat-A.monsters.0-atk"), 2500)
    tablet.ask("damage")
    expect(answer(page, "explanation")).to_contain_text(says["flipped"])
    expect(answer(page, "destroyed")).to_contain_text(says["set_monster"])

    # Hand size at the End Phase: 9 cards in hand (unknown ones), how many to discard.
    yield "end_phase_hand"
    tablet.set(page.get_by_test_id("A-hand-count"), 9)
    tablet.ask("hand_limit")
    expect(answer(page, "must_discard")).to_have_text("3")

    # Deck-out on the draw: B's deck is empty at A's End Phase; A ends the turn and B loses at the draw.
    yield "deck_out_draw"
    tablet.ask("deck_out")
    expect(answer(page, "loses")).to_have_text("✓")
    expect(answer(page, "when")).to_contain_text("5")
    tablet.tap(tablet.legal("A", says["end_turn"]))
    expect(page.get_by_test_id("outcome")).to_contain_text(says["a_wins"])

    # Chain order: Breaker's quick effect answers Watcher's attack; what happens, in which order.
    yield "chain_order"
    tablet.ask("chain")
    expect(answer(page, "explanation")).to_contain_text(says["link_resolves"])
    expect(answer(page, "explanation")).to_contain_text(says["triggered"])


def vanguard_calls(tablet: Tablet, page: Page, says: dict[str, str]):
    # Guard total: 10000 attacks 9000; a 10000 shield guardian makes 19000, the attack does not hit.
    yield "guard"
    tablet.set(page.locator("input[name=query_guardians][value='B.hand.0']"), True)
    tablet.ask("damage")
    expect(answer(page, "hit")).to_have_text("✗")
    expect(answer(page, "defense_power")).to_have_text("19000")

    # Boost legality: a grade 2 booster is refused; as a grade 1 it boosts.
    yield "boost"
    tablet.ask("damage")
    expect(answer(page, "not_legal")).to_contain_text(says["no_boost"])
    tablet.set(page.get_by_test_id("stat-A.circles.BC-grade"), 1)
    tablet.ask("damage")
    expect(answer(page, "not_legal")).to_have_count(0)
    expect(answer(page, "attack_power")).to_have_text("18000")

    # Trigger: a critical trigger on the drive check, assigned by the suggested choice: two damage.
    yield "drive_trigger"
    choice = tablet.legal("A", says["assign"]).filter(has_text=re.compile(says["power_to"]))
    tablet.tap(choice.first)
    step = tablet.last_step()
    expect(step.get_by_test_id("verdict")).to_have_text(says["legal"])
    expect(step.get_by_test_id("explanation")).to_contain_text(says["two_damage"])

    # Damage 6: B at 5 damage is hit: the sixth damage loses.
    yield "sixth_damage"
    tablet.ask("damage")
    expect(answer(page, "loses")).to_contain_text("B")

    # Deck-out: B has one card left: it loses at its next draw; with three, two turns of B later.
    yield "deck_out"
    tablet.ask("deck_out", player="B")
    expect(answer(page, "turn")).to_have_text("4")
    tablet.set(page.get_by_test_id("B-deck-input"), 3)
    tablet.ask("deck_out")
    expect(answer(page, "turn")).to_have_text("8")


CALLS = {"yugioh": yugioh_calls, "vanguard": vanguard_calls}


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", ["yugioh", "vanguard"])
def test_the_five_common_calls_take_at_most_twelve_taps_each(live_server, page_at, game, language):
    page = page_at("tablet")
    if language != "en":
        page.context.add_cookies(
            [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
        )
    tablet = Tablet(page, live_server.url).open(game)
    counted: dict[str, int] = {}
    calls = CALLS[game](tablet, page, SAYS[language])
    key = next(calls)
    while key is not None:
        tablet.taps = 0
        tablet.tap(page.get_by_test_id(f"situation-{key}"))  # one tap: the board and its question
        expect(page.get_by_test_id("errors")).to_have_count(0)
        following = next(calls, None)  # runs the call's taps and checks its answer
        expect(page.get_by_test_id("errors")).to_have_count(0)
        counted[key] = tablet.taps
        assert tablet.taps <= MOST, f"{key}: {tablet.taps} taps"
        key = following
    save_screenshot(page, f"rulings/tablet-{game}-five-calls-{language}")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert counted == TAPS[game], f"measured {counted} (docs/rulings.md says {TAPS[game]})"
