"""Console pages that change an event after its creation: its settings (with what may change now), and the
last round — re-open it, pair it again (each behind a confirmation page), swap two players by hand. Every
change goes through tournaments.services (event_edit, round_edit) and is listed in the event's audit.

Who: the event's staff (scorekeepers included) see these pages and the audit; only its organizers change
anything (the services refuse others)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from core.collation import collation_key
from tournaments import services
from tournaments.forms import EventForm
from tournaments.models import Event, EventChange, Registration, Round, RoundStage
from tournaments.selectors.changes import event_change_rows
from tournaments.selectors.rounds import round_matches
from tournaments.services.common import can_manage
from tournaments.services.errors import TournamentError
from tournaments.services.round_edit import round_late_entrants, round_results_confirmed
from tournaments.views_console import _error, _staff_event


def _manager_event(request: HttpRequest, event_id: int) -> Event:
    event = _staff_event(request, event_id)
    if not can_manage(user=request.user, event=event):
        raise PermissionDenied(_("Only an organizer of this event can do this."))
    return event


class EventEditForm(EventForm):
    """The creation form's fields and checks, plus a reason for the audit; locked fields are disabled."""

    reason = forms.CharField(label=gettext_lazy("Reason (kept in the audit)"), required=False, max_length=500)

    class Meta(EventForm.Meta):
        widgets = {
            **EventForm.Meta.widgets,
            "decklist_deadline": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
        }

    def __init__(self, *args, event: Event, locked: dict[str, str], **kwargs):
        initial = {"rule_set": f"{event.game}:{event.rule_set}", "banlist": event.banlist_name}
        super().__init__(*args, instance=event, initial=initial, **kwargs)
        if Round.objects.filter(event=event).exists():
            # Once round 1 is paired, the event's own numbers change (never below the rounds paired).
            self.initial["swiss_rounds_override"] = event.swiss_rounds
            self.initial["top_cut_override"] = event.top_cut_size
            self.fields["swiss_rounds_override"].label = gettext_lazy("Swiss rounds")
            self.fields["swiss_rounds_override"].help_text = _(
                "%(n)d paired so far: the event cannot have fewer."
            ) % {"n": Round.objects.filter(event=event, stage=RoundStage.SWISS).count()}
            self.fields["top_cut_override"].label = gettext_lazy("Top cut (0: none)")
            self.fields["top_cut_override"].help_text = ""
        for name, why in locked.items():
            if name in self.fields:
                self.fields[name].disabled = True
                self.fields[name].help_text = why

    def changes(self) -> dict:
        return {name: self.cleaned_data[name] for name in self.changed_data if name != "reason"}


def _edit_context(event: Event, form: EventEditForm, request: HttpRequest) -> dict:
    return {
        "event": event,
        "form": form,
        "can_manage": can_manage(user=request.user, event=event),
        "changes": event_change_rows(event=event),
    }


@login_required
def console_event_edit(request: HttpRequest, event_id: int) -> HttpResponse:
    """Every setting of the event; what cannot change now is greyed out with the reason. Below, the audit
    of every change made to the event (settings, rounds, swaps, late entries)."""
    event = _staff_event(request, event_id)
    locked = services.event_locked_fields(event=event)
    if request.method != "POST":
        form = EventEditForm(event=Event.objects.get(pk=event.pk), locked=locked)
        return render(request, "tournaments/console/edit.html", _edit_context(event, form, request))
    if not can_manage(user=request.user, event=event):
        raise PermissionDenied(_("Only an organizer of this event can do this."))
    form = EventEditForm(request.POST, event=Event.objects.get(pk=event.pk), locked=locked)
    status = 400
    if form.is_valid():
        changes = form.changes()
        try:
            services.event_update(
                event=event, by=request.user, reason=form.cleaned_data.get("reason", ""), **changes
            )
        except TournamentError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
            status = error.status
        else:
            if changes:
                messages.success(request, _("Event updated; the change is in the audit below."))
            else:
                messages.info(request, _("Nothing changed."))
            return redirect(reverse("tournaments:console_event_edit", args=[event.pk]))
    return render(
        request, "tournaments/console/edit.html", _edit_context(event, form, request), status=status
    )


