"""Site roles are granted, never chosen: sign-up makes a player; an administrator grants organizer or judge,
directly or by approving the person's request; every change is audited (core/services/roles.py)."""

from __future__ import annotations

import datetime
import json

import pytest
from django.contrib.auth.models import Permission
from django.utils import timezone

from core.models import Role, RoleChange, RoleRequest, RoleRequestStatus, User
from core.services.errors import Conflict, CoreError, NotAllowed
from core.services.roles import (
    MOTIVATION_MAX_LENGTH,
    role_request_decide,
    role_request_submit,
    role_request_withdraw,
    user_set_role,
)
from tournaments import services as tournament_services
from tournaments.models import Event
from tournaments.services.errors import NotAllowed as EventNotAllowed

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-enough-pass-42"  # noqa: S105 - test accounts
MOTIVATION = "I organize the Thursday locals at the Dragon's Den in Lyon."


@pytest.fixture
def admin(db):
    return User.objects.create_user("siteadmin", password=PASSWORD, is_superuser=True, is_staff=True)


@pytest.fixture
def player(db):
    return User.objects.create_user("plain", password=PASSWORD, email="plain@example.org")


def _sign_up(client, username: str, **extra):
    data = {
        "username": username,
        "email": f"{username}@example.org",
        "display_name": username.title(),
        "password1": PASSWORD,
        "password2": PASSWORD,
        **extra,
    }
    return client.post("/accounts/signup/", data)


def _event_form():
    return {"name": "My Open", "game": "yugioh", "date": "2026-12-24"}


# --- sign-up ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("posted", [Role.ORGANIZER, Role.JUDGE, "superuser"])
def test_a_posted_role_at_sign_up_is_ignored_everyone_is_a_player(client, posted):
    response = _sign_up(client, "stranger", role=posted, is_superuser="on", is_staff="on")
    assert response.status_code == 302
    user = User.objects.get(username="stranger")
    assert user.role == Role.PLAYER
    assert not user.is_superuser and not user.is_staff
    assert not RoleChange.objects.exists()


def test_the_sign_up_page_offers_no_role_and_says_how_to_get_one(client):
    response = client.get("/accounts/signup/")
    html = response.content.decode()
    assert 'name="role"' not in html
    assert "role" not in response.context["form"].fields
    assert 'data-testid="signup-roles"' in html
    assert "ask for the role" in html


def test_after_sign_up_a_player_cannot_create_an_event_page_or_api(client):
    _sign_up(client, "eager", role=Role.ORGANIZER)
    # page: the form is refused (sent back to the event list with the reason), nothing created
    response = client.post("/events/new/", _event_form())
    assert response.status_code == 302 and response["Location"] == "/events/"
    response = client.post("/events/console/new/", _event_form())
    assert response.status_code == 403
    # API
    response = client.post("/api/events/", json.dumps(_event_form()), content_type="application/json")
    assert response.status_code == 403
    assert not Event.objects.exists()


# --- asking, approving, refusing ----------------------------------------------------------------------------


def test_request_then_approval_lets_the_person_create_an_event(client, admin):
    _sign_up(client, "future_orga")
    person = User.objects.get(username="future_orga")
    response = client.post("/accounts/role/", {"role": Role.ORGANIZER, "motivation": MOTIVATION})
    assert response.status_code == 302
    role_request = RoleRequest.objects.get(user=person)
    assert role_request.status == RoleRequestStatus.PENDING
    page = client.get("/accounts/role/").content.decode()
    assert 'data-testid="role-pending"' in page and "Dragon&#x27;s Den" in page

    admin_client = type(client)()
    admin_client.force_login(admin)
    staff_page = admin_client.get("/staff/roles/")
    assert staff_page.status_code == 200
    assert staff_page.content.decode().count('data-testid="pending-request"') == 1
    before = timezone.now()
    response = admin_client.post(
        "/staff/roles/decide/", {"request": role_request.pk, "decision": "approve", "note": "Welcome!"}
    )
    assert response.status_code == 302

    person.refresh_from_db()
    role_request.refresh_from_db()
    assert person.role == Role.ORGANIZER
    assert role_request.status == RoleRequestStatus.APPROVED
    assert role_request.decided_by == admin and role_request.decision_note == "Welcome!"
    change = RoleChange.objects.get(user=person)
    assert (change.old_role, change.new_role) == (Role.PLAYER, Role.ORGANIZER)
    assert change.changed_by == admin
    assert change.reason == MOTIVATION
    assert change.request == role_request
    assert change.changed_at >= before

    response = client.post("/events/console/new/", _event_form())
    assert response.status_code == 302
    assert Event.objects.filter(organizer=person, name="My Open").exists()
    page = client.get("/accounts/role/").content.decode()
    assert "Welcome!" in page and "Approved" in page


