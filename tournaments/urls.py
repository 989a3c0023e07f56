"""Pages of the tournaments app."""

from django.urls import path

from tournaments import views

app_name = "tournaments"
urlpatterns = [
    path("", views.event_list, name="event_list"),
    path("mine/", views.my_events, name="my_events"),
    path("player-ids/", views.my_player_ids, name="my_player_ids"),
    path("console/", views.console, name="console"),
    path("new/", views.event_create, name="event_create"),
    path("<int:pk>/", views.event_detail, name="event_detail"),
    path("<int:pk>/status/", views.event_status, name="event_status"),
    path("<int:pk>/register/", views.register, name="register"),
    path("<int:pk>/people/", views.add_person, name="add_person"),
    path(
        "<int:pk>/registrations/<int:registration_id>/<slug:action>/",
        views.registration_action,
        name="registration_action",
    ),
    path("<int:pk>/pair-next/", views.pair_next, name="pair_next"),
    path("<int:pk>/pairing-status/", views.pairing_status, name="pairing_status"),
    path("<int:pk>/rounds/<int:number>/", views.round_detail, name="round_detail"),
    path("<int:pk>/rounds/<int:number>/repair/", views.round_repair, name="round_repair"),
    path("<int:pk>/matches/<int:match_id>/result/", views.match_result, name="match_result"),
    path("<int:pk>/standings/", views.standings, name="standings"),
    path("<int:pk>/top-cut/", views.top_cut, name="top_cut"),
]

from django.urls import include  # noqa: E402  (tournament-day pages: console, player phone, wall, printouts)

urlpatterns += [path("", include("tournaments.urls_day"))]
