"""A player on a phone (390×844) submits a deck by uploading a .ydk, then by card search; a player, on a phone
and on a tablet, uploads a real Starter Deck .ydk, legal on the card pool a fresh install ships."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from core.models import Role, User
from decks.models import DeckListVersion
from tests.conftest import assert_fits, save_screenshot, sign_in
from tests.decks.conftest import FIXTURES, LEGAL_TEXT, LEGAL_YDK, make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STARTER_DECK = Path(__file__).resolve().parent / "data" / "starter-deck-codebreaker.ydk"


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


def _shipped_pool_for(deck: Path) -> None:
    """The cards the deck names, and the current TCG list, from the snapshot a fresh install loads (the
    whole pool takes seconds to import per test; tests/decks/test_card_snapshot.py checks the deck on it)."""
    from decks.services.cards import banlists_import, cards_import, read_card_file
    from decks.services.snapshot import snapshot_file_bytes, snapshot_manifest

    keys = {line.strip() for line in deck.read_text().splitlines() if line.strip().isdigit()}
    for entry in snapshot_manifest()[1]:
        if entry.game != "yugioh":
            continue
        data = snapshot_file_bytes(entry)
        if entry.kind == "banlist":
            banlists_import(data=data, source=entry.label, game=entry.game)
            continue
        records = read_card_file(data=data, filename=entry.reader_filename, game=entry.game)
        named = [r for r in records if r["key"] in keys or keys.intersection(r["alternate_keys"])]
        cards_import(game=entry.game, records=named, filename=entry.label)


def test_a_real_starter_deck_is_legal_on_the_shipped_pool(live_server, page_at, viewport_name):
    _shipped_pool_for(STARTER_DECK)
    organizer = User.objects.create_user("s-orga", role=Role.ORGANIZER)
    player = User.objects.create_user("s-player", role=Role.PLAYER, display_name="Sam Starter")
    event = make_event(organizer, banlist="2026.05 TCG", players=[player])
    page = page_at(viewport_name)
    sign_in(page, live_server.url, player)
    page.goto(f"{live_server.url}/events/{event.pk}/me/")
    page.get_by_test_id("deck-status").get_by_role("link", name="Open").click()
    assert "Banlist: 2026.05 TCG." in page.inner_text("main")
    assert_fits(page)
    page.set_input_files("#id_upload", str(STARTER_DECK))
    page.get_by_test_id("submit-deck").click()
    expect(page.get_by_test_id("deck-status")).to_contain_text("Version 1 registered")
    assert page.get_by_test_id("deck-problems").count() == 0
    assert_fits(page)
    page.get_by_test_id("deck-status").get_by_role("link").click()
    expect(page.locator("main p .badge").first).to_have_text("Legal")
    assert_fits(page)
    save_screenshot(page, f"decks/starter-deck-{viewport_name}")
    version = DeckListVersion.objects.get()
    assert version.legal and version.format == "ydk"
    page.goto(f"{live_server.url}/events/{event.pk}/me/")
    expect(page.get_by_test_id("deck-status")).to_contain_text("Received (version 1)")


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
