"""The pages: card search, the player's deck form, the staff's lists, deck checks, PDF, exports, imports."""

from __future__ import annotations

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from decks.models import DeckCheck, DeckListVersion
from decks.services.decklists import decklist_submit
from tests.decks.conftest import LEGAL_TEXT, LEGAL_YDK, registration_of

pytestmark = pytest.mark.django_db


def test_card_search_page_and_autocomplete(client, yugioh_cards):
    page = client.get("/decks/cards/?game=yugioh&q=ash")
    assert page.status_code == 200 and "Ash Blossom &amp; Joyous Spring" in page.content.decode()
    fragment = client.get(
        "/decks/cards/autocomplete/?game=yugioh&q=floraison%20cendre", HTTP_HX_REQUEST="true"
    )
    html = fragment.content.decode()
    assert "Ash Blossom" in html and "<html" not in html
    picker = client.get("/decks/cards/autocomplete/?game=yugioh&q=decode&pick=1").content.decode()
    assert 'data-pick-card="Decode Talker"' in picker and 'data-extra="1"' in picker


def test_player_uploads_a_ydk_file(client, event, player):
    client.force_login(player)
    upload = SimpleUploadedFile("deck.ydk", LEGAL_YDK.replace("\n", "\r\n").encode())
    response = client.post(f"/decks/events/{event.pk}/", {"upload": upload})
    assert response.status_code == 302
    version = DeckListVersion.objects.get()
    assert version.format == "ydk" and version.legal
    page = client.get(f"/decks/events/{event.pk}/").content.decode()
    assert "Version 1 registered" in page and "Dark Magician" in page


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "the form is empty"),
        ({"ydke": "ydke://!!"}, "empty"),
        ({"text": "3 Pot of Gred\n"}, "did you mean"),
        ({"text": LEGAL_TEXT, "ydke": "ydke://!!!"}, "one way only"),
    ],
    ids=["empty", "empty-ydke", "typo", "two-sources"],
)
def test_bad_forms_say_what_is_wrong(client, event, player, data, message):
    client.force_login(player)
    response = client.post(f"/decks/events/{event.pk}/", data)
    assert 400 <= response.status_code < 500
    assert message in response.content.decode()
    assert not DeckListVersion.objects.exists()


def test_upload_over_64_kb_is_refused(client, event, player):
    client.force_login(player)
    upload = SimpleUploadedFile("deck.ydk", b"#main\n" + b"89631139\n" * 8000)
    response = client.post(f"/decks/events/{event.pk}/", {"upload": upload})
    assert response.status_code == 400 and "64 KB" in response.content.decode()


def test_locked_page_says_so(client, event, player):
    event.decklist_deadline = timezone.now() - datetime.timedelta(hours=1)
    event.save()
    client.force_login(player)
    page = client.get(f"/decks/events/{event.pk}/")
    assert 'data-testid="deck-locked"' in page.content.decode()
    response = client.post(f"/decks/events/{event.pk}/", {"text": LEGAL_TEXT})
    assert response.status_code == 409 and not DeckListVersion.objects.exists()
    assert "locked at the deadline" in response.content.decode()


def _submit_all(event, players):
    for user in players:
        decklist_submit(registration=registration_of(event, user), user=user, data=LEGAL_YDK)


def test_staff_list_deck_sheet_pdf_and_exports(
    client, event, player, other_player, judge, django_assert_max_num_queries
):
    _submit_all(event, [player, other_player])
    client.force_login(judge)
    with django_assert_max_num_queries(12):
        page = client.get(f"/decks/events/{event.pk}/lists/")
    assert page.status_code == 200 and "v1" in page.content.decode()
    deck_id = registration_of(event, player).deck_list.pk
    sheet = client.get(f"/decks/lists/{deck_id}/").content.decode()
    # Sorted for a deck check: monsters, then spells, then traps, each by name.
    assert sheet.index("Ash Blossom") < sheet.index("Book of Moon") < sheet.index("Infinite Impermanence")
    pdf = client.get(f"/decks/lists/{deck_id}/pdf/")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf" and pdf.content[:5] == b"%PDF-"
    ydk = client.get(f"/decks/lists/{deck_id}/export/ydk/")
    assert ydk.status_code == 200 and "attachment" in ydk["Content-Disposition"]
    assert ydk.content.decode().count("\n") == 1 + 3 + 43
    # Other players do not see it; the anonymous public neither until published.
    client.force_login(other_player)
    assert client.get(f"/decks/lists/{deck_id}/").status_code == 403
    assert client.get(f"/decks/events/{event.pk}/lists/").status_code == 403


def test_staff_list_query_count_does_not_grow(client, event, judge, organizer, django_assert_max_num_queries):
    from core.models import User
    from tournaments.models import Registration

    users = User.objects.bulk_create(User(username=f"bulk{n}") for n in range(15))
    for user in users:
        Registration.objects.create(event=event, player=user)
    _submit_all(event, users)
    client.force_login(judge)
    with django_assert_max_num_queries(12):
        assert client.get(f"/decks/events/{event.pk}/lists/").status_code == 200