def _last_round(event: Event, number: int) -> Round:
    round_ = Round.objects.filter(event=event, number=number).first()
    if round_ is None:
        raise Http404
    return round_


def _round_context(request: HttpRequest, event: Event, round_: Round) -> dict:
    matches = list(round_matches(round_=round_))
    later = Round.objects.filter(event=event, number__gt=round_.number).exists()
    editable = round_.stage == RoundStage.SWISS and not later and event.status != "finished"
    swappable = [m for m in matches if m.player_b_id and m.status == "pending" and not m.kind]
    return {
        "event": event,
        "round": round_,
        "matches": matches,
        "can_manage": can_manage(user=request.user, event=event),
        "editable": editable,
        "confirmed": round_results_confirmed(round_=round_),
        "swap_players": sorted(
            [(p.pk, str(p.player), m.table) for m in swappable for p in (m.player_a, m.player_b)],
            key=lambda row: (collation_key(row[1]), row[0]),  # "Émilie" between "Eddy" and "Fanny"
        ),
        "changes": [
            row for row in event_change_rows(event=event) if row.change.round_number == round_.number
            and row.change.action != EventChange.Action.LATE_ENTRY
        ],
    }  # fmt: skip


@login_required
@require_GET
def console_round(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """A round's pairings with the hand tools: swap two players, re-open, pair again."""
    event = _staff_event(request, event_id)
    round_ = _last_round(event, number)
    return render(request, "tournaments/console/round.html", _round_context(request, event, round_))


@login_required
@require_POST
def console_round_swap(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    event = _manager_event(request, event_id)
    round_ = _last_round(event, number)
    picked = []
    for field in ("first", "second"):
        raw = request.POST.get(field, "")
        registration = (
            Registration.objects.filter(event=event, pk=int(raw)).select_related("player").first()
            if raw.isdigit() and len(raw) < 19
            else None
        )
        picked.append(registration)
    try:
        if picked[0] is None or picked[1] is None:
            raise TournamentError(
                _("Pick two players of this round."), field="first" if picked[0] is None else "second"
            )
        one, two = services.round_swap_players(
            round_=round_, first=picked[0], second=picked[1], by=request.user,
            reason=request.POST.get("reason", ""),
        )  # fmt: skip
    except TournamentError as error:
        _error(request, error)
    else:
        messages.success(
            request,
            _("%(a)s and %(b)s swapped: tables %(t1)d and %(t2)d are published again.")
            % {"a": picked[0].player, "b": picked[1].player, "t1": one.table, "t2": two.table},
        )
    return redirect(reverse("tournaments:console_round", args=[event.pk, number]))


@login_required
def console_round_reopen(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """GET: what re-opening does, and a confirmation button; POST: re-open."""
    event = _manager_event(request, event_id)
    round_ = _last_round(event, number)
    if request.method == "POST":
        try:
            services.round_reopen(round_=round_, by=request.user, reason=request.POST.get("reason", ""))
        except TournamentError as error:
            _error(request, error)
        else:
            messages.success(
                request,
                _("Round %(n)d is open again: its results await confirmation and can be changed.")
                % {"n": number},
            )
        return redirect(reverse("tournaments:console_round", args=[event.pk, number]))
    context = {**_round_context(request, event, round_), "action": "reopen"}
    return render(request, "tournaments/console/round_confirm.html", context)


@login_required
def console_round_repair(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """GET: what pairing again does (reports discarded, late entrants who could be paired), and a
    confirmation button; POST: pair the round again."""
    event = _manager_event(request, event_id)
    round_ = _last_round(event, number)
    if request.method == "POST":
        try:
            new_round = services.round_repair(
                round_=round_, by=request.user, reason=request.POST.get("reason", ""),
                include_late_entries=request.POST.get("include_late") == "on",
            )  # fmt: skip
        except TournamentError as error:
            _error(request, error)
        else:
            messages.success(
                request, _("Round %(n)d is paired again and published.") % {"n": new_round.number}
            )
        return redirect(reverse("tournaments:console_round", args=[event.pk, number]))
    context = {
        **_round_context(request, event, round_),
        "action": "repair",
        "reported": round_.matches.filter(status="reported").count(),
        "late_entrants": round_late_entrants(round_=round_),
    }
    return render(request, "tournaments/console/round_confirm.html", context)
