"""The card pool shipped in decks/snapshots/ (issue 17): it loads, once, through the ordinary importer; real
official decks are legal after it; the current TCG list refuses a Forbidden card; a damaged snapshot fails
cleanly and writes nothing. Runs without /work/shared (the deck files are copies in tests/decks/data)."""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from decks.cardfiles import shared_data_dir
from decks.formats import parse_deck
from decks.models import Banlist, Card, CardChange, CardImport
from decks.selectors import banlist_to_engine
from decks.services.cards import ImportFailed
from decks.services.snapshot import (
    LABEL_PREFIX,
    SNAPSHOT_DIR,
    snapshot_build,
    snapshot_load,
    snapshot_manifest,
)
from decks.services.validation import deck_validate

DATA = Path(__file__).resolve().parent / "data"

TCG_LIST = "2026.05 TCG"
POT_OF_GREED = "55144522"


def _manifest_counts() -> dict[str, int]:
    _manifest, entries = snapshot_manifest()
    counts: dict[str, int] = {}
    for entry in entries:
        if entry.kind == "cards":
            counts[entry.game] = counts.get(entry.game, 0) + entry.count
    return counts


def _remove_snapshot_pool() -> None:
    Card.objects.filter(game__in=("yugioh", "vanguard")).delete()
    CardImport.objects.filter(filename__startswith=LABEL_PREFIX).delete()
    Banlist.objects.filter(name=TCG_LIST).delete()


@pytest.fixture(scope="module")
def snapshot_pool(django_db_setup, django_db_blocker):
    """The snapshot loaded once for the module (a few seconds), removed afterwards."""
    with django_db_blocker.unblock():
        _remove_snapshot_pool()
        yield snapshot_load()
        _remove_snapshot_pool()


def _validate(path, *, game, banlist=None, ruleset=None, replace=None):
    data = path.read_text()
    if replace:
        data = data.replace(*replace, 1)
    deck = parse_deck(data, filename=path.name)
    engine_banlist = banlist_to_engine(Banlist.objects.get(name=banlist)) if banlist else None
    return deck_validate(deck=deck, game=game, banlist=engine_banlist, ruleset=ruleset)


# --- the shipped files ---------------------------------------------------------------------------------


def test_the_snapshot_is_compact_and_names_its_sources():
    manifest, entries = snapshot_manifest()
    assert {(e.game, e.kind) for e in entries} == {
        ("yugioh", "cards"),
        ("yugioh", "banlist"),
        ("vanguard", "cards"),
    }
    total = sum((SNAPSHOT_DIR / e.name).stat().st_size for e in entries)
    assert total < 1_500_000
    assert manifest["built_at"]
    for raw in manifest["files"]:
        assert raw["source"] and raw["source_sha256"] and raw["upstream"]
    yugioh = next(raw for raw in manifest["files"] if raw["name"] == "yugioh-cards.json.gz")
    assert yugioh["count"] == 14218 and yugioh["french_names"] > 14000 and yugioh["alternate_ids"] > 200


@pytest.mark.skipif(shared_data_dir() is None, reason="/work/shared/data is absent")
def test_the_builder_rebuilds_the_shipped_files_byte_for_byte(tmp_path):
    manifest = snapshot_build(source=shared_data_dir(), out=tmp_path)
    for raw in manifest["files"]:
        assert (tmp_path / raw["name"]).read_bytes() == (SNAPSHOT_DIR / raw["name"]).read_bytes(), raw["name"]


# --- loading -------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_first_load_writes_the_whole_pool(snapshot_pool):
    outcome = snapshot_pool
    counts = _manifest_counts()
    assert Card.objects.filter(game="yugioh").count() == counts["yugioh"] == 14218
    assert Card.objects.filter(game="vanguard").count() == counts["vanguard"] == 961 + 168
    assert all(result.created == result.total for entry, result in outcome.loaded if entry.kind == "cards")
    assert not CardChange.objects.exists()  # a fresh pool: nothing to review
    tcg = Banlist.objects.get(game="yugioh", name=TCG_LIST)
    assert len(tcg.limits) == 229 and tcg.limits[POT_OF_GREED] == 0
    blue_eyes = Card.objects.get(game="yugioh", key="89631139")
    assert blue_eyes.name_fr == "Dragon Blanc aux Yeux Bleus"
    assert blue_eyes.stats["atk"] == 3000 and "89631140" in blue_eyes.alternate_keys
    assert "extra_deck" in Card.objects.get(game="yugioh", key="1861629").tags  # Decode Talker


