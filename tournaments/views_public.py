"""Public pages and the wall: pairings by name and by table, standings, the top-cut bracket, the round
clock for a projector, published deck lists; the printouts (PDF) and the exports (CSV, XLSX, JSON)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from core.bounds import MAX_ROUND, parse_bounded_int
from tournaments import exporters
from tournaments.extensions import deck_lists
from tournaments.models import Event
from tournaments.selectors import day as day_selectors
from tournaments.selectors.drafts import event_hidden
from tournaments.selectors.rounds import (
    current_round,
    event_rounds,
    pairings_by_name,
    pairings_by_table,
    topcut_bracket,
)
from tournaments.selectors.standings import event_standings
from tournaments.services.common import can_judge, can_score
from tournaments.services.timer import timer_state


def _public_event(request: HttpRequest, event_id: int) -> Event:
    event = get_object_or_404(Event.objects.select_related("organizer"), pk=event_id)
    if event_hidden(event=event, user=request.user):
        raise Http404(_("No such event."))
    return event


def _staff_event(request: HttpRequest, event_id: int, *, holds_deck_lists: bool = False) -> Event:
    """The event, for its staff: scorekeepers included, except for what holds the deck lists (judges')."""
    event = _public_event(request, event_id)  # a draft: 404, as if it did not exist
    allowed = can_judge if holds_deck_lists else can_score
    if not allowed(user=request.user, event=event):
        raise PermissionDenied(_("Only the staff of this event can download this."))
    return event


def _round(request: HttpRequest, event: Event):
    raw = request.GET.get("round", "")
    if not raw:
        return current_round(event=event)
    number = parse_bounded_int(raw, minimum=1, maximum=MAX_ROUND)
    round_ = day_selectors.round_by_number(event=event, number=number) if number is not None else None
    if round_ is None:
        raise Http404(_("No such round."))
    return round_


# Projector mode (docs/tournament-day.md, "Projector mode"): ?projector=1 shows the list full screen, a page
# of `rows` rows (0: as many as fit the screen) every `every` seconds, turned by static/js/wall.js; the list
# is fetched again after the last page once `refresh` seconds have passed.
PROJECTOR_EVERY_DEFAULT = 10  # seconds a page stays up
PROJECTOR_REFRESH_DEFAULT = 30  # at the end of a cycle, the list is fetched again if this many seconds passed
PROJECTOR_EVERY_MAX = 600
PROJECTOR_ROWS_MAX = 500


def _projector(request: HttpRequest) -> dict:
    on = request.GET.get("projector") == "1"
    every = parse_bounded_int(request.GET.get("every", ""), minimum=1, maximum=PROJECTOR_EVERY_MAX)
    rows = parse_bounded_int(request.GET.get("rows", ""), minimum=1, maximum=PROJECTOR_ROWS_MAX)
    refresh = parse_bounded_int(request.GET.get("refresh", ""), minimum=1, maximum=PROJECTOR_EVERY_MAX)
    return {
        "projector": on,
        "every": every or PROJECTOR_EVERY_DEFAULT,
        "page_rows": rows or 0,
        "refresh": refresh or PROJECTOR_REFRESH_DEFAULT,
    }


@require_GET
def public_pairings(request: HttpRequest, event_id: int) -> HttpResponse:
    """Pairings of a round (default: the latest) by name — alphabetical in the reader's language, each player
    once with their points before the round, table and opponent, as pinned on walls — or by table."""
    event = _public_event(request, event_id)
    round_ = _round(request, event)
    by = "table" if request.GET.get("by") == "table" else "name"
    if round_ is None:
        rows = []
    elif by == "table":
        rows = pairings_by_table(round_=round_)
    else:
        rows = pairings_by_name(round_=round_, with_points=True, event=event)
    context = {
        "event": event,
        "round": round_,
        "rounds": list(event_rounds(event=event)),
        "by": by,
        "rows": rows,
        **_projector(request),
    }
    return render(request, "tournaments/public/pairings.html", context)


@require_GET
def public_standings(request: HttpRequest, event_id: int) -> HttpResponse:
    """The standings with the event's tie-breakers (formats: core.figures)."""
    event = _public_event(request, event_id)
    context = {
        "event": event,
        "rows": event_standings(event=event),
        "policy": event.tiebreak_policy,
        **_projector(request),
    }
    return render(request, "tournaments/public/standings.html", context)


@require_GET
def public_bracket(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _public_event(request, event_id)
    bracket = topcut_bracket(event=event)
    placings = day_selectors.final_placings(event=event) if bracket and bracket.champion_id else []
    return render(
        request, "tournaments/public/bracket.html", {"event": event, "bracket": bracket, "placings": placings}
    )


@require_GET
def public_clock(request: HttpRequest, event_id: int) -> HttpResponse:
    """The round clock as a large projector page (the fragment is polled to pick up pauses and extensions)."""
    event = _public_event(request, event_id)
    round_ = current_round(event=event)
    context = {"event": event, "round": round_, "timer": timer_state(round_=round_) if round_ else None}
    template = "tournaments/public/_clock.html" if request.htmx else "tournaments/public/clock.html"
    return render(request, template, context)


@require_GET
def public_decklists(request: HttpRequest, event_id: int) -> HttpResponse:
    """The deck lists, once the organizer has published them (after the event)."""
    event = _public_event(request, event_id)
    decks = deck_lists()
    lists = [
        {
            "registration": reg,
            "version": version,
            "sheet": decks.sheet(content=version.content, game=event.game),
        }
        for reg, version in day_selectors.published_deck_lists(event=event)
    ]
    return render(request, "tournaments/public/decklists.html", {"event": event, "lists": lists})


# --- printouts ---------------------------------------------------------------------------------------------


@require_GET
def print_pdf(request: HttpRequest, event_id: int, kind: str) -> HttpResponse:
    from tournaments import printouts

    event = _staff_event(request, event_id, holds_deck_lists=kind == "decklists")
    if kind not in printouts.KINDS:
        raise Http404(_("No such printout."))
    round_ = _round(request, event)
    try:
        pdf = printouts.render_pdf(kind=kind, event=event, round_=round_, request=request)
    except printouts.NothingToPrint as exc:
        return HttpResponse(str(exc), status=409, content_type="text/plain; charset=utf-8")
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{slugify(event.name)}-{kind}.pdf"'
    return response


# --- exports -----------------------------------------------------------------------------------------------


@require_GET
def export_table(request: HttpRequest, event_id: int, what: str, fmt: str) -> HttpResponse:
    """Any registered exporter (`tournaments.exporters`) by its id `<what>.<fmt>`: staff; judges for what
    holds the deck lists."""
    return _export(request, event_id, f"{what}.{fmt}")


@require_GET
def export_event_json(request: HttpRequest, event_id: int) -> HttpResponse:
    return _export(request, event_id, "event.json")


def _export(request: HttpRequest, event_id: int, exporter_id: str) -> HttpResponse:
    exporter = exporters.get(exporter_id)
    event = _staff_event(request, event_id, holds_deck_lists=exporter is not None and exporter.judges_only)
    if exporter is None:
        raise Http404(_("No such export."))
    filename, mime, data = exporter.render(event)
    response = HttpResponse(data, content_type=mime)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
