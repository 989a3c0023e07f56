"""import_cards / import_banlist: idempotent, atomic, and a bad file names the row or line at fault."""

from __future__ import annotations

import io
import json
import sqlite3

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from decks.models import Banlist, Card, CardKey
from tests.decks.conftest import FIXTURES

pytestmark = pytest.mark.django_db


def run(*args) -> dict:
    out = io.StringIO()
    call_command(*args, "--json", stdout=out)
    return json.loads(out.getvalue())


def snapshot():
    return (
        list(
            Card.objects.order_by("game", "key").values_list(
                "game", "key", "name", "content_hash", "updated_at"
            )
        ),
        list(CardKey.objects.order_by("game", "key").values_list("game", "key", "card_id")),
    )


@pytest.mark.parametrize(
    ("game", "name", "count"),
    [
        ("yugioh", "yugioh-cards.json", 45),
        ("vanguard", "vanguard-trial-deck.csv", 18),
        ("rayman", "rayman-pool.csv", 20),
        ("arrows", "arrows-pool.csv", 12),
    ],
)
def test_import_twice_changes_nothing(game, name, count):
    first = run("import_cards", "--game", game, str(FIXTURES / name))
    assert first == {"game": game, "total": count, "created": count, "updated": 0, "unchanged": 0}
    before = snapshot()
    second = run("import_cards", "--game", game, str(FIXTURES / name))
    assert second == {"game": game, "total": count, "created": 0, "updated": 0, "unchanged": count}
    assert snapshot() == before


def test_imported_cards_keep_both_names_stats_and_alternate_passcodes():
    run("import_cards", "--game", "yugioh", str(FIXTURES / "yugioh-cards.json"))
    ash = Card.objects.get(game="yugioh", key="14558127")
    assert ash.name_fr == "Floraison de Cendres et Joyeux Printemps"
    assert ash.name_norm == "ash blossom and joyous spring"
    assert ash.kind == "monster" and ash.stats["atk"] == 0
    # An alternate artwork passcode finds the card; a passcode that is itself a card keeps its own row.
    assert CardKey.objects.get(game="yugioh", key="14558128").card == ash
    assert CardKey.objects.get(game="yugioh", key="46986414").card.key == "46986414"


def test_a_changed_card_is_staged_then_applied_and_others_untouched(tmp_path):
    data = json.loads((FIXTURES / "yugioh-cards.json").read_text())
    run("import_cards", "--game", "yugioh", str(FIXTURES / "yugioh-cards.json"))
    for card in data["data"]:
        if card["id"] == 89631139:
            card["name_fr"] = "Dragon Blanc Aux Yeux Bleus (nouveau)"
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data))
    # A new name is something deck lists rely on: staged by default (docs/decks.md), applied on request.
    result = run("import_cards", "--game", "yugioh", str(path))
    assert (result["created"], result["updated"], result["staged"], result["unchanged"]) == (0, 0, 1, 44)
    assert Card.objects.get(key="89631139").name_fr == "Dragon Blanc aux Yeux Bleus"
    result = run("import_cards", "--game", "yugioh", str(path), "--apply-changes")
    assert (result["applied"], result["unchanged"]) == (1, 44) and "staged" not in result
    assert Card.objects.get(key="89631139").name_fr == "Dragon Blanc Aux Yeux Bleus (nouveau)"


def test_bad_json_card_changes_nothing_and_names_the_card(tmp_path):
    run("import_cards", "--game", "yugioh", str(FIXTURES / "yugioh-cards.json"))
    before = snapshot()
    data = json.loads((FIXTURES / "yugioh-cards.json").read_text())
    data["data"][0]["name"] = "Decode Talker (changed)"  # would be an update…
    data["data"][5]["name"] = ""  # …but card #6 is broken
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CommandError) as error:
        call_command("import_cards", "--game", "yugioh", str(path))
    assert "card #6" in str(error.value) and "name" in str(error.value)
    assert "nothing was imported" in str(error.value)
    assert snapshot() == before


def test_bad_csv_row_is_named_and_nothing_is_imported(tmp_path):
    lines = (FIXTURES / "rayman-pool.csv").read_text().splitlines()
    fields = lines[3].split(",")
    fields[4] = "lots"  # cost is not a number
    lines[3] = ",".join(fields)
    path = tmp_path / "pool.csv"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(CommandError) as error:
        call_command("import_cards", "--game", "rayman", str(path))
    assert "row" in str(error.value) and "cost" in str(error.value)
    assert not Card.objects.filter(game="rayman").exists()


