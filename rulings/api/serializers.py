"""Serializers documenting the rulings API (the engine validates documents itself, with JSON Pointers)."""

from __future__ import annotations

from rest_framework import serializers

from rulings.engine.registry import game_keys


class GameField(serializers.ChoiceField):
    """A game's key: the games of the registry (``rulings/engine/registry.py``) when the serializer is made
    (DRF copies a declared field for each serializer, calling this again)."""

    def __init__(self, **kwargs):
        kwargs.pop("choices", None)
        super().__init__(choices=game_keys(), **kwargs)


class SituationDocumentSerializer(serializers.Serializer):
    """The envelope of a situation document (``/work/shared/specs/situations.md``).

    ``state``, ``actions`` and ``query`` are free-form objects whose shape depends on the game; the
    engine checks them and answers 400 with JSON Pointer paths. Unknown envelope fields are an error.
    """

    game = GameField()
    ruleset = serializers.CharField(
        required=False, help_text="A named rules era of that game; omitted = the game's default."
    )
    state = serializers.DictField(help_text="The game's state (players A and B, zones, turn, phase…).")
    actions = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text='Actions to replay in order, e.g. {"player": "A", "type": "attack", …}.',
    )
    query = serializers.DictField(
        required=False,
        allow_null=True,
        help_text="Optional question about the state after the actions: "
        "legal_summons, damage, hand_limit, deck_out or legal_actions (per game).",
    )


class StepSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    action = serializers.DictField(allow_null=True)
    legal = serializers.BooleanField()
    events = serializers.ListField(child=serializers.DictField())
    rules = serializers.ListField(child=serializers.CharField())
    explanation = serializers.CharField()


class OutcomeSerializer(serializers.Serializer):
    finished = serializers.BooleanField()
    winner = serializers.CharField(allow_null=True)
    draw = serializers.BooleanField()
    rules = serializers.ListField(child=serializers.CharField())


class RuleSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="Stable rule id: YGO-…, VG-…, RAY-…, ARR-….")
    title = serializers.CharField()
    summary = serializers.CharField(help_text="The rule in our own words.")
    source = serializers.CharField(help_text="The rule text file it comes from.")
    passage = serializers.CharField(
        help_text="The sentence(s) of that text that decide the rule, as written (French but for the notes)."
    )
    passage_en = serializers.CharField(
        help_text="Our English translation of the passage (the passage itself when the text is English)."
    )
    rulesets = serializers.ListField(
        child=serializers.CharField(), help_text="Rule sets it applies in; empty = all of them."
    )
    interpretation = serializers.CharField(allow_blank=True)


class AnswerSerializer(serializers.Serializer):
    game = serializers.CharField()
    ruleset = serializers.CharField()
    steps = StepSerializer(many=True)
    stopped_at = serializers.IntegerField(
        allow_null=True, help_text="Index of the illegal action the replay stopped at; null if none."
    )
    state = serializers.DictField(
        help_text="The state after the last legal action (same schema as the input)."
    )
    outcome = OutcomeSerializer()
    answer = serializers.DictField(required=False, help_text="The answer to the query, when one was given.")
    rules_cited = RuleSerializer(
        many=True,
        help_text="Every rule the answer cites (steps, outcome, query answer), first cited first, with its "
        "words: title in the answer's language, the deciding passage as written and its English.",
    )


class RuleSetSerializer(serializers.Serializer):
    key = serializers.CharField()
    title = serializers.CharField()
    description = serializers.CharField()


class GameSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    default_ruleset = serializers.CharField()
    rulesets = RuleSetSerializer(many=True)


class CatalogueQuerySerializer(serializers.Serializer):
    game = GameField()
    ruleset = serializers.CharField(required=False)
    lang = serializers.CharField(required=False, allow_blank=True)
