"""The `int` path converter, bounded: an id beyond what the database stores does not match the URL (404).

Django's own `int` converter turns any run of digits into an int; 9223372036854775808 then reached a query
or a write and failed there (OverflowError on SQLite). This one raises ValueError beyond MAX_ID (and for
more digits than an id can have), which Django takes as "this pattern does not match": the URL is a 404
like any unknown one.

It replaces the default `int` converter for every `<int:…>` in the project (`install`, called from
CoreConfig.ready, before any URLconf is loaded). Django 5.x warns that overriding a registered converter is
deprecated; the warning is silenced here on purpose — on Django 6, register this converter under its own
name and write `<id:…>` in the URLconfs instead.
"""

from __future__ import annotations

import warnings

from core.bounds import MAX_ID


class BoundedIntConverter:
    regex = "[0-9]+"

    def to_python(self, value: str) -> int:
        # 19 digits hold MAX_ID; more could only be a huge number (or zeros in front, which no id has)
        if len(value) > 19:
            raise ValueError("id out of range")
        number = int(value)
        if number > MAX_ID:
            raise ValueError("id out of range")
        return number

    def to_url(self, value: int) -> str:
        return str(value)


def install() -> None:
    """Make `<int:…>` the bounded converter (idempotent)."""
    from django.urls.converters import get_converters, register_converter

    if isinstance(get_converters().get("int"), BoundedIntConverter):
        return
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=r"Converter 'int' is already registered")
        register_converter(BoundedIntConverter, "int")