def test_a_refused_request_leaves_the_role_and_shows_the_note(client, admin, player):
    role_request = role_request_submit(user=player, role=Role.JUDGE, motivation="I judged at Nationals.")
    role_request_decide(request=role_request, by=admin, approve=False, note="Ask your head judge first.")
    player.refresh_from_db()
    assert player.role == Role.PLAYER
    assert not RoleChange.objects.exists()
    role_request.refresh_from_db()
    assert role_request.status == RoleRequestStatus.REFUSED and role_request.decided_by == admin
    client.force_login(player)
    page = client.get("/accounts/role/").content.decode()
    assert "Ask your head judge first." in page and "Refused" in page
    # a refused request no longer blocks a new one
    role_request_submit(user=player, role=Role.JUDGE, motivation="Now my head judge agrees.")
    assert RoleRequest.objects.filter(user=player, status=RoleRequestStatus.PENDING).count() == 1
    with pytest.raises(EventNotAllowed):
        tournament_services.event_create(
            organizer=player, name="Nope", game="yugioh", date=datetime.date(2026, 12, 24)
        )


def test_a_decided_request_cannot_be_decided_again(admin, player):
    role_request = role_request_submit(user=player, role=Role.JUDGE, motivation="Level 1 judge.")
    role_request_decide(request=role_request, by=admin, approve=False)
    with pytest.raises(Conflict) as refused:
        role_request_decide(request=role_request, by=admin, approve=True)
    assert refused.value.code == "decided"
    player.refresh_from_db()
    assert player.role == Role.PLAYER


# --- who may decide and grant -------------------------------------------------------------------------------


def test_a_non_admin_cannot_approve_or_grant_page_or_service(client, player):
    organizer = User.objects.create_user("orga", password=PASSWORD, role=Role.ORGANIZER)
    staff_without_perm = User.objects.create_user("helper", password=PASSWORD, is_staff=True)
    role_request = role_request_submit(user=player, role=Role.ORGANIZER, motivation=MOTIVATION)
    for someone in (player, organizer, staff_without_perm):
        client.force_login(someone)
        assert client.get("/staff/roles/").status_code == 403
        decide = {"request": role_request.pk, "decision": "approve", "note": ""}
        assert client.post("/staff/roles/decide/", decide).status_code == 403
        grant = {"user": player.pk, "role": Role.ORGANIZER, "reason": "because"}
        assert client.post("/staff/roles/set/", grant).status_code == 403
        with pytest.raises(NotAllowed):
            role_request_decide(request=role_request, by=someone, approve=True)
        with pytest.raises(NotAllowed):
            user_set_role(user=player, role=Role.ORGANIZER, by=someone, reason="because")
    with pytest.raises(NotAllowed):
        user_set_role(user=player, role=Role.ORGANIZER, by=None, reason="a script")
    client.logout()
    assert client.get("/staff/roles/")["Location"].startswith("/accounts/login/")
    player.refresh_from_db()
    role_request.refresh_from_db()
    assert player.role == Role.PLAYER and role_request.status == RoleRequestStatus.PENDING
    assert not RoleChange.objects.exists()


