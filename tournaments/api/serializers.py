"""Serializers of the tournaments API: thin shapes around models and selector rows."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.api.errors import ErrorItemSerializer
from core.bounds import (
    MAX_BYES,
    MAX_CAPACITY,
    MAX_ID,
    MAX_ROUND,
    MAX_ROUND_MINUTES,
    MAX_SWISS_ROUNDS,
    MAX_TABLE,
    MAX_TIER,
    MAX_TOP_CUT,
    MAX_VERSION,
)
from rulings.engine.registry import get_game
from tournaments.forms import RESULT_RULES, result_input
from tournaments.models import (
    DroppedFigures,
    Event,
    EventStaff,
    EventStatus,
    Game,
    Match,
    MatchStatus,
    Penalty,
    PenaltyKind,
    Registration,
    RegistrationStatus,
    ResultChange,
    ResultKind,
    Round,
    RoundStage,
    StaffRole,
    TiebreakPolicy,
    WinFloor,
)
from tournaments.services.results import ResultInput


def choice(choices, **kwargs) -> serializers.ChoiceField:
    """A ChoiceField whose enum is written inline in the schema (no shared enum component whose name could
    collide with another app's field of the same name)."""
    values = [c[0] if isinstance(c, (list, tuple)) else c for c in choices]
    kind = "integer" if all(isinstance(v, int) for v in values) else "string"
    field_class = extend_schema_field({"type": kind, "enum": values})(
        type("InlineChoiceField", (serializers.ChoiceField,), {})
    )
    return field_class(choices=choices, **kwargs)


BEST_OF = [(1, "1"), (3, "3")]


def an_id(**kwargs) -> serializers.IntegerField:
    """An id a client names: 1 to 2**63 - 1 (beyond that, a 400 naming the field, not a database error)."""
    return serializers.IntegerField(min_value=1, max_value=MAX_ID, **kwargs)


def a_version(**kwargs) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=1, max_value=MAX_VERSION, **kwargs)


class EventSerializer(serializers.ModelSerializer):
    organizer = serializers.CharField(source="organizer.username", read_only=True)
    game = choice(Game.choices, read_only=True)
    best_of = choice(BEST_OF, read_only=True)
    status = serializers.CharField(
        read_only=True, help_text="draft, registration, check_in, swiss, top_cut or finished"
    )
    tiebreak_policy = choice(TiebreakPolicy.choices, read_only=True)
    win_floor = choice(WinFloor.choices, read_only=True)
    dropped_figures = choice(DroppedFigures.choices, read_only=True)
    rule_set_title = serializers.CharField(read_only=True, help_text=_("Title of the engine's rule set."))
    banlist = serializers.CharField(
        source="banlist_name", read_only=True, help_text=_("Name of the event's banlist; empty: none.")
    )

    class Meta:
        model = Event
        fields = [
            "id", "name", "game", "rule_set", "rule_set_title", "banlist", "tier", "date", "venue",
            "capacity", "organizer", "best_of", "round_minutes", "decklist_deadline", "status",
            "tiebreak_policy", "win_floor", "dropped_figures",
            "swiss_rounds_override", "top_cut_override", "swiss_rounds", "top_cut_size", "created_at",
            "self_check_in_opens", "self_check_in_closes", "self_check_in_staff_only",
        ]  # fmt: skip
        read_only_fields = ["id", "organizer", "status", "swiss_rounds", "top_cut_size", "created_at"]


