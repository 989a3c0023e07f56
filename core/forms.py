from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from .models import Role, User
from .services.roles import ASKABLE_ROLES, MOTIVATION_MAX_LENGTH, NOTE_MAX_LENGTH, REASON_MAX_LENGTH


class SignUpForm(UserCreationForm):
    """Everyone signs up as a player: a site role is granted by an administrator (core.services.roles), never
    chosen here — a posted `role` is not a field of this form and is ignored."""

    email = forms.EmailField(label=_("Email"), required=True)
    display_name = forms.CharField(label=_("Name shown on pairings"), max_length=80, required=False)

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email", "display_name")

    def clean_email(self):
        email = self.cleaned_data["email"].strip().lower()
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account with this email already exists."))
        return email

    def save(self, commit: bool = True) -> User:
        user = super().save(commit=False)
        user.role = Role.PLAYER
        if commit:
            user.save()
        return user


class RoleRequestForm(forms.Form):
    role = forms.ChoiceField(
        label=_("I would like to be"),
        choices=[(role.value, role.label) for role in ASKABLE_ROLES],
        widget=forms.RadioSelect,
    )
    motivation = forms.CharField(
        label=_("Who you are, where you organize or judge"),
        max_length=MOTIVATION_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 4, "placeholder": _("I organize events at …")}),
        help_text=_("An administrator reads this before deciding (at most 500 characters)."),
    )

    def __init__(self, *args, current_role: str | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if current_role:
            # one does not ask for the role one has (the service refuses it anyway, with its reason)
            choices = [c for c in self.fields["role"].choices if c[0] != current_role]
            self.fields["role"].choices = choices


DECISIONS = [("approve", _("Approve")), ("refuse", _("Refuse"))]


class RoleDecisionForm(forms.Form):
    request = forms.IntegerField(widget=forms.HiddenInput)
    decision = forms.ChoiceField(choices=DECISIONS)
    note = forms.CharField(
        label=_("Note to the person"), max_length=NOTE_MAX_LENGTH, required=False, widget=forms.TextInput
    )


class RoleSetForm(forms.Form):
    user = forms.IntegerField(widget=forms.HiddenInput)
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices)
    reason = forms.CharField(label=_("Reason"), max_length=REASON_MAX_LENGTH)
