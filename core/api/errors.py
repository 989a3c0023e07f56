"""One error shape for the whole API: {"errors": [{"path": JSON Pointer, "message": str, "code": str}]}.

Clients (the judge's tablet, scripts, the phone pages) show `message` and can point at
`path`; the same shape is used by the rulings replay, as its specification asks.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail, ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


def _escape(token: Any) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def flatten_errors(detail: Any, path: str = "") -> list[dict[str, str]]:
    """Turn DRF's nested error details into a flat list with JSON Pointer paths."""
    if isinstance(detail, dict):
        out: list[dict[str, str]] = []
        for key, value in detail.items():
            if key in ("non_field_errors", "detail"):
                out.extend(flatten_errors(value, path))
            else:
                out.extend(flatten_errors(value, f"{path}/{_escape(key)}"))
        return out
    if isinstance(detail, list):
        if all(isinstance(item, (str, ErrorDetail)) for item in detail):
            return [_entry(path, item) for item in detail]
        out = []
        for index, item in enumerate(detail):
            if item:
                out.extend(flatten_errors(item, f"{path}/{index}"))
        return out
    return [_entry(path, detail)]


def _entry(path: str, item: Any) -> dict[str, str]:
    return {"path": path, "message": str(item), "code": getattr(item, "code", "invalid")}


def error_response(errors: list[dict[str, str]], status: int) -> Response:
    return Response({"errors": errors}, status=status)


def exception_handler(exc: Exception, context: dict) -> Response | None:
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, ValidationError):
        errors = flatten_errors(exc.detail)
    elif isinstance(getattr(exc, "errors", None), list):  # a body the strict JSON loader refused
        errors = exc.errors
    else:
        detail = getattr(exc, "detail", str(exc))
        errors = [_entry("", detail)]
    response.data = {"errors": errors}
    return response


class ErrorItemSerializer(serializers.Serializer):
    path = serializers.CharField(
        help_text="JSON Pointer to the part of the request that is wrong; '' for all of it."
    )
    message = serializers.CharField()
    code = serializers.CharField(required=False)


class ErrorResponseSerializer(serializers.Serializer):
    errors = ErrorItemSerializer(many=True)
