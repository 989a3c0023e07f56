"""A small fixture world for the trust tests: one event with its staff, players, a round, a match, a deck
list, a deck check and a saved ruling; a second event with its own staff; an admin."""

from __future__ import annotations

import datetime
import uuid
from dataclasses import dataclass, field

from core.models import Role, User
from decks.models import DeckCheck, DeckList, DeckListVersion
from tests.rulings.rulings_documents import YGO_BATTLE
from tournaments import services
from tournaments.models import Event, Match, Registration, Round

PASSWORD = "trust-pass-123"  # noqa: S105 - test accounts
ROLES = (
    "anonymous",
    "player",
    "other_player",
    "judge",
    "judge_other",
    "organizer",
    "organizer_other",
    "admin",
)
DECK_SOURCE = "#main\n89631139\n"


def _user(username: str, role: str = Role.PLAYER, **extra) -> User:
    return User.objects.create_user(
        username, password=PASSWORD, role=role, display_name=username.title(), **extra
    )


@dataclass
class World:
    users: dict[str, User | None]
    event: Event
    other_event: Event
    registration: Registration
    other_registration: Registration
    opponent: User
    round: Round
    match: Match
    other_match: Match
    deck_list: DeckList
    deck_check: DeckCheck
    ruling: object
    extra: dict = field(default_factory=dict)

    def user(self, role: str) -> User | None:
        return self.users[role]


def build_world(*, players: int = 6) -> World:
    """Event A (Swiss round 1 paired) run by `organizer` with `judge`; event B run by `organizer_other` with
    `judge_other`. `player` and the `opponent` meet in `match`; `other_player` plays elsewhere in A."""
    organizer = _user("orga_a", Role.ORGANIZER)
    organizer_other = _user("orga_b", Role.ORGANIZER)
    judge = _user("judge_a", Role.JUDGE)
    judge_other = _user("judge_b", Role.JUDGE)
    admin = _user("admin_t", Role.ORGANIZER, is_superuser=True, is_staff=True)
    player = _user("player_a")
    opponent = _user("opponent_a")
    other_player = _user("player_x")
    walkin = _user("walkin")

    event = services.event_create(
        organizer=organizer, name="Trust Open", game="yugioh", date=datetime.date(2026, 12, 5), seed="trust"
    )
    services.event_set_status(event=event, status="registration", user=organizer)
    services.event_add_staff(event=event, user=judge, role="judge", by=organizer)
    other_event = services.event_create(
        organizer=organizer_other, name="Other Open", game="yugioh", date=datetime.date(2026, 12, 6)
    )
    services.event_set_status(event=other_event, status="registration", user=organizer_other)
    services.event_add_staff(event=other_event, user=judge_other, role="judge", by=organizer_other)

    fillers = [_user(f"filler{n}") for n in range(max(players - 3, 0))]
    regs = {}
    for person in [player, opponent, other_player, *fillers]:
        regs[person.pk] = Registration.objects.create(event=event, player=person, status="checked_in")
    Registration.objects.create(event=other_event, player=_user("player_b1"), status="registered")
    other_registration = Registration.objects.create(
        event=other_event, player=_user("player_b2"), status="registered"
    )

    round_ = services.round_pair_next(event=event, number=1, user=organizer)
    registration = regs[player.pk]
    match = (
        Match.objects.get(round=round_, player_a=registration)
        if Match.objects.filter(round=round_, player_a=registration).exists()
        else Match.objects.get(round=round_, player_b=registration)
    )
    # Make `opponent` the player's opponent whatever the pairing chose: swap registrations' owners.
    opp_reg = match.player_b if match.player_a_id == registration.pk else match.player_a
    if opp_reg.player_id != opponent.pk:
        current, wanted = opp_reg, regs[opponent.pk]
        current_player = current.player
        Registration.objects.filter(pk=wanted.pk).update(player=_user("swap_tmp"))
        Registration.objects.filter(pk=current.pk).update(player=opponent)
        Registration.objects.filter(pk=wanted.pk).update(player=current_player)
    other_match = Match.objects.filter(round=round_, player_b__isnull=False).exclude(pk=match.pk).first()

    deck_list = DeckList.objects.create(registration=registration)
    version = DeckListVersion.objects.create(
        deck_list=deck_list,
        number=1,
        format="ydk",
        source=DECK_SOURCE,
        content={"main": [{"ref": "89631139", "count": 1}]},
        content_hash="0" * 64,
        submitted_by=player,
    )
    deck_check = DeckCheck.objects.create(
        deck_list=deck_list, version=version, round_number=1, selected_by=judge
    )

    from rulings.services.rulings import ruling_save

    ruling = ruling_save(document=YGO_BATTLE, note="table 3", user=judge, event=event, round_number=1)

    from tournaments.models import EventTransfer

    transfer = EventTransfer.objects.create(
        kind="export", event=event, created_by=organizer, status="done", document={"event": {"name": "x"}}
    )

    users = {
        "anonymous": None,
        "player": player,
        "other_player": other_player,
        "judge": judge,
        "judge_other": judge_other,
        "organizer": organizer,
        "organizer_other": organizer_other,
        "admin": admin,
    }
    users_extra = {"walkin": walkin}
    from core.models import RoleRequest

    # a request for a site role waiting for an administrator (/staff/roles/)
    role_request = RoleRequest.objects.create(user=player, role=Role.ORGANIZER, motivation="I run a store.")
    event.refresh_from_db()
    match.refresh_from_db()
    return World(
        users={**users, **users_extra},
        event=event,
        other_event=other_event,
        registration=registration,
        other_registration=other_registration,
        opponent=opponent,
        round=round_,
        match=match,
        other_match=other_match,
        deck_list=deck_list,
        deck_check=deck_check,
        ruling=ruling,
        extra={"task_id": str(uuid.uuid4()), "transfer_id": transfer.pk, "role_request": role_request},
    )
