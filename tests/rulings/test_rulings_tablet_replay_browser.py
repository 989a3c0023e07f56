"""Issue 14: every game replays on the tablet by taps (1024×768), and the tablet is French throughout.

Vanguard: the rule set follows the game, the suggested attack opens in the builder for the drive and
damage checks, a guard, a critical trigger assigned by one of the suggested choices.
"""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from playwright.sync_api import expect

from rulings.engine.tablet_words import WORDS
from tests.conftest import save_screenshot

from .tablet_pages import Tablet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def vanguard_battle(tablet: Tablet) -> None:
    tablet.situation(phase="battle")
    tablet.add_card("A", "circles", slot="V", name="Blaster Blade", grade=3, power=13000, shield=0)
    tablet.add_card("A", "circles", slot="FL", name="Gallatin", grade=2, power=10000, shield=5000)
    tablet.add_card("B", "circles", slot="V", name="Dragonic Overlord", grade=3, power=13000, shield=0)
    tablet.add_card("B", "hand", name="Wingal", grade=1, power=6000, shield=10000)


def test_switching_the_game_takes_its_default_rule_set(live_server, page_at):
    page = page_at("tablet")
    tablet = Tablet(page, live_server.url).open("yugioh")
    page.get_by_test_id("new-game").select_option("vanguard")
    tablet.tap(page.get_by_test_id("new-board"))
    expect(page.get_by_test_id("errors")).to_have_count(0)
    expect(page.get_by_test_id("game-ruleset")).to_contain_text("Vanguard · Original")
    # the rule set stays changeable
    page.get_by_test_id("new-ruleset").select_option("standard")
    tablet.tap(page.get_by_test_id("new-board"))
    expect(page.get_by_test_id("errors")).to_have_count(0)
    assert '"ruleset": "standard"' in page.get_by_test_id("document").input_value()


def test_vanguard_attack_guard_drive_check_and_trigger_by_taps(live_server, page_at):
    page = page_at("tablet")
    tablet = Tablet(page, live_server.url).open("vanguard")
    vanguard_battle(tablet)
    # The suggested attack needs the revealed cards: it opens in the builder, filled in.
    tablet.tap(tablet.legal("A", "Dragonic Overlord").filter(has_text="Blaster Blade"))
    expect(page.get_by_test_id("action-type")).to_have_value("attack")
    expect(page.get_by_test_id("errors")).to_contain_text("needs the cards its checks reveal")
    expect(page.get_by_test_id("action-attacker")).to_have_value("A.circles.V")
    expect(page.get_by_test_id("action-attacker").locator("option:checked")).to_have_text(
        "Player A's circle V: Blaster Blade"
    )
    expect(page.get_by_test_id("action-target")).to_have_value("B.circles.V")
    tablet.checks("drive_checks", "critical, none")
    tablet.checks("damage_checks", "none, none")
    tablet.tap(page.get_by_test_id("add-action"))
    expect(page.get_by_test_id("errors")).to_have_count(0)
    expect(tablet.last_step().get_by_test_id("verdict")).to_have_text("legal")
    document = page.get_by_test_id("document").input_value()
    assert '"drive_checks": [{' in document and '"trigger": "critical"' in document  # JSON for machines
    tablet.build_action("B", "guard", cards=["B.hand.0"])
    step = tablet.last_step()
    expect(step.get_by_test_id("verdict")).to_have_text("legal")
    expect(step.get_by_test_id("rule-VG-GUARD")).to_be_visible()
    expect(step.get_by_test_id("explanation")).to_contain_text("critical trigger")
    # The trigger's choices are suggested in words: one tap assigns power and critical.
    tablet.tap(tablet.legal("A", "Assign the trigger").filter(has_text=re.compile("Power to: Blaster Blade")))
    step = tablet.last_step()
    expect(step.get_by_test_id("verdict")).to_have_text("legal")
    expect(step.get_by_test_id("rule-VG-TRIGGER-CRITICAL")).to_be_visible()
    expect(step.get_by_test_id("explanation")).to_contain_text("does not hit")
    # Step back through the replay, then forward again.
    tablet.tap(page.get_by_test_id("step-back"))
    expect(page.get_by_test_id("step-label")).to_contain_text("2 of 3")
    tablet.tap(page.get_by_test_id("step-forward"))
    expect(page.get_by_test_id("step-label")).to_contain_text("3 of 3")
    save_screenshot(page, "rulings/tablet-vanguard-attack-by-taps")


# Words of the catalogue that stay the same in French (proper nouns, game terms printed in English).
SAME_IN_FRENCH = {
    "Standby", "Ride", "Mulligan", "Fusion", "Position", "Terrains", "Terrain", "Front", "Over", "LP", "Deck",
    "Tings", "Phase", "Actions", "Boost", "Passage", "Timing", "Type", "Drive checks", "Normal",
    "Main", "Grade", "ATK", "DEF",  # "Main": "hand" in French
}  # fmt: skip
PRINTED_TERMS = ("Critical Trigger",)  # printed in English on French Vanguard cards


def english_left(text: str) -> list[str]:
    for term in PRINTED_TERMS:
        text = text.replace(term, "")
    english = {str(t) for t in WORDS.values()} - SAME_IN_FRENCH
    return sorted(w for w in english if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text))


def tablet_text(page) -> str:
    """The workspace's words but the rule texts quoted in it: those are the source's own (the French
    Vanguard text says "End Phase")."""
    text = page.locator("#workspace").inner_text()
    for quote in page.locator("#workspace .passage").all_inner_texts():
        text = text.replace(quote, "")
    return text


def test_the_tablet_in_french_has_no_english_left(live_server, page_at):
    page = page_at("tablet")
    page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": "fr", "url": live_server.url}])
    tablet = Tablet(page, live_server.url).open("vanguard")
    vanguard_battle(tablet)
    tablet.build_action(
        "A", "attack", attacker="A.circles.V", target="B.circles.V", drive_checks="critical, none",
        damage_checks="none",
    )  # fmt: skip
    page.locator("input[name=query_guardians][value='B.hand.0']").check()
    tablet.ask("damage", attacker="A.circles.FL", target="B.circles.V")
    expect(page.get_by_test_id("answer")).to_be_visible()
    expect(page.get_by_test_id("answer-guardians_retired")).to_have_text("Main 1 du joueur B : Wingal")
    # every action type of the builder, every phase, every check choice: their French words
    text = tablet_text(page)
    tablet.tap(page.get_by_test_id("step-back"))  # the start: the situation's phase select
    page.get_by_test_id("action-type").select_option("attack")
    page.wait_for_selector("[data-testid=action-drive_checks-1]")
    text += tablet_text(page)
    options = " ".join(
        " ".join(page.locator(f"#workspace select[name={name}] option").all_inner_texts())
        for name in ("action_type", "phase", "action_drive_checks")
    )
    left = english_left(text + " " + options)
    assert not left, f"English left on the French tablet: {left}"
    assert "Attaque" in text and "Garder" in options and "Mise en place" in options
    save_screenshot(page, "rulings/tablet-vanguard-french")
