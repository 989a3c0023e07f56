from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext_lazy as _

from .models import Role
from .services.roles import can_manage_roles

# (label, URL name, roles that see it). Links whose URL does not exist (yet) are left out.
NAVIGATION = [
    (_("Home"), "home", None),
    (_("Events"), "tournaments:event_list", None),
    (_("My events"), "tournaments:my_events", {Role.PLAYER, Role.JUDGE, Role.ORGANIZER}),
    (_("Organize"), "tournaments:console", {Role.ORGANIZER}),
    (_("Judge tablet"), "rulings:tablet", {Role.JUDGE, Role.ORGANIZER}),
    (_("Rules"), "rulings:catalogue", None),
    (_("Cards"), "decks:card_search", None),
]


def navigation(request):
    user = getattr(request, "user", None)
    role = None
    if user is not None and user.is_authenticated:
        role = Role.ORGANIZER if user.is_superuser else user.role
    links = []
    for label, url_name, roles in NAVIGATION:
        if roles is not None and role not in roles:
            continue
        try:
            url = reverse(url_name)
        except NoReverseMatch:
            continue
        links.append({"label": label, "url": url, "active": request.path == url})
    if user is not None and can_manage_roles(user):
        # administrators: the roles page, with the number of requests waiting for them
        from .selectors import role_requests_pending_count

        count = role_requests_pending_count()
        label = _("Roles (%(count)d waiting)") % {"count": count} if count else _("Roles")
        url = reverse("staff_roles")
        links.append({"label": label, "url": url, "active": request.path == url})
    return {"nav_links": links}
