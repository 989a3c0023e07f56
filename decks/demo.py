"""Demo card pools for `make run` (idempotent). First the real card pool shipped in decks/snapshots/
(``load_card_snapshot``, when ``CARD_SNAPSHOT_ON_DEMO``); then, in two parts that `manage.py load_demo` runs
around the tournaments demo, ``load_cards`` (the fixture cards of the games the snapshot did not bring, and
the demo banlists) before it, and ``load_deck_lists`` (the demo event's banlist and a few registered deck
lists) after it, so that a fresh database gets everything from the first run. ``load_demo`` does both
(cards, then lists if the event exists).
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings

from decks.services.cards import ImportFailed, banlists_import_file, cards_import_file
from decks.services.snapshot import snapshot_games_loaded, snapshot_load

FIXTURES = Path(__file__).resolve().parent / "fixtures"
CARD_FILES = [
    ("yugioh", "yugioh-cards.json"),
    ("vanguard", "vanguard-trial-deck.csv"),
    ("rayman", "rayman-pool.csv"),
    ("arrows", "arrows-pool.csv"),
]
BANLIST_FILE = "banlist.lflist.conf"
DEMO_BANLIST = "2026.02 TCG"
DEMO_DECK = """Main Deck:
3 Mystical Space Typhoon
3 Gaia The Fierce Knight
3 Infinite Impermanence
3 Raigeki
3 Book of Moon
3 Lightning Storm
3 Ash Blossom & Joyous Spring
3 Elemental HERO Sparkman
3 Polymerization
3 Forbidden Droplet
3 Sangan
3 Nibiru, the Primal Being
3 Dark Magician
1 Kuriboh

Extra Deck:
2 Decode Talker
1 Stardust Dragon
"""
DEMO_DECK_PLAYERS = ("player1", "player2", "player3", "player4")


def load_demo(stdout=None) -> None:
    load_cards(stdout)
    load_deck_lists(stdout)


def load_card_snapshot(stdout=None) -> None:
    """The real card pool shipped with the site (a few seconds the first time, then nothing to do). A
    damaged snapshot is reported and skipped: the demo goes on with the small fixture pools."""
    if not getattr(settings, "CARD_SNAPSHOT_ON_DEMO", True):
        return
    try:
        outcome = snapshot_load()
    except ImportFailed as error:
        if stdout is not None:
            stdout.write(f"  card snapshot NOT loaded: {error}")
        return
    if stdout is not None:
        for entry, result in outcome.loaded:
            staged = f", {result.staged} change(s) staged for review" if result.staged else ""
            stdout.write(
                f"  card snapshot: {entry.name} — {result.created} new, {result.unchanged} unchanged{staged}"
            )
        if not outcome.loaded:
            stdout.write(f"  card snapshot of {outcome.built_at}: already loaded")


def load_cards(stdout=None) -> None:
    """The fixture card pools of the four games (of the games the snapshot did not bring) and the fixture
    banlists."""
    from_snapshot = snapshot_games_loaded()
    for game, filename in CARD_FILES:
        if game in from_snapshot:
            continue
        result = cards_import_file(path=FIXTURES / filename, game=game)
        if stdout is not None:
            stdout.write(f"  cards: {filename} ({game}) — {result.created} new, {result.updated} updated")
    result = banlists_import_file(path=FIXTURES / BANLIST_FILE)
    if stdout is not None:
        stdout.write(f"  banlists: {', '.join(result.names)}")


def load_deck_lists(stdout=None) -> None:
    """The demo banlist and deck lists of player1..player4 for the tournaments demo event, once it exists."""
    attached = _attach_to_demo_event()
    if stdout is not None and attached:
        stdout.write(f"  deck lists: {attached} demo deck list(s) registered for the demo event")


def _attach_to_demo_event() -> int:
    """Banlist and a few deck lists for the tournaments demo event, if it exists already."""
    try:
        from tournaments.demo import DEMO_EVENT_NAME
        from tournaments.models import Event, Registration
    except ImportError:
        return 0
    from decks.models import Banlist, DeckList, EventDeckSettings
    from decks.services.decklists import DeckRefused, decklist_submit

    event = Event.objects.filter(name=DEMO_EVENT_NAME, game="yugioh").first()
    if event is None:
        return 0
    banlist = Banlist.objects.filter(game="yugioh", name=DEMO_BANLIST).first()
    settings_row, _created = EventDeckSettings.objects.get_or_create(event=event)
    if settings_row.banlist is None and banlist is not None:
        settings_row.banlist = banlist
        settings_row.save(update_fields=["banlist"])
    count = 0
    registrations = Registration.objects.filter(event=event, player__username__in=DEMO_DECK_PLAYERS)
    for registration in registrations.select_related("player", "event__organizer"):
        if DeckList.objects.filter(registration=registration, versions__isnull=False).exists():
            continue
        try:
            # Entered by the organizer, so that a past deadline does not stop the demo.
            decklist_submit(registration=registration, user=registration.event.organizer, data=DEMO_DECK)
        except DeckRefused:
            continue
        count += 1
    return count
