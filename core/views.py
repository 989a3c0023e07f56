from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from . import selectors
from .forms import RoleDecisionForm, RoleRequestForm, RoleSetForm, SignUpForm
from .health import run_checks
from .home import home_items
from .models import Role, RoleRequest, User
from .progress import BACKEND_UNAVAILABLE, task_status
from .services import roles as role_services
from .services.errors import CoreError


def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "core/home_anonymous.html")
    role = Role.ORGANIZER if request.user.is_superuser else request.user.role
    template = {
        Role.ORGANIZER: "core/home_organizer.html",
        Role.JUDGE: "core/home_judge.html",
    }.get(role, "core/home_player.html")
    # "my_events" and the rest come from the apps above core (core.home: registered in their ready())
    context = {"my_events": [], **home_items(user=request.user), "role": role}
    return render(request, template, context)


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200)


# --- site roles: asking for one, and the administrators' page ----------------------------------------------


def _form_errors(form) -> str:
    """The form's errors as one sentence naming each field at fault."""
    parts = []
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields and form.fields[name].label else name
        parts += [f"{label}: {error}" for error in errors]
    return " ".join(parts)


def _account_role_page(
    request: HttpRequest, *, form=None, status: int = 200, error: str = ""
) -> HttpResponse:
    context = {
        "form": form or RoleRequestForm(current_role=request.user.role),
        "error": error,
        "pending": selectors.role_request_pending_of(user=request.user),
        "requests": selectors.role_requests_of(user=request.user),
        "can_ask": not request.user.is_organizer,
    }
    return render(request, "core/account_role.html", context, status=status)


@login_required
def account_role(request: HttpRequest) -> HttpResponse:
    """One's site role, the form to ask for organizer or judge, and the fate of one's requests."""
    if request.method != "POST":
        return _account_role_page(request)
    form = RoleRequestForm(request.POST)
    if not form.is_valid():
        return _account_role_page(request, form=form, status=400)
    try:
        role_services.role_request_submit(
            user=request.user, role=form.cleaned_data["role"], motivation=form.cleaned_data["motivation"]
        )
    except CoreError as exc:
        form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        # while a request waits the form is not shown: say it above the waiting request
        error = exc.message if exc.code == "pending" else ""
        return _account_role_page(request, form=form, status=exc.status, error=error)
    messages.success(
        request, _("Your request was sent: an administrator will decide, and the answer shows here.")
    )
    return redirect("account_role")


@require_POST
@login_required
def account_role_withdraw(request: HttpRequest) -> HttpResponse:
    pending = selectors.role_request_pending_of(user=request.user)
    if pending is None:
        return _account_role_page(request, status=409, error=_("You have no request waiting to withdraw."))
    try:
        role_services.role_request_withdraw(request=pending, by=request.user)
    except CoreError as exc:
        return _account_role_page(request, status=exc.status, error=exc.message)
    messages.success(request, _("Your request was withdrawn."))
    return redirect("account_role")


def _require_role_admin(request: HttpRequest) -> None:
    try:
        role_services.require_role_admin(user=request.user)
    except CoreError as exc:
        raise PermissionDenied(exc.message) from exc


QUERY_MAX_LENGTH = 150


def _staff_roles_page(request: HttpRequest, *, status: int = 200, error: str = "") -> HttpResponse:
    query = request.GET.get("q", "").strip()
    if len(query) > QUERY_MAX_LENGTH:
        error = _("Search: at most %(max)d characters.") % {"max": QUERY_MAX_LENGTH}
        status, query = 400, ""
    context = {
        "error": error,
        "query": query,
        "found": selectors.users_search(query=query),
        "pending": list(selectors.role_requests_pending()),
        "changes": selectors.role_changes_recent(),
        "roles": Role.choices,
        "note_max": role_services.NOTE_MAX_LENGTH,
        "reason_max": role_services.REASON_MAX_LENGTH,
    }
    return render(request, "core/staff_roles.html", context, status=status)


