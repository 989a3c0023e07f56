"""Download the Yu-Gi-Oh! card pool from the public YGOPRODeck API (when the machine is online)."""

from __future__ import annotations

import contextlib
import json
import urllib.error
import urllib.request
from collections.abc import Callable

from decks.models import CardImport
from decks.services.cards import (
    ImportFailed,
    ImportResult,
    ProgressCallback,
    card_file_check_size,
    cards_import,
    read_card_file,
)

YGOPRODECK_URL = "https://db.ygoprodeck.com/api/v7/cardinfo.php"
YGOPRODECK_FR_URL = "https://db.ygoprodeck.com/api/v7/cardinfo.php?language=fr"
TIMEOUT_SECONDS = 60

Transport = Callable[[str], bytes]


def http_transport(url: str) -> bytes:
    """The answer's bytes, read up to one byte over the card-file cap (so that the cap can refuse it
    without holding an endless answer in memory)."""
    from decks.services.cards import card_import_max_bytes

    request = urllib.request.Request(url, headers={"User-Agent": "Tableside card sync"})  # noqa: S310
    with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:  # noqa: S310 - fixed https URL
        return response.read(card_import_max_bytes() + 1)


def _fetch(transport: Transport, url: str) -> bytes:
    try:
        return transport(url)
    except (urllib.error.URLError, OSError, TimeoutError) as error:
        raise ImportFailed(f"cannot download {url}: {error}. Is the machine online?") from None


def merge_french_names(english: bytes, french: bytes) -> bytes:
    """Put the French API's names into the English document as ``name_fr`` (by passcode)."""
    try:
        english_doc = json.loads(english)
        french_doc = json.loads(french)
    except ValueError as error:
        raise ImportFailed(f"the API answered something that is not JSON ({error})") from None
    french_names = {
        card.get("id"): card.get("name")
        for card in (french_doc.get("data") or [] if isinstance(french_doc, dict) else [])
        if isinstance(card, dict)
    }
    cards = english_doc.get("data") if isinstance(english_doc, dict) else None
    if not isinstance(cards, list):
        raise ImportFailed('the API answer has no "data" list of cards')
    for card in cards:
        if isinstance(card, dict) and isinstance(french_names.get(card.get("id")), str):
            card.setdefault("name_fr", french_names[card["id"]])
    return json.dumps(english_doc).encode()


def cards_sync_yugioh(
    *,
    transport: Transport | None = None,
    progress: ProgressCallback | None = None,
    french: bool = True,
    apply_changes: bool = False,
) -> ImportResult:
    """Download every card (English, plus French names when available) and import them like a file:
    new cards added, changes to existing ones staged (applied with ``apply_changes``), never overwriting
    another card; the answer is capped like an uploaded file (``CARD_IMPORT_MAX_BYTES``)."""
    transport = transport or http_transport
    data = _fetch(transport, YGOPRODECK_URL)
    card_file_check_size(size=len(data), filename="cardinfo.json")
    if french:
        # French names are a bonus: the English pool alone is still worth importing.
        with contextlib.suppress(ImportFailed):
            french_data = _fetch(transport, YGOPRODECK_FR_URL)
            card_file_check_size(size=len(french_data), filename="cardinfo.json?language=fr")
            data = merge_french_names(data, french_data)
    records = read_card_file(data=data, filename="cardinfo.json", game="yugioh")
    return cards_import(
        game="yugioh",
        records=records,
        progress=progress,
        filename="db.ygoprodeck.com cardinfo.json",
        origin=CardImport.Origin.SYNC,
        apply_changes=apply_changes,
        applied_via="manage.py sync_cards",
    )
