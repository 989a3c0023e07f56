"""Small JSON checks that raise MalformedDocument with a JSON Pointer to the faulty value."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..base import MalformedDocument, PathError

PLAYERS = ("A", "B")


def fail(path: str, message: str) -> MalformedDocument:
    return MalformedDocument(PathError(path, message))


def pointer(path: str, key: str | int) -> str:
    return f"{path}/{str(key).replace('~', '~0').replace('/', '~1')}"


def obj(data: Any, path: str, *, required: Iterable[str] = (), optional: Iterable[str] = ()) -> dict:
    """An object with exactly the known keys: unknown keys are an error, never ignored."""
    if not isinstance(data, dict):
        raise fail(path, "must be an object")
    required = tuple(required)
    known = set(required) | set(optional)
    errors = [
        PathError(pointer(path, key), f"unknown field {key!r}; expected one of {', '.join(sorted(known))}")
        for key in data
        if key not in known
    ]
    errors += [PathError(pointer(path, key), "missing") for key in required if key not in data]
    if errors:
        raise MalformedDocument(errors)
    return data


def integer(value: Any, path: str, *, minimum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(path, "must be a whole number")
    if minimum is not None and value < minimum:
        raise fail(path, f"must be at least {minimum}")
    return value


def boolean(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise fail(path, "must be true or false")
    return value


def string(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value:
        raise fail(path, "must be a non-empty string")
    return value


def choice(value: Any, path: str, options: Iterable[str]) -> str:
    options = tuple(options)
    if not isinstance(value, str) or value not in options:
        raise fail(path, f"must be one of {', '.join(options)}; got {value!r}")
    return value


def array(value: Any, path: str) -> list:
    if not isinstance(value, list):
        raise fail(path, "must be a list")
    return value


def player(value: Any, path: str) -> str:
    return choice(value, path, PLAYERS)


def other(player_key: str) -> str:
    return "B" if player_key == "A" else "A"


def card_ref(value: Any, path: str, zones: Iterable[str]) -> tuple[str, str, int]:
    """``"A.hand.0"`` → ``("A", "hand", 0)``; the zone must be one of ``zones``."""
    zones = tuple(zones)
    if not isinstance(value, str):
        raise fail(path, 'must be a card reference such as "A.hand.0"')
    parts = value.split(".")
    if len(parts) != 3 or parts[0] not in PLAYERS or not (parts[2].isascii() and parts[2].isdigit()):
        raise fail(path, f'{value!r} is not a card reference such as "A.hand.0"')
    if parts[1] not in zones:
        raise fail(path, f"{value!r}: the zone must be one of {', '.join(zones)}")
    return parts[0], parts[1], int(parts[2])


def ref_text(ref: tuple[str, str, int] | None) -> str | None:
    return None if ref is None else f"{ref[0]}.{ref[1]}.{ref[2]}"
