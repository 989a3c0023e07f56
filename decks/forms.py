from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.bounds import MAX_ROUND
from decks.formats import FORMATS
from decks.models import Banlist, Game
from decks.services.decklists import MAX_UPLOAD_BYTES

FORMAT_CHOICES = [("", _("Detect automatically"))] + [(f, f) for f in FORMATS]


class DeckSubmitForm(forms.Form):
    """One of: an uploaded file (.ydk, .txt), a YDKE link, or a pasted/built text list."""

    upload = forms.FileField(
        label=_("Upload a deck file"), required=False, help_text=_(".ydk or text file, at most 64 KB.")
    )
    ydke = forms.CharField(
        label=_("YDKE link"),
        required=False,
        max_length=8000,
        widget=forms.TextInput(attrs={"placeholder": "ydke://…", "autocomplete": "off"}),
    )
    text = forms.CharField(
        label=_("Deck list"),
        required=False,
        max_length=70_000,
        strip=False,
        widget=forms.Textarea(
            attrs={
                "rows": 12,
                "placeholder": _("Main Deck:\n3 Ash Blossom & Joyous Spring\n…"),
                "data-deck-text": "",
            }
        ),
        help_text=_(
            "Paste a list (one card per line, e.g. '3 Pot of Greed'), or build it with the card search."
        ),
    )
    format = forms.ChoiceField(label=_("Format"), choices=FORMAT_CHOICES, required=False)

    def clean_upload(self):
        upload = self.cleaned_data.get("upload")
        if upload and upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                _("The file is %(size)s bytes; the limit is 64 KB.") % {"size": f"{upload.size:,}"}
            )
        return upload

    def clean(self):
        data = super().clean()
        sources = [name for name in ("upload", "ydke", "text") if data.get(name)]
        if not sources and not self.errors:
            raise forms.ValidationError(
                _("Upload a file, paste a YDKE link or write the list: the form is empty.")
            )
        if len(sources) > 1:
            raise forms.ValidationError(_("Give the deck one way only: a file, a YDKE link or a text list."))
        return data

    def deck_source(self) -> tuple[bytes | str, str | None, str | None]:
        """(data, file name, format) of the chosen source."""
        data = self.cleaned_data
        chosen_format = data.get("format") or None
        if data.get("upload"):
            upload = data["upload"]
            return upload.read(MAX_UPLOAD_BYTES + 1), upload.name, chosen_format
        if data.get("ydke"):
            return data["ydke"].strip(), None, chosen_format or "ydke"
        return data["text"], None, chosen_format


class UnlockForm(forms.Form):
    note = forms.CharField(
        label=_("Why is it unlocked?"), max_length=2000, widget=forms.Textarea(attrs={"rows": 2})
    )


class DeckCheckSelectForm(forms.Form):
    round_number = forms.IntegerField(label=_("Round"), min_value=0, max_value=MAX_ROUND, required=False)
    count = forms.IntegerField(label=_("How many decks"), min_value=1, max_value=64, initial=2)


class DeckCheckCountForm(forms.Form):
    counted = forms.CharField(
        label=_("Counted deck"),
        strip=False,
        widget=forms.Textarea(attrs={"rows": 12}),
        help_text=_("What the player's deck holds, as a text list ('3 Pot of Greed') or a .ydk."),
    )
    note = forms.CharField(label=_("Note"), required=False, max_length=2000)


class EventDeckSettingsForm(forms.Form):
    banlist = forms.ModelChoiceField(label=_("Banlist"), queryset=Banlist.objects.none(), required=False)
    lists_published = forms.BooleanField(label=_("Deck lists are public"), required=False)

    def __init__(self, *args, game: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["banlist"].queryset = Banlist.objects.filter(game=game).order_by("-date", "name")


class CardImportForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), choices=Game.choices)
    file = forms.FileField(label=_("Card file"), help_text=_(".cdb, YGOPRODeck .json, Vanguard .db or .csv"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > 50 * 1024 * 1024:
            raise forms.ValidationError(_("The file is larger than 50 MB."))
        return upload
