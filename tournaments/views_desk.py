"""The check-in desk (staff tablet, 1024×768): find a player by name as one types (htmx), check them in or
undo it in one tap; or scan the QR code of their phone page or deck sheet with the tablet's camera app,
which opens desk_scan. Writes go through tournaments.services (registration_check_in: one door)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments import services
from tournaments.models import Event, Registration
from tournaments.selectors import day as day_selectors
from tournaments.selectors.checkin import desk_search, registration_by_token
from tournaments.selectors.drafts import event_hidden
from tournaments.services.checkin import registration_check_in_by_token, registration_undo_check_in
from tournaments.services.common import can_score
from tournaments.services.errors import TournamentError


def _desk_event(request: HttpRequest, event_id: int) -> Event:
    event = get_object_or_404(Event.objects.select_related("organizer"), pk=event_id)
    if not can_score(user=request.user, event=event):
        raise PermissionDenied(_("Only the staff of this event can use its check-in desk."))
    return event


def _desk_url(event: Event) -> str:
    return reverse("tournaments:desk", args=[event.pk])


def _results(request: HttpRequest, event: Event, *, status: int = 200, error=None, done=None) -> HttpResponse:
    query = (request.GET.get("q") or request.POST.get("q") or "")[:100]
    context = {
        "event": event,
        "query": query,
        "results": desk_search(event=event, query=query),
        "counts": day_selectors.registration_counts(event=event),
        "error": error,
        "done": done,
    }
    return render(request, "tournaments/desk/_results.html", context, status=status)


@login_required
@require_GET
def desk(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _desk_event(request, event_id)
    query = request.GET.get("q", "")[:100]
    context = {
        "event": event,
        "query": query,
        "results": desk_search(event=event, query=query),
        "counts": day_selectors.registration_counts(event=event),
    }
    return render(request, "tournaments/desk/desk.html", context)


@login_required
@require_GET
def desk_results(request: HttpRequest, event_id: int) -> HttpResponse:
    """The live results as the desk types (htmx fragment)."""
    return _results(request, _desk_event(request, event_id))


DESK_ACTIONS = {
    "check-in": (services.registration_check_in, gettext_lazy("%(name)s is checked in.")),
    "undo": (registration_undo_check_in, gettext_lazy("%(name)s is no longer checked in.")),
}


@login_required
@require_POST
def desk_action(request: HttpRequest, event_id: int, registration_id: int, action: str) -> HttpResponse:
    event = _desk_event(request, event_id)
    registration = get_object_or_404(
        Registration.objects.select_related("player"), pk=registration_id, event=event
    )
    if action not in DESK_ACTIONS:
        return HttpResponse(_("Unknown action."), status=404)
    service, done = DESK_ACTIONS[action]
    try:
        service(registration=registration, by=request.user)
    except TournamentError as error:
        if request.htmx:
            return _results(request, event, status=error.status, error=error)
        messages.error(request, error.message)
    else:
        message = str(done) % {"name": registration.player}
        if request.htmx:
            return _results(request, event, done=message)
        messages.success(request, message)
    return redirect(_desk_url(event))


@login_required
@require_http_methods(["GET", "POST"])
def desk_scan(request: HttpRequest, event_id: int, token: str) -> HttpResponse:
    """The URL in a player's QR code. Staff see the player and check them in with one more tap (a GET
    never writes: a link preview or a second scan does nothing); anyone else is told the code is for the
    staff, and nothing happens — not even whose code it is."""
    event = get_object_or_404(Event, pk=event_id)
    if event_hidden(event=event, user=request.user):
        raise Http404(_("No such event."))
    if not can_score(user=request.user, event=event):
        return render(request, "tournaments/desk/scan_refused.html", {"event": event}, status=403)
    if request.method == "POST":
        try:
            registration = registration_check_in_by_token(event=event, token=token, by=request.user)
        except TournamentError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("%(name)s is checked in.") % {"name": registration.player})
        return redirect(_desk_url(event))
    registration = registration_by_token(event=event, token=token)
    status = 200 if registration is not None else 404
    context = {"event": event, "registration": registration, "token": token}
    return render(request, "tournaments/desk/scan.html", context, status=status)
