"""API endpoints of the tournaments app, mounted under /api/."""

from rest_framework.routers import SimpleRouter

from tournaments.api.views import EventViewSet, MatchViewSet, RegistrationViewSet, RoundViewSet

router = SimpleRouter()
router.register("events", EventViewSet, basename="api-event")
router.register("registrations", RegistrationViewSet, basename="api-registration")
router.register("rounds", RoundViewSet, basename="api-round")
router.register("matches", MatchViewSet, basename="api-match")

urlpatterns = router.urls
