"""The French catalogue covers every string the code marks for translation."""

import gettext
import shutil
from pathlib import Path

import pytest
from django.core.management import call_command

REPO_ROOT = Path(__file__).resolve().parents[2]
PO_FILE = REPO_ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po"
MO_FILE = PO_FILE.with_suffix(".mo")
SOURCE_FOLDERS = ["config", "core", "decks", "rulings", "tournaments", "templates"]


def read_po(path: Path) -> dict[str, tuple[str, bool]]:
    """msgid -> (msgstr, fuzzy), enough of the .po grammar for Django's catalogues (plurals: first form)."""
    entries: dict[str, tuple[str, bool]] = {}
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        lines = [line for line in block.splitlines() if line and not line.startswith("#~")]
        fuzzy = any(line.startswith("#,") and "fuzzy" in line for line in lines)
        current, parts = None, {"msgid": [], "msgstr": []}
        for line in lines:
            if line.startswith("msgid "):
                current = "msgid"
                line = line[6:]
            elif line.startswith("msgid_plural "):
                current = None
                continue
            elif line.startswith("msgstr ") or line.startswith("msgstr[0] "):
                current = "msgstr"
                line = line.split(" ", 1)[1]
            elif line.startswith("msgstr["):
                current = None
                continue
            elif not line.startswith('"'):
                continue
            if current:
                parts[current].append(eval(line))  # noqa: S307 - .po strings are C-style quoted literals
        msgid = "".join(parts["msgid"])
        if msgid:
            entries[msgid] = ("".join(parts["msgstr"]), fuzzy)
    return entries


def test_every_french_entry_is_translated_and_not_fuzzy():
    entries = read_po(PO_FILE)
    assert entries, "the French catalogue is empty"
    untranslated = [msgid for msgid, (msgstr, fuzzy) in entries.items() if not msgstr or fuzzy]
    assert not untranslated, f"untranslated or fuzzy: {untranslated[:20]}"


def test_the_compiled_catalogue_matches_the_po_file():
    with MO_FILE.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    stale = [msgid for msgid, (msgstr, _) in read_po(PO_FILE).items() if compiled.gettext(msgid) != msgstr]
    assert not stale, f"django.mo is older than django.po (run `make messages`): {stale[:10]}"


def test_no_string_in_the_code_is_missing_from_the_catalogue(tmp_path, settings, monkeypatch):
    if shutil.which("xgettext") is None:
        pytest.fail("xgettext is missing: install the Debian package gettext (.ci/run does)")
    # makemessages writes into ./locale of the folder it runs in: run it in a scratch tree of links to the
    # sources, so the real catalogue is never touched.
    for name in SOURCE_FOLDERS:
        (tmp_path / name).symlink_to(REPO_ROOT / name, target_is_directory=True)
    shutil.copytree(REPO_ROOT / "locale", tmp_path / "locale")
    settings.LOCALE_PATHS = [tmp_path / "locale"]
    monkeypatch.chdir(tmp_path)
    before = PO_FILE.read_bytes()
    call_command("makemessages", locale=["fr"], no_obsolete=True, symlinks=True, verbosity=0)
    assert PO_FILE.read_bytes() == before
    entries = read_po(tmp_path / "locale" / "fr" / "LC_MESSAGES" / "django.po")
    missing = [msgid for msgid, (msgstr, fuzzy) in entries.items() if not msgstr or fuzzy]
    assert not missing, f"strings marked for translation without a French translation: {missing[:20]}"


def test_pages_switch_to_french(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "Tournois et arbitrage" in response.content.decode()
