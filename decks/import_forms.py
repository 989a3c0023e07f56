"""Forms of the card-pool import pages (admins only)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from decks.models import CardChange, CardImport, Game
from decks.services.cards import card_import_max_bytes


class CardPoolImportForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), choices=Game.choices)
    file = forms.FileField(label=_("Card file"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["file"].help_text = _(
            ".cdb, YGOPRODeck .json, Vanguard .db or .csv, at most %(size)s MB."
        ) % {"size": card_import_max_bytes() // (1024 * 1024)}

    def clean_file(self):
        upload = self.cleaned_data["file"]
        limit = card_import_max_bytes()
        if upload.size > limit:
            raise forms.ValidationError(
                _("The file is %(size)s bytes; a card file may hold at most %(limit)s bytes."),
                params={"size": f"{upload.size:,}", "limit": f"{limit:,}"},
                code="too_large",
            )
        if upload.size == 0:
            raise forms.ValidationError(_("The file is empty."), code="empty")
        return upload


class CardChangesForm(forms.Form):
    """What to do with an import's waiting changes: apply or discard the ticked ones, or all of them."""

    ACTIONS = [
        ("apply", _("Apply the ticked changes")),
        ("discard", _("Discard the ticked changes")),
        ("apply_all", _("Apply every waiting change")),
        ("discard_all", _("Discard everything waiting")),
        ("retry", _("Run the import again")),
    ]
    action = forms.ChoiceField(label=_("Action"), choices=ACTIONS)
    change = forms.ModelMultipleChoiceField(
        label=_("Changes"), queryset=CardChange.objects.none(), required=False
    )

    def __init__(self, *args, card_import: CardImport, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["change"].queryset = CardChange.objects.filter(
            card_import=card_import, status=CardChange.Status.PENDING
        )

    def clean(self):
        data = super().clean()
        if data.get("action") in ("apply", "discard") and not data.get("change"):
            raise forms.ValidationError(
                _("Tick at least one waiting change (or use the buttons for all of them)."), code="none"
            )
        return data
