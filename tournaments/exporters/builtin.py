"""tournaments' own exporters: standings and results as CSV and XLSX, the complete event as JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from tournaments.exporters import Exporter, Rendered, register
from tournaments.models import Event
from tournaments.services.event_file import event_export
from tournaments.services.spreadsheets import (
    penalties_table,
    results_table,
    standings_table,
    to_csv,
    to_xlsx,
)

CSV = "text/csv; charset=utf-8"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
JSON = "application/json; charset=utf-8"

Table = Callable[..., tuple[list[str], list[list[Any]]]]


def _table(what: str, table: Table, fmt: str) -> Callable[[Event], Rendered]:
    def render(event: Event) -> Rendered:
        header, rows = table(event=event)
        data = to_csv(header, rows) if fmt == "csv" else to_xlsx(header, rows, title=what)
        return f"{slugify(event.name)}-{what}.{fmt}", CSV if fmt == "csv" else XLSX, data

    return render


def render_event_json(event: Event) -> Rendered:
    document = event_export(event=event)
    data = json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8")
    return f"{slugify(event.name)}-event.json", JSON, data


BUILTIN = (
    Exporter("standings.csv", _("Standings (CSV)"), _table("standings", standings_table, "csv"), order=10),
    Exporter("standings.xlsx", _("Standings (XLSX)"), _table("standings", standings_table, "xlsx"), order=11),
    Exporter("results.csv", _("Results (CSV)"), _table("results", results_table, "csv"), order=20),
    Exporter("results.xlsx", _("Results (XLSX)"), _table("results", results_table, "xlsx"), order=21),
    # A judge's record of the players' infractions: not for scorekeepers.
    Exporter(
        "penalties.csv",
        _("Penalties (CSV)"),
        _table("penalties", penalties_table, "csv"),
        judges_only=True,
        order=30,
    ),
    Exporter(
        "penalties.xlsx",
        _("Penalties (XLSX)"),
        _table("penalties", penalties_table, "xlsx"),
        judges_only=True,
        order=31,
    ),
    Exporter(
        "event.json",
        _("The complete event (JSON: a backup, or to move it to another Tableside)"),
        render_event_json,
        judges_only=True,
        order=50,
    ),
)


def register_builtin() -> None:
    for exporter in BUILTIN:
        register(exporter)
