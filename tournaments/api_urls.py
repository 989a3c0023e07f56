"""API endpoints of the tournaments app, mounted under /api/."""

from django.urls import path
from rest_framework.routers import SimpleRouter

from tournaments.api.views import EventViewSet, MatchViewSet, RegistrationViewSet, RoundViewSet, my_player_ids

router = SimpleRouter()
router.register("events", EventViewSet, basename="api-event")
router.register("registrations", RegistrationViewSet, basename="api-registration")
router.register("rounds", RoundViewSet, basename="api-round")
router.register("matches", MatchViewSet, basename="api-match")

urlpatterns = [*router.urls, path("me/player-ids/", my_player_ids, name="api_my_player_ids")]
