"""Forms of the rulings pages (the tablet itself posts free fields that rulings.services.tablet reads)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class SaveRulingForm(forms.Form):
    note = forms.CharField(label=_("Judge's note"), required=False, widget=forms.Textarea(attrs={"rows": 3}))
    event = forms.IntegerField(label=_("Event"), required=False)
    round_number = forms.IntegerField(label=_("Round"), required=False, min_value=0, max_value=999)
    table_number = forms.IntegerField(label=_("Table"), required=False, min_value=0, max_value=99999)


class ReviewForm(forms.Form):
    reviewed = forms.BooleanField(label=_("Reviewed"), required=False)
    comment = forms.CharField(label=_("Comment"), required=False, widget=forms.Textarea(attrs={"rows": 2}))


class PenaltyForm(forms.Form):
    """A penalty from the judge-call log: the player, the game's infraction and penalty, a reason. The
    choices come from the event (its players) and the game's plug-in (tournaments.selectors.penalties)."""

    registration = forms.TypedChoiceField(label=_("Player"), coerce=int)
    round = forms.TypedChoiceField(
        label=_("Match"), coerce=int, required=False, empty_value=None,
        help_text=_("A Game Loss or Match Loss changes this match's result."),
    )  # fmt: skip
    infraction = forms.ChoiceField(label=_("Infraction"))
    penalty = forms.ChoiceField(label=_("Penalty"))
    reason = forms.CharField(
        label=_("What happened"), required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 2})
    )

    def __init__(self, *args, players, guide, rounds=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["registration"].choices = [("", "—"), *players]
        self.fields["round"].choices = [("", _("The player's latest match")), *rounds]
        self.fields["infraction"].choices = guide.infractions
        self.fields["penalty"].choices = guide.penalties