def test_cdb_import_and_wrong_extension(tmp_path):
    path = tmp_path / "mini.cdb"
    connection = sqlite3.connect(path)
    connection.executescript(
        "CREATE TABLE datas (id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, setcode INTEGER,"
        " type INTEGER, atk INTEGER, def INTEGER, level INTEGER, race INTEGER, attribute INTEGER,"
        " category INTEGER);"
        "CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT);"
        "INSERT INTO datas VALUES (89631139, 3, 0, 221, 17, 3000, 2500, 8, 8192, 16, 0);"
        "INSERT INTO texts VALUES (89631139, 'Blue-Eyes White Dragon', '');"
        "INSERT INTO datas VALUES (89631140, 3, 89631139, 221, 17, 3000, 2500, 8, 8192, 16, 0);"
        "INSERT INTO texts VALUES (89631140, 'Blue-Eyes White Dragon', '');"
    )
    connection.commit()
    connection.close()
    assert run("import_cards", "--game", "yugioh", str(path))["created"] == 2
    assert Card.objects.get(key="89631140").alias_of == "89631139"
    assert run("import_cards", "--game", "yugioh", str(path))["unchanged"] == 2
    other = tmp_path / "cards.txt"
    other.write_text("nope")
    with pytest.raises(CommandError, match="expected a .cdb, .json, .db or .csv"):
        call_command("import_cards", "--game", "yugioh", str(other))


def test_import_banlist_twice_and_broken_line(tmp_path):
    first = run("import_banlist", str(FIXTURES / "banlist.lflist.conf"))
    assert first["created"] == 2 and first["names"] == ["2026.02 TCG", "2005.4 Demo GOAT"]
    tcg = Banlist.objects.get(name="2026.02 TCG")
    assert str(tcg.date) == "2026-02-01" and tcg.limits["55144522"] == 0 and not tcg.whitelist
    assert Banlist.objects.get(name="2005.4 Demo GOAT").whitelist
    assert run("import_banlist", str(FIXTURES / "banlist.lflist.conf"))["unchanged"] == 2
    broken = tmp_path / "broken.lflist.conf"
    broken.write_text("!2027.01 Test\n55144522 0 --Pot of Greed\n14558127 --no count\n")
    with pytest.raises(CommandError, match="line 3"):
        call_command("import_banlist", str(broken))
    assert not Banlist.objects.filter(name="2027.01 Test").exists()


def test_missing_file_is_a_clear_error():
    with pytest.raises(CommandError, match="no such file"):
        call_command("import_cards", "--game", "yugioh", "/nonexistent/cards.json")


def test_the_import_prepares_each_row_as_django_would():
    """The importer prepares rows' SQL parameters without Django's per-value layers; they must equal what
    ``Field.get_db_prep_save`` gives, for every column (JSON, text, numbers, none, the shared time)."""
    from django.db import connection
    from django.utils import timezone

    from decks.cardfiles import read_cards
    from decks.services.cards import _card_rows, card_fields_from_record

    data = (FIXTURES / "yugioh-cards.json").read_bytes()
    fields = {
        r["key"]: card_fields_from_record(r) for r in read_cards(data, game="yugioh", filename="x.json")
    }
    fields["limited"] = {**next(iter(fields.values())), "max_copies": 1, "name_fr": "", "stats": {}}
    keys, now = sorted(fields), timezone.now()
    names, rows = _card_rows(game="yugioh", keys=keys, fields=fields, now=now)
    columns = [Card._meta.get_field(name) for name in names]
    assert {"game", "key", "name", "stats", "max_copies", "updated_at"} <= set(names)
    for key, row in zip(keys, rows, strict=True):
        values = {**fields[key], "game": "yugioh", "key": key, "updated_at": now}
        expected = [
            c.get_db_prep_save(values[c.attname] if c.attname in values else c.get_default(), connection)
            for c in columns
        ]
        # PostgreSQL's JSON parameters (psycopg's Jsonb) have no equality of their own: compare what they wrap
        assert [getattr(v, "obj", v) for v in row] == [getattr(v, "obj", v) for v in expected], key