@pytest.mark.django_db
def test_a_second_load_does_nothing(snapshot_pool, django_assert_max_num_queries):
    imports = CardImport.objects.count()
    with django_assert_max_num_queries(len(snapshot_manifest()[1])):  # one look-up per file, no write
        outcome = snapshot_load()
    assert outcome.loaded == [] and len(outcome.skipped) == 4
    assert CardImport.objects.count() == imports


@pytest.mark.django_db
def test_a_forced_load_finds_every_card_unchanged(snapshot_pool):
    outcome = snapshot_load(force=True)
    for _entry, result in outcome.loaded:
        assert result.created == result.updated == result.staged == result.conflicts == 0
        assert result.unchanged == result.total


@pytest.mark.django_db
def test_a_newer_snapshot_stages_changes_instead_of_overwriting_an_edited_card(snapshot_pool):
    Card.objects.filter(game="yugioh", key="89631139").update(name="Blue-Eyes (edited)", content_hash="x")
    outcome = snapshot_load(force=True)
    yugioh = next(result for entry, result in outcome.loaded if entry.name == "yugioh-cards.json.gz")
    assert yugioh.staged == 1
    assert Card.objects.get(game="yugioh", key="89631139").name == "Blue-Eyes (edited)"
    change = CardChange.objects.get(key="89631139", status=CardChange.Status.PENDING)
    assert change.after["name"] == "Blue-Eyes White Dragon"
    applied = snapshot_load(force=True, apply_changes=True)  # load_card_snapshot --force --apply-changes
    assert sum(result.applied for _entry, result in applied.loaded) == 1
    assert Card.objects.get(game="yugioh", key="89631139").name == "Blue-Eyes White Dragon"
    change = CardChange.objects.get(key="89631139", status=CardChange.Status.APPLIED)
    assert change.applied_via == "manage.py load_card_snapshot"


@pytest.mark.django_db
def test_the_demo_skips_the_fixture_pools_of_the_games_the_snapshot_brought(snapshot_pool):
    from decks.demo import load_cards

    load_cards()
    assert Card.objects.filter(game="vanguard").count() == 961 + 168
    assert not CardChange.objects.exists()
    assert Card.objects.filter(game="rayman").count() == 20


# --- what a fresh install accepts ----------------------------------------------------------------------


@pytest.mark.django_db
def test_a_real_starter_deck_is_legal_on_the_current_tcg_list(snapshot_pool):
    report = _validate(DATA / "starter-deck-codebreaker.ydk", game="yugioh", banlist=TCG_LIST)
    assert report.legal, report.to_json()["problems"]
    assert report.to_json()["counts"] == {"main": 40, "extra": 5, "side": 0}


@pytest.mark.django_db
def test_the_current_tcg_list_refuses_a_forbidden_card(snapshot_pool):
    first_card = "47226949"  # the deck's first Main Deck line
    report = _validate(
        DATA / "starter-deck-codebreaker.ydk",
        game="yugioh",
        banlist=TCG_LIST,
        replace=(first_card, POT_OF_GREED),
    )
    assert not report.legal
    assert [p["code"] for p in report.to_json()["problems"]] == ["forbidden"]


@pytest.mark.django_db
def test_vanguard_trial_and_start_decks_resolve(snapshot_pool):
    original = _validate(DATA / "vg-td01-blaster-blade.ydk", game="vanguard")
    assert original.legal, original.to_json()["problems"]
    d_start = _validate(DATA / "vanguard-dsd01.txt", game="vanguard", ruleset="standard")
    assert d_start.legal, d_start.to_json()["problems"]


