from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from django.views.i18n import set_language
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from core.urls import api_urlpatterns as core_api

api_patterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves Swagger UI's start-up code as a file: the CSP allows no inline script.
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api_docs"),
    path("", include(core_api)),
    path("rulings/", include("rulings.api_urls")),
    path("", include("decks.api_urls")),
    path("", include("tournaments.api_urls")),
]

urlpatterns = [
    path("", include("core.urls")),
    path("i18n/setlang/", set_language, name="set_language"),
    path("admin/", admin.site.urls),
    path("api/", include(api_patterns)),
    path("rulings/", include("rulings.urls")),
    path("decks/", include("decks.urls")),
    path("events/", include("tournaments.urls")),
]

if settings.DEBUG:
    from django.conf.urls.static import static

    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)

handler400 = "core.errors.bad_request"
handler403 = "core.errors.permission_denied"
handler404 = "core.errors.page_not_found"
handler500 = "core.errors.server_error"