class EventCreateSerializer(serializers.ModelSerializer):
    game = choice(Game.choices)
    best_of = choice(BEST_OF, required=False)
    round_minutes = serializers.IntegerField(min_value=1, max_value=MAX_ROUND_MINUTES, required=False)
    tier = serializers.IntegerField(min_value=1, max_value=MAX_TIER, required=False)
    capacity = serializers.IntegerField(min_value=2, max_value=MAX_CAPACITY, required=False, allow_null=True)
    swiss_rounds_override = serializers.IntegerField(
        min_value=1, max_value=MAX_SWISS_ROUNDS, required=False, allow_null=True
    )
    top_cut_override = serializers.IntegerField(
        min_value=0, max_value=MAX_TOP_CUT, required=False, allow_null=True
    )
    tiebreak_policy = choice(TiebreakPolicy.choices, required=False)
    win_floor = choice(WinFloor.choices, required=False)
    dropped_figures = choice(DroppedFigures.choices, required=False)
    rule_set = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=120,
        help_text="A rule set of the game's engine ("
        + "; ".join(f"{g}: {', '.join(get_game(g).rulesets)}" for g in Game.values)
        + "). Empty or left out: the game's default.",
    )
    banlist = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=120,
        help_text=_(
            "Name of an imported banlist of the event's game (GET /api/banlists/?game=); empty: none."
        ),
    )

    class Meta:
        model = Event
        fields = [
            "name", "game", "rule_set", "banlist", "tier", "date", "venue", "capacity", "best_of",
            "round_minutes", "decklist_deadline", "tiebreak_policy", "win_floor", "dropped_figures",
            "swiss_rounds_override", "top_cut_override", "self_check_in_opens", "self_check_in_closes",
            "self_check_in_staff_only",
        ]  # fmt: skip


class EventUpdateSerializer(EventCreateSerializer):
    """PATCH: any setting; what may change once rounds are paired is the service's rule (event_edit)."""

    game = choice(Game.choices, required=False)
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500)

    class Meta(EventCreateSerializer.Meta):
        fields = [*EventCreateSerializer.Meta.fields, "reason"]


class EventStatusSerializer(serializers.Serializer):
    status = choice(EventStatus.choices)


class StaffSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username")

    class Meta:
        model = EventStaff
        fields = ["username", "role"]

    role = choice(StaffRole.choices, default=StaffRole.JUDGE)


class RegistrationSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="player.username", read_only=True)
    name = serializers.SerializerMethodField()
    status = choice(RegistrationStatus.choices, read_only=True)
    player_id = serializers.SerializerMethodField(
        help_text="The player's ID for the event's game (KONAMI ID, Bushiroad ID…): shown to the event's "
        "staff and to the player themselves; null for anyone else, or when the player has none."
    )

    class Meta:
        model = Registration
        fields = [
            "id", "event", "username", "name", "status", "checked_in_at", "dropped_after_round",
            "first_round", "awarded_byes", "fixed_table", "created_at", "player_id",
        ]  # fmt: skip
        read_only_fields = fields

    def get_name(self, obj: Registration) -> str:
        return str(obj.player)

    def get_player_id(self, obj: Registration) -> str | None:
        # context["player_ids"]: registration id -> ID, given only to readers allowed to see them
        ids = self.context.get("player_ids") or {}
        viewer = self.context.get("viewer")
        if obj.pk in ids:
            return ids[obj.pk]
        if viewer is not None and viewer.pk == obj.player_id:
            from tournaments.selectors.player_ids import registration_player_id

            return registration_player_id(registration=obj)
        return None


class RegistrationCreateSerializer(serializers.Serializer):
    username = serializers.CharField(
        required=False, help_text=_("Staff only: register someone else (during the Swiss: a late entry).")
    )
    check_in = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Check the player in at once, once check-in is open (staff); before that they are only "
        "registered. A late entry during the Swiss is always checked in.",
    )
    player_id = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=40,
        help_text=_(
            "The player's ID for the event's game (Yu-Gi-Oh!: KONAMI ID, 10 digits; Vanguard: Bushiroad ID), "
            "kept on the player for every event of the game; left out: unchanged."
        ),
    )


class RegistrationUpdateSerializer(serializers.Serializer):
    awarded_byes = serializers.IntegerField(min_value=0, max_value=MAX_BYES, required=False)
    fixed_table = serializers.IntegerField(min_value=1, max_value=MAX_TABLE, required=False, allow_null=True)


class PlayerRefSerializer(serializers.Serializer):
    registration_id = serializers.IntegerField(source="pk")
    username = serializers.CharField(source="player.username")
    name = serializers.CharField(source="player.__str__")


class MatchSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round.number", read_only=True)
    player_a = PlayerRefSerializer(read_only=True)
    player_b = PlayerRefSerializer(read_only=True, allow_null=True)
    status = choice(MatchStatus.choices, read_only=True)
    kind = serializers.CharField(
        read_only=True,
        help_text="'' while no result; else normal, intentional_draw, double_loss, game_loss, "
        "match_loss, unfinished, bye or missed",
    )

    class Meta:
        model = Match
        fields = [
            "id", "round", "table", "player_a", "player_b", "status", "kind", "games_a", "games_b",
            "games_drawn", "penalized", "winner", "version", "reported_at", "confirmed_at",
        ]  # fmt: skip
        read_only_fields = fields


class RoundSerializer(serializers.ModelSerializer):
    stage = choice(RoundStage.choices, read_only=True)

    class Meta:
        model = Round
        fields = ["id", "event", "number", "stage", "seed", "method", "rematches", "cost", "started_at"]
        read_only_fields = fields


class PairNextSerializer(serializers.Serializer):
    number = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ROUND,
        required=False,
        help_text=_("The round you mean to pair; pairing it again returns it."),
    )
    background = serializers.BooleanField(
        required=False,
        default=False,
        help_text=_("Send the pairing to a worker and answer 202 with a task id."),
    )
    check_warnings = serializers.BooleanField(
        required=False,
        default=False,
        help_text=_(
            "Pair only if nothing needs the organizer's attention: otherwise answer 409 with code "
            "pairing_warnings and the warnings (missing or illegal deck lists, players not checked in), "
            "pairing nothing. Send again without it to pair anyway."
        ),
    )


class WarnedPlayerSerializer(serializers.Serializer):
    registration_id = serializers.IntegerField()
    name = serializers.CharField()
    username = serializers.CharField()


class PairingWarningSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="missing_deck_list, illegal_deck_list or not_checked_in")
    message = serializers.CharField()
    players = WarnedPlayerSerializer(many=True)


class PairingWarningsSerializer(serializers.Serializer):
    """The site's error shape (one error, code pairing_warnings) plus the warnings themselves."""

    errors = ErrorItemSerializer(many=True)
    warnings = PairingWarningSerializer(many=True)


class PairingTaskSerializer(serializers.Serializer):
    task_id = serializers.CharField()
    progress_url = serializers.CharField()


class ExplainSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    method = serializers.CharField()
    rematches = serializers.IntegerField()
    cost = serializers.IntegerField()
    lines = serializers.ListField(child=serializers.CharField())


class NameRowSerializer(serializers.Serializer):
    name = serializers.CharField()
    username = serializers.CharField()
    registration_id = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True)
    opponent = serializers.CharField(allow_null=True)
    match_id = serializers.IntegerField()
    kind = serializers.CharField()


# Results: the fields take the bounds, choices and messages of tournaments.forms.RESULT_RULES (the pages'
# ResultForm), and `result()` gives the same ResultInput the pages hand to match_result_submit.


def _result_field(name: str, **kwargs) -> serializers.Field:
    rule = RESULT_RULES[name]
    if "choices" in rule:
        return serializers.ChoiceField(**rule, **kwargs)
    if name == "reason":
        return serializers.CharField(**rule, **kwargs)
    return serializers.IntegerField(**rule, **kwargs)


VERSION_HELP = _("The version of the match you saw; 409 if it changed since.")


class ResultSerializer(serializers.Serializer):
    games_a = _result_field("games_a")
    games_b = _result_field("games_b")
    games_drawn = _result_field("games_drawn", default=0)
    kind = _result_field("kind", default=ResultKind.NORMAL)
    # Required: a report from a player says which result it replaces (409 if it changed since).
    version = _result_field("version", help_text=VERSION_HELP)

    def result(self) -> ResultInput:
        data = self.validated_data
        return result_input(data, penalized_id=data.get("penalized"))


class StaffResultSerializer(ResultSerializer):
    version = _result_field("version", required=False, help_text=VERSION_HELP)
    penalized = an_id(
        required=False,
        allow_null=True,
        help_text=_("Registration id of the player taking a game/match loss."),
    )


class CorrectionSerializer(StaffResultSerializer):
    reason = _result_field("reason")


class ConfirmSerializer(serializers.Serializer):
    # Required: the result confirmed is the one the player saw, not one changed a moment before.
    version = _result_field("version", help_text=VERSION_HELP)

    def result(self) -> ResultInput:
        return result_input(self.validated_data)


