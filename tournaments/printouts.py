"""PDF printouts of tournament day (WeasyPrint, A4, fonts installed on the machine — nothing fetched):
pairings by name and by table, match result slips (one per table, with cut lines), standings, deck lists."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.extensions import deck_lists
from tournaments.models import Event, Round
from tournaments.selectors.player_ids import event_player_ids, player_id_label
from tournaments.selectors.rounds import outstanding_matches, pairings_by_name, pairings_by_table
from tournaments.selectors.standings import event_standings

KINDS = ("pairings-name", "pairings-table", "slips", "standings", "decklists")
PRINT_CSS = Path(settings.BASE_DIR) / "static" / "css" / "print.css"


class NothingToPrint(Exception):
    pass


def _context(*, kind: str, event: Event, round_: Round | None) -> tuple[str, dict]:
    base = {
        "event": event,
        "round": round_,
        "printed_at": timezone.localtime(),
        "id_label": player_id_label(game=event.game),  # the game's player ID (KONAMI ID…), "" if none
    }
    if kind in ("pairings-name", "pairings-table", "slips") and round_ is None:
        raise NothingToPrint(_("No round is paired yet."))
    if kind == "pairings-name":
        rows = pairings_by_name(round_=round_, with_points=True, event=event)
        return "tournaments/print/pairings_name.html", {**base, "rows": rows}
    if kind == "pairings-table":
        return "tournaments/print/pairings_table.html", {**base, "rows": pairings_by_table(round_=round_)}
    if kind == "slips":
        matches = [m for m in outstanding_matches(round_=round_) if m.player_b_id is not None]
        if not matches:
            matches = [m for m in pairings_by_table(round_=round_) if m.player_b_id is not None]
        ids = event_player_ids(event=event)
        for m in matches:
            m.game_id_a, m.game_id_b = ids.get(m.player_a_id, ""), ids.get(m.player_b_id, "")
        return "tournaments/print/slips.html", {**base, "matches": matches}
    if kind == "standings":
        rows = event_standings(event=event)
        ids = event_player_ids(event=event)
        game_ids = [ids.get(row.registration_id, "") for row in rows]
        return "tournaments/print/standings.html", {**base, "rows": list(zip(rows, game_ids, strict=True))}
    decks = deck_lists()
    lists = [
        {
            "registration": reg,
            "version": version,
            "sheet": decks.sheet(content=version.content, game=event.game),
        }
        for reg, version in decks.submitted(event=event)
    ]
    if not lists:
        raise NothingToPrint(_("No deck list was submitted."))
    return "tournaments/print/decklists.html", {**base, "lists": lists}


def render_html(*, kind: str, event: Event, round_: Round | None, request=None) -> str:
    template, context = _context(kind=kind, event=event, round_=round_)
    return render_to_string(template, context, request=request)


def render_document(*, kind: str, event: Event, round_: Round | None, request=None):
    """The laid-out printout (a WeasyPrint Document: pages, sizes); the stylesheet is read from disk (no
    network, no static server); fonts are the machine's."""
    from weasyprint import CSS, HTML

    html = render_html(kind=kind, event=event, round_=round_, request=request)
    return HTML(string=html, base_url=str(settings.BASE_DIR)).render(
        stylesheets=[CSS(filename=str(PRINT_CSS))]
    )


def render_pdf(*, kind: str, event: Event, round_: Round | None, request=None) -> bytes:
    return render_document(kind=kind, event=event, round_=round_, request=request).write_pdf()
