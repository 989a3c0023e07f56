"""Serializers of the API's hand changes to an event: the audit of changes, re-opening a round, swapping two
players, pairing a round again."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from tournaments.api.serializers import an_id, choice
from tournaments.models import EventChange


class EventChangeSerializer(serializers.ModelSerializer):
    changed_by = serializers.CharField(source="changed_by.username", allow_null=True, default=None)
    action = choice(EventChange.Action.choices, read_only=True)

    class Meta:
        model = EventChange
        fields = [
            "id", "action", "field", "old_value", "new_value", "round_number", "reason", "details",
            "changed_by", "changed_at",
        ]  # fmt: skip
        read_only_fields = fields


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500, default="")


class RepairSerializer(ReasonSerializer):
    include_late_entries = serializers.BooleanField(
        required=False,
        default=False,
        help_text=_("Pair the players entered late during this round in it, instead of a loss."),
    )


class SwapSerializer(serializers.Serializer):
    first = an_id(help_text=_("Registration id of a player of this round."))
    second = an_id(help_text=_("Registration id of the player who takes their seat."))
    reason = serializers.CharField(max_length=500, help_text=_("Why (kept in the audit)."))
