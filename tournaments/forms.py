"""Forms of the tournament pages (input checks only; the services decide what is allowed)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, ResultKind
from tournaments.services.results import ENTERABLE_KINDS


class EventForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = [
            "name", "game", "date", "venue", "capacity", "rule_set", "banlist", "tier", "best_of",
            "round_minutes", "decklist_deadline", "tiebreak_policy", "swiss_rounds_override",
            "top_cut_override",
        ]  # fmt: skip
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}),
            "decklist_deadline": forms.DateTimeInput(attrs={"type": "datetime-local"}),
        }
        help_texts = {
            "swiss_rounds_override": _("Empty: from the game's policy for the checked-in count."),
            "top_cut_override": _("Empty: from the game's policy; 0 for no cut."),
        }


class ResultForm(forms.Form):
    games_a = forms.IntegerField(label=_("Games won by A"), min_value=0, max_value=9, initial=0)
    games_b = forms.IntegerField(label=_("Games won by B"), min_value=0, max_value=9, initial=0)
    games_drawn = forms.IntegerField(
        label=_("Drawn games"), min_value=0, max_value=9, initial=0, required=False
    )
    kind = forms.ChoiceField(
        label=_("Result"), choices=[(k.value, k.label) for k in ENTERABLE_KINDS], initial=ResultKind.NORMAL
    )
    penalized = forms.IntegerField(required=False, widget=forms.HiddenInput)
    penalized_side = forms.ChoiceField(
        label=_("Penalty for"), required=False, choices=[("", "—"), ("a", "A"), ("b", "B")]
    )
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    reason = forms.CharField(label=_("Reason for the correction"), required=False, max_length=2000)
