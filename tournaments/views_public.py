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


@require_GET
def public_pairings(request: HttpRequest, event_id: int) -> HttpResponse:
    """Pairings of a round (default: the latest) by name — alphabetical, as pinned on walls — or by table."""
    event = _public_event(request, event_id)
    round_ = _round(request, event)
    by = "table" if request.GET.get("by") == "table" else "name"
    context = {
        "event": event,
        "round": round_,
        "rounds": list(event_rounds(event=event)),
        "by": by,
        "rows": (pairings_by_table(round_=round_) if by == "table" else pairings_by_name(round_=round_))
        if round_ is not None
        else [],
    }
    return render(request, "tournaments/public/pairings.html", context)


@require_GET
def public_standings(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _public_event(request, event_id)
    return render(
        request,
        "tournaments/public/standings.html",
        {"event": event, "rows": day_selectors.standings_lines(event=event), "policy": event.tiebreak_policy},
    )


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
