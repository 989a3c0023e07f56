from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from .models import Role, User


class SignUpForm(UserCreationForm):
    email = forms.EmailField(label=_("Email"), required=True)
    display_name = forms.CharField(label=_("Name shown on pairings"), max_length=80, required=False)
    role = forms.ChoiceField(
        label=_("I am mostly a"),
        choices=Role.choices,
        initial=Role.PLAYER,
        help_text=_("Judges and organizers are given their rights per event by the event's organizer."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email", "display_name", "role")

    def clean_email(self):
        email = self.cleaned_data["email"].strip().lower()
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account with this email already exists."))
        return email
