"""Pages of the tournaments app: thin views over tournaments.services and tournaments.selectors."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from core.bounds import MAX_ROUND, parse_bounded_int
from core.games import game_choices
from core.progress import task_status_or_unavailable as task_status
from core.ratelimit import ratelimit
from tournaments import selectors, services
from tournaments.forms import EventForm, ResultForm
from tournaments.models import Event, EventStatus, Match, MatchStatus, Registration, Round
from tournaments.selectors.pairing_warnings import pairing_warnings_before
from tournaments.selectors.player_ids import player_id_field
from tournaments.services.common import JUDGE_ROLES, can_manage, can_score, staff_role
from tournaments.services.errors import TournamentError
from tournaments.services.registrations import registration_service_for


def _visible_event(request: HttpRequest, pk: int) -> Event:
    event = get_object_or_404(Event.objects.select_related("organizer"), pk=pk)
    if event.status == EventStatus.DRAFT and not can_score(user=request.user, event=event):
        raise Http404
    return event


def _staff_flags(request: HttpRequest, event: Event) -> dict[str, bool]:
    """What the event's pages show this person: the staff's tools (scorekeepers included) and the judges'."""
    role = staff_role(user=request.user, event=event)
    return {"is_staff": role is not None, "is_judge": role in JUDGE_ROLES}


def _error(request: HttpRequest, exc: TournamentError) -> None:
    messages.error(request, exc.message)


def event_list(request: HttpRequest) -> HttpResponse:
    events = selectors.event_list(include_drafts_for=request.user).order_by("-date", "name")[:200]
    return render(request, "tournaments/event_list.html", {"events": events, "title": _("Events")})


@login_required
def my_events(request: HttpRequest) -> HttpResponse:
    events = selectors.events_of_player(user=request.user).order_by("-date", "name")[:200]
    context = {"events": events, "title": _("My events"), "show_player_ids": True}
    return render(request, "tournaments/event_list.html", context)


@login_required
def my_player_ids(request: HttpRequest) -> HttpResponse:
    """One's own player IDs (KONAMI ID, Bushiroad ID…), one per game, kept for every event of the game."""
    from tournaments.selectors.player_ids import player_ids_of
    from tournaments.services.player_ids import player_game_id_set

    errors: dict[str, str] = {}
    if request.method == "POST":
        game = request.POST.get("game", "")
        if game not in {row["game"] for row in player_ids_of(user=request.user)}:
            return HttpResponse(_("This game has no player ID."), status=400)
        try:
            player_game_id_set(user=request.user, game=game, value=request.POST.get("value"), by=request.user)
        except TournamentError as exc:
            errors[game] = exc.message
        else:
            messages.success(request, _("Your player ID is saved."))
            return redirect("tournaments:my_player_ids")
    rows = player_ids_of(user=request.user)
    for row in rows:
        row["error"] = errors.get(row["game"], "")
        if row["error"]:
            row["value"] = request.POST.get("value", "")
        row["game_title"] = dict(game_choices()).get(row["game"], row["game"])
    status = 400 if errors else 200
    return render(request, "tournaments/my_player_ids.html", {"rows": rows}, status=status)


@login_required
def console(request: HttpRequest) -> HttpResponse:
    events = selectors.events_managed_by(user=request.user).order_by("-date", "name")[:200]
    return render(
        request,
        "tournaments/event_list.html",
        {"events": events, "title": _("Events I organise"), "can_create": request.user.is_organizer},
    )


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    if not request.user.is_organizer:
        messages.error(request, _("Only organizers can create events."))
        return redirect("tournaments:event_list")
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.event_create(organizer=request.user, **form.cleaned_data)
        except TournamentError as exc:
            form.add_error(exc.field or None, exc.message)
        else:
            messages.success(request, _("Event created as a draft. Open registration when you are ready."))
            return redirect("tournaments:event_detail", pk=event.pk)
    return render(request, "tournaments/event_form.html", {"form": form}, status=400 if form.errors else 200)


def event_detail(request: HttpRequest, pk: int) -> HttpResponse:
    event = _visible_event(request, pk)
    is_manager = can_manage(user=request.user, event=event)
    flags = _staff_flags(request, event)
    is_staff = flags["is_staff"]
    rounds = list(selectors.event_rounds(event=event))
    context = {
        "event": event,
        "is_manager": is_manager,
        **flags,
        "my_registration": selectors.registration_of(event=event, user=request.user),
        "my_match": selectors.my_current_match(event=event, user=request.user),
        "rounds": rounds,
        "registrations": selectors.event_registrations(event=event) if is_staff else None,
        "registration_count": event.registrations.count(),
        "staff": selectors.event_staff(event=event),
        "pairing_task": task_status(event.pairing_task_id) if is_manager and event.pairing_task_id else None,
        "status_choices": EventStatus,
        "next_round": (rounds[-1].number + 1) if rounds else 1,
        **player_id_field(game=event.game, user=request.user),
    }
    return render(request, "tournaments/event_detail.html", context)


