"""Request parsers of the API."""

from __future__ import annotations

from django.conf import settings
from rest_framework import parsers
from rest_framework.exceptions import ParseError

from core.jsonload import JSONLoadError, load_json_strict


class JSONParser(parsers.JSONParser):
    """Every JSON body goes through the one strict loader of documents from outside (core/jsonload.py):
    nesting, NaN/Infinity, numbers no database stores, lone surrogates and duplicate keys are a 400 naming
    the JSON Pointer, never a 500 (a RecursionError or an OverflowError further down)."""

    def parse(self, stream, media_type=None, parser_context=None):
        data = stream.read(settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1) if stream is not None else b""
        try:
            return load_json_strict(data, max_bytes=settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
        except JSONLoadError as exc:
            raise DocumentParseError(exc.errors) from None


class DocumentParseError(ParseError):
    """A body the strict loader refused: its problems, each with its JSON Pointer (core/api/errors.py)."""

    def __init__(self, errors: list[dict[str, str]]):
        self.errors = errors
        super().__init__("; ".join(f"{e['path'] or '/'}: {e['message']}" for e in errors))
