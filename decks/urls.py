"""Pages of the decks app."""

from django.urls import path

from . import views

app_name = "decks"
urlpatterns = [
    path("cards/", views.card_search, name="card_search"),
    path("cards/autocomplete/", views.card_autocomplete, name="card_autocomplete"),
    path("imports/", views.card_imports, name="card_imports"),
    path("imports/<int:pk>/", views.card_import_detail, name="card_import"),
    path("events/<int:event_id>/", views.my_deck, name="my_deck"),
    path("events/<int:event_id>/lists/", views.event_deck_lists, name="event_lists"),
    path("events/<int:event_id>/settings/", views.event_deck_settings, name="event_settings"),
    path("events/<int:event_id>/checks/", views.deck_checks_pick, name="checks_pick"),
    path("lists/<int:pk>/", views.deck_list_detail, name="deck_list"),
    path("lists/<int:pk>/pdf/", views.deck_list_pdf, name="deck_list_pdf"),
    path("lists/<int:pk>/export/<str:fmt>/", views.deck_list_export, name="deck_list_export"),
    path("lists/<int:pk>/unlock/", views.deck_list_unlock, name="deck_list_unlock"),
    path("checks/<int:pk>/", views.deck_check, name="deck_check"),
]
