"""Files a staff member downloads about an event, registered (pretix style).

An exporter has an `id` (also its URL: `/events/<event>/export/<id>`, e.g. `standings.csv`), a `title` and
`render(event) -> (filename, mime type, bytes)`. tournaments registers its own (standings and results as
CSV and XLSX, the complete event as JSON: `tournaments.exporters.builtin`) from `TournamentsConfig.ready()`;
other apps register theirs from their own `ready()` (decks: every deck list as text). The console's
"Print & export" page lists them, the export view and `manage.py export` run them by id.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tournaments.models import Event

Rendered = tuple[str, str, bytes]  # (filename, mime type, content)


@dataclass(frozen=True)
class Exporter:
    id: str  # "<name>.<extension>": unique, the last part of its URL
    title: Any  # a (lazy) translated string
    render: Callable[[Event], Rendered]
    # holds what only judges see (deck lists): not for scorekeepers
    judges_only: bool = False
    # position on the page (tournaments' own: 10-50; other apps after)
    order: int = 100

    @property
    def name(self) -> str:
        return self.id.rpartition(".")[0]

    @property
    def extension(self) -> str:
        return self.id.rpartition(".")[2]

    @property
    def slug(self) -> str:
        """For test ids and CSS: the id with '-' for '.' (`standings-csv`)."""
        return self.id.replace(".", "-")


_exporters: dict[str, Exporter] = {}


def register(exporter: Exporter) -> Exporter:
    """Add (or replace, by id: `ready()` may run twice in tests) an exporter."""
    if "/" in exporter.id or "." not in exporter.id:
        raise ValueError(f"an exporter id is <name>.<extension>: {exporter.id!r}")
    _exporters[exporter.id] = exporter
    return exporter


def exporters(*, judge: bool = True) -> list[Exporter]:
    """Every registered exporter in page order; without `judge`, those a scorekeeper may run."""
    return sorted(
        (x for x in _exporters.values() if judge or not x.judges_only), key=lambda x: (x.order, x.id)
    )


def get(exporter_id: str) -> Exporter | None:
    return _exporters.get(exporter_id)
