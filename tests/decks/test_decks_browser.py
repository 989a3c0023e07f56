"""A player on a phone (390×844) submits a deck by uploading a .ydk, then by card search."""

from __future__ import annotations

import pytest

from core.models import Role, User
from decks.models import DeckListVersion
from tests.conftest import save_screenshot
from tests.decks.conftest import FIXTURES, LEGAL_TEXT, LEGAL_YDK, make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_phone_player_uploads_then_builds_with_card_search(live_server, page_at, tmp_path):
    from decks.services.cards import banlists_import_file, cards_import_file

    cards_import_file(path=FIXTURES / "yugioh-cards.json", game="yugioh")
    banlists_import_file(path=FIXTURES / "banlist.lflist.conf")
    organizer = User.objects.create_user("b-orga", password="pw-orga-123", role=Role.ORGANIZER)
    player = User.objects.create_user(
        "b-player", password="pw-player-123", role=Role.PLAYER, display_name="Pia"
    )
    event = make_event(organizer, players=[player])

    page = page_at("phone")
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "b-player")
    page.fill("#id_password", "pw-player-123")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/", wait_until="domcontentloaded")

    # 1. Upload a .ydk file.
    deck_file = tmp_path / "my-deck.ydk"
    deck_file.write_text(LEGAL_YDK)
    page.goto(f"{live_server.url}/decks/events/{event.pk}/")
    page.set_input_files("#id_upload", str(deck_file))
    page.get_by_test_id("submit-deck").click()
    page.wait_for_load_state("domcontentloaded")
    assert "Version 1 registered" in page.get_by_test_id("deck-status").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    save_screenshot(page, "decks/upload-phone")

    # 2. Paste most of a list, add the rest with the card search (French name for the Extra Deck card).
    partial = LEGAL_TEXT.replace("1 Kuriboh\n", "").replace("1 Stardust Dragon\n", "")
    page.fill("#id_text", partial)
    search = page.get_by_test_id("builder-search")
    search.fill("kurib")
    page.locator('#builder-results [data-pick-card="Kuriboh"]').click()
    search.fill("poussiere d etoile")
    page.locator('#builder-results [data-pick-card="Stardust Dragon"]').click()
    text = page.input_value("#id_text")
    assert "1 Kuriboh" in text and "1 Stardust Dragon" in text
    assert text.index("Extra Deck:") < text.index("1 Stardust Dragon")
    save_screenshot(page, "decks/builder-phone")
    page.get_by_test_id("submit-deck").click()
    page.wait_for_load_state("domcontentloaded")
    assert "Version 2 registered" in page.get_by_test_id("deck-status").inner_text()
    versions = list(DeckListVersion.objects.order_by("number").values_list("format", "content_hash"))
    assert [fmt for fmt, _ in versions] == ["ydk", "text"]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_tablet_judge_picks_a_deck_check_and_sees_the_differences(live_server, page_at):
    from decks.services.cards import banlists_import_file, cards_import_file
    from decks.services.decklists import decklist_submit
    from tournaments.models import Registration

    cards_import_file(path=FIXTURES / "yugioh-cards.json", game="yugioh")
    banlists_import_file(path=FIXTURES / "banlist.lflist.conf")
    organizer = User.objects.create_user("t-orga", password="pw-orga-123", role=Role.ORGANIZER)
    judge = User.objects.create_user("t-judge", password="pw-judge-123", role=Role.JUDGE)
    player = User.objects.create_user("t-player", password="pw-player-123", role=Role.PLAYER)
    event = make_event(organizer, judge=judge, players=[player])
    registration = Registration.objects.get(event=event, player=player)
    decklist_submit(registration=registration, user=player, data=LEGAL_YDK)

    page = page_at("tablet")
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "t-judge")
    page.fill("#id_password", "pw-judge-123")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/", wait_until="domcontentloaded")
    page.goto(f"{live_server.url}/decks/events/{event.pk}/lists/")
    page.fill("#id_round_number", "3")
    page.fill("#id_count", "1")
    page.get_by_role("button", name="Pick decks at random").click()
    page.wait_for_load_state("domcontentloaded")
    page.get_by_test_id("deck-checks").get_by_role("link").first.click()
    page.wait_for_load_state("domcontentloaded")
    counted = page.input_value("#id_counted")
    assert "3 Raigeki" in counted
    page.fill("#id_counted", counted.replace("3 Raigeki", "2 Raigeki"))
    page.get_by_role("button", name="Compare").click()
    page.wait_for_load_state("domcontentloaded")
    differences = page.get_by_test_id("differences").inner_text()
    assert "Raigeki" in differences and "3" in differences and "2" in differences
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    save_screenshot(page, "decks/deck-check-tablet")


def test_the_import_page_updates_itself_until_the_import_is_done(live_server, page_at):
    from playwright.sync_api import expect

    from decks.models import CardImport

    User.objects.create_user(
        "b-admin", password="pw-admin-123", role=Role.ORGANIZER, is_staff=True, is_superuser=True
    )
    job = CardImport.objects.create(
        game="yugioh", filename="cards.json", status=CardImport.Status.RUNNING,
        task_id="0b7e1f8c-3d2a-4f5e-9a6b-1c2d3e4f5a6b", total=14218, created=4000,
    )  # fmt: skip
    page = page_at("tablet")
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "b-admin")
    page.fill("#id_password", "pw-admin-123")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/", wait_until="domcontentloaded")
    page.goto(f"{live_server.url}/decks/imports/{job.pk}/")
    assert "4000 new" in page.get_by_test_id("import-counts").inner_text()
    assert page.get_by_test_id("import-progress").count() == 1

    CardImport.objects.filter(pk=job.pk).update(status=CardImport.Status.DONE, created=14218)
    # no reload: the page's own polling brings the final counts and drops the progress bar
    expect(page.get_by_test_id("import-counts")).to_contain_text("14218 new", timeout=15_000)
    assert page.get_by_test_id("import-progress").count() == 0
    assert page.get_by_test_id("import-status").inner_text().startswith("Done")