def test_a_staff_user_with_the_change_user_permission_is_an_admin(client, player):
    helper = User.objects.create_user("helper", password=PASSWORD, is_staff=True)
    helper.user_permissions.add(
        Permission.objects.get(codename="change_user", content_type__app_label="core")
    )
    helper = User.objects.get(pk=helper.pk)  # no cached permissions
    client.force_login(helper)
    assert client.get("/staff/roles/").status_code == 200
    response = client.post("/staff/roles/set/", {"user": player.pk, "role": Role.JUDGE, "reason": "Our L2."})
    assert response.status_code == 302
    change = RoleChange.objects.get(user=player)
    assert (change.new_role, change.changed_by, change.reason) == (Role.JUDGE, helper, "Our L2.")


def test_direct_grant_and_revoke_are_audited_with_who_and_why(client, admin, player):
    client.force_login(admin)
    response = client.get("/staff/roles/", {"q": "plain@"})
    assert response.content.decode().count('data-testid="found-user"') == 1
    response = client.post(
        "/staff/roles/set/?q=plain", {"user": player.pk, "role": Role.ORGANIZER, "reason": "Runs our league."}
    )
    assert response.status_code == 302
    response = client.post(
        "/staff/roles/set/", {"user": player.pk, "role": Role.PLAYER, "reason": "Moved away."}
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.role == Role.PLAYER
    changes = list(RoleChange.objects.filter(user=player).order_by("changed_at", "id"))
    assert [(c.old_role, c.new_role, c.changed_by, c.reason) for c in changes] == [
        (Role.PLAYER, Role.ORGANIZER, admin, "Runs our league."),
        (Role.ORGANIZER, Role.PLAYER, admin, "Moved away."),
    ]
    log = client.get("/staff/roles/").content.decode()
    assert log.count('data-testid="role-log-row"') == 2 and "Moved away." in log


def test_a_grant_needs_a_reason_and_a_real_change(client, admin, player):
    client.force_login(admin)
    response = client.post("/staff/roles/set/", {"user": player.pk, "role": Role.JUDGE, "reason": "  "})
    assert response.status_code == 400
    assert "Reason" in response.content.decode() or "reason" in response.content.decode()
    with pytest.raises(CoreError) as refused:
        user_set_role(user=player, role=Role.JUDGE, by=admin, reason="   ")
    assert refused.value.field == "reason"
    # no-op: refused, nothing written
    response = client.post("/staff/roles/set/", {"user": player.pk, "role": Role.PLAYER, "reason": "again"})
    assert response.status_code == 400
    assert "already Player" in response.content.decode()
    response = client.post("/staff/roles/set/", {"user": player.pk, "role": "overlord", "reason": "x"})
    assert response.status_code == 400
    response = client.post("/staff/roles/set/", {"user": 999_999, "role": Role.JUDGE, "reason": "x"})
    assert response.status_code == 400 and "#999999" in response.content.decode()
    assert not RoleChange.objects.exists()


def test_placeholders_are_never_given_a_role_nor_ask_for_one(client, admin):
    ghost = User.objects.create(username="imported-ghost", is_placeholder=True)
    with pytest.raises(CoreError) as refused:
        user_set_role(user=ghost, role=Role.JUDGE, by=admin, reason="imported judge")
    assert refused.value.code == "placeholder"
    with pytest.raises(NotAllowed):
        role_request_submit(user=ghost, role=Role.JUDGE, motivation="me")
    client.force_login(admin)
    response = client.post("/staff/roles/set/", {"user": ghost.pk, "role": Role.JUDGE, "reason": "x"})
    assert response.status_code == 400 and "imported player record" in response.content.decode()
    assert client.get("/staff/roles/", {"q": "ghost"}).content.decode().count('data-testid="found-user"') == 0
    ghost.refresh_from_db()
    assert ghost.role == Role.PLAYER and not RoleChange.objects.exists()


def test_a_direct_grant_answers_the_pending_request_for_that_role(admin, player):
    role_request = role_request_submit(user=player, role=Role.JUDGE, motivation="Level 1 judge.")
    change = user_set_role(user=player, role=Role.JUDGE, by=admin, reason="Checked with the head judge.")
    role_request.refresh_from_db()
    assert role_request.status == RoleRequestStatus.APPROVED and role_request.decided_by == admin
    assert change.request == role_request


# --- the person's side: one request at a time, withdrawing -------------------------------------------------


def test_double_submit_keeps_one_pending_request_and_says_so(client, player):
    client.force_login(player)
    data = {"role": Role.ORGANIZER, "motivation": MOTIVATION}
    assert client.post("/accounts/role/", data).status_code == 302
    second = client.post("/accounts/role/", {**data, "role": Role.JUDGE})
    assert second.status_code == 409
    assert "already waiting" in second.content.decode()
    assert RoleRequest.objects.filter(user=player).count() == 1
    with pytest.raises(Conflict) as refused:
        role_request_submit(user=player, role=Role.ORGANIZER, motivation=MOTIVATION)
    assert refused.value.code == "pending"


def test_the_motivation_is_required_and_bounded(client, player):
    client.force_login(player)
    empty = client.post("/accounts/role/", {"role": Role.ORGANIZER, "motivation": "   "})
    assert empty.status_code == 400 and "motivation" in empty.context["form"].errors
    long = client.post(
        "/accounts/role/", {"role": Role.ORGANIZER, "motivation": "x" * (MOTIVATION_MAX_LENGTH + 1)}
    )
    assert long.status_code == 400 and "motivation" in long.context["form"].errors
    odd = client.post("/accounts/role/", {"role": Role.PLAYER, "motivation": MOTIVATION})
    assert odd.status_code == 400 and "role" in odd.context["form"].errors
    with pytest.raises(CoreError) as refused:
        role_request_submit(user=player, role=Role.ORGANIZER, motivation="y" * (MOTIVATION_MAX_LENGTH + 1))
    assert refused.value.field == "motivation"
    assert not RoleRequest.objects.exists()


def test_asking_for_the_role_one_has_is_a_clear_error(client):
    judge = User.objects.create_user("judgy", password=PASSWORD, role=Role.JUDGE)
    organizer = User.objects.create_user("orgy", password=PASSWORD, role=Role.ORGANIZER)
    with pytest.raises(CoreError) as refused:
        role_request_submit(user=judge, role=Role.JUDGE, motivation="again")
    assert refused.value.code == "unchanged"
    with pytest.raises(CoreError):
        role_request_submit(user=organizer, role=Role.JUDGE, motivation="again")
    client.force_login(judge)
    response = client.post("/accounts/role/", {"role": Role.JUDGE, "motivation": "again"})
    assert response.status_code == 400 and "already Judge" in response.content.decode()
    # a judge may still ask to organize
    assert (
        client.post("/accounts/role/", {"role": Role.ORGANIZER, "motivation": MOTIVATION}).status_code == 302
    )


def test_withdrawing_is_for_the_person_who_asked(client, admin, player):
    role_request = role_request_submit(user=player, role=Role.ORGANIZER, motivation=MOTIVATION)
    with pytest.raises(NotAllowed):
        role_request_withdraw(request=role_request, by=admin)
    client.force_login(player)
    assert client.post("/accounts/role/withdraw/").status_code == 302
    role_request.refresh_from_db()
    assert role_request.status == RoleRequestStatus.WITHDRAWN
    again = client.post("/accounts/role/withdraw/")
    assert again.status_code == 409 and "no request waiting" in again.content.decode()
    with pytest.raises(Conflict):
        role_request_decide(request=role_request, by=admin, approve=True)


# --- navigation, the Django admin, demo data ----------------------------------------------------------------


def test_the_player_home_links_to_the_role_page_and_admins_see_the_pending_count(client, admin, player):
    client.force_login(player)
    home = client.get("/").content.decode()
    assert 'href="/accounts/role/"' in home
    assert "/staff/roles/" not in home
    role_request_submit(user=player, role=Role.ORGANIZER, motivation=MOTIVATION)
    client.force_login(admin)
    home = client.get("/").content.decode()
    assert 'href="/staff/roles/"' in home and "Roles (1 waiting)" in home


def _admin_change_data(user: User, **changes) -> dict:
    data = {
        "username": user.username,
        "first_name": "",
        "last_name": "",
        "email": user.email,
        "is_active": "on",
        "role": user.role,
        "display_name": user.display_name,
        "date_joined_0": user.date_joined.strftime("%Y-%m-%d"),
        "date_joined_1": user.date_joined.strftime("%H:%M:%S"),
        "role_change_reason": "",
    }
    data.update(changes)
    return data


def test_changing_the_role_in_the_django_admin_goes_through_the_service(client, admin, player):
    client.force_login(admin)
    url = f"/admin/core/user/{player.pk}/change/"
    response = client.post(url, _admin_change_data(player, role=Role.JUDGE, role_change_reason="Our new L1."))
    assert response.status_code == 302, response.content.decode()[:2000]
    response = client.post(url, _admin_change_data(User.objects.get(pk=player.pk), role=Role.ORGANIZER))
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.role == Role.ORGANIZER
    changes = list(RoleChange.objects.filter(user=player).order_by("changed_at", "id"))
    assert [(c.old_role, c.new_role, c.changed_by, c.reason) for c in changes] == [
        (Role.PLAYER, Role.JUDGE, admin, "Our new L1."),
        (Role.JUDGE, Role.ORGANIZER, admin, "Changed in the admin."),
    ]
    # saving without touching the role writes nothing
    client.post(url, _admin_change_data(User.objects.get(pk=player.pk), display_name="Plain Player"))
    assert RoleChange.objects.filter(user=player).count() == 2


def test_the_django_admin_refuses_a_role_for_a_placeholder(client, admin):
    ghost = User.objects.create(username="ghost", is_placeholder=True, email="ghost@example.org")
    client.force_login(admin)
    response = client.post(f"/admin/core/user/{ghost.pk}/change/", _admin_change_data(ghost, role=Role.JUDGE))
    assert response.status_code == 200  # the form again, with the error on the role
    assert "imported player record" in response.content.decode()
    ghost.refresh_from_db()
    assert ghost.role == Role.PLAYER and not RoleChange.objects.exists()


def test_role_requests_and_changes_are_in_the_admin_read_only(client, admin, player):
    role_request = role_request_submit(user=player, role=Role.JUDGE, motivation="L1")
    client.force_login(admin)
    assert client.get("/admin/core/rolechange/").status_code == 200
    assert client.get("/admin/core/rolerequest/").status_code == 200
    assert client.get("/admin/core/rolechange/add/").status_code == 403
    response = client.post(
        "/admin/core/rolerequest/",
        {"action": "approve", "_selected_action": [role_request.pk], "index": 0},
    )
    assert response.status_code == 302
    change = RoleChange.objects.get(user=player)
    assert (change.new_role, change.changed_by, change.reason, change.request) == (
        Role.JUDGE,
        admin,
        "L1",
        role_request,
    )


def test_demo_people_keep_their_roles_with_an_audit_row(db):
    from core.demo import load_people

    load_people()
    load_people()  # twice: nothing more is written
    audited = {c.user.username: (c.new_role, c.changed_by, c.reason) for c in RoleChange.objects.all()}
    assert audited == {
        "orga": (Role.ORGANIZER, None, "demo data"),
        "judge": (Role.JUDGE, None, "demo data"),
        "admin": (Role.ORGANIZER, None, "demo data"),
    }
    assert RoleChange.objects.count() == 3
    assert User.objects.get(username="player1").role == Role.PLAYER
