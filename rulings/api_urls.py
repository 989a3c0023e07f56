"""API endpoints of the rulings app, mounted under /api/rulings/."""

from django.urls import path

from .api.views import CatalogueView, GameListView, ReplayView

urlpatterns = [
    path("replay/", ReplayView.as_view(), name="rulings_replay"),
    path("rules/", CatalogueView.as_view(), name="rulings_rules"),
    path("games/", GameListView.as_view(), name="rulings_games"),
]
