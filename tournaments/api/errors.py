"""Service errors as API answers in the site's error shape, with the JSON Pointer of the field at fault."""

from __future__ import annotations

from contextlib import contextmanager

from django.core.exceptions import ObjectDoesNotExist
from rest_framework.exceptions import ErrorDetail, NotFound, ValidationError

from tournaments.pairing import PairingInputError
from tournaments.services.errors import TournamentError


class ForbiddenError(ValidationError):
    status_code = 403
    default_code = "permission_denied"


class ConflictError(ValidationError):
    status_code = 409
    default_code = "conflict"


_BY_STATUS = {400: ValidationError, 403: ForbiddenError, 409: ConflictError}


def to_api_error(exc: TournamentError) -> ValidationError:
    detail = ErrorDetail(exc.message, code=exc.code)
    body: object = [detail]
    # A field may be a path ("results/3/games_a"): nest it so that the pointer becomes /results/3/games_a.
    for part in reversed(exc.field.split("/") if exc.field else []):
        body = {part: body}
    return _BY_STATUS.get(exc.status, ValidationError)(body)


@contextmanager
def service_errors():
    try:
        yield
    except TournamentError as exc:
        raise to_api_error(exc) from exc
    except PairingInputError as exc:
        raise ValidationError([ErrorDetail(str(exc), code="invalid")]) from exc
    except ObjectDoesNotExist as exc:
        raise NotFound() from exc
