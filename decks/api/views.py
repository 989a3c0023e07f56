"""The decks API: card search, banlists, validation, deck-list submission and export."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from core.api.errors import error_response
from core.bounds import parse_bounded_int
from core.ratelimit import key_anonymous_ip, key_signed_in_user, ratelimit
from decks import selectors
from decks.api import serializers as s
from decks.formats import DeckExportError, export_deck
from decks.services.decklists import (
    DeckRefused,
    deck_from_json,
    deck_parse,
    decklist_submit,
    decklist_unlock,
)
from decks.services.validation import deck_validate
from rulings.engine.construction import UnknownRuleset
from tournaments.models import Event, Registration
from tournaments.selectors.drafts import event_hidden

# The largest body the validator reads: a 64 KB list (MAX_UPLOAD_BYTES), JSON-escaped, with room to spare.
# Checked on Content-Length before the body is parsed.
MAX_VALIDATE_BODY = 256 * 1024


def _refused(error: DeckRefused) -> Response:
    response = error_response(error.errors, error.status)
    if error.report is not None:
        response.data["report"] = error.report.to_json()
    return response


@extend_schema(
    parameters=[s.CardSearchQuerySerializer],
    responses=s.CardSerializer(many=True),
    summary="Search cards by English or French name (typos tolerated)",
)
@api_view(["GET"])
@permission_classes([AllowAny])
def card_search(request: Request) -> Response:
    query = s.CardSearchQuerySerializer(data=request.query_params)
    query.is_valid(raise_exception=True)
    cards = selectors.card_search(
        game=query.validated_data["game"],
        query=query.validated_data["q"],
        limit=query.validated_data["limit"],
    )
    return Response(s.CardSerializer(cards, many=True).data)


@extend_schema(responses=s.BanlistSerializer(many=True), summary="Imported banlists")
@api_view(["GET"])
@permission_classes([AllowAny])
def banlist_list(request: Request) -> Response:
    return Response(
        s.BanlistSerializer(selectors.banlist_list(game=request.query_params.get("game")), many=True).data
    )


@extend_schema(
    request=s.ValidateRequestSerializer,
    responses=s.ReportSerializer,
    summary="Validate a deck list without saving it",
)
@api_view(["POST"])
@permission_classes([AllowAny])
@ratelimit(limits=[("validate", key_anonymous_ip), ("validate_user", key_signed_in_user)])
def validate(request: Request) -> Response:
    """Anyone may call it, so its cost is capped: a rate per address (per user when signed in), the body's
    size (before parsing), and the list's cards (``decks.formats`` caps, before any card is looked up)."""
    length = parse_bounded_int(request.META.get("CONTENT_LENGTH") or "0")
    if length is None or length > MAX_VALIDATE_BODY:
        message = _("The request body is over %(limit)s KB; a deck list is at most 64 KB.") % {
            "limit": MAX_VALIDATE_BODY // 1024
        }
        return error_response([{"path": "", "message": message, "code": "too_large"}], 413)
    body = s.ValidateRequestSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    data = body.validated_data
    try:
        deck, _format = deck_parse(data=data["content"], format=data.get("format"))
    except DeckRefused as error:
        return _refused(error)
    banlist = None
    if data.get("banlist"):
        stored = selectors.banlist_get(name=data["banlist"], game=data["game"])
        if stored is None:
            raise ValidationError({"banlist": [f"No banlist named {data['banlist']!r}."]})
        banlist = selectors.banlist_to_engine(stored)
    try:
        report = deck_validate(deck=deck, game=data["game"], banlist=banlist, ruleset=data.get("ruleset"))
    except UnknownRuleset as error:
        raise ValidationError({"ruleset": [str(error)]}) from None
    return Response(report.to_json())


