"""Editing an event once it exists: every setting, with the rules on what may change once rounds are paired,
each change audited in `EventChange` (who, when, field, old → new, reason).

What may change when (`event_locked_fields` says why a field is locked now; the console greys it out):

* before round 1 is paired: everything (a change of game resets the rule set to the new game's default and
  drops a banlist of the old game; refused once a deck list was submitted);
* once round 1 is paired: the game, tie-breakers, rule set, banlist and tier are fixed (the standings and
  the deck checks already used them); the number of Swiss rounds may grow or shrink, never below the rounds
  already paired; the top cut size may change until the cut is made; best of changes between rounds only
  (no match of the current round waiting for its result) and so applies from the next round; the round time
  applies to rounds whose clock has not started; the deck-list deadline, name, date, venue and capacity
  (never below the players registered) may change at any time;
* once the top cut is made: the number of Swiss rounds and the cut are fixed too;
* once finished: only the name, date and venue.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.extensions import deck_lists
from tournaments.models import (
    Event,
    EventChange,
    EventStatus,
    Match,
    MatchStatus,
    Registration,
    RegistrationStatus,
    Round,
    RoundStage,
)
from tournaments.selectors.changes import field_label
from tournaments.services.common import lock_event, require_manager
from tournaments.services.errors import TournamentError
from tournaments.services.events import (
    EDITABLE_FIELDS,
    _banlist_store,
    _check_self_check_in_window,
    _validate,
    _with_deck_settings,
    banlist_resolve,
    rule_set_resolve,
)

EDIT_FIELDS = EDITABLE_FIELDS | {"game"}
# In the order of the console's form.
FIELD_ORDER = (
    "name", "game", "date", "venue", "capacity", "rule_set", "banlist", "tier", "best_of", "round_minutes",
    "decklist_deadline", "tiebreak_policy", "win_floor", "dropped_figures", "swiss_rounds_override",
    "top_cut_override", "self_check_in_opens", "self_check_in_closes", "self_check_in_staff_only",
)  # fmt: skip
FIXED_AT_ROUND_1 = (
    "game", "tiebreak_policy", "win_floor", "dropped_figures", "rule_set", "banlist", "tier",
)  # fmt: skip
FIXED_AT_CUT = ("swiss_rounds_override", "top_cut_override")
EDITABLE_WHEN_FINISHED = ("name", "date", "venue")


def event_locked_fields(*, event: Event) -> dict[str, str]:
    """Field → why it cannot change now (fields absent may change)."""
    locked: dict[str, str] = {}
    if event.status == EventStatus.FINISHED:
        reason = _("The event is finished.")
        return {name: reason for name in FIELD_ORDER if name not in EDITABLE_WHEN_FINISHED}
    rounds = list(Round.objects.filter(event=event).values_list("number", "stage").order_by("number"))
    if rounds:
        for name in FIXED_AT_ROUND_1:
            locked[name] = _("Fixed once round 1 is paired.")
    if any(stage == RoundStage.TOP_CUT for _n, stage in rounds):
        for name in FIXED_AT_CUT:
            locked[name] = _("Fixed once the top cut is made.")
    if rounds:
        last = rounds[-1][0]
        open_matches = Match.objects.filter(
            round__event=event, round__number=last, player_b__isnull=False,
            status__in=[MatchStatus.PENDING, MatchStatus.REPORTED],
        ).count()  # fmt: skip
        if open_matches:
            locked["best_of"] = _(
                "Changes between rounds only: round %(n)d has %(count)d match(es) waiting for a result."
            ) % {"n": last, "count": open_matches}
    return locked


def _as_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, datetime.datetime):
        if value.tzinfo is not None:
            value = value.astimezone(datetime.UTC)
        return value.isoformat()
    if isinstance(value, datetime.date):
        return value.isoformat()
    return str(value)


def _current(event: Event, name: str, started: bool = False) -> Any:
    """The value a change replaces; once round 1 is paired the overrides stand for the event's fixed
    numbers (Swiss rounds, top cut), which is what the console shows and changes."""
    if name == "banlist":
        return event.banlist_name
    if started and name == "swiss_rounds_override":
        return event.swiss_rounds
    if started and name == "top_cut_override":
        return event.top_cut_size
    return getattr(event, name)


def event_update(*, event: Event, by=None, user=None, reason: str = "", **changes: Any) -> Event:
    """Change the event's settings (organizers). Values equal to the current ones are ignored; each real
    change is checked against the rules above (a refusal names the field) and audited. `user` is the older
    name of `by`."""
    by = by if by is not None else user
    unknown = set(changes) - EDIT_FIELDS
    if unknown:
        raise TournamentError(
            _("These fields cannot be changed: %s.") % ", ".join(sorted(unknown)),
            field=sorted(unknown)[0],
            code="unknown_field",
        )
    _validate(changes)
    with transaction.atomic():
        event = lock_event(event.pk)
        require_manager(user=by, event=event)
        event = _with_deck_settings(event)
        game = changes.get("game", event.game)
        if "rule_set" in changes:
            changes["rule_set"] = rule_set_resolve(game=game, rule_set=changes["rule_set"])
        if "banlist" in changes:
            changes["banlist"] = (changes["banlist"] or "").strip()
        started = Round.objects.filter(event=event).exists()
        changed = {n: v for n, v in changes.items() if _as_text(v) != _as_text(_current(event, n, started))}
        locked = event_locked_fields(event=event)
        for name in FIELD_ORDER:
            if name in changed and name in locked:
                raise TournamentError(
                    _("%(field)s cannot change now: %(why)s")
                    % {"field": field_label(name), "why": locked[name]},
                    field=name,
                    code="locked",
                )
        if "game" in changed:
            _change_game(event=event, changes=changes, changed=changed)
        _check_values(event=event, changed=changed, started=started)
        audit = []
        if "banlist" in changed:
            name = changed.pop("banlist")
            _banlist_store(event=event, banlist=banlist_resolve(game=game, name=name))
            audit.append(("banlist", event.banlist_name, name))
        for name, value in changed.items():
            audit.append((name, _as_text(_current(event, name, started)), _as_text(value)))
            setattr(event, name, value)
        _check_self_check_in_window(event.self_check_in_opens, event.self_check_in_closes)
        if started and "swiss_rounds_override" in changed:
            event.swiss_rounds = changed["swiss_rounds_override"]
        if started and "top_cut_override" in changed:
            event.top_cut_size = changed["top_cut_override"]
        if changed:
            event.save()
        reason = (reason or "").strip()
        EventChange.objects.bulk_create(
            EventChange(
                event=event, action=EventChange.Action.EDIT, field=name, old_value=_as_text(old),
                new_value=_as_text(new), reason=reason, changed_by=by,
            )
            for name, old, new in sorted(audit, key=lambda item: _order(item[0]))
        )  # fmt: skip
    return _with_deck_settings(event)


def _order(name: str) -> int:
    return FIELD_ORDER.index(name) if name in FIELD_ORDER else len(FIELD_ORDER)


def _change_game(*, event: Event, changes: dict, changed: dict) -> None:
    """A new game before round 1: its rule set (given, or its default) and no banlist of the old game."""
    if deck_lists().submitted(event=event):
        raise TournamentError(
            _("Deck lists were submitted for this game: the game cannot change any more."),
            field="game",
            code="locked",
        )
    game = changed["game"]
    changed["rule_set"] = changes.get("rule_set") or rule_set_resolve(game=game, rule_set="")
    if event.banlist_name and "banlist" not in changes:
        changed["banlist"] = ""


def _check_values(*, event: Event, changed: dict, started: bool) -> None:
    if started and "swiss_rounds_override" in changed:
        rounds = changed["swiss_rounds_override"]
        paired = Round.objects.filter(event=event, stage=RoundStage.SWISS).count()
        if rounds is None:
            raise TournamentError(
                _("Give the number of Swiss rounds: round 1 is paired."), field="swiss_rounds_override"
            )
        if rounds < paired:
            raise TournamentError(
                _("%(paired)d Swiss rounds are paired already: the event cannot have fewer.")
                % {"paired": paired},
                field="swiss_rounds_override",
                code="below_paired",
            )
    if started and "top_cut_override" in changed:
        cut = changed["top_cut_override"]
        if cut is None:
            raise TournamentError(
                _("Give the size of the top cut (0: none): round 1 is paired."), field="top_cut_override"
            )
        active = Registration.objects.filter(event=event, status=RegistrationStatus.CHECKED_IN).count()
        if cut > active:
            raise TournamentError(
                _("A top %(cut)d needs %(cut)d players; %(active)d are still playing.")
                % {"cut": cut, "active": active},
                field="top_cut_override",
                code="too_large",
            )
    if changed.get("capacity") is not None:
        taken = Registration.objects.filter(event=event).exclude(status=RegistrationStatus.DROPPED).count()
        if changed["capacity"] < taken:
            raise TournamentError(
                _("%(taken)d players are registered: the capacity cannot be lower.") % {"taken": taken},
                field="capacity",
                code="below_registered",
            )
