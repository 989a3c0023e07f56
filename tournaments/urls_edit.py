"""Console pages that change an event after its creation (tournaments/views_edit.py): its settings and the
last round's hand tools. Included from tournaments/urls_day.py (namespace "tournaments")."""

from django.urls import path

from tournaments import views_edit as edit

urlpatterns = [
    path("<int:event_id>/console/edit/", edit.console_event_edit, name="console_event_edit"),
    path("<int:event_id>/console/rounds/<int:number>/", edit.console_round, name="console_round"),
    path(
        "<int:event_id>/console/rounds/<int:number>/swap/", edit.console_round_swap, name="console_round_swap"
    ),
    path(
        "<int:event_id>/console/rounds/<int:number>/reopen/",
        edit.console_round_reopen,
        name="console_round_reopen",
    ),
    path(
        "<int:event_id>/console/rounds/<int:number>/re-pair/",
        edit.console_round_repair,
        name="console_round_repair",
    ),
]
