"""Pages of the rulings app."""

app_name = "rulings"
urlpatterns: list = []
