"""Forms of the tournament pages (input checks only; the services decide what is allowed)."""

from __future__ import annotations

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from core.bounds import (
    MAX_CAPACITY,
    MAX_ROUND_MINUTES,
    MAX_SWISS_ROUNDS,
    MAX_TIER,
    MAX_TOP_CUT,
    MAX_VERSION,
)
from rulings.engine.i18n import language_of, ruleset_title
from rulings.engine.registry import get_game
from tournaments.extensions import deck_lists
from tournaments.models import Event, Game, ResultKind
from tournaments.services.day import quick_result_games
from tournaments.services.errors import TournamentError
from tournaments.services.results import ENTERABLE_KINDS, ResultInput


def rule_set_choices() -> list:
    """The engine's rule sets, grouped by game. Several games have a `standard`: an option's value is
    `game:key` so that a re-shown form selects the entry of the right game; the service checks the key."""
    choices: list = [("", _("The game's default"))]
    language = language_of(get_language())
    for game in Game:
        engine_game = get_game(game.value)
        choices.append(
            (
                game.label,
                [
                    (f"{game.value}:{key}", ruleset_title(game.value, rs, language))
                    for key, rs in engine_game.rulesets.items()
                ],
            )
        )
    return choices


def say_time_zone(form: forms.Form) -> None:
    """A datetime-local box has no time zone: each one's help says which zone its time is read in."""
    zone = _("Times are in the %(zone)s time zone.") % {"zone": timezone.get_current_timezone_name()}
    for field in form.fields.values():
        if isinstance(field, forms.DateTimeField):
            field.help_text = f"{field.help_text} {zone}".strip()


def rule_set_clean(form: forms.Form, data: dict) -> dict:
    """A `game:key` option back to the engine's key, refused (on `rule_set`) when it is another game's."""
    game, _sep, key = (data.get("rule_set") or "").rpartition(":")
    if game and data.get("game") and game != data["game"]:
        form.add_error(
            "rule_set",
            _("This rule set is %(other)s's: pick one listed under %(game)s, or the game's default.")
            % {
                "other": Game(game).label if game in Game.values else game,
                "game": Game(data["game"]).label,
            },
        )
    elif game:
        data["rule_set"] = key
    return data


class RuleSetField(forms.ChoiceField):
    """A `game:key` option of `rule_set_choices`, or a bare engine key (scripts, older pages)."""

    def valid_value(self, value) -> bool:
        return super().valid_value(value) or ":" not in str(value)


def banlist_choices() -> list:
    """The imported banlists (decks registers them: `tournaments.extensions`), grouped by game; the service
    checks the game."""
    labels = dict(Game.choices)
    groups: dict[str, list] = {}
    for game, name in deck_lists().banlist_names():
        groups.setdefault(game, []).append((name, name))
    return [("", _("No banlist"))] + [(labels.get(game, game), names) for game, names in groups.items()]


# The event's numbers, bounded in the form (a 400 naming the field) rather than only by the database, whose
# limits differ (SQLite stores any 64-bit number in a "small" integer column).
EVENT_NUMBER_BOUNDS = {
    "tier": (1, MAX_TIER),
    "capacity": (2, MAX_CAPACITY),
    "round_minutes": (1, MAX_ROUND_MINUTES),
    "swiss_rounds_override": (1, MAX_SWISS_ROUNDS),
    "top_cut_override": (0, MAX_TOP_CUT),
}


def bound_field(field: forms.IntegerField, low: int, high: int) -> None:
    field.min_value, field.max_value = low, high
    field.validators = [
        v for v in field.validators if not isinstance(v, (MinValueValidator, MaxValueValidator))
    ] + [MinValueValidator(low), MaxValueValidator(high)]
    field.widget.attrs.update({"min": low, "max": high})


