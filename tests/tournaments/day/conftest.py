"""Fixtures for tournament-day tests: an event with checked-in players, played rounds, a client per role."""

from __future__ import annotations

import pytest

from core.models import Role, User
from tests.tournaments.conftest import make_event, make_players, play_round
from tournaments import services


@pytest.fixture
def orga_client(client, organizer):
    client.force_login(organizer)
    return client


def staff_event(organizer, *, players: int = 8, **fields):
    fields.setdefault("swiss_rounds_override", 3)
    fields.setdefault("top_cut_override", 4)
    return make_event(organizer, players=players, **fields)


def played_event(organizer, *, players: int = 8, rounds: int = 1, **fields):
    """An event with `rounds` Swiss rounds paired and every result entered by the organizer."""
    event = staff_event(organizer, players=players, **fields)
    for _n in range(rounds):
        round_ = services.round_pair_next(event=event, user=organizer)
        play_round(event, round_, organizer)
    event.refresh_from_db()
    return event


@pytest.fixture
def player_user(db):
    return User.objects.create_user(
        "phone1", password="pw-phone-123", role=Role.PLAYER, display_name="Pia Phone"
    )


FIXTURES = __import__("pathlib").Path(__file__).resolve().parents[3] / "decks" / "fixtures"
LEGAL_DECK = """Main Deck:
3 Ash Blossom & Joyous Spring
3 Blue-Eyes White Dragon
3 Dark Magician
3 Kuriboh
3 Summoned Skull
3 Celtic Guardian
3 Gaia The Fierce Knight
3 Effect Veiler
3 Nibiru, the Primal Being
3 Mystical Space Typhoon
3 Book of Moon
3 Torrential Tribute
3 Infinite Impermanence
1 Sangan
"""


@pytest.fixture
def yugioh_cards(db):
    from decks.services.cards import cards_import_file

    cards_import_file(path=FIXTURES / "yugioh-cards.json", game="yugioh")


def full_event(organizer, judge, *, players: int = 8):
    """A finished event with everything an export must carry: deck lists (published), a penalty, a
    correction, a dispute, a drop, a late entry, the clock with an extension, a top 4 played to the end."""
    import datetime

    from decks.services.decklists import decklist_submit, event_deck_settings_update
    from tournaments.models import Match, MatchStatus, Registration
    from tournaments.services.day import match_dispute
    from tournaments.services.results import ResultInput
    from tournaments.services.timer import timer_extend_table, timer_pause, timer_start

    event = staff_event(organizer, players=players, judge=judge, name="Export =Open")
    regs = list(Registration.objects.filter(event=event).select_related("player"))
    for reg in regs[:3]:
        decklist_submit(registration=reg, user=reg.player, data=LEGAL_DECK, format="text")
    r1 = services.round_pair_next(event=event, user=organizer)
    start = datetime.datetime(2026, 12, 5, 10, 0, tzinfo=datetime.UTC)
    timer_start(round_=r1, user=judge, now=start)
    timer_pause(round_=r1, user=judge, now=start + datetime.timedelta(minutes=7))
    timer_extend_table(round_=r1, table=1, minutes=3, reason="Deck check", user=judge)
    first = Match.objects.filter(round=r1, player_b__isnull=False).order_by("table").first()
    services.match_report_result(
        match=first, user=first.player_a.player, games_a=2, games_b=0, version=first.version
    )
    match_dispute(match=first, user=first.player_b.player, reason="It was 2-1")
    services.match_result_submit(match=first, user=judge, action="staff", result=ResultInput(2, 1))
    play_round(event, r1, judge)
    first.refresh_from_db()
    services.match_result_submit(
        match=first, user=judge, action="staff", result=ResultInput(1, 2, reason="Slip filled in reverse")
    )
    second = Match.objects.filter(round=r1, player_b__isnull=False).order_by("table")[1]
    services.penalty_issue(
        event=event, registration=second.player_a, kind="warning", reason="Slow play", by=judge
    )
    late = make_players(1, prefix=f"late{event.pk}-")[0]
    services.registration_create(event=event, player=late, by=organizer)
    r2 = services.round_pair_next(event=event, user=organizer)
    play_round(event, r2, judge)
    services.registration_drop(registration=regs[-1], by=organizer)
    r3 = services.round_pair_next(event=event, user=organizer)
    play_round(event, r3, judge)
    services.topcut_start(event=event, user=organizer)
    while True:
        open_ = list(
            Match.objects.filter(round__event=event, status=MatchStatus.PENDING, player_b__isnull=False)
        )
        if not open_:
            break
        for m in open_:
            services.match_enter_result(match=m, user=judge, games_a=2, games_b=1)
    event_deck_settings_update(event=event, user=organizer, lists_published=True)
    event.refresh_from_db()
    return event
