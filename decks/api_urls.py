"""API endpoints of the decks app, mounted under /api/."""

from django.urls import path

from decks.api import views

urlpatterns = [
    path("cards/search/", views.card_search, name="api_card_search"),
    path("banlists/", views.banlist_list, name="api_banlist_list"),
    path("decks/validate/", views.validate, name="api_deck_validate"),
    path("decklists/", views.decklist_submit_view, name="api_decklist_submit"),
    path("decklists/<int:pk>/", views.decklist_detail, name="api_decklist_detail"),
    path("decklists/<int:pk>/export/", views.decklist_export, name="api_decklist_export"),
    path("decklists/<int:pk>/unlock/", views.decklist_unlock_view, name="api_decklist_unlock"),
]
