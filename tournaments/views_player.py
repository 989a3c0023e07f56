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

from core.ratelimit import ratelimit
from tournaments import live, services
from tournaments.forms import ResultForm
from tournaments.models import Event, EventStatus, RoundStage
from tournaments.selectors import day as day_selectors
from tournaments.selectors.checkin import checkin_scan_path, qr_svg, self_check_in
from tournaments.selectors.drafts import event_hidden
from tournaments.selectors.player_ids import player_id_field
from tournaments.services.day import match_dispute, quick_results_for
from tournaments.services.errors import TournamentError
from tournaments.services.timer import timer_state

POLL_SECONDS = 4  # settings.LIVE_POLL_SECONDS overrides it (docs/tournament-day.md, "The phones at scale")


def _event(request: HttpRequest, event_id: int) -> Event:
    event = get_object_or_404(Event.objects.select_related("organizer"), pk=event_id)
    # a draft is its staff's only: anyone else gets the answer of an event that does not exist
    if event_hidden(event=event, user=request.user):
        raise Http404(_("No such event."))
    return event


def _me_url(event: Event) -> str:
    return reverse("tournaments:player_event", args=[event.pk])


def _context(request: HttpRequest, event: Event, *, with_standing: bool = True) -> dict:
    live_state = live.phone_state(event=event, user=request.user)  # before the reads (tournaments/live.py)
    day = day_selectors.player_day(event=event, user=request.user, with_standing=with_standing)
    timer = None
    if day.round is not None and day.match is not None and day.match.status != "confirmed":
        timer = timer_state(round_=day.round)
    # Results a player can report: the best-of decides which buttons make sense (games of me vs opponent).
    choices = quick_results_for(
        best_of=event.best_of, top_cut=day.round is not None and day.round.stage == RoundStage.TOP_CUT
    )
    return {
        "event": event,
        "day": day,
        "timer": timer,
        "version": day.version(event),
        "poll_seconds": f"{getattr(settings, 'LIVE_POLL_SECONDS', None) or POLL_SECONDS:g}",  # not localized
        "live": live_state,
        "report_choices": choices,
        "open_for_registration": event.status in (EventStatus.REGISTRATION, EventStatus.CHECK_IN),
        **_checkin_context(request, event, day.registration),
    }


def _page_context(request: HttpRequest, event: Event) -> dict:
    """The whole page: the live part, and the player ID field beside the register button."""
    context = _context(request, event)
    if context["day"].registration is None and context["open_for_registration"]:
        context |= player_id_field(game=event.game, user=request.user)
    return context


def _checkin_context(request: HttpRequest, event: Event, registration) -> dict:
    """The self check-in policy, and the QR code the check-in desk scans (while the player may need it)."""
    policy = self_check_in(event=event)
    qr = None
    if registration is not None and registration.status == "registered" and policy.state != "not_open":
        url = request.build_absolute_uri(checkin_scan_path(registration=registration))
        qr = qr_svg(data=url)
    return {"self_check_in": policy, "checkin_qr": qr}