# --- a damaged snapshot --------------------------------------------------------------------------------


@pytest.fixture
def snapshot_copy(tmp_path):
    folder = tmp_path / "snapshots"
    shutil.copytree(SNAPSHOT_DIR, folder)
    return folder


def _pool_counts() -> tuple[int, int, int]:
    return Card.objects.count(), CardImport.objects.count(), Banlist.objects.count()


def _assert_refused(folder, match: str | None = None) -> None:
    """Loading ``folder`` (every file, as if none were loaded) fails and writes nothing."""
    before = _pool_counts()
    with pytest.raises(ImportFailed, match=match):
        snapshot_load(directory=folder, force=True)
    assert _pool_counts() == before


@pytest.mark.django_db
def test_a_truncated_file_fails_cleanly_before_any_write(snapshot_copy):
    last = snapshot_copy / "vanguard-original-cards.cdb.gz"  # the last file: the others were read first
    last.write_bytes(last.read_bytes()[:500])
    _assert_refused(snapshot_copy, "vanguard-original-cards.cdb.gz is truncated or damaged")


@pytest.mark.django_db
def test_a_file_that_does_not_match_its_checksum_is_refused(snapshot_copy):
    path = snapshot_copy / "yugioh-cards.json.gz"
    document = json.loads(gzip.decompress(path.read_bytes()))
    document["data"][0]["name"] = "Tampered"
    path.write_bytes(gzip.compress(json.dumps(document).encode()))
    _assert_refused(snapshot_copy, "does not match its checksum")


@pytest.mark.django_db
def test_a_file_that_parses_badly_is_refused_even_with_a_matching_checksum(snapshot_copy):
    path = snapshot_copy / "yugioh-cards.json.gz"
    data = b'{"data": [{"id": "not a passcode"}]}'
    path.write_bytes(gzip.compress(data))
    manifest = json.loads((snapshot_copy / "manifest.json").read_text())
    manifest["files"][0].update(sha256=hashlib.sha256(data).hexdigest(), size=len(data))
    (snapshot_copy / "manifest.json").write_text(json.dumps(manifest))
    _assert_refused(snapshot_copy, "card snapshot: yugioh-cards.json.gz: .*not a passcode")


@pytest.mark.django_db
def test_a_file_over_the_card_file_cap_is_not_unpacked(snapshot_copy, settings):
    settings.CARD_IMPORT_MAX_BYTES = 50_000
    _assert_refused(snapshot_copy)


@pytest.mark.django_db
@pytest.mark.parametrize("content", [b"", b"{not json", b'{"format": 99, "files": []}', b"[" * 100_000])
def test_a_damaged_manifest_is_refused(snapshot_copy, content):
    (snapshot_copy / "manifest.json").write_bytes(content)
    _assert_refused(snapshot_copy, "card snapshot: .*nothing was loaded")


@pytest.mark.django_db
def test_the_command_exits_2_on_a_damaged_snapshot(monkeypatch, snapshot_copy):
    (snapshot_copy / "manifest.json").write_bytes(b"{")
    monkeypatch.setattr("decks.services.snapshot.SNAPSHOT_DIR", snapshot_copy)
    with pytest.raises(CommandError) as raised:
        call_command("load_card_snapshot")
    assert raised.value.returncode == 2 and "manifest.json is not JSON" in str(raised.value)


# --- the import page in the navigation -----------------------------------------------------------------


@pytest.mark.django_db
def test_the_navigation_links_the_card_import_page_for_admins_only(client, organizer):
    from core.models import User

    client.force_login(organizer)
    assert 'data-testid="nav-card-imports"' not in client.get("/").content.decode()
    client.force_login(User.objects.create_superuser("pool-admin", password="pw-admin-123"))
    home = client.get("/").content.decode()
    assert 'data-testid="nav-card-imports"' in home and 'href="/decks/imports/"' in home
    assert (
        'aria-current="page" data-testid="nav-card-imports"' in client.get("/decks/imports/").content.decode()
    )
