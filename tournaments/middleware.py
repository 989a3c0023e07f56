"""One door for draft events: every URL that points into a draft answers 404 to all but the draft's staff.

The views check it too where they load the event (the phone, the wall, the API); this gate makes sure a
route that forgets — or a new one — cannot show a draft (tests/trust/test_drafts.py walks every URL).
It runs after the URL is resolved and before the view, so a log-in-only page of a draft is a 404 for
anonymous visitors too, as for an event that does not exist.

An API request with an `Authorization` header (a token) is left to the API views, which know the user
only once DRF has authenticated it; they hide drafts themselves (tournaments/api/views.py, decks/api).
"""

from __future__ import annotations

from django.http import HttpRequest

from core.errors import API_PREFIX, page_not_found
from tournaments.selectors.drafts import draft_hidden_from


class DraftGateMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest):
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view_func, view_args, view_kwargs):
        if not view_kwargs:
            return None
        if request.path.startswith(API_PREFIX) and "HTTP_AUTHORIZATION" in request.META:
            return None
        match = request.resolver_match
        view_name = match.view_name if match is not None else ""
        user = getattr(request, "user", None)
        if draft_hidden_from(view_name=view_name, kwargs=view_kwargs, user=user):
            return page_not_found(request)
        return None
