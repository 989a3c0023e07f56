"""Pages of the decks app."""

app_name = "decks"
urlpatterns: list = []
