"""The old home of the exports, split by job (issue 13): the names still resolve here for scripts and tests.

- `tournaments.services.spreadsheets`: standings and results tables, CSV and XLSX, `defuse`.
- `tournaments.services.event_file`: the complete event as JSON (`event_export`, `comparable`).
- `tournaments.services.event_import`: reading, checking and importing an event file.
- `tournaments.services.transfers`: exports and imports on a worker (`EventTransfer`).
- `tournaments.exporters`: the registry of downloadable files the pages and `manage.py export` use.
"""

from __future__ import annotations

from tournaments.services.event_file import (
    FORMAT,
    FORMAT_VERSION,
    Progress,
    comparable,
    event_export,
    person_label,
)
from tournaments.services.spreadsheets import (
    DANGEROUS_PREFIXES,
    DANGEROUS_STARTS,
    defuse,
    is_dangerous_cell,
    results_table,
    standings_table,
    to_csv,
    to_xlsx,
)
from tournaments.services.transfers import transfer_run, transfer_start_export

__all__ = [
    "DANGEROUS_PREFIXES",
    "DANGEROUS_STARTS",
    "FORMAT",
    "FORMAT_VERSION",
    "Progress",
    "comparable",
    "defuse",
    "event_export",
    "is_dangerous_cell",
    "person_label",
    "results_table",
    "standings_table",
    "to_csv",
    "to_xlsx",
    "transfer_run",
    "transfer_start_export",
]

_MOVED = {"EventImportError", "event_import", "event_validate_document", "transfer_start_import"}


def __getattr__(name: str):
    """The import lives in `tournaments.services.event_import` (transfers: `.transfers`)."""
    if name in _MOVED:
        from tournaments.services import event_import

        return getattr(event_import, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