def _deck_list_json(deck_list, user) -> dict:
    event = deck_list.registration.event
    current = selectors.current_version(deck_list=deck_list)
    versions = [
        {
            "number": v.number,
            "format": v.format,
            "content_hash": v.content_hash,
            "submitted_at": v.submitted_at,
        }
        for v in selectors.deck_list_versions(deck_list=deck_list)
    ]
    return {
        "id": deck_list.pk,
        "event": event.pk,
        "registration": deck_list.registration_id,
        "player": str(deck_list.registration.player),
        "locked": selectors.deck_is_locked(deck_list=deck_list, event=event),
        "unlocked": deck_list.unlocked,
        "current": s.VersionSerializer(current).data if current else None,
        "versions": versions,
    }


@extend_schema(
    request=s.SubmitRequestSerializer,
    responses={201: s.SubmitResponseSerializer},
    summary="Submit a deck list for an event (a new immutable version)",
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def decklist_submit_view(request: Request) -> Response:
    body = s.SubmitRequestSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    data = body.validated_data
    event = Event.objects.filter(pk=data["event"]).first()
    if event is None or event_hidden(event=event, user=request.user):  # a draft: its staff's only
        raise ValidationError({"event": ["No such event."]})
    if data.get("registration"):
        registration = Registration.objects.filter(pk=data["registration"], event=event).first()
        if registration is None:
            raise ValidationError({"registration": ["No such registration at this event."]})
    else:
        registration = Registration.objects.filter(event=event, player=request.user).first()
        if registration is None:
            raise ValidationError({"event": ["You are not registered for this event."]})
    try:
        version = decklist_submit(
            registration=registration, user=request.user, data=data["content"], format=data.get("format")
        )
    except DeckRefused as error:
        return _refused(error)
    body = {
        "deck_list": version.deck_list_id,
        "version": version.number,
        "content_hash": version.content_hash,
        "format": version.format,
        "report": version.report,
    }
    return Response(body, status=status.HTTP_201_CREATED)


def _visible_deck_list(request: Request, pk: int):
    deck_list = selectors.deck_list_get(pk=pk)
    if deck_list is None or event_hidden(event=deck_list.registration.event, user=request.user):
        raise NotFound("No such deck list.")
    if not selectors.deck_list_visible(deck_list=deck_list, user=request.user):
        raise PermissionDenied("Deck lists stay private to the player and the event's staff until published.")
    return deck_list


@extend_schema(responses=s.DeckListSerializer, summary="A deck list with its versions")
@api_view(["GET"])
@permission_classes([AllowAny])
def decklist_detail(request: Request, pk: int) -> Response:
    return Response(_deck_list_json(_visible_deck_list(request, pk), request.user))


@extend_schema(
    parameters=[s.ExportQuerySerializer],
    responses=s.ExportSerializer,
    summary="Export a deck list version in a deck format",
)
@api_view(["GET"])
@permission_classes([AllowAny])
def decklist_export(request: Request, pk: int) -> Response:
    deck_list = _visible_deck_list(request, pk)
    query = s.ExportQuerySerializer(data=request.query_params)
    query.is_valid(raise_exception=True)
    versions = deck_list.versions.all()
    number = query.validated_data.get("version")
    version = versions.filter(number=number).first() if number else versions.order_by("-number").first()
    if version is None:
        raise NotFound("No such version of this deck list.")
    try:
        content = export_deck(deck_from_json(version.content), format=query.validated_data["to"])
    except DeckExportError as error:
        raise ValidationError({"to": [str(error)]}) from None
    return Response({"format": query.validated_data["to"], "version": version.number, "content": content})


@extend_schema(
    request=s.UnlockRequestSerializer,
    responses={200: s.AuditEntrySerializer},
    summary="Unlock one player's deck list after the deadline (judges)",
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def decklist_unlock_view(request: Request, pk: int) -> Response:
    deck_list = get_object_or_404(selectors.deck_list_get_queryset(), pk=pk)
    if event_hidden(event=deck_list.registration.event, user=request.user):
        raise NotFound("No such deck list.")
    body = s.UnlockRequestSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    try:
        entry = decklist_unlock(deck_list=deck_list, user=request.user, note=body.validated_data["note"])
    except DeckRefused as error:
        return _refused(error)
    return Response(
        {
            "action": entry.action,
            "actor": str(entry.actor),
            "note": entry.note,
            "created_at": entry.created_at,
        }
    )
