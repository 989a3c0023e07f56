"""Forms of the tournament pages (input checks only; the services decide what is allowed)."""

from __future__ import annotations

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from core.bounds import (
    MAX_CAPACITY,
    MAX_ID,
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
from tournaments.services.results import ENTERABLE_KINDS


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
            "round_minutes", "decklist_deadline", "tiebreak_policy", "swiss_rounds_override",
            "top_cut_override", "self_check_in_opens", "self_check_in_closes", "self_check_in_staff_only",
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
            "self_check_in_opens": _("Empty: players may check themselves in as soon as check-in opens."),
            "self_check_in_closes": _("Empty: until round 1 is paired."),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, (low, high) in EVENT_NUMBER_BOUNDS.items():
            if name in self.fields:
                bound_field(self.fields[name], low, high)

    def clean(self):
        data = super().clean()
        game, _sep, key = (data.get("rule_set") or "").rpartition(":")
        if game and data.get("game") and game != data["game"]:
            self.add_error(
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


class ResultForm(forms.Form):
    games_a = forms.IntegerField(label=_("Games won by A"), min_value=0, max_value=9, initial=0)
    games_b = forms.IntegerField(label=_("Games won by B"), min_value=0, max_value=9, initial=0)
    games_drawn = forms.IntegerField(
        label=_("Drawn games"), min_value=0, max_value=9, initial=0, required=False
    )
    kind = forms.ChoiceField(
        label=_("Result"), choices=[(k.value, k.label) for k in ENTERABLE_KINDS], initial=ResultKind.NORMAL
    )
    penalized = forms.IntegerField(required=False, widget=forms.HiddenInput, min_value=1, max_value=MAX_ID)
    penalized_side = forms.ChoiceField(
        label=_("Penalty for"), required=False, choices=[("", "—"), ("a", "A"), ("b", "B")]
    )
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=MAX_VERSION)
    reason = forms.CharField(label=_("Reason for the correction"), required=False, max_length=2000)


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
