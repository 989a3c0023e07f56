"""Standings and results as spreadsheet tables, written as CSV or XLSX.

Spreadsheet cells are defused against formula injection by one rule (`defuse`): a text cell whose first
character — or first character after leading whitespace — is one of = + - @ (or their full-width forms), or
that starts with a tab, CR or LF, gets a leading apostrophe.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Event

# What a spreadsheet may read as the start of a formula (or of a DDE payload), after leading whitespace.
DANGEROUS_PREFIXES = ("=", "+", "-", "@", "\uff1d", "\uff0b", "\uff0d", "\uff20")
# Cells that start with one of these are defused even before looking further (they are whitespace too).
DANGEROUS_STARTS = ("\t", "\r", "\n")


def defuse(value: Any) -> Any:
    """The one rule for every spreadsheet cell the project writes: a text cell that a spreadsheet could read
    as a formula gets a leading apostrophe; numbers (and everything not text) stay as they are."""
    if isinstance(value, str) and is_dangerous_cell(value):
        return "'" + value
    return value


def is_dangerous_cell(text: str) -> bool:
    """Whether a spreadsheet could take the text for a formula: it starts with a tab, CR or LF, or its first
    character after whitespace and invisible format characters (zero-width space, BOM, direction marks) is
    = + - @ or a full-width form of them."""
    if text.startswith(DANGEROUS_STARTS):
        return True
    for char in text:
        if char.isspace() or unicodedata.category(char) in ("Cf", "Cc", "Zs"):
            continue
        return char in DANGEROUS_PREFIXES
    return False


def standings_table(*, event: Event) -> tuple[list[str], list[list[Any]]]:
    from core.figures import spreadsheet_percent
    from tournaments.selectors.standings import event_standings

    header = [
        _("Rank"), _("Player"), _("Username"), _("Points"), _("Wins"), _("Draws"), _("Losses"), _("Byes"),
        _("OMW%"), _("OOMW%"), _("GW%"), _("OGW%"), _("Dropped after round"),
    ]  # fmt: skip
    konami = event.tiebreak_policy == "konami"
    if konami:
        header.append(_("Tie-breaker"))  # XXYYYZZZ as text: its leading zeros kept
    id_label, ids = _player_id_columns(event)
    if id_label:
        header.append(id_label)  # last: the columns before keep their places; text, leading zeros kept
    rows = [
        [
            row.rank,
            row.name,
            row.username,
            row.points,
            row.wins,
            row.draws,
            row.losses,
            row.byes,
            spreadsheet_percent(row.omw),  # the percentage with two decimals, as a number (core.figures)
            spreadsheet_percent(row.oomw),
            spreadsheet_percent(row.gwp),
            spreadsheet_percent(row.ogw),
            row.dropped_after_round if row.dropped else "",
            *([row.konami_number] if konami else []),
            *([ids.get(row.registration_id, "")] if id_label else []),
        ]  # fmt: skip
        for row in event_standings(event=event)
    ]
    return header, rows


def results_table(*, event: Event) -> tuple[list[str], list[list[Any]]]:
    from tournaments.selectors.day import event_results

    header = [
        _("Round"), _("Stage"), _("Table"), _("Player A"), _("Player B"), _("Games A"), _("Games B"),
        _("Drawn games"), _("Result"), _("Winner"), _("Status"),
    ]  # fmt: skip
    id_label, ids = _player_id_columns(event)
    if id_label:  # last: the columns before keep their places
        header += [_("%(id)s of A") % {"id": id_label}, _("%(id)s of B") % {"id": id_label}]
    rows = []
    for m in event_results(event=event):
        rows.append([
            m.round.number, m.round.get_stage_display(), m.table or "", str(m.player_a.player),
            str(m.player_b.player) if m.player_b else "", m.games_a, m.games_b, m.games_drawn,
            m.get_kind_display() if m.kind else "", str(m.winner.player) if m.winner else "",
            m.get_status_display(),
            *([ids.get(m.player_a_id, ""), ids.get(m.player_b_id, "")] if id_label else []),
        ])  # fmt: skip
    return header, rows


def _player_id_columns(event: Event) -> tuple[str, dict[int, str]]:
    """The game's player-ID label ("" when it has none) and registration id -> ID."""
    from tournaments.selectors.player_ids import event_player_ids, player_id_label

    label = player_id_label(game=event.game)
    return label, (event_player_ids(event=event) if label else {})


def penalties_table(*, event: Event) -> tuple[list[str], list[list[Any]]]:
    """Every penalty of the event, player by player (each player's history, oldest first)."""
    from tournaments.selectors.penalties import event_penalties, infraction_label

    header = [
        _("Player"), _("Username"), _("Round"), _("Table"), _("Infraction"), _("Penalty"), _("Reason"),
        _("Judge"), _("Issued at"), _("Approved by"),
    ]  # fmt: skip
    id_label, ids = _player_id_columns(event)
    if id_label:
        header.append(id_label)
    rows = []
    penalties = sorted(event_penalties(event=event), key=lambda p: (str(p.registration.player), p.issued_at))
    for p in penalties:
        rows.append([
            str(p.registration.player), p.registration.player.username,
            p.match.round.number if p.match else "", (p.match.table or "") if p.match else "",
            infraction_label(game=event.game, infraction=p.infraction), p.get_kind_display(), p.reason,
            str(p.issued_by) if p.issued_by else "",
            timezone.localtime(p.issued_at).isoformat(timespec="minutes"),  # with its UTC offset
            str(p.approved_by) if p.approved_by else "",
            *([ids.get(p.registration_id, "")] if id_label else []),
        ])  # fmt: skip
    return header, rows


def to_csv(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow([defuse(h) for h in header])
    for row in rows:
        writer.writerow([defuse(v) for v in row])
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")  # BOM: spreadsheets then read UTF-8


def to_xlsx(header: Sequence[str], rows: Iterable[Sequence[Any]], *, title: str) -> bytes:
    from openpyxl import Workbook
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    from openpyxl.styles import Font

    def cell(value: Any) -> Any:
        value = defuse(value)
        # Control characters are not allowed in an XLSX file (openpyxl refuses them): shown as U+FFFD.
        return ILLEGAL_CHARACTERS_RE.sub("\ufffd", value) if isinstance(value, str) else value

    workbook = Workbook()
    sheet = workbook.active
    sheet.title = title[:31]
    sheet.append([cell(h) for h in header])
    for head in sheet[1]:
        head.font = Font(bold=True)
    for row in rows:
        sheet.append([cell(v) for v in row])
    for written in (c for r in sheet.iter_rows() for c in r):
        if isinstance(written.value, str):
            written.data_type = "s"  # text, never a formula
    sheet.freeze_panes = "A2"
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()