@login_required
@require_GET
def player_event(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    return render(request, "tournaments/player/event.html", _page_context(request, event))


@require_GET
def player_stream(request: HttpRequest, event_id: int) -> HttpResponse:
    """Reached only when the site is served over WSGI (runserver, gunicorn config.wsgi): over ASGI
    (config.asgi) tournaments/streams.py answers this path before Django. The phone's page then polls."""
    return HttpResponse(
        _("Live streams are served over ASGI only (config.asgi); this page polls instead."),
        status=404,
        content_type="text/plain; charset=utf-8",
    )


@login_required
@require_GET
def player_live(request: HttpRequest, event_id: int) -> HttpResponse:
    """The live fragment. `?v=` is the version the phone shows: unchanged → 204 (htmx keeps the page);
    a conditional GET with the current ETag → 304."""
    event = _event(request, event_id)
    # A poll whose live token the fast path no longer accepts (expired) is answered with the fragment, which
    # carries a new one: "unchanged" would keep the phone on this slow path for the rest of the day.
    token_expired = (
        "lv" in request.GET and live.client() is not None and live.unsign(request.GET.get("t", "")) is None
    )
    # `v=-` (the full fragment after a round's snippet, a renewal) asks for the fragment: no version check
    may_be_unchanged = request.GET.get("v", "-") != "-" or "If-None-Match" in request.headers
    if may_be_unchanged and not token_expired:
        etag = f'"{day_selectors.player_version(event=event, user=request.user)}"'
        if f'"{request.GET.get("v")}"' == etag:
            return HttpResponse(status=204, headers={"ETag": etag})
        if request.headers.get("If-None-Match") == etag:
            return HttpResponseNotModified(headers={"ETag": etag})
    context = _context(request, event, with_standing=False)
    response = render(request, "tournaments/player/_live.html", context)
    response["ETag"] = f'"{context["version"]}"'
    response["Cache-Control"] = "private, no-cache"
    return response


def _not_registered() -> TournamentError:
    return TournamentError(_("You are not registered for this event."), code="not_registered")


def _fail(request: HttpRequest, event: Event, error: TournamentError) -> HttpResponse:
    messages.error(request, error.message)
    context = {**_page_context(request, event), "error": error}
    return render(request, "tournaments/player/event.html", context, status=error.status)


@login_required
@require_POST
def player_register(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    try:
        services.registration_create(
            event=event, player=request.user, player_id=request.POST.get("player_id")
        )
    except TournamentError as error:
        return _fail(request, event, error)
    messages.success(request, _("You are registered."))
    return redirect(_me_url(event))


@login_required
@require_POST
def player_check_in(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    day = day_selectors.player_match(event=event, user=request.user)
    if day.registration is None:
        return _fail(request, event, _not_registered())
    try:
        services.registration_check_in(registration=day.registration, by=request.user)
    except TournamentError as error:
        return _fail(request, event, error)
    messages.success(request, _("You are checked in."))
    return redirect(_me_url(event))


def _submit(request: HttpRequest, event_id: int, action: str, done: str) -> HttpResponse:
    """A report, its withdrawal or a confirmation of my match: the phone's fields through the one result
    form, then the one service of results; back to my page, or my page with the error."""
    event = _event(request, event_id)
    mine = day_selectors.player_match(event=event, user=request.user)
    if mine.match is None or (action == "report" and mine.opponent is None):
        what = {
            "report": _("You have no match to report."),
            "withdraw": _("You have no report to withdraw."),
        }.get(action, _("You have no match to confirm."))
        return _fail(request, event, TournamentError(what, code="no_match"))
    try:
        form = ResultForm.for_player(request.POST, match=mine.match, side=mine.side, action=action)
        services.match_result_submit(match=mine.match, user=request.user, action=action, result=form.parse())
    except TournamentError as error:
        return _fail(request, event, error)
    messages.success(request, done)
    return redirect(_me_url(event))


@login_required
@require_POST
@ratelimit(scope="report")
def player_report(request: HttpRequest, event_id: int) -> HttpResponse:
    """Report my match: the choice is my games first ("2-1": I won two games, lost one)."""
    return _submit(
        request, event_id, "report", _("Result reported: your opponent confirms it on their phone.")
    )


@login_required
@require_POST
def player_withdraw(request: HttpRequest, event_id: int) -> HttpResponse:
    """Undo my report while my opponent has not confirmed it."""
    return _submit(request, event_id, "withdraw", _("Your report is withdrawn: report the result again."))


@login_required
@require_POST
def player_confirm(request: HttpRequest, event_id: int) -> HttpResponse:
    return _submit(request, event_id, "confirm", _("Result confirmed."))


@login_required
@require_POST
def player_dispute(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(request, event_id)
    day = day_selectors.player_match(event=event, user=request.user)
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
    day = day_selectors.player_match(event=event, user=request.user)
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