class EventForm(forms.ModelForm):
    rule_set = RuleSetField(label=_("Rule set"), required=False, choices=rule_set_choices)
    # Stored in decks.EventDeckSettings.banlist (the event's one banlist) by the event services.
    banlist = forms.ChoiceField(label=_("Banlist"), required=False, choices=banlist_choices)
    field_order = ["name", "game", "date", "venue", "capacity", "rule_set", "banlist"]

    class Meta:
        model = Event
        fields = [
            "name", "game", "date", "venue", "capacity", "rule_set", "tier", "best_of",
            "round_minutes", "decklist_deadline", "tiebreak_policy", "win_floor", "dropped_figures",
            "swiss_rounds_override", "top_cut_override", "self_check_in_opens", "self_check_in_closes",
            "self_check_in_staff_only",
        ]  # fmt: skip
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}),
            "decklist_deadline": forms.DateTimeInput(attrs={"type": "datetime-local"}),
            "self_check_in_opens": forms.DateTimeInput(attrs={"type": "datetime-local"}),
            "self_check_in_closes": forms.DateTimeInput(attrs={"type": "datetime-local"}),
        }
        help_texts = {
            "swiss_rounds_override": _("Empty: from the game's policy for the checked-in count."),
            "top_cut_override": _("Empty: from the game's policy; 0 for no cut."),
            "win_floor": _(
                "Replaces the floor of a policy that has one (Magic 0.33, Pokémon 0.25); "
                "Konami and Vanguard have none."
            ),
            "dropped_figures": _(
                "A dropped player's own percentages: from every result at the end, or as they stood "
                "at the drop. Their opponents' figures are the same either way."
            ),
            "self_check_in_opens": _("Empty: players may check themselves in as soon as check-in opens."),
            "self_check_in_closes": _("Empty: until round 1 is paired."),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, (low, high) in EVENT_NUMBER_BOUNDS.items():
            if name in self.fields:
                bound_field(self.fields[name], low, high)
        for name in ("win_floor", "dropped_figures"):
            if name in self.fields:
                self.fields[name].required = False
        say_time_zone(self)

    def clean(self):
        data = super().clean()
        # Left out (older pages, scripts): the event's current choice, or the default for a new event.
        for name in ("win_floor", "dropped_figures"):
            if name in self.fields and not data.get(name):
                data[name] = getattr(self.instance, name) or Event._meta.get_field(name).default
        return rule_set_clean(self, data)


# --- Match results: the one input shape of every door (phone, console, event page, API) ------------------
# The API's result serializers (tournaments/api/serializers.py) build their fields from RESULT_RULES too: the
# same bounds, choices and messages, so that a bad value is refused alike through every door.

MAX_GAMES = 9
GAMES_MESSAGE = _("Game counts are whole numbers from 0 to 9.")
KIND_MESSAGE = _("Unknown result kind.")
PENALIZED_MESSAGE = _("Say which player of this match takes the penalty.")
REASON_MESSAGE = _("Say why the result is corrected.")
VERSION_MISSING = _("The version of the match you saw is missing: reload the page and try again.")
VERSION_MESSAGE = _("The version of the match must be a whole number.")
KIND_CHOICES = [(k.value, k.label) for k in ENTERABLE_KINDS]


def _messages(text, *keys: str) -> dict:
    return dict.fromkeys(keys, text)


GAMES_ERRORS = _messages(
    GAMES_MESSAGE, "required", "null", "invalid", "min_value", "max_value", "max_string_length"
)
RESULT_RULES: dict[str, dict] = {
    "games_a": {"min_value": 0, "max_value": MAX_GAMES, "error_messages": GAMES_ERRORS},
    "games_b": {"min_value": 0, "max_value": MAX_GAMES, "error_messages": GAMES_ERRORS},
    "games_drawn": {"min_value": 0, "max_value": MAX_GAMES, "error_messages": GAMES_ERRORS},
    "kind": {"choices": KIND_CHOICES, "error_messages": _messages(KIND_MESSAGE, "invalid_choice", "null")},
    "reason": {"max_length": 2000, "error_messages": _messages(REASON_MESSAGE, "required", "blank", "null")},
    "version": {
        "min_value": 1,
        "max_value": MAX_VERSION,
        "error_messages": {
            **_messages(VERSION_MESSAGE, "invalid", "min_value", "max_value", "max_string_length"),
            **_messages(VERSION_MISSING, "required", "null"),
        },
    },
}

# The phone's names for the fields: its games come first ("2-1": I won two games, lost one).
PLAYER_FIELDS = {
    "result": "quick",
    "my_games": "games_a",
    "their_games": "games_b",
    "drawn_games": "games_drawn",
    "version": "version",
}


def result_input(values, *, penalized_id: int | None = None) -> ResultInput:
    """A ResultInput from cleaned values (this form's or an API serializer's)."""
    return ResultInput(
        games_a=values.get("games_a") or 0,
        games_b=values.get("games_b") or 0,
        games_drawn=values.get("games_drawn") or 0,
        kind=values.get("kind") or ResultKind.NORMAL,
        penalized_id=penalized_id,
        reason=(values.get("reason") or "").strip(),
        version=values.get("version"),
    )


class ResultForm(forms.Form):
    """A match result from a page: a quick button ("2-1", games of A first) or typed games, the kind, who
    takes a penalty (side "a" or "b" of `match`), a reason, the version seen. `result` is the ResultInput
    the services take; `error()` the first problem as the TournamentError every door already answers.

    `mine="b"`: the games given are the player's own first (the phone), so they are swapped into A/B. The
    game's rules (best of, draws, top cut, who may enter what, versions) are the services' to check."""

    quick = forms.CharField(required=False, max_length=8, widget=forms.HiddenInput)
    games_a = forms.IntegerField(label=_("Games won by A"), required=False, **RESULT_RULES["games_a"])
    games_b = forms.IntegerField(label=_("Games won by B"), required=False, **RESULT_RULES["games_b"])
    games_drawn = forms.IntegerField(
        label=_("Drawn games"), required=False, initial=0, **RESULT_RULES["games_drawn"]
    )
    kind = forms.ChoiceField(
        label=_("Result"), required=False, initial=ResultKind.NORMAL, **RESULT_RULES["kind"]
    )
    penalized = forms.ChoiceField(
        label=_("Penalty for"),
        required=False,
        choices=[("", "—"), ("a", _("Player A")), ("b", _("Player B"))],
        error_messages=_messages(PENALIZED_MESSAGE, "invalid_choice"),
    )
    reason = forms.CharField(
        label=_("Reason"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=RESULT_RULES["reason"]["max_length"],
    )
    version = forms.IntegerField(required=False, widget=forms.HiddenInput, **RESULT_RULES["version"])

    def __init__(self, data=None, *, match=None, mine: str | None = None, action: str = "", **kwargs):
        super().__init__(data, **kwargs)
        # a confirmation, or a report withdrawn, names the version it saw and nothing else
        self.match, self.mine, self.needs_games = match, mine, action not in ("confirm", "withdraw")

    @classmethod
    def for_player(cls, data, *, match, side: str | None, action: str = "report") -> ResultForm:
        """The phone's report: `result` (a quick button) or my_games / their_games / drawn_games (mine
        first)."""
        fields = {name: data.get(phone, "") for phone, name in PLAYER_FIELDS.items()}
        return cls(fields, match=match, mine=side, action=action)

    @classmethod
    def initial_for(cls, match) -> ResultForm:
        """The form showing the match's current result (the console's match page)."""
        side = {match.player_a_id: "a", match.player_b_id: "b"}.get(match.penalized_id, "")
        return cls(
            initial={
                "games_a": match.games_a, "games_b": match.games_b, "games_drawn": match.games_drawn,
                "kind": match.kind or ResultKind.NORMAL, "version": match.version,
                "penalized": side if match.penalized_id else "",
            },
            match=match,
        )  # fmt: skip

    def clean(self):
        data = super().clean()
        quick = (data.get("quick") or "").strip()
        if quick:
            games = quick_result_games(quick)
            if games is None:
                self.add_error("quick", _("Unknown quick result."))
                return data
            data["games_a"], data["games_b"], data["games_drawn"] = games
        elif self.needs_games:
            for name in ("games_a", "games_b"):
                if data.get(name) is None and name not in self.errors:
                    self.add_error(name, GAMES_MESSAGE)
        if self.mine == "b" and not self.errors:
            data["games_a"], data["games_b"] = data["games_b"], data["games_a"]
        return data

    @property
    def result(self) -> ResultInput:
        side = self.cleaned_data.get("penalized")
        penalized_id = None
        if side and self.match is not None:
            penalized_id = self.match.player_a_id if side == "a" else self.match.player_b_id
        return result_input(self.cleaned_data, penalized_id=penalized_id)

    def error(self) -> TournamentError:
        """The first problem, naming its field (400)."""
        field, errors = next(iter(self.errors.items()))
        return TournamentError(str(errors[0]), field=None if field == "__all__" else field)

    def parse(self) -> ResultInput:
        """The ResultInput, or the first problem raised as a TournamentError (400 naming the field)."""
        if not self.is_valid():
            raise self.error()
        return self.result


class ImportForm(forms.Form):
    """The console's event import: one JSON file (its size is checked before it is read, in the view)."""

    file = forms.FileField(
        label=_("Event file (JSON export)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    @property
    def limit(self) -> str:
        """The largest file accepted, for the page ("10 MB")."""
        from tournaments.services.event_import import import_limit_label

        return import_limit_label()