@require_POST
@login_required
def event_status(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk)
    try:
        services.event_set_status(event=event, status=request.POST.get("status", ""), user=request.user)
    except TournamentError as exc:
        _error(request, exc)
    return redirect("tournaments:event_detail", pk=pk)


@require_POST
@login_required
def register(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk)
    try:
        services.registration_create(
            event=event, player=request.user, player_id=request.POST.get("player_id")
        )
        messages.success(request, _("You are registered."))
    except TournamentError as exc:
        _error(request, exc)
    return redirect("tournaments:event_detail", pk=pk)


@require_POST
@login_required
def add_person(request: HttpRequest, pk: int) -> HttpResponse:
    """Staff: register a player by username (a late entry during the Swiss); organizers: appoint a judge,
    head judge, scorekeeper or organizer (`as`), or take someone off the staff (`as=remove`)."""
    from tournaments.selectors.staff import person_by_username
    from tournaments.services.errors import no_such_person

    event = get_object_or_404(Event, pk=pk)
    person = person_by_username(username=request.POST.get("username", ""))
    if person is None:
        _error(request, no_such_person(request.POST.get("username", "")))
        return redirect("tournaments:event_detail", pk=pk)
    what = request.POST.get("as", "")
    try:
        if what == "player":
            from tournaments.services.registrations import staff_entry_message

            registration = services.registration_create(
                event=event, player=person, by=request.user, check_in=True
            )
            messages.success(request, staff_entry_message(registration=registration))
        elif what == "remove":
            services.event_remove_staff(event=event, user=person, by=request.user)
            messages.success(request, _("%(name)s is no longer on the staff.") % {"name": person})
        else:
            staff = services.event_add_staff(event=event, user=person, role=what, by=request.user)
            text = _("%(name)s is on the staff as %(role)s.")
            messages.success(request, text % {"name": person, "role": staff.get_role_display()})
    except TournamentError as exc:
        _error(request, exc)
    return redirect("tournaments:event_detail", pk=pk)


@require_POST
@login_required
def registration_action(request: HttpRequest, pk: int, registration_id: int, action: str) -> HttpResponse:
    registration = get_object_or_404(Registration, pk=registration_id, event_id=pk)
    service = registration_service_for(action)
    if service is None:
        raise Http404
    try:
        service(registration=registration, by=request.user)
    except TournamentError as exc:
        _error(request, exc)
    return redirect("tournaments:event_detail", pk=pk)


def requested_round_number(request: HttpRequest) -> int | None:
    """The round number a "pair" button was showing: pressing it twice then asks for the same round twice
    (and gets it back) instead of asking for the round after."""
    value = request.POST.get("number", "")
    return parse_bounded_int(value, minimum=1, maximum=MAX_ROUND)


def warn_before_pairing(request: HttpRequest, event: Event, number: int | None) -> HttpResponse | None:
    """Before a "pair" button pairs: who has no deck list, an illegal one, or is not checked in, with a
    "Pair anyway" button posting the same request again with force=1 (a fragment for htmx, else a page).
    None when there is nothing to say or the request is that second one: pair."""
    if request.POST.get("force"):
        return None
    warnings = pairing_warnings_before(event=event, user=request.user, number=number)
    if not warnings:
        return None
    context = {"event": event, "warnings": warnings, "number": number, "action": request.path}
    template = "tournaments/_pair_warnings.html" if request.htmx else "tournaments/pair_warnings.html"
    return render(request, template, context)


@require_POST
@login_required
def pair_next(request: HttpRequest, pk: int) -> HttpResponse:
    """The "pair next round" button (htmx): a link to the new round, or the progress of the task."""
    event = get_object_or_404(Event, pk=pk)
    number = requested_round_number(request)
    if (warned := warn_before_pairing(request, event, number)) is not None:
        return warned
    try:
        round_, task_id = services.round_request_pairing(event=event, user=request.user, number=number)
    except TournamentError as exc:
        if not request.htmx:
            _error(request, exc)
            return redirect("tournaments:event_detail", pk=pk)
        return render(request, "tournaments/_pairing_status.html", {"event": event, "error": exc.message})
    if not request.htmx:
        if round_ is not None:
            return redirect("tournaments:round_detail", pk=pk, number=round_.number)
        return redirect("tournaments:event_detail", pk=pk)
    context = {"event": event, "round": round_, "task": task_status(task_id) if task_id else None}
    return render(request, "tournaments/_pairing_status.html", context)


@never_cache
@login_required
def pairing_status(request: HttpRequest, pk: int) -> HttpResponse:
    """Polled by the page while a pairing task runs; stops polling once the round exists."""
    event = get_object_or_404(Event, pk=pk)
    if not can_manage(user=request.user, event=event):
        raise Http404
    task = task_status(event.pairing_task_id) if event.pairing_task_id else None
    round_ = None
    if task is not None and task.finished and not task.failed and isinstance(task.result, dict):
        round_ = Round.objects.filter(pk=task.result.get("round_id")).first()
    return render(
        request, "tournaments/_pairing_status.html", {"event": event, "round": round_, "task": task}
    )


