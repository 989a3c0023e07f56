from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from .forms import SignUpForm
from .health import run_checks
from .models import Role
from .progress import BACKEND_UNAVAILABLE, task_status


def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "core/home_anonymous.html")
    role = Role.ORGANIZER if request.user.is_superuser else request.user.role
    template = {
        Role.ORGANIZER: "core/home_organizer.html",
        Role.JUDGE: "core/home_judge.html",
    }.get(role, "core/home_player.html")
    from tournaments.selectors.home import home_player_events, home_staff_events

    my_events = home_staff_events(user=request.user) + home_player_events(user=request.user)
    return render(request, template, {"role": role, "my_events": my_events})


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200)


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
