"""Schema generation: every operation documents the error responses it can give."""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse

from .errors import ErrorResponseSerializer

ERROR_STATUSES = {
    "400": "The request is malformed; `errors` says what is wrong and where.",
    "401": "Authentication is required.",
    "403": "You are not allowed to do this.",
    "404": "Not found.",
    "405": "Method not allowed.",
    "406": "The requested format is not available.",
    "409": "Conflict with the current state (e.g. a result entered meanwhile by someone else).",
    "413": "The upload is too large.",
    "415": "Unsupported media type.",
    "429": "Too many requests; slow down.",
    "503": "A service the request needs (Redis, a worker) is unreachable for now; nothing was lost.",
}


class TablesideAutoSchema(AutoSchema):
    def _get_response_bodies(self, direction: str = "response"):
        responses = super()._get_response_bodies(direction)
        for status, description in ERROR_STATUSES.items():
            if status not in responses:
                responses[status] = self._get_response_for_code(
                    OpenApiResponse(response=ErrorResponseSerializer, description=description),
                    status,
                    direction=direction,
                )
        return responses
