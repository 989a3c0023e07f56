"""Bounds on the whole numbers a client sends: ids, round and table numbers, versions, counts.

A number outside what the database can store (SQLite and PostgreSQL both stop at 2**63 - 1 for a big
integer, 2**31 - 1 for an integer) would otherwise reach a query or a write and fail there as a 500
(OverflowError on SQLite, DataError on PostgreSQL). Every id in a URL goes through the bounded `int` path
converter (core/converters.py: beyond MAX_ID the URL does not match, 404); every number in a form,
serializer or query string carries its bounds from here (400 naming the field).
"""

from __future__ import annotations

MAX_ID = 2**63 - 1  # primary keys (BigAutoField) and every id a client names
MAX_VERSION = 2**31 - 1  # Match.version and deck-list version numbers (PositiveIntegerField)
MAX_ROUND = 999  # round numbers (the rulings forms use the same bound)
MAX_TABLE = 99_999  # table numbers
MAX_CAPACITY = 100_000  # players in one event
MAX_TIER = 4
MAX_SWISS_ROUNDS = 30
MAX_TOP_CUT = 256
MAX_ROUND_MINUTES = 600
MAX_BYES = 3


def parse_bounded_int(raw: object, *, minimum: int = 0, maximum: int = MAX_ID) -> int | None:
    """`raw` (a query-string or form value) as an int within [minimum, maximum], else None.

    Only ASCII digits count (an optional leading '-' when minimum < 0): str.isdigit() also accepts '²' and
    other digits that int() refuses, which made some pages answer 500.
    """
    if not isinstance(raw, str):
        return None
    text = raw.strip()
    digits = text[1:] if text.startswith("-") and minimum < 0 else text
    if not digits or len(digits) > 19 or not (digits.isascii() and digits.isdigit()):
        return None
    value = int(text)
    return value if minimum <= value <= maximum else None
