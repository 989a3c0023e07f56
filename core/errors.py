"""Error pages: JSON in the API's error shape under /api/, friendly HTML pages elsewhere."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

API_PREFIX = "/api/"


def _respond(request: HttpRequest, status: int, code: str, message: str, detail: str = "") -> HttpResponse:
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"errors": [{"path": "", "message": message, "code": code}]}, status=status)
    context = {"status": status, "message": message, "detail": detail}
    return render(request, "error.html", context, status=status)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _respond(request, 400, "bad_request", _("The request could not be understood."))


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    # A refusal that says why (PermissionDenied("…") raised by a view, translated) is shown on the page.
    detail = str(exception) if exception is not None else ""
    return _respond(request, 403, "permission_denied", _("You are not allowed to see this page."), detail)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _respond(request, 404, "not_found", _("Not found."))


def server_error(request: HttpRequest) -> HttpResponse:
    if request.path.startswith(API_PREFIX):
        error = {"path": "", "message": "Internal error; it has been logged.", "code": "server_error"}
        return JsonResponse({"errors": [error]}, status=500)
    # No template context processors here: the failure may come from them.
    return HttpResponse(
        "<!doctype html><title>Server error</title><h1>Something went wrong</h1>"
        "<p>The error has been logged. Please try again.</p>",
        status=500,
    )
