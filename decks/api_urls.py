"""API endpoints of the decks app, mounted under /api/."""

urlpatterns: list = []
