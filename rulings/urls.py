"""Pages of the rulings app."""

from django.urls import path

from . import views

app_name = "rulings"
urlpatterns = [
    path("", views.tablet, name="tablet"),
    path("tablet/tap/", views.tablet_op, name="tablet_op"),
    path("tablet/cards/", views.card_search, name="card_search"),
    path("rules/", views.catalogue, name="catalogue"),
    path("rules/<str:game>/<str:rule_id>/", views.rule_detail, name="rule"),
    path("r/<slug:slug>/", views.ruling_detail, name="ruling_detail"),
    path("r/<slug:slug>/document.json", views.ruling_download, name="ruling_download"),
    path("r/<slug:slug>/review/", views.ruling_review_view, name="ruling_review"),
    path("events/<int:event_id>/log/", views.event_log, name="event_log"),
    path("events/<int:event_id>/penalties/", views.event_penalty_new, name="event_penalty_new"),
    path(
        "events/<int:event_id>/penalties/<int:penalty_id>/approve/",
        views.event_penalty_approve,
        name="event_penalty_approve",
    ),
]
