"""API endpoints of the rulings app, mounted under /api/."""

urlpatterns: list = []