def test_random_deck_check_and_differences(client, event, player, other_player, judge):
    _submit_all(event, [player, other_player])
    client.force_login(judge)
    response = client.post(f"/decks/events/{event.pk}/checks/", {"round_number": 2, "count": 1})
    assert response.status_code == 302
    check = DeckCheck.objects.get()
    assert check.round_number == 2 and check.version.number == 1
    # A second pick in the same round takes the other deck, then there is none left.
    client.post(f"/decks/events/{event.pk}/checks/", {"round_number": 2, "count": 5})
    assert DeckCheck.objects.count() == 2
    client.post(f"/decks/events/{event.pk}/checks/", {"round_number": 2, "count": 5})
    assert DeckCheck.objects.count() == 2
    counted = LEGAL_TEXT.replace("3 Raigeki\n", "2 Raigeki\n").replace("1 Kuriboh\n", "1 Kuriboh\n1 Sangan\n")
    response = client.post(f"/decks/checks/{check.pk}/", {"counted": counted})
    assert response.status_code == 302
    check.refresh_from_db()
    by_name = {d["name"]: (d["registered"], d["counted"]) for d in check.differences}
    assert by_name == {"Raigeki": (3, 2), "Sangan": (3, 4)}
    page = client.get(f"/decks/checks/{check.pk}/").content.decode()
    assert "Raigeki" in page and 'data-testid="differences"' in page
    # Players cannot open deck checks.
    client.force_login(player)
    assert client.get(f"/decks/checks/{check.pk}/").status_code == 403


def test_organizer_publishes_and_picks_the_banlist(client, event, player, organizer, judge, banlists):
    _submit_all(event, [player])
    deck_id = registration_of(event, player).deck_list.pk
    client.force_login(judge)
    assert client.post(f"/decks/events/{event.pk}/settings/", {"lists_published": "on"}).status_code == 403
    client.force_login(organizer)
    goat = banlists["2005.4 Demo GOAT"]
    client.post(f"/decks/events/{event.pk}/settings/", {"lists_published": "on", "banlist": goat.pk})
    client.logout()
    assert client.get(f"/decks/lists/{deck_id}/").status_code == 200
    assert client.get(f"/decks/events/{event.pk}/lists/").status_code == 200
    from decks.selectors import banlist_for_event

    assert banlist_for_event(event=event) == goat


def test_unlock_page_form_keeps_the_note(client, event, player, judge):
    _submit_all(event, [player])
    event.decklist_deadline = timezone.now() - datetime.timedelta(hours=1)
    event.save()
    deck_id = registration_of(event, player).deck_list.pk
    client.force_login(judge)
    assert "Unlock this player" in client.get(f"/decks/lists/{deck_id}/").content.decode()
    client.post(f"/decks/lists/{deck_id}/unlock/", {"note": "Judge call at table 4"})
    page = client.get(f"/decks/lists/{deck_id}/").content.decode()
    assert "Judge call at table 4" in page
    client.force_login(player)
    response = client.post(f"/decks/events/{event.pk}/", {"text": LEGAL_TEXT})
    assert response.status_code == 302


def test_card_import_page_is_for_admins(client, player, organizer):
    client.force_login(player)
    assert client.get("/decks/imports/").status_code == 403
    client.force_login(organizer)  # the card pool is shared by every event: organizers do not change it
    assert client.get("/decks/imports/").status_code == 403
    organizer.is_staff = organizer.is_superuser = True
    organizer.save()
    assert client.get("/decks/imports/").status_code == 200


def test_pdf_sheet_groups_the_main_deck_by_card_type(event, player):
    from decks.selectors import deck_sheet

    _submit_all(event, [player])
    version = registration_of(event, player).deck_list.versions.get()
    sheet = deck_sheet(content=version.content, game="yugioh")
    main = sheet[0]
    assert main["title"] == "Main Deck" and main["total"] == 40
    assert [(g["title"], g["total"]) for g in main["groups"]] == [
        ("Monster cards", 19),
        ("Spell cards", 18),
        ("Trap cards", 3),
    ]
    assert (sheet[1]["title"], sheet[1]["total"]) == ("Extra Deck", 3)


def test_deck_check_form_starts_from_the_registered_list(client, event, player, judge):
    _submit_all(event, [player])
    client.force_login(judge)
    client.post(f"/decks/events/{event.pk}/checks/", {"round_number": 1, "count": 1})
    check = DeckCheck.objects.get()
    page = client.get(f"/decks/checks/{check.pk}/").content.decode()
    assert "3 Ash Blossom &amp; Joyous Spring" in page
    # Submitting it unchanged: no difference.
    from decks.selectors import deck_sheet
    from decks.views import check_start_text

    start = check_start_text(deck_sheet(content=check.version.content, game="yugioh"))
    client.post(f"/decks/checks/{check.pk}/", {"counted": start})
    check.refresh_from_db()
    assert check.counted is not None and check.differences == []


def test_deck_sheets_for_many_lists_use_a_fixed_number_of_queries(
    event, player, other_player, django_assert_max_num_queries
):
    from decks.selectors import deck_sheet, deck_sheets

    _submit_all(event, [player, other_player])
    contents = [v.content for v in DeckListVersion.objects.all()] * 10
    with django_assert_max_num_queries(4):
        sheets = deck_sheets(contents=contents, game="yugioh")
    assert len(sheets) == 20
    assert sheets[0] == deck_sheet(content=contents[0], game="yugioh")
