"""Issue 16 at 1024×768: a judge builds card effects by menus and asks what the chain does, with no JSON.

Watcher (A) has "when this card is destroyed, you can draw"; Breaker (B, Set) has a quick effect that
destroys the attacking monster. Watcher attacks, B activates Breaker in the attack's window, and the
chain question says that Breaker resolves, Watcher is destroyed and its effect triggers. The taps are
counted (docs/rulings.md quotes the figure).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.conftest import save_screenshot

from .tablet_pages import Tablet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What docs/rulings.md says this takes ("Effects and skills by menus"); the test fails when it changes.
TAPS = 32


def test_a_judge_builds_the_effects_and_asks_what_the_chain_does(live_server, page_at):
    page = page_at("tablet")
    tablet = Tablet(page, live_server.url).open("yugioh")
    tablet.situation(phase="battle", battle_steps=True)
    tablet.add_card("A", "monsters", name="Watcher", level=4, atk=1000, **{"def": 1000})
    # the card just added is the one the effect goes on
    expect(page.get_by_test_id("effect-card").locator("option:checked")).to_contain_text("Watcher")
    tablet.add_effect(
        timing="trigger", event="destroyed", trigger="when", optional="yes", does=[{"op": "draw"}]
    )
    expect(page.get_by_test_id("effects-A.monsters.0")).to_have_text(
        "Trigger effect (Spell Speed 1), when this card is destroyed, optional (“you can”): "
        "draw 1 card (you) ✕"
    )
    tablet.add_card("B", "spells_traps", name="Breaker", kind="trap", trap_type="normal", face_up="no")
    tablet.add_effect(timing="quick", does=[{"op": "destroy", "card": "attacker"}])
    expect(page.get_by_test_id("effects-B.spells_traps.0")).to_contain_text(
        "Quick effect (Spell Speed 2): destroy the attacking monster"
    )
    # Watcher attacks directly (the suggested action), B answers with Breaker's effect from the menus
    tablet.tap(tablet.legal("A", "Attack").filter(has_text="Watcher"))
    expect(tablet.last_step().get_by_test_id("explanation")).to_contain_text("Watcher declares an attack")
    tablet.build_action("B", "activate", card="B.spells_traps.0", effect="0")
    expect(tablet.last_step().get_by_test_id("verdict")).to_have_text("legal")
    expect(tablet.last_step().get_by_test_id("explanation")).to_have_text(
        "Player B activates Breaker as Chain Link 1."
    )
    tablet.ask("chain")
    answer = page.get_by_test_id("answer-explanation")
    expect(answer).to_contain_text("Watcher (Player A's Monster Zone 1) goes to the Graveyard.")
    expect(answer).to_contain_text("Chain Link 1 (Breaker) resolves.")
    expect(answer).to_contain_text("Watcher's effect is triggered.")
    expect(page.get_by_test_id("answer-rules")).to_contain_text("YGO-TRIGGER-EFFECT")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    save_screenshot(page, "rulings/tablet-yugioh-effects-chain")
    assert tablet.taps == TAPS, f"{tablet.taps} taps (docs/rulings.md says {TAPS})"
