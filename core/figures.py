"""One format per figure, for every page, printout and export (docs/tournament-day.md, "Figures").

* Tie-breaker percentages (MWP, OMW%, OOMW%, GW%, OGW%) are stored as fractions (0.5555…); people read them
  as percentages with two decimals, rounded half up, in the reader's language: `55.56 %` in English,
  `55,56 %` in French (a no-break space before the sign, so the sign never starts a line).
* Spreadsheets (CSV, XLSX) get the same two decimals as a number, without the sign (`55.56`): a number a
  spreadsheet can sort and sum. The JSON export and the API keep the fractions themselves.
* The Konami tie-breaker number XXYYYZZZ (points, OMW% and OOMW% truncated to thousandths) is eight digits
  with their leading zeros (`03726677`), shown where the event uses Konami's policy.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from django.utils.formats import number_format

NO_BREAK_SPACE = "\u00a0"
_HUNDREDTH = Decimal("0.01")


def percent_number(fraction: float | Decimal | None) -> Decimal | None:
    """A fraction as a percentage rounded half up to two decimals: 0.55555 → Decimal('55.56')."""
    if fraction is None or fraction == "":
        return None
    try:
        # repr of a float is the shortest text that reads back to it: 0.5555555555555556, not its binary value
        value = Decimal(repr(float(fraction))) if not isinstance(fraction, Decimal) else fraction
    except (TypeError, ValueError, InvalidOperation):
        return None
    return (value * 100).quantize(_HUNDREDTH, rounding=ROUND_HALF_UP)


def percent(fraction: float | Decimal | None) -> str:
    """A tie-breaker fraction as people read it, in the active language: 0.55555 → "55.56 %" / "55,56 %"."""
    number = percent_number(fraction)
    if number is None:
        return "—"
    return f"{number_format(number, decimal_pos=2)}{NO_BREAK_SPACE}%"


def spreadsheet_percent(fraction: float | Decimal | None) -> float | str:
    """A tie-breaker fraction for a CSV/XLSX cell: the percentage with two decimals, as a number (55.56)."""
    number = percent_number(fraction)
    return "" if number is None else float(number)


def konami_number(value: str | int | None) -> str:
    """The Konami XXYYYZZZ number with its eight digits (leading zeros kept)."""
    if value is None or value == "":
        return "—"
    text = str(value)
    return text.zfill(8) if text.isdigit() else text
