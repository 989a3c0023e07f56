"""The judge's tablet at 1024×768: situations built by tapping and typing, for every game."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import save_screenshot

from .rulings_factories import PASSWORD, event_with_staff
from .tablet_pages import Tablet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fits(page) -> bool:
    """Nothing sticks out sideways (the offenders are named when something does)."""
    wide = page.evaluate(
        """() => [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 5).map(e => e.tagName + '.' + e.className)"""
    )
    assert not wide, wide
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_yugioh_battle_with_damage(live_server, page_at):
    page = page_at("tablet")
    tablet = Tablet(page, live_server.url).open("yugioh")
    tablet.situation(phase="battle", turn=3)
    tablet.add_card("A", "monsters", name="Gene-Warped Warwolf", level=4, atk=2000, **{"def": 100})
    tablet.add_card("B", "monsters", name="Mystic Tomato", level=4, atk=1400, **{"def": 1100})
    expect(page.get_by_test_id("cell-A.monsters.0")).to_contain_text("Gene-Warped Warwolf")
    # One tap on the question, then one tap on the attack the engine lists.
    tablet.ask("damage", attacker="A.monsters.0", target="B.monsters.0")
    expect(page.get_by_test_id("answer-damage")).to_contain_text("B: 600")
    tablet.tap(tablet.legal("A", "Mystic Tomato"))
    step = tablet.last_step()
    expect(step.get_by_test_id("verdict")).to_have_text("legal")
    expect(step.get_by_test_id("explanation")).to_contain_text("600")
    expect(page.get_by_test_id("B-lp")).to_contain_text("7400")
    # Tap a cited rule: its summary and source passage open.
    tablet.page.get_by_test_id("rule-YGO-BATTLE-ATK-VS-ATK").click()
    expect(page.get_by_test_id("rule-panel").get_by_test_id("passage")).to_be_visible()
    # Step back: the board before the attack; forward again: after it.
    tablet.tap(page.get_by_test_id("step-back"))
    expect(page.get_by_test_id("step-label")).to_contain_text("Start")
    expect(page.get_by_test_id("B-lp")).to_contain_text("8000")
    tablet.tap(page.get_by_test_id("step-forward"))
    expect(page.get_by_test_id("B-lp")).to_contain_text("7400")
    assert fits(page)
    save_screenshot(page, "rulings/tablet-yugioh-battle")


def test_yugioh_illegal_tribute_summon(live_server, page_at):
    page = page_at("tablet")
    tablet = Tablet(page, live_server.url).open("yugioh")
    tablet.add_card("A", "hand", name="Summoned Skull", level=6, atk=2500, **{"def": 1200})
    tablet.build_action("A", "normal_summon", card="A.hand.0")
    step = tablet.last_step()
    expect(step.get_by_test_id("verdict")).to_have_text("illegal")
    expect(step.get_by_test_id("explanation")).to_contain_text(re.compile("tribute", re.I))
    expect(step.locator(".rule-chip")).not_to_have_count(0)
    # The rule is quoted where it is cited: its title, the French sentence and its English, no tap needed.
    quoted = step.get_by_test_id("cited-YGO-TRIBUTE-COUNT")
    expect(quoted.get_by_test_id("cited-title")).to_have_text("How many Tributes")
    expect(quoted.get_by_test_id("cited-passage")).to_contain_text("supérieur au level 4")
    expect(quoted.get_by_test_id("cited-passage")).to_have_attribute("lang", "fr")
    expect(quoted.get_by_test_id("cited-passage-en")).to_contain_text("above Level 4")
    expect(quoted.get_by_test_id("cited-reading")).to_be_visible()
    assert fits(page)
    save_screenshot(page, "rulings/tablet-yugioh-illegal-tribute")
    # A tap on it opens the whole rule: its summary, the quote and its English.
    quoted.get_by_test_id("rule-YGO-TRIBUTE-COUNT").click()
    panel = page.get_by_test_id("rule-panel")
    expect(panel.get_by_test_id("rule")).to_contain_text("Level 5 or 6 needs one")
    expect(panel.get_by_test_id("passage")).to_be_visible()
    expect(panel.get_by_test_id("passage-en")).to_contain_text("above Level 4")
    expect(quoted).to_have_attribute("open", "")  # the tap opened the panel, it did not fold the quote
    save_screenshot(page, "rulings/tablet-yugioh-illegal-tribute-rule")


def test_yugioh_hand_limit_discard(live_server, page_at):
    page = page_at("tablet")
    tablet = Tablet(page, live_server.url).open("yugioh")
    tablet.situation(phase="end")
    for n in range(7):
        tablet.add_card("A", "hand", name=f"Card {n}", level=4, atk=1000, **{"def": 1000})
    tablet.ask("hand_limit", player="A")
    expect(page.get_by_test_id("answer-must_discard")).to_have_text("1")
    # Ending the turn over the limit is illegal and says what is missing…
    tablet.build_action("A", "end_turn")
    expect(tablet.last_step().get_by_test_id("verdict")).to_have_text("illegal")
    tablet.tap(page.get_by_test_id("undo"))
    # …discarding one first makes it legal.
    tablet.build_action("A", "discard", cards=["A.hand.6"])
    expect(tablet.last_step().get_by_test_id("verdict")).to_have_text("legal")
    tablet.build_action("A", "end_turn")
    expect(tablet.last_step().get_by_test_id("verdict")).to_have_text("legal")
    save_screenshot(page, "rulings/tablet-yugioh-hand-limit")


def test_vanguard_guard(live_server, page_at):
    page = page_at("tablet")
    tablet = Tablet(page, live_server.url).open("vanguard")
    tablet.situation(phase="battle")
    tablet.add_card("A", "circles", slot="V", name="Blaster Blade", grade=3, power=11000, shield=0)
    tablet.add_card("B", "circles", slot="V", name="Dragonic Overlord", grade=3, power=10000, shield=0)
    tablet.add_card("B", "hand", name="Wingal", grade=1, power=6000, shield=10000)
    expect(page.get_by_test_id("cell-A.circles.V")).to_contain_text("Blaster Blade")
    tablet.build_action(
        "A",
        "attack",
        attacker="A.circles.V",
        target="B.circles.V",
        drive_checks="none, none",
        damage_checks="none",
    )
    expect(tablet.last_step().get_by_test_id("verdict")).to_have_text("legal")
    tablet.build_action("B", "guard", cards=["B.hand.0"])
    step = tablet.last_step()
    expect(step.get_by_test_id("verdict")).to_have_text("legal")
    expect(step.get_by_test_id("explanation")).to_contain_text("does not hit")
    expect(step.get_by_test_id("rule-VG-GUARD")).to_be_visible()
    save_screenshot(page, "rulings/tablet-vanguard-guard")


def test_vanguard_stand_trigger_and_damage_question_with_a_guardian(live_server, page_at):
    page = page_at("tablet")
    tablet = Tablet(page, live_server.url).open("vanguard")
    tablet.situation(phase="battle")
    tablet.add_card("A", "circles", slot="V", name="Blaster Blade", grade=3, power=11000, shield=0)
    for circle in ("BL", "BR"):
        tablet.add_card("A", "circles", slot=circle, name=f"Rested {circle}", grade=1, power=6000, stand="no")
    tablet.add_card("B", "circles", slot="V", name="Dragonic Overlord", grade=3, power=10000, shield=0)
    tablet.add_card("B", "hand", name="Wingal", grade=1, power=6000, shield=10000)
    # The question: with Wingal guarding, the attack does not hit.
    page.locator("input[name=query_guardians][value='B.hand.0']").check()
    tablet.ask("damage", attacker="A.circles.V", target="B.circles.V")
    expect(page.get_by_test_id("answer-hit")).to_have_text("✗")
    expect(page.get_by_test_id("answer-guardians_retired")).to_have_text("Player B's hand 1: Wingal")
    tablet.tap(page.locator("button[value=clear_query]"))
    # The attack: a stand trigger on the drive check; A chooses which rested rear-guard stands.
    tablet.build_action(
        "A",
        "attack",
        attacker="A.circles.V",
        target="B.circles.V",
        drive_checks="stand, none",
        damage_checks="none",
    )
    tablet.build_action("B", "guard", cards=[])
    expect(tablet.last_step().get_by_test_id("explanation")).to_contain_text("stand_to")
    tablet.build_action("A", "assign_trigger", power_to="A.circles.V", stand_to="A.circles.BR")
    step = tablet.last_step()
    expect(step.get_by_test_id("verdict")).to_have_text("legal")
    expect(step.get_by_test_id("explanation")).to_contain_text("the rear-guard on BR stands")
    expect(step.get_by_test_id("rule-VG-TRIGGER-STAND")).to_be_visible()
    assert fits(page)
    save_screenshot(page, "rulings/tablet-vanguard-stand-trigger")


def test_rayman_attack(live_server, page_at):
    page = page_at("tablet")
    tablet = Tablet(page, live_server.url).open("rayman")
    tablet.situation(phase="attack", turn=5)
    tablet.add_card(
        "A", "creatures", name="Rayman", kind="creature", cost=1, atk=500, hp=500, max_hp=500, **{"def": 100}
    )
    tablet.add_card(
        "B",
        "creatures",
        name="Livingstone",
        kind="creature",
        cost=1,
        atk=300,
        hp=300,
        max_hp=300,
        **{"def": 100},
    )
    tablet.tap(tablet.legal("A", "Livingstone"))
    step = tablet.last_step()
    expect(step.get_by_test_id("verdict")).to_have_text("legal")
    expect(step.get_by_test_id("explanation")).to_contain_text("destroyed")
    expect(page.get_by_test_id("A-tings")).not_to_contain_text(re.compile(r"\b0$"))
    save_screenshot(page, "rulings/tablet-rayman-attack")


def test_arrows_direct_attack(live_server, page_at):
    page = page_at("tablet")
    tablet = Tablet(page, live_server.url).open("arrows")
    tablet.situation(phase="attack", A_lp=20, B_lp=20)
    tablet.add_card("A", "attackers", name="Archer", atk=5, **{"def": 2})
    tablet.build_action("A", "attack", attacker="A.attackers.0")
    step = tablet.last_step()
    expect(step.get_by_test_id("verdict")).to_have_text("legal")
    expect(page.get_by_test_id("B-lp")).to_contain_text("15")
    save_screenshot(page, "rulings/tablet-arrows-attack")


def log_in(page, base_url: str, username: str) -> None:
    page.goto(f"{base_url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{base_url}/", wait_until="domcontentloaded")


def test_save_reopen_by_link_and_review_in_the_event_log(live_server, page_at, browser):
    event, _people = event_with_staff(dana="judge", hugo="head_judge")
    page = page_at("tablet")
    log_in(page, live_server.url, "dana")
    tablet = Tablet(page, live_server.url).open("yugioh")
    tablet.add_card("A", "hand", name="Summoned Skull", level=6, atk=2500, **{"def": 1200})
    tablet.build_action("A", "normal_summon", card="A.hand.0")
    page.get_by_test_id("note").fill("No tribute, no Skull.")
    page.get_by_test_id("save-event").select_option(str(event.pk))
    page.get_by_test_id("save-round").fill("3")
    page.get_by_test_id("save-table").fill("12")
    page.get_by_test_id("save-button").click()
    page.wait_for_url(re.compile(r"/rulings/r/[\w-]+/$"))
    link = page.url
    expect(page.get_by_test_id("note")).to_contain_text("No tribute, no Skull.")
    expect(page.get_by_test_id("verdict").first).to_have_text("illegal")
    save_screenshot(page, "rulings/saved-ruling")

    # Anyone with the link reads it, and can reopen it in the tablet.
    stranger = page_at("tablet")
    stranger.goto(link)
    expect(stranger.get_by_test_id("note")).to_contain_text("No tribute, no Skull.")
    stranger.get_by_test_id("open-in-tablet").click()
    expect(stranger.get_by_test_id("cell-A.hand.0")).to_contain_text("Summoned Skull")
    expect(stranger.get_by_test_id("step").last.get_by_test_id("verdict")).to_have_text("illegal")

    # The head judge reviews the event's judge calls.
    head = page_at("tablet")
    log_in(head, live_server.url, "hugo")
    head.goto(f"{live_server.url}/rulings/events/{event.pk}/log/")
    row = head.get_by_test_id("log-row")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("No tribute")
    expect(row).to_contain_text("12")
    row.get_by_test_id("review-check").check()
    row.get_by_test_id("review-comment-input").fill("Right call.")
    row.get_by_role("button").click()
    expect(head.get_by_test_id("reviewed")).to_be_visible()
    expect(head.get_by_test_id("review-comment")).to_have_text("Right call.")
    assert fits(head)
    save_screenshot(head, "rulings/event-log")


def test_add_a_card_found_by_its_french_name(live_server, page_at):
    from decks.models import Card, CardKey
    from decks.names import normalise_name

    card = Card.objects.create(
        game="yugioh", key="46986414", name="Dark Magician", name_fr="Magicien Sombre",
        name_norm=normalise_name("Dark Magician"), name_fr_norm=normalise_name("Magicien Sombre"),
        kind="monster", stats={"level": 7, "atk": 2500, "def": 2100},
    )  # fmt: skip
    CardKey.objects.create(game="yugioh", key="46986414", card=card)
    page = page_at("tablet")
    tablet = Tablet(page, live_server.url).open("yugioh")
    page.get_by_test_id("card-zone").select_option("monsters")
    page.get_by_test_id("card-search").fill("magicien sombre")
    result = page.get_by_test_id("card-results").get_by_role("button", name=re.compile("Dark Magician"))
    tablet.tap(result)
    expect(page.get_by_test_id("cell-A.monsters.0")).to_contain_text("Dark Magician")
    expect(page.get_by_test_id("cell-A.monsters.0")).to_contain_text("ATK 2500")


def test_the_tablet_fits_a_phone_too(live_server, page_at):
    page = page_at("phone")
    tablet = Tablet(page, live_server.url).open("vanguard")
    tablet.add_card("B", "hand", name="Wingal", grade=1, power=6000, shield=10000)
    assert fits(page)
    save_screenshot(page, "rulings/tablet-vanguard-phone")
