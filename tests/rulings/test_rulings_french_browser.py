"""The judge's tablet in French at 1024×768: the engine's explanations and the cited rule in French."""

from __future__ import annotations

import pytest
from django.conf import settings
from playwright.sync_api import expect

from tests.conftest import save_screenshot

from .tablet_pages import Tablet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_tablet_in_french_explains_in_french(live_server, page_at):
    page = page_at("tablet")
    page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": "fr", "url": live_server.url}])
    tablet = Tablet(page, live_server.url).open("yugioh")
    tablet.add_card("A", "hand", name="Summoned Skull", level=6, atk=2500, **{"def": 1200})
    tablet.build_action("A", "normal_summon", card="A.hand.0")
    step = tablet.last_step()
    expect(step.get_by_test_id("explanation")).to_have_text(
        "Summoned Skull est de Niveau 6 : il demande 1 Sacrifice (Invocation Sacrifice), 0 donné(s)."
    )
    # the cited rule opens with its French title and summary, and the French source passage
    step.get_by_test_id("rule-YGO-TRIBUTE-COUNT").click()
    panel = page.get_by_test_id("rule-panel")
    expect(panel).to_contain_text("Combien de Sacrifices")
    expect(panel).to_contain_text("ne demande aucun Sacrifice")
    expect(panel.get_by_test_id("passage")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    save_screenshot(page, "rulings/tablet-yugioh-french")


def test_the_effect_menus_are_french_on_a_french_tablet(live_server, page_at):
    page = page_at("tablet")
    page.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": "fr", "url": live_server.url}])
    tablet = Tablet(page, live_server.url).open("yugioh")
    tablet.add_card("B", "spells_traps", name="Breaker", kind="trap", trap_type="normal", face_up="no")
    expect(page.get_by_test_id("add-effect")).to_contain_text("Ajouter un effet")
    timings = page.get_by_test_id("effect-timing").locator("option").all_inner_texts()
    assert timings == [
        "—",
        "Effet d'Ignition",
        "Effet Rapide",
        "Effet de Déclenchement",
        "Effet Continu",
        "Effet FLIP",
    ]
    tablet.set(page.get_by_test_id("effect-timing"), "trigger")
    expect(page.get_by_test_id("effect-event").locator("option[value=destroyed]")).to_have_text(
        "cette carte est détruite"
    )
    tablet.set(page.get_by_test_id("effect-timing"), "quick")
    tablet.set(page.get_by_test_id("effect-does-0-op"), "destroy")
    expect(page.get_by_test_id("effect-does-0-op").locator("option:checked")).to_have_text("Détruire")
    expect(page.get_by_test_id("effect-does-0-card").locator("option[value=attacker]")).to_have_text(
        "le monstre attaquant"
    )
    tablet.set(page.get_by_test_id("effect-does-0-card"), "attacker")
    tablet.tap(page.get_by_test_id("add-effect-button"))
    expect(page.get_by_test_id("effects-B.spells_traps.0")).to_contain_text(
        "Effet Rapide (Vitesse de Sort 2) : détruire le monstre attaquant"
    )
    expect(page.get_by_test_id("ask-chain")).to_have_text("Comment la Chaîne se résout-elle ?")
    save_screenshot(page, "rulings/tablet-yugioh-effects-french")
