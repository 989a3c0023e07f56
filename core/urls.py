from django.contrib.auth import views as auth_views
from django.urls import path

from . import views
from .ratelimit import login_limits, password_reset_limits

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("accounts/signup/", views.signup, name="signup"),
    # site roles: asked for by the person, granted by an administrator (core/services/roles.py)
    path("accounts/role/", views.account_role, name="account_role"),
    path("accounts/role/withdraw/", views.account_role_withdraw, name="account_role_withdraw"),
    path("staff/roles/", views.staff_roles, name="staff_roles"),
    path("staff/roles/decide/", views.staff_role_decide, name="staff_role_decide"),
    path("staff/roles/set/", views.staff_role_set, name="staff_role_set"),
    path(
        "accounts/login/",
        login_limits(auth_views.LoginView.as_view()),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password_reset/",
        password_reset_limits(auth_views.PasswordResetView.as_view()),
        name="password_reset",
    ),
    path(
        "accounts/password_reset/done/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"
    ),
    path("tasks/<uuid:task_id>/", views.task_progress_fragment, name="task_progress"),
]

api_urlpatterns = [
    path("tasks/<uuid:task_id>/", views.task_status_api, name="api_task_status"),
]