def round_detail(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    event = _visible_event(request, pk)
    round_ = get_object_or_404(Round, event=event, number=number)
    order = request.GET.get("order", "table")
    flags = _staff_flags(request, event)
    is_staff = flags["is_staff"]
    my_registration = selectors.registration_of(event=event, user=request.user)
    context = {
        "event": event,
        "round": round_,
        "order": order,
        **flags,
        "is_manager": can_manage(user=request.user, event=event),
        "my_registration_id": my_registration.pk if my_registration else None,
        "rows": selectors.pairings_by_name(round_=round_) if order == "name" else None,
        "matches": selectors.pairings_by_table(round_=round_) if order != "name" else None,
        "repairable": is_staff and services.round_repairable(round_=round_),
    }
    return render(request, "tournaments/round_detail.html", context)


def _match_context(request, match: Match, *, error: str = "", conflict: bool = False, repair=None) -> dict:
    event = match.round.event
    my_registration = selectors.registration_of(event=event, user=request.user)
    return {
        "event": event,
        "match": match,
        **_staff_flags(request, event),
        "my_registration_id": my_registration.pk if my_registration else None,
        "error": error,
        "conflict": conflict,
        "repair": repair,
    }


@require_POST
@login_required
@ratelimit(scope="report")
def match_result(request: HttpRequest, pk: int, match_id: int) -> HttpResponse:
    """Staff enter or correct, a player reports or confirms (`action`): the one result form, then the one
    service of results; answers with the match row (htmx)."""
    match = get_object_or_404(
        Match.objects.select_related("round__event", "player_a__player", "player_b__player"),
        pk=match_id,
        round__event_id=pk,
    )
    error, conflict, repair, status = "", False, None, 200
    try:
        action = request.POST.get("action") or "enter"
        result = ResultForm(request.POST, match=match, action=action).parse()
        outcome = services.match_result_submit(match=match, user=request.user, action=action, result=result)
        repair = outcome.repairable_round
    except TournamentError as exc:
        where = f"{exc.field}: " if exc.field else ""
        error, conflict, status = f"{where}{exc.message}", exc.status == 409, exc.status
    match.refresh_from_db()
    context = _match_context(request, match, error=error, conflict=conflict, repair=repair)
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect(reverse("tournaments:round_detail", args=[pk, match.round.number]))
    # htmx swaps only 2xx answers by default; the row carries the error itself, so answer 200 for 4xx.
    response = render(request, "tournaments/_match_row.html", context)
    response["X-Result-Status"] = str(status)
    return response


@require_POST
@login_required
def round_repair(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    round_ = get_object_or_404(Round, event_id=pk, number=number)
    try:
        services.round_repair(round_=round_, user=request.user)
        messages.success(request, _("Round %(n)d was paired again.") % {"n": number})
    except TournamentError as exc:
        _error(request, exc)
    return redirect("tournaments:round_detail", pk=pk, number=number)


def standings(request: HttpRequest, pk: int) -> HttpResponse:
    event = _visible_event(request, pk)
    from tournaments.selectors.player_ids import event_player_ids, player_id_label

    rows = selectors.event_standings(event=event)
    flags = _staff_flags(request, event)
    # The players' IDs (KONAMI ID…) are for the staff only.
    id_label = player_id_label(game=event.game) if flags["is_staff"] else ""
    ids = event_player_ids(event=event) if id_label else {}
    game_ids = [ids.get(row.registration_id, "") for row in rows]
    context = {"event": event, "rows": list(zip(rows, game_ids, strict=True)), "id_label": id_label, **flags}
    return render(request, "tournaments/standings.html", context)


def top_cut(request: HttpRequest, pk: int) -> HttpResponse:
    event = _visible_event(request, pk)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect("login")
        try:
            services.topcut_start(event=event, user=request.user)
        except TournamentError as exc:
            _error(request, exc)
        return redirect("tournaments:top_cut", pk=pk)
    bracket = selectors.topcut_bracket(event=event)
    names = {}
    if bracket:
        for matches in bracket.rounds:
            for m in matches:
                names[m.player_a_id] = str(m.player_a.player)
                names[m.player_b_id] = str(m.player_b.player)
    placings = sorted(
        ((names.get(reg), place) for reg, place in (bracket.placings.items() if bracket else [])),
        key=lambda item: (int(item[1].split("-")[0]), item[0] or ""),
    )
    return render(
        request,
        "tournaments/top_cut.html",
        {
            "event": event,
            "bracket": bracket,
            "placings": placings,
            "is_manager": can_manage(user=request.user, event=event),
            **_staff_flags(request, event),
            "MatchStatus": MatchStatus,
        },
    )
