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