class CorrectionResultSerializer(serializers.Serializer):
    match = MatchSerializer()
    repairable_round = serializers.IntegerField(
        allow_null=True,
        help_text=_("The next round, paired already with no result yet: it can be paired again."),
    )


class ResultChangeSerializer(serializers.ModelSerializer):
    changed_by = serializers.CharField(source="changed_by.username", allow_null=True, default=None)
    action = choice(ResultChange.Action.choices, read_only=True)

    class Meta:
        model = ResultChange
        fields = ["action", "changed_by", "changed_at", "reason", "before", "after", "version"]


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    registration_id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()
    points = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    rounds_played = serializers.IntegerField()
    mwp = serializers.FloatField()
    omw = serializers.FloatField()
    oomw = serializers.FloatField()
    gwp = serializers.FloatField()
    ogw = serializers.FloatField()
    head_to_head = serializers.IntegerField(allow_null=True)
    konami_number = serializers.CharField()
    dropped = serializers.BooleanField()
    missed_rounds = serializers.IntegerField()


class TopCutStartSerializer(serializers.Serializer):
    size = serializers.IntegerField(min_value=2, max_value=MAX_TOP_CUT, required=False)


class TopCutSerializer(serializers.Serializer):
    size = serializers.IntegerField()
    champion = serializers.IntegerField(allow_null=True, help_text=_("Registration id of the winner."))
    placings = serializers.DictField(child=serializers.CharField(), help_text=_("Registration id → placing."))
    rounds = serializers.ListField(child=MatchSerializer(many=True))


class BulkResultLineSerializer(StaffResultSerializer):
    match = an_id(help_text=_("Match id (of this round)."))


class BulkResultsSerializer(serializers.Serializer):
    results = BulkResultLineSerializer(many=True, allow_empty=False, max_length=2048)


class BulkResultsAnswerSerializer(serializers.Serializer):
    entered = serializers.IntegerField()


class PenaltySerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="registration.player.username", read_only=True)
    issued_by = serializers.CharField(source="issued_by.username", read_only=True, default=None)
    approved_by = serializers.CharField(source="approved_by.username", read_only=True, default=None)
    round = serializers.IntegerField(source="match.round.number", read_only=True, default=None)
    awaiting_approval = serializers.BooleanField(read_only=True)
    # "penalty", as in the request (the model's "kind")
    penalty = choice(PenaltyKind.choices, source="kind", read_only=True)

    class Meta:
        model = Penalty
        fields = [
            "id", "registration", "player", "match", "round", "infraction", "penalty", "reason", "issued_by",
            "issued_at", "approved_by", "approved_at", "awaiting_approval",
        ]  # fmt: skip
        read_only_fields = fields


class PenaltyCreateSerializer(serializers.Serializer):
    registration = serializers.IntegerField(min_value=1, help_text=_("Registration id of the player."))
    infraction = serializers.CharField(
        max_length=40, help_text=_("A key of the game's infractions (its plug-in's penalty guide).")
    )
    penalty = serializers.CharField(
        max_length=20, help_text="warning, game_loss, match_loss or disqualification"
    )
    reason = serializers.CharField(required=False, allow_blank=True, max_length=2000)
    match = serializers.IntegerField(
        required=False,
        min_value=1,
        help_text=_("A game or match loss: the match (default: the player's latest)."),
    )
    games_a = serializers.IntegerField(required=False, min_value=0, max_value=9)
    games_b = serializers.IntegerField(required=False, min_value=0, max_value=9)


class PlayerIdSerializer(serializers.Serializer):
    game = serializers.CharField(read_only=True, help_text="The game's key (yugioh, vanguard…)")
    label = serializers.CharField(read_only=True, help_text="The ID's name (KONAMI ID, Bushiroad ID…)")
    example = serializers.CharField(read_only=True)
    value = serializers.CharField(read_only=True, help_text="Yours; empty when you have none")


class PlayerIdSetSerializer(serializers.Serializer):
    game = serializers.CharField(max_length=40, help_text="A game that has a player ID")
    value = serializers.CharField(
        max_length=40, allow_blank=True, help_text="The ID in the game's format; empty removes it"
    )
