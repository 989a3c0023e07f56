"""The round timer: start, pause, resume, extend one table (deck check, judge call); read its state.

Remaining time is computed, never ticked: the row keeps the seconds elapsed before the last pause and the
moment of the last start, so every screen (console, player phone, projector) derives the same clock.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import live
from tournaments.models import Round, RoundTimer, TableExtension
from tournaments.services.common import lock_event, require_staff
from tournaments.services.errors import Conflict, TournamentError

MAX_EXTENSION_MINUTES = 60


@dataclass(frozen=True)
class TimerState:
    round_id: int
    round_number: int
    duration_seconds: int
    remaining_seconds: int  # may be negative: time is over by that much
    running: bool
    started: bool
    ends_at: datetime.datetime | None  # while running
    extensions: dict[int, int] = field(default_factory=dict)  # table -> extra minutes
    version: int = 0

    @property
    def over(self) -> bool:
        return self.started and self.remaining_seconds <= 0

    def remaining_for_table(self, table: int | None) -> int:
        return self.remaining_seconds + 60 * self.extensions.get(table or 0, 0)

    @property
    def display(self) -> str:
        return format_clock(self.remaining_seconds)


def format_clock(seconds: int) -> str:
    sign = "-" if seconds < 0 else ""
    seconds = abs(int(seconds))
    return f"{sign}{seconds // 60:02d}:{seconds % 60:02d}"


def _elapsed(timer: RoundTimer, now: datetime.datetime) -> float:
    running = (now - timer.started_at).total_seconds() if timer.started_at else 0.0
    return timer.elapsed_seconds + running


def timer_state(*, round_: Round, now: datetime.datetime | None = None) -> TimerState:
    """The clock of the round (two queries). A round whose timer was never started shows its full time."""
    now = now or timezone.now()
    timer = RoundTimer.objects.filter(round=round_).first()
    extensions: dict[int, int] = {}
    for table, minutes in TableExtension.objects.filter(round=round_).values_list("table", "minutes"):
        extensions[table] = extensions.get(table, 0) + minutes
    if timer is None:
        duration = round_.event.round_minutes * 60
        return TimerState(round_.pk, round_.number, duration, duration, False, False, None, extensions, 0)
    remaining = int(round(timer.duration_seconds - _elapsed(timer, now)))
    ends_at = now + datetime.timedelta(seconds=remaining) if timer.started_at else None
    started = timer.started_at is not None or timer.elapsed_seconds > 0
    return TimerState(
        round_.pk, round_.number, timer.duration_seconds, remaining, timer.started_at is not None, started,
        ends_at, extensions, timer.version,
    )  # fmt: skip


def _locked_timer(round_: Round, user) -> RoundTimer:
    event = lock_event(round_.event_id)
    require_staff(user=user, event=event)
    timer, _created = RoundTimer.objects.get_or_create(
        round_id=round_.pk, defaults={"duration_seconds": event.round_minutes * 60}
    )
    return timer


def timer_start(*, round_: Round, user=None, now: datetime.datetime | None = None) -> RoundTimer:
    """Start (or resume after a pause) the clock of the round. Starting a running clock changes nothing."""
    now = now or timezone.now()
    with transaction.atomic():
        timer = _locked_timer(round_, user)
        if timer.started_at is None:
            timer.started_at = now
            timer.version += 1
            timer.save(update_fields=["started_at", "version"])
    return timer


def timer_pause(*, round_: Round, user=None, now: datetime.datetime | None = None) -> RoundTimer:
    now = now or timezone.now()
    with transaction.atomic():
        timer = _locked_timer(round_, user)
        if timer.started_at is None:
            raise Conflict(_("The clock is not running."), code="not_running")
        timer.elapsed_seconds = _elapsed(timer, now)
        timer.started_at = None
        timer.version += 1
        timer.save(update_fields=["elapsed_seconds", "started_at", "version"])
    return timer


def timer_add_time(*, round_: Round, minutes: int, user=None) -> RoundTimer:
    """Add (or with a negative number take away) minutes for the whole round."""
    if not isinstance(minutes, int) or minutes == 0 or abs(minutes) > MAX_EXTENSION_MINUTES:
        raise TournamentError(
            _("Add between 1 and %(max)d minutes.") % {"max": MAX_EXTENSION_MINUTES}, field="minutes"
        )
    with transaction.atomic():
        timer = _locked_timer(round_, user)
        timer.duration_seconds = max(60, timer.duration_seconds + 60 * minutes)
        timer.version += 1
        timer.save(update_fields=["duration_seconds", "version"])
    return timer


def timer_extend_table(
    *, round_: Round, table: int, minutes: int, reason: str = "", user=None
) -> TableExtension:
    """Extra time for one table (a deck check, a judge call): added to that table's clock only."""
    if not isinstance(minutes, int) or not 1 <= minutes <= MAX_EXTENSION_MINUTES:
        raise TournamentError(
            _("An extension is 1 to %(max)d minutes.") % {"max": MAX_EXTENSION_MINUTES}, field="minutes"
        )
    with transaction.atomic():
        _locked_timer(round_, user)
        if not round_.matches.filter(table=table).exists():
            raise TournamentError(
                _("Round %(n)d has no table %(t)s.") % {"n": round_.number, "t": table}, field="table"
            )
        extension = TableExtension.objects.create(
            round=round_, table=table, minutes=minutes, reason=reason.strip()[:200], granted_by=user
        )
        RoundTimer.objects.filter(round=round_).update(version=F("version") + 1)
        live.event_changed(round_.event_id)
    return extension
