"""Demo data for `make run`: two judge calls in the demo event's log (idempotent)."""

from __future__ import annotations

from core.models import User

from .models import SavedRuling
from .services.rulings import ruling_save

WARWOLF = {"name": "Gene-Warped Warwolf", "kind": "monster", "level": 4, "atk": 2000, "def": 100}
TOMATO = {"name": "Mystic Tomato", "kind": "monster", "level": 4, "atk": 1400, "def": 1100}
SKULL = {"name": "Summoned Skull", "kind": "monster", "level": 6, "atk": 2500, "def": 1200}

ATTACK = {"player": "A", "type": "attack", "attacker": "A.monsters.0", "target": "B.monsters.0"}

DEMO_CALLS = [
    (
        "Demo: battle damage between two Attack Position monsters.",
        1,
        3,
        {
            "game": "yugioh",
            "state": {
                "turn": 3, "turn_player": "A", "phase": "battle",
                "players": {
                    "A": {"lp": 8000, "deck": 30, "monsters": [{**WARWOLF, "position": "attack"}]},
                    "B": {"lp": 8000, "deck": 30, "monsters": [{**TOMATO, "position": "attack"}]},
                },
            },
            "actions": [ATTACK],
        },
    ),
    (
        "Demo: a Level 6 monster cannot be Normal Summoned without a Tribute.",
        1,
        5,
        {
            "game": "yugioh",
            "state": {
                "turn": 2, "turn_player": "A", "phase": "main1",
                "players": {"A": {"lp": 8000, "deck": 30, "hand": [SKULL]}, "B": {"lp": 8000, "deck": 30}},
            },
            "actions": [{"player": "A", "type": "normal_summon", "card": "A.hand.0"}],
        },
    ),
]  # fmt: skip


def load_demo(stdout) -> None:
    from tournaments.models import Event, EventStaff

    judge = User.objects.filter(username="judge").first()
    staff = EventStaff.objects.filter(user=judge).select_related("event").first() if judge else None
    event: Event | None = staff.event if staff else None
    created = 0
    for note, round_number, table, document in DEMO_CALLS:
        if SavedRuling.objects.filter(note=note).exists():
            continue
        ruling_save(
            document=document,
            note=note,
            user=judge,
            event=event,
            round_number=round_number if event else None,
            table_number=table if event else None,
        )
        created += 1
    where = f" (/rulings/events/{event.pk}/log/)" if event else ""
    stdout.write(f"Rulings: {created} demo judge call(s) saved{where}; the tablet is at /rulings/.\n")
