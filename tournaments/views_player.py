"""The player's phone page for an event (390×844, slow connections): my table and opponent, live without
reloading (a tiny fragment polled by htmx, answered 204/304 when nothing changed), reporting and confirming
results, my record and standing, my deck-list status, drop. Plain forms: it works without any script."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from core.bounds import MAX_VERSION, parse_bounded_int
from core.ratelimit import ratelimit
from tournaments import live, services
from tournaments.models import Event, EventStatus
from tournaments.selectors import day as day_selectors
from tournaments.selectors.drafts import event_hidden
from tournaments.services.day import match_dispute, parse_games, quick_results_for
from tournaments.services.errors import TournamentError
from tournaments.services.timer import timer_state

POLL_SECONDS = 4  # settings.LIVE_POLL_SECONDS overrides it (docs/tournament-day.md, "The phones at scale")


def _event(request: HttpRequest, event_id: int) -> Event:
    event = get_object_or_404(Event.objects.select_related("organizer"), pk=event_id)
    # a draft is its staff's only: anyone else gets the answer of an event that does not exist
    if event_hidden(event=event, user=request.user):
        raise Http404(_("No such event."))
    return event


def _version(request: HttpRequest) -> int | None:
    """The match version the phone showed (a hidden field); None when missing or not a version — the
    service then refuses the report or confirmation (400) instead of acting on a result unseen."""
    return parse_bounded_int(request.POST.get("version", ""), minimum=1, maximum=MAX_VERSION)


def _me_url(event: Event) -> str:
    return reverse("tournaments:player_event", args=[event.pk])


def _context(request: HttpRequest, event: Event, *, with_standing: bool = True) -> dict:
    live_state = live.phone_state(event=event, user=request.user)  # before the reads (tournaments/live.py)
    day = day_selectors.player_day(event=event, user=request.user, with_standing=with_standing)
    timer = None
    if day.round is not None and day.match is not None and day.match.status != "confirmed":
        timer = timer_state(round_=day.round)
    # Results a player can report: the best-of decides which buttons make sense (games of me vs opponent).
    choices = quick_results_for(best_of=event.best_of)
    return {
        "event": event,
        "day": day,
        "timer": timer,
        "version": day.version(event),
        "poll_seconds": f"{getattr(settings, 'LIVE_POLL_SECONDS', None) or POLL_SECONDS:g}",  # not localized
        "live": live_state,
        "report_choices": choices,
        "open_for_registration": event.status in (EventStatus.REGISTRATION, EventStatus.CHECK_IN),
    }


@login_required
@require_GET
def player_event(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    return render(request, "tournaments/player/event.html", _context(request, event))


@login_required
@require_GET
def player_live(request: HttpRequest, event_id: int) -> HttpResponse:
    """The live fragment. `?v=` is the version the phone shows: unchanged → 204 (htmx keeps the page);
    a conditional GET with the current ETag → 304."""
    event = _event(request, event_id)
    version = day_selectors.player_version(event=event, user=request.user)
    etag = f'"{version}"'
    if request.GET.get("v") == version:
        response = HttpResponse(status=204)
        response["ETag"] = etag
        return response
    if request.headers.get("If-None-Match") == etag:
        return HttpResponseNotModified(headers={"ETag": etag})
    response = render(request, "tournaments/player/_live.html", _context(request, event, with_standing=False))
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


def _not_registered() -> TournamentError:
    return TournamentError(_("You are not registered for this event."), code="not_registered")


def _fail(request: HttpRequest, event: Event, error: TournamentError) -> HttpResponse:
    messages.error(request, error.message)
    return render(request, "tournaments/player/event.html", _context(request, event), status=error.status)


@login_required
@require_POST
def player_register(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    try:
        services.registration_create(event=event, player=request.user)
    except TournamentError as error:
        return _fail(request, event, error)
    messages.success(request, _("You are registered."))
    return redirect(_me_url(event))


@login_required
@require_POST
def player_check_in(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    day = day_selectors.player_day(event=event, user=request.user, with_standing=False)
    if day.registration is None:
        return _fail(request, event, _not_registered())
    try:
        services.registration_check_in(registration=day.registration, by=request.user)
    except TournamentError as error:
        return _fail(request, event, error)
    messages.success(request, _("You are checked in."))
    return redirect(_me_url(event))


@login_required
@require_POST
@ratelimit(scope="report")
def player_report(request: HttpRequest, event_id: int) -> HttpResponse:
    """Report my match: the choice is my games first ("2-1": I won two games, lost one)."""
    event = _event(request, event_id)
    day = day_selectors.player_day(event=event, user=request.user, with_standing=False)
    if day.match is None or day.opponent is None:
        return _fail(request, event, TournamentError(_("You have no match to report."), code="no_match"))
    try:
        mine, theirs, drawn = parse_games(
            quick=request.POST.get("result", ""),
            games_a=request.POST.get("my_games", ""),
            games_b=request.POST.get("their_games", ""),
            games_drawn=request.POST.get("drawn_games", ""),
        )
        games_a, games_b = (mine, theirs) if day.side == "a" else (theirs, mine)
        services.match_report_result(
            match=day.match, user=request.user, games_a=games_a, games_b=games_b, games_drawn=drawn,
            version=_version(request),
        )  # fmt: skip
    except TournamentError as error:
        return _fail(request, event, error)
    messages.success(request, _("Result reported: your opponent confirms it on their phone."))
    return redirect(_me_url(event))


@login_required
@require_POST
def player_confirm(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    day = day_selectors.player_day(event=event, user=request.user, with_standing=False)
    if day.match is None:
        return _fail(request, event, TournamentError(_("You have no match to confirm."), code="no_match"))
    try:
        services.match_confirm_result(match=day.match, user=request.user, version=_version(request))
    except TournamentError as error:
        return _fail(request, event, error)
    messages.success(request, _("Result confirmed."))
    return redirect(_me_url(event))


@login_required
@require_POST
def player_dispute(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    day = day_selectors.player_day(event=event, user=request.user, with_standing=False)
    if day.match is None:
        return _fail(request, event, TournamentError(_("You have no match to dispute."), code="no_match"))
    try:
        match_dispute(match=day.match, user=request.user, reason=request.POST.get("reason", ""))
    except TournamentError as error:
        return _fail(request, event, error)
    messages.warning(request, _("A judge is called to your table to settle the result."))
    return redirect(_me_url(event))


@login_required
@require_POST
def player_drop(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    day = day_selectors.player_day(event=event, user=request.user, with_standing=False)
    if day.registration is None:
        return _fail(request, event, _not_registered())
    if request.POST.get("confirm") != "yes":
        return _fail(
            request, event, TournamentError(_("Tick the box to confirm that you drop."), field="confirm")
        )
    try:
        services.registration_drop(registration=day.registration, by=request.user)
    except TournamentError as error:
        return _fail(request, event, error)
    messages.success(request, _("You have dropped from the event. Thank you for playing!"))
    return redirect(_me_url(event))
