from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core.bounds import MAX_ID, MAX_VERSION
from decks.formats import FORMATS
from decks.models import Banlist, Card, DeckListVersion, Game

# Plain keys (no labels), as the rulings API spells them, so the schema has one "game" enum.
GAME_KEYS = tuple(Game.values)


class CardSerializer(serializers.ModelSerializer):
    game = serializers.CharField()

    class Meta:
        model = Card
        fields = ["game", "key", "name", "name_fr", "kind", "rarity", "tags", "stats"]


class CardSearchQuerySerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=GAME_KEYS, default="yugioh")
    q = serializers.CharField(max_length=120, help_text=_("English or French name, typos tolerated."))
    limit = serializers.IntegerField(min_value=1, max_value=50, default=10)


class BanlistSerializer(serializers.ModelSerializer):
    game = serializers.CharField()
    counts = serializers.SerializerMethodField()

    class Meta:
        model = Banlist
        fields = ["id", "game", "name", "date", "whitelist", "counts"]

    def get_counts(self, obj: Banlist) -> dict[str, int]:
        counts = obj.counts()
        return {
            "forbidden": counts[0],
            "limited": counts[1],
            "semi_limited": counts[2],
            "unlimited": counts[3],
        }


class ProblemSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    section = serializers.CharField(required=False)
    card = serializers.CharField(required=False)
    suggestion = serializers.CharField(required=False)


class ReportSerializer(serializers.Serializer):
    legal = serializers.BooleanField()
    counts = serializers.DictField(child=serializers.IntegerField())
    problems = ProblemSerializer(many=True)


class ValidateRequestSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=GAME_KEYS)
    content = serializers.CharField(
        max_length=1_000_000,
        trim_whitespace=False,
        help_text=_("The deck list: .ydk text, a ydke:// link, a text list…"),
    )
    format = serializers.ChoiceField(choices=FORMATS, required=False, help_text=_("Detected when omitted."))
    banlist = serializers.CharField(required=False, help_text=_("Name of an imported banlist."))
    ruleset = serializers.CharField(required=False)


class SubmitRequestSerializer(serializers.Serializer):
    event = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, help_text=_("The event; the list is yours for it.")
    )
    registration = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, required=False, help_text=_("Staff only: submit for this player.")
    )
    content = serializers.CharField(max_length=1_000_000, trim_whitespace=False)
    format = serializers.ChoiceField(choices=FORMATS, required=False)


class VersionSerializer(serializers.ModelSerializer):
    submitted_by = serializers.StringRelatedField()

    class Meta:
        model = DeckListVersion
        fields = [
            "number",
            "format",
            "content_hash",
            "legal",
            "submitted_at",
            "submitted_by",
            "content",
            "report",
        ]


class DeckListSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    event = serializers.IntegerField(source="registration.event_id")
    registration = serializers.IntegerField(source="registration_id")
    player = serializers.CharField(source="registration.player")
    locked = serializers.BooleanField()
    unlocked = serializers.BooleanField()
    current = VersionSerializer(allow_null=True)
    versions = serializers.ListField(child=serializers.DictField())


class SubmitResponseSerializer(serializers.Serializer):
    deck_list = serializers.IntegerField()
    version = serializers.IntegerField()
    content_hash = serializers.CharField()
    format = serializers.CharField()
    report = ReportSerializer()


class ExportQuerySerializer(serializers.Serializer):
    # Not "format": DRF reserves that query parameter for choosing a renderer.
    to = serializers.ChoiceField(choices=FORMATS, default="ydk", help_text=_("Deck format to export to."))
    version = serializers.IntegerField(min_value=1, max_value=MAX_VERSION, required=False)


class ExportSerializer(serializers.Serializer):
    format = serializers.CharField()
    version = serializers.IntegerField()
    content = serializers.CharField()


class UnlockRequestSerializer(serializers.Serializer):
    note = serializers.CharField(max_length=2000)


class AuditEntrySerializer(serializers.Serializer):
    action = serializers.CharField()
    actor = serializers.CharField(allow_null=True)
    note = serializers.CharField()
    created_at = serializers.DateTimeField()
