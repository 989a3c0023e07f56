"""Tournament-day pages: the organizer's console, the player's phone page, the wall, printouts, exports.
Included from tournaments/urls.py (namespace "tournaments"), under /events/."""

from django.urls import path

from tournaments import views_console as console
from tournaments import views_desk as desk
from tournaments import views_player as player
from tournaments import views_public as public

urlpatterns = [
    # organizer console
    path("console/day/", console.console_home, name="day_home"),
    path("console/new/", console.console_event_new, name="console_event_new"),
    path("console/import/", console.console_event_import, name="console_event_import"),
    path("console/transfers/<int:transfer_id>/", console.console_transfer, name="console_transfer"),
    path(
        "console/transfers/<int:transfer_id>/download/",
        console.console_transfer_download,
        name="console_transfer_download",
    ),
    path("<int:event_id>/console/", console.console_event, name="console_event"),
    path("<int:event_id>/console/exports/json/", console.console_export_start, name="console_export_start"),
    path(
        "<int:event_id>/console/registrations/", console.console_registrations, name="console_registrations"
    ),
    path(
        "<int:event_id>/console/registrations/add/",
        console.console_registration_add,
        name="console_registration_add",
    ),
    path(
        "<int:event_id>/console/registrations/<int:registration_id>/<str:action>/",
        console.console_registration_action,
        name="console_registration_action",
    ),
    path("<int:event_id>/console/status/", console.console_status, name="console_status"),
    path("<int:event_id>/console/pair/", console.console_pair, name="console_pair"),
    path("<int:event_id>/console/topcut/", console.console_topcut, name="console_topcut"),
    path("<int:event_id>/console/rounds/<int:number>/repair/", console.console_repair, name="console_repair"),
    path("<int:event_id>/console/matches/<int:match_id>/", console.console_match, name="console_match"),
    path(
        "<int:event_id>/console/matches/<int:match_id>/result/",
        console.console_match_result,
        name="console_match_result",
    ),
    path("<int:event_id>/console/timer/", console.console_timer, name="console_timer"),
    path("<int:event_id>/console/exports/", console.console_exports, name="console_exports"),
    # the check-in desk (staff)
    path("<int:event_id>/desk/", desk.desk, name="desk"),
    path("<int:event_id>/desk/results/", desk.desk_results, name="desk_results"),
    path(
        "<int:event_id>/desk/registrations/<int:registration_id>/<str:action>/",
        desk.desk_action,
        name="desk_action",
    ),
    path("<int:event_id>/desk/scan/<str:token>/", desk.desk_scan, name="desk_scan"),
    # the player's phone
    path("<int:event_id>/me/", player.player_event, name="player_event"),
    path("<int:event_id>/me/live/", player.player_live, name="player_live"),
    path("<int:event_id>/me/stream/", player.player_stream, name="player_stream"),
    path("<int:event_id>/me/register/", player.player_register, name="player_register"),
    path("<int:event_id>/me/check-in/", player.player_check_in, name="player_check_in"),
    path("<int:event_id>/me/report/", player.player_report, name="player_report"),
    path("<int:event_id>/me/withdraw/", player.player_withdraw, name="player_withdraw"),
    path("<int:event_id>/me/confirm/", player.player_confirm, name="player_confirm"),
    path("<int:event_id>/me/dispute/", player.player_dispute, name="player_dispute"),
    path("<int:event_id>/me/drop/", player.player_drop, name="player_drop"),
    # the wall
    path("<int:event_id>/wall/pairings/", public.public_pairings, name="wall_pairings"),
    path("<int:event_id>/wall/standings/", public.public_standings, name="wall_standings"),
    path("<int:event_id>/wall/bracket/", public.public_bracket, name="wall_bracket"),
    path("<int:event_id>/wall/clock/", public.public_clock, name="wall_clock"),
    path("<int:event_id>/wall/decklists/", public.public_decklists, name="wall_decklists"),
    # printouts and exports (staff)
    path("<int:event_id>/print/<str:kind>.pdf", public.print_pdf, name="print_pdf"),
    path("<int:event_id>/export/event.json", public.export_event_json, name="export_event_json"),
    path("<int:event_id>/export/<str:what>.<str:fmt>", public.export_table, name="export_table"),
]

from django.urls import include  # noqa: E402  (editing an event and its last round: tournaments/urls_edit.py)

urlpatterns += [path("", include("tournaments.urls_edit"))]