@login_required
@require_GET
def staff_roles(request: HttpRequest) -> HttpResponse:
    """Administrators: requests waiting, finding a person to grant or revoke a role, the audit log."""
    _require_role_admin(request)
    return _staff_roles_page(request)


@require_POST
@login_required
def staff_role_decide(request: HttpRequest) -> HttpResponse:
    _require_role_admin(request)
    form = RoleDecisionForm(request.POST)
    if not form.is_valid():
        return _staff_roles_page(request, status=400, error=_form_errors(form))
    role_request = RoleRequest.objects.filter(pk=form.cleaned_data["request"]).select_related("user").first()
    if role_request is None:
        error = _("request: no role request #%(id)d.") % {"id": form.cleaned_data["request"]}
        return _staff_roles_page(request, status=400, error=error)
    approve = form.cleaned_data["decision"] == "approve"
    try:
        role_services.role_request_decide(
            request=role_request, by=request.user, approve=approve, note=form.cleaned_data["note"]
        )
    except CoreError as exc:
        return _staff_roles_page(request, status=exc.status, error=exc.message)
    if approve:
        text = _("%(name)s is now %(role)s.")
    else:
        text = _("The request of %(name)s to become %(role)s was refused.")
    messages.success(request, text % {"name": role_request.user, "role": role_request.get_role_display()})
    return redirect("staff_roles")


@require_POST
@login_required
def staff_role_set(request: HttpRequest) -> HttpResponse:
    _require_role_admin(request)
    form = RoleSetForm(request.POST)
    if not form.is_valid():
        return _staff_roles_page(request, status=400, error=_form_errors(form))
    person = User.objects.filter(pk=form.cleaned_data["user"]).first()
    if person is None:
        error = _("user: no account #%(id)d.") % {"id": form.cleaned_data["user"]}
        return _staff_roles_page(request, status=400, error=error)
    try:
        role_services.user_set_role(
            user=person, role=form.cleaned_data["role"], by=request.user, reason=form.cleaned_data["reason"]
        )
    except CoreError as exc:
        where = f" ({exc.field})" if exc.field else ""
        return _staff_roles_page(request, status=exc.status, error=f"{exc.message}{where}")
    messages.success(
        request, _("%(name)s is now %(role)s.") % {"name": person, "role": person.get_role_display()}
    )
    return redirect(f"{reverse('staff_roles')}?{urlencode({'q': person.username})}")


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    results = run_checks()
    healthy = all(result.ok for result in results.values())
    body = {
        "status": "ok" if healthy else "unavailable",
        "checks": {k: v.to_json() for k, v in results.items()},
    }
    return JsonResponse(body, status=200 if healthy else 503)


@never_cache
def task_progress_fragment(request: HttpRequest, task_id) -> HttpResponse:
    """An htmx fragment that replaces itself until the task is finished (and polls on while Redis is away)."""
    try:
        task = task_status(str(task_id))
    except BACKEND_UNAVAILABLE:
        context = {"task": None, "task_id": task_id, "unavailable": True}
        return render(request, "core/_task_progress.html", context)
    return render(request, "core/_task_progress.html", {"task": task})


TaskStatusSerializer = inline_serializer(
    "TaskStatus",
    fields={
        "id": serializers.CharField(),
        "state": serializers.CharField(),
        "current": serializers.IntegerField(),
        "total": serializers.IntegerField(),
        "percent": serializers.IntegerField(),
        "message": serializers.CharField(),
        "finished": serializers.BooleanField(),
        "failed": serializers.BooleanField(),
        "result": serializers.JSONField(allow_null=True),
    },
)


@extend_schema(responses=TaskStatusSerializer, summary="Progress of a background task")
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def task_status_api(request, task_id) -> Response:
    try:
        status = task_status(str(task_id))
    except BACKEND_UNAVAILABLE as exc:
        message = f"Task progress is unavailable while Redis is unreachable; try again shortly ({exc})."
        error = {"path": "", "message": message, "code": "backend_unavailable"}
        return Response({"errors": [error]}, status=503)
    return Response(status.to_json())
