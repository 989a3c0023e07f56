"""The organizer's console for tournament day (tablet and laptop): registrations and check-in, rounds,
fast result entry, corrections, the round timer, top cut, exports and imports. Views stay thin: forms in,
one service call, a selector's data out."""

from __future__ import annotations

import json
import logging

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRefresh

from core.bounds import MAX_TABLE, parse_bounded_int
from tournaments import services
from tournaments.forms import (
    ImportForm,
    ResultForm,
    RuleSetField,
    banlist_choices,
    rule_set_choices,
    rule_set_clean,
    say_time_zone,
)
from tournaments.models import (
    Event,
    EventStatus,
    Game,
    Match,
    MatchStatus,
    Registration,
    RoundStage,
)
from tournaments.selectors import day as day_selectors
from tournaments.selectors.player_ids import player_id_label
from tournaments.selectors.rounds import (
    current_round,
    events_managed_by,
    match_history,
    round_matches,
    topcut_bracket,
)
from tournaments.selectors.staff import person_by_username
from tournaments.services.common import can_manage, can_score
from tournaments.services.day import quick_results_for
from tournaments.services.errors import TournamentError, no_such_person
from tournaments.services.registrations import (
    registration_service_for,
    staff_entry_message,
)
from tournaments.services.timer import (
    timer_add_time,
    timer_extend_table,
    timer_pause,
    timer_start,
    timer_state,
)
from tournaments.views import requested_round_number, warn_before_pairing

logger = logging.getLogger(__name__)


def _staff_event(request: HttpRequest, event_id: int) -> Event:
    event = get_object_or_404(Event.objects.select_related("organizer"), pk=event_id)
    if not can_score(user=request.user, event=event):
        raise PermissionDenied(_("Only the staff of this event can open its console."))
    return event


def _console_url(event: Event, anchor: str = "") -> str:
    return reverse("tournaments:console_event", args=[event.pk]) + (f"#{anchor}" if anchor else "")


def _error(request: HttpRequest, error: TournamentError) -> None:
    where = f" ({error.field})" if error.field else ""
    messages.error(request, f"{error.message}{where}")


class EventForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=200)
    game = forms.ChoiceField(label=gettext_lazy("Game"), choices=Game.choices)
    # the same choices as the full event form: the service checks they belong to the game
    rule_set = RuleSetField(label=gettext_lazy("Rule set"), required=False, choices=rule_set_choices)
    banlist = forms.ChoiceField(label=gettext_lazy("Banlist"), required=False, choices=banlist_choices)
    date = forms.DateField(label=gettext_lazy("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    venue = forms.CharField(label=gettext_lazy("Venue"), max_length=200, required=False)
    capacity = forms.IntegerField(label=gettext_lazy("Capacity"), required=False, min_value=2)
    swiss_rounds_override = forms.IntegerField(
        label=gettext_lazy("Swiss rounds (empty: from attendance)"), required=False, min_value=1, max_value=30
    )
    top_cut_override = forms.IntegerField(
        label=gettext_lazy("Top cut (empty: from attendance, 0: none)"), required=False, min_value=0
    )
    round_minutes = forms.IntegerField(
        label=gettext_lazy("Round time (minutes, empty: the game's)"),
        required=False,
        min_value=1,
        max_value=600,
    )
    self_check_in_opens = forms.DateTimeField(
        label=gettext_lazy("Self check-in opens (empty: when check-in opens)"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )
    self_check_in_closes = forms.DateTimeField(
        label=gettext_lazy("Self check-in closes (empty: at round 1)"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )
    self_check_in_staff_only = forms.BooleanField(
        label=gettext_lazy("Check-in by the staff only (the check-in desk)"), required=False
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        say_time_zone(self)

    def clean(self):
        return rule_set_clean(self, super().clean())


@login_required
@require_GET
def console_home(request: HttpRequest) -> HttpResponse:
    """The organizer's events, a form for a new one and the import of an exported event."""
    events = list(events_managed_by(user=request.user).order_by("-date", "name")[:100])
    return render(
        request,
        "tournaments/console/home.html",
        {"events": events, "form": EventForm(), "import_form": ImportForm()},
    )


@login_required
@require_POST
def console_event_new(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST)
    if form.is_valid():
        data = {k: v for k, v in form.cleaned_data.items() if v not in (None, "")}
        try:
            event = services.event_create(organizer=request.user, **data)
            services.event_set_status(event=event, status=EventStatus.REGISTRATION, user=request.user)
        except TournamentError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            messages.success(request, _("Event created; registration is open."))
            return redirect(_console_url(event))
    events = list(events_managed_by(user=request.user)[:100])
    status = 403 if not request.user.is_organizer else 400
    return render(
        request,
        "tournaments/console/home.html",
        {"events": events, "form": form, "import_form": ImportForm()},
        status=status,
    )


@login_required
@require_POST
@csrf_exempt  # checked by _event_import_form, once the upload's size is known (the check reads the form)
def console_event_import(request: HttpRequest) -> HttpResponse:
    """Restore an exported event: the file's size is checked before it is read (413), then it is parsed and
    validated as a whole here (400 listing every problem by JSON Pointer; nothing created), and written on a
    worker (progress bar). Every person in it becomes a new placeholder record; the importer is the only
    organizer (tournaments.services.event_import)."""
    from core.uploads import body_too_large, limit_uploads
    from tournaments.services.event_import import import_max_bytes, too_large_error

    if not request.user.is_organizer:
        raise PermissionDenied(_("Only organizers can import events."))
    if body_too_large(request, import_max_bytes()):
        return _import_refused(request, ImportForm(), too_large_error().errors, status=413)
    limit_uploads(request, import_max_bytes())
    return _event_import_form(request)


@csrf_protect
def _event_import_form(request: HttpRequest) -> HttpResponse:
    from tournaments.services.event_import import EventImportError, import_max_bytes, too_large_error
    from tournaments.services.transfers import transfer_start_import

    form = ImportForm(request.POST, request.FILES)
    if getattr(request, "upload_too_large", False):
        return _import_refused(request, ImportForm(), too_large_error().errors, status=413)
    if not form.is_valid():
        return _import_refused(request, form, [], status=400)
    upload = form.cleaned_data["file"]
    if upload.size > import_max_bytes():  # before .read()
        return _import_refused(request, ImportForm(), too_large_error().errors, status=413)
    try:
        transfer = transfer_start_import(data=upload.read(), user=request.user)
    except EventImportError as exc:
        return _import_refused(request, ImportForm(), exc.errors, status=exc.status)
    except TournamentError as exc:
        raise PermissionDenied(exc.message) from exc
    return redirect("tournaments:console_transfer", transfer_id=transfer.pk)


def _import_refused(request: HttpRequest, form: ImportForm, errors: list, *, status: int) -> HttpResponse:
    events = list(events_managed_by(user=request.user)[:100])
    return render(
        request,
        "tournaments/console/home.html",
        {"events": events, "form": EventForm(), "import_form": form, "import_errors": errors},
        status=status,
    )


@login_required
@require_POST
def console_export_start(request: HttpRequest, event_id: int) -> HttpResponse:
    """The complete event as JSON, prepared on a worker with a progress bar (for large events)."""
    from tournaments.services.transfers import transfer_start_export

    event = _staff_event(request, event_id)
    transfer = transfer_start_export(event=event, user=request.user)
    return redirect("tournaments:console_transfer", transfer_id=transfer.pk)


def _task_status(task_id: str):
    """The task's progress, or None when the result backend does not answer (the page keeps polling)."""
    from core.progress import task_status

    try:
        return task_status(task_id)
    except Exception:  # noqa: BLE001 - Redis down or unreachable: show an indeterminate bar
        logger.warning("task status of %s unavailable", task_id, exc_info=True)
        return None


def _own_transfer(request: HttpRequest, transfer_id: int):
    from tournaments.models import EventTransfer

    transfer = get_object_or_404(EventTransfer.objects.select_related("event"), pk=transfer_id)
    if transfer.created_by_id != request.user.pk and not request.user.is_superuser:
        raise PermissionDenied(_("This export or import is someone else's."))
    return transfer


@login_required
@require_GET
def console_transfer(request: HttpRequest, transfer_id: int) -> HttpResponse:
    """Progress of an export or import, then its result (the file, the event, or every problem)."""
    transfer = _own_transfer(request, transfer_id)
    context = {
        "transfer": transfer,
        "task": _task_status(transfer.task_id) if transfer.status == "pending" and transfer.task_id else None,
    }
    if request.htmx and request.GET.get("part") == "status":
        return render(request, "tournaments/console/_transfer.html", context)
    return render(request, "tournaments/console/transfer.html", context)


@login_required
@require_GET
def console_transfer_download(request: HttpRequest, transfer_id: int) -> HttpResponse:
    from django.utils.text import slugify

    transfer = _own_transfer(request, transfer_id)
    if transfer.kind != "export" or transfer.status != "done" or transfer.document is None:
        return HttpResponse(
            _("This export is not ready."), status=409, content_type="text/plain; charset=utf-8"
        )
    response = HttpResponse(
        json.dumps(transfer.document, ensure_ascii=False, indent=1),
        content_type="application/json; charset=utf-8",
    )
    name = slugify(transfer.event.name) if transfer.event else "event"
    response["Content-Disposition"] = f'attachment; filename="{name}-event.json"'
    return response


def _actions_context(request: HttpRequest, event: Event) -> dict:
    """What the "next step" panel needs: the round's progress and which buttons make sense now."""
    round_ = current_round(event=event)
    progress = day_selectors.round_progress(round_=round_)
    task = None
    if event.pairing_task_id:
        status = _task_status(event.pairing_task_id)
        if status is not None and (not status.finished or round_ is None or status.failed):
            task = status
    rounds_played = day_selectors.swiss_rounds_played(event=event)
    swiss_over = bool(
        event.status == EventStatus.SWISS
        and event.swiss_rounds
        and rounds_played >= event.swiss_rounds
        and progress.complete
    )
    return {
        "event": event,
        "round": round_,
        "progress": progress,
        "counts": day_selectors.registration_counts(event=event),
        "task": task,
        "can_manage": can_manage(user=request.user, event=event),
        "rounds_played": rounds_played,
        "swiss_over": swiss_over,
        "can_pair": event.status in (EventStatus.REGISTRATION, EventStatus.CHECK_IN)
        or (event.status == EventStatus.SWISS and progress.complete and not swiss_over),
        "can_cut": swiss_over and (event.top_cut_size or 0) >= 2,
        "can_finish": event.status in (EventStatus.SWISS, EventStatus.TOP_CUT) and progress.complete,
    }


def _dashboard_context(request: HttpRequest, event: Event) -> dict:
    context = _actions_context(request, event)
    round_ = context["round"]
    return {
        **context,
        "timer": timer_state(round_=round_) if round_ is not None else None,
        "query": request.GET.get("q", ""),
        "registrations": day_selectors.registrations_search(event=event, query=request.GET.get("q", "")),
        "matches": _grid_rows(event, round_),
        "quick_results": quick_results_for(
            best_of=event.best_of, top_cut=round_ is not None and round_.stage == RoundStage.TOP_CUT
        ),
        "id_label": player_id_label(game=event.game),  # the game's player ID on the late-entry form
        "bracket": topcut_bracket(event=event)
        if event.status in (EventStatus.TOP_CUT, EventStatus.FINISHED)
        else None,
    }


def _grid_rows(event: Event, round_) -> list[dict]:
    if round_ is None:
        return []
    disputes = day_selectors.open_disputes(round_=round_)
    timer = timer_state(round_=round_)
    return [
        {"match": m, "dispute": disputes.get(m.pk), "extra": timer.extensions.get(m.table or 0, 0)}
        for m in round_matches(round_=round_).filter(player_b__isnull=False)
    ]


@login_required
@require_GET
def console_event(request: HttpRequest, event_id: int) -> HttpResponse:
    """The dashboard of one event."""
    event = _staff_event(request, event_id)
    if request.htmx and request.GET.get("part") == "actions":
        # inner HTML: the panel element stays, so a refresh queued while one is in flight is not lost
        return render(request, "tournaments/console/_actions_inner.html", _actions_context(request, event))
    return render(request, "tournaments/console/event.html", _dashboard_context(request, event))


def _registrations_fragment(
    request: HttpRequest, event: Event, status: int = 200, error: TournamentError | None = None
) -> HttpResponse:
    query = request.GET.get("q") or request.POST.get("q") or ""
    context = {
        "event": event,
        "query": query,
        "registrations": day_selectors.registrations_search(event=event, query=query),
        "can_manage": can_manage(user=request.user, event=event),
        "counts": day_selectors.registration_counts(event=event),
        "error": error,
    }
    return render(request, "tournaments/console/_registrations.html", context, status=status)


@login_required
@require_GET
def console_registrations(request: HttpRequest, event_id: int) -> HttpResponse:
    """The check-in list, filtered as the desk types (htmx fragment)."""
    return _registrations_fragment(request, _staff_event(request, event_id))


@login_required
@require_POST
def console_registration_action(
    request: HttpRequest, event_id: int, registration_id: int, action: str
) -> HttpResponse:
    event = _staff_event(request, event_id)
    registration = get_object_or_404(
        Registration.objects.select_related("player"), pk=registration_id, event=event
    )
    service = registration_service_for(action)
    if service is None:
        return HttpResponse(_("Unknown action."), status=404)
    try:
        service(registration=registration, by=request.user)
    except TournamentError as error:
        if request.htmx:
            return _registrations_fragment(request, event, status=error.status, error=error)
        _error(request, error)
    else:
        if request.htmx:
            return _registrations_fragment(request, event)
        done = {
            "check_in": _("%(name)s is checked in."),
            "drop": _("%(name)s has dropped."),
            "no_show": _("%(name)s is marked as a no-show."),
        }[action.replace("-", "_")]
        messages.success(request, done % {"name": registration.player})
    return redirect(_console_url(event, "registrations") + "")


@login_required
@require_POST
def console_registration_add(request: HttpRequest, event_id: int) -> HttpResponse:
    """A late entry or a walk-in: staff register an existing user by username (checked in at once once
    check-in is open; before that, registered like everyone else)."""
    event = _staff_event(request, event_id)
    username = request.POST.get("username", "")
    player = person_by_username(username=username)
    if player is None:
        _error(request, no_such_person(username))
        return redirect(_console_url(event, "registrations"))
    try:
        registration = services.registration_create(
            event=event, player=player, by=request.user, check_in=True,
            player_id=request.POST.get("player_id") or None,  # empty: keep the one stored
        )  # fmt: skip
    except TournamentError as error:
        _error(request, error)
    else:
        messages.success(request, staff_entry_message(registration=registration))
    return redirect(_console_url(event, "registrations"))


@login_required
@require_POST
def console_status(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _staff_event(request, event_id)
    try:
        services.event_set_status(event=event, status=request.POST.get("status", ""), user=request.user)
    except TournamentError as error:
        _error(request, error)
    return redirect(_console_url(event))


@login_required
@require_POST
def console_pair(request: HttpRequest, event_id: int) -> HttpResponse:
    """ "Start next round": small events are paired at once (published to the players' phones on their next
    poll); large ones on a worker, with a progress bar on the dashboard."""
    event = _staff_event(request, event_id)
    number = requested_round_number(request)
    if (warned := warn_before_pairing(request, event, number)) is not None:
        return warned
    try:
        round_, task_id = services.round_request_pairing(event=event, user=request.user, number=number)
    except TournamentError as error:
        _error(request, error)
    else:
        if round_ is not None:
            messages.success(request, _("Round %(n)d is paired and published.") % {"n": round_.number})
        else:
            messages.info(request, _("Pairing on a worker: follow its progress below."))
    return redirect(_console_url(event))


@login_required
@require_POST
def console_topcut(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _staff_event(request, event_id)
    try:
        round_ = services.topcut_start(event=event, user=request.user)
    except TournamentError as error:
        _error(request, error)
    else:
        messages.success(request, _("The top cut starts: round %(n)d.") % {"n": round_.number})
    return redirect(_console_url(event))


@login_required
@require_POST
def console_match_result(request: HttpRequest, event_id: int, match_id: int) -> HttpResponse:
    """Fast entry from the grid (keyboard or big buttons): the one result form, then the one service of
    results (an entry while the match is open, a correction once confirmed); answers the grid row (htmx) or
    redirects."""
    event = _staff_event(request, event_id)
    match = get_object_or_404(Match.objects.select_related("round"), pk=match_id, round__event=event)
    error = None
    try:
        result = ResultForm(request.POST, match=match).parse()
        services.match_result_submit(match=match, user=request.user, action="staff", result=result)
    except TournamentError as exc:
        error = exc
    if request.htmx and error is None and (moved_on := _moved_on(event, match.round)):
        # The last top-cut result paired the next cut round or finished the event: the grid's rows are
        # the old round's, so the whole dashboard is shown again rather than one stale row.
        messages.success(request, moved_on)
        return HttpResponseClientRefresh()
    if request.htmx:
        match = day_selectors.match_for_console(event=event, match_id=match_id)
        row = {"match": match, "dispute": None, "extra": 0}
        response = render(
            request,
            "tournaments/console/_match_row.html",
            {
                "event": event,
                "row": row,
                "error": error,
                "quick_results": quick_results_for(
                    best_of=event.best_of, top_cut=match.round.stage == RoundStage.TOP_CUT
                ),
            },
            status=error.status if error else 200,
        )
        if error is None:
            response["HX-Trigger"] = "resultSaved"  # the progress bar and the next-step buttons refresh
        return response
    if error:
        _error(request, error)
    return redirect(_console_url(event, "results"))


def _moved_on(event: Event, round_) -> str:
    """What changed for the whole event after a result of ``round_``, in one sentence ("" if nothing)."""
    before = event.status
    event.refresh_from_db(fields=["status"])
    latest = current_round(event=event)
    if event.status == EventStatus.FINISHED and before != EventStatus.FINISHED:
        return _("The final is decided: the event is finished and the final standings are published.")
    if latest is not None and latest.pk != round_.pk:
        return _("Every match of the round has a winner: round %(n)d of the top cut is paired.") % {
            "n": latest.number
        }
    return ""


@login_required
def console_match(request: HttpRequest, event_id: int, match_id: int) -> HttpResponse:
    """One match: its history, and a staff entry or a correction (reason required) of its result, through
    the one result form: every field it shows (kind, penalty, reason…) is what the service is given."""
    event = _staff_event(request, event_id)
    match = get_object_or_404(
        Match.objects.select_related("round", "player_a__player", "player_b__player"),
        pk=match_id,
        round__event=event,
    )
    status = 200
    repairable = None
    form = ResultForm.initial_for(match)
    if request.method == "POST":
        form = ResultForm(request.POST, match=match)
        if form.is_valid():
            try:
                outcome = services.match_result_submit(
                    match=match, user=request.user, action="staff", result=form.result
                )
            except TournamentError as error:
                form.add_error(error.field if error.field in form.fields else None, error.message)
                status = error.status
            else:
                messages.success(request, _("Result saved."))
                if outcome.repairable_round is None:
                    return redirect(_console_url(event, "results"))
                repairable = outcome.repairable_round
                messages.warning(
                    request,
                    _(
                        "Round %(n)d was paired from the old result and has no result yet: "
                        "you may pair it again."
                    )
                    % {"n": repairable.number},
                )
                match = day_selectors.match_for_console(event=event, match_id=match_id)
                form = ResultForm.initial_for(match)
        else:
            status = 400
    context = {
        "event": event,
        "match": match,
        "form": form,
        "history": match_history(match=match),
        "is_correction": match.status == MatchStatus.CONFIRMED,
        "repairable": repairable,
    }
    return render(request, "tournaments/console/match.html", context, status=status)


@login_required
@require_POST
def console_repair(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    event = _staff_event(request, event_id)
    round_ = day_selectors.round_by_number(event=event, number=number)
    if round_ is None:
        return HttpResponse(_("No such round."), status=404)
    try:
        services.round_repair(round_=round_, user=request.user)
    except TournamentError as error:
        _error(request, error)
    else:
        messages.success(request, _("Round %(n)d is paired again.") % {"n": number})
    return redirect(_console_url(event))


@login_required
def console_timer(request: HttpRequest, event_id: int) -> HttpResponse:
    """The round clock: GET the fragment (polled), POST start / pause / add / extend."""
    event = _staff_event(request, event_id)
    round_ = current_round(event=event)
    status = 200
    error = None
    if request.method == "POST" and round_ is not None:
        action = request.POST.get("action", "")
        try:
            if action == "start":
                timer_start(round_=round_, user=request.user)
            elif action == "pause":
                timer_pause(round_=round_, user=request.user)
            elif action == "add":
                timer_add_time(
                    round_=round_, minutes=_int(request.POST.get("minutes"), "minutes"), user=request.user
                )
            elif action == "extend":
                timer_extend_table(
                    round_=round_,
                    table=_int(request.POST.get("table"), "table"),
                    minutes=_int(request.POST.get("minutes"), "minutes"),
                    reason=request.POST.get("reason", ""),
                    user=request.user,
                )
            else:
                raise TournamentError(_("Unknown clock action."), field="action")
        except TournamentError as exc:
            error, status = exc, exc.status
        if not request.htmx:
            if error:
                _error(request, error)
            return redirect(_console_url(event, "timer"))
    context = {
        "event": event,
        "round": round_,
        "timer": timer_state(round_=round_) if round_ else None,
        "error": error,
    }
    return render(request, "tournaments/console/_timer.html", context, status=status)


def _int(raw: str | None, field: str) -> int:
    value = parse_bounded_int(raw or "", minimum=-MAX_TABLE, maximum=MAX_TABLE)
    if value is None:
        raise TournamentError(_("Enter a whole number."), field=field)
    return value


@login_required
@require_GET
def console_exports(request: HttpRequest, event_id: int) -> HttpResponse:
    """Printouts and exports of the event, in one place."""
    event = _staff_event(request, event_id)
    rounds = list(event.rounds.order_by("number"))
    return render(
        request,
        "tournaments/console/exports.html",
        {"event": event, "rounds": rounds, "has_cut": any(r.stage == RoundStage.TOP_CUT for r in rounds)},
    )
