"""A whole simulated event through the services and the database: register, check in, pair every Swiss
round, enter every result as staff (32 per round one by one, the rest in batches of 64 slips),
standings after each round, then the top cut to the final.

    python benchmarks/event_simulation.py --players 2048 --rounds 11     # SQLite in a temporary file
    DATABASE_URL=postgres://… python benchmarks/event_simulation.py      # a throw-away test_… database

Prints one JSON object: total `seconds`, seconds per phase, and SQL queries per operation (which must not
grow with the number of players).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2048)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    tmp = tempfile.TemporaryDirectory(prefix="tableside-bench-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django
    from django.conf import settings

    if "DATABASE_URL" not in os.environ:
        settings.DATABASES["default"]["NAME"] = str(Path(tmp.name) / "bench.sqlite3")
    # A throw-away database of our own, so that a test run next to the benchmark is never disturbed.
    settings.DATABASES["default"].setdefault("TEST", {})["NAME"] = (
        str(Path(tmp.name) / "bench-test.sqlite3")
        if settings.DATABASES["default"]["ENGINE"].endswith("sqlite3")
        else f"test_tableside_bench_{os.getpid()}"
    )
    django.setup()
    from django.db import connection

    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        result = simulate(players=args.players, rounds=args.rounds, seed=args.seed)
        result["database"] = connection.vendor
    finally:
        connection.creation.destroy_test_db(connection.settings_dict["NAME"], verbosity=0)
        tmp.cleanup()
    print(json.dumps(result))


# Results entered one by one through match_enter_result each round; the others go through
# round_enter_results in batches of BATCH slips.
SINGLE_ENTRIES_PER_ROUND = 32
BATCH = 64


def simulate(*, players: int, rounds: int, seed: int) -> dict:
    import datetime

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from core.models import Role, User
    from tournaments import services
    from tournaments.models import Match, MatchStatus, Registration
    from tournaments.selectors import event_standings, pairings_by_table

    rng = random.Random(seed)
    phases: dict[str, float] = {}
    queries: dict[str, list[int]] = {
        "pair_round": [], "standings": [], "pairings_by_table": [], "enter_results_batch": []
    }  # fmt: skip
    single_count = 0

    def timed(name: str):
        class _Timer:
            def __enter__(self):
                self.start = time.perf_counter()

            def __exit__(self, *exc):
                phases[name] = phases.get(name, 0.0) + time.perf_counter() - self.start

        return _Timer()

    started = time.perf_counter()
    with timed("setup"):
        organizer = User.objects.create_user("bench-orga", role=Role.ORGANIZER)
        judge = User.objects.create_user("bench-judge", role=Role.JUDGE)
        users = User.objects.bulk_create(
            User(username=f"bench{n:05d}", role=Role.PLAYER) for n in range(players)
        )
        event = services.event_create(
            organizer=organizer, name="Benchmark Open", game="yugioh", date=datetime.date(2026, 12, 5),
            swiss_rounds_override=rounds, seed=str(seed),
        )  # fmt: skip
        services.event_add_staff(event=event, user=judge, role="judge", by=organizer)
        services.event_set_status(event=event, status="registration", user=organizer)
        Registration.objects.bulk_create(Registration(event=event, player=u) for u in users)
        for registration in Registration.objects.filter(event=event)[:50]:
            services.registration_check_in(
                registration=registration, by=organizer
            )  # a few through the service
        Registration.objects.filter(event=event, status="registered").update(status="checked_in")

    outcomes = [(2, 0, 0), (2, 1, 0), (0, 2, 0), (1, 2, 0), (1, 1, 1)]
    for number in range(1, rounds + 1):
        with timed("pairing"), CaptureQueriesContext(connection) as ctx:
            round_ = services.round_pair_next(event=event, number=number, user=organizer)
        queries["pair_round"].append(len(ctx.captured_queries))
        open_matches = list(
            Match.objects.filter(round=round_, status=MatchStatus.PENDING, player_b__isnull=False).order_by(
                "table"
            )
        )
        # A few slips one at a time (a judge at the table), the rest in batches (the scorekeeper's desk).
        singles, rest = open_matches[:SINGLE_ENTRIES_PER_ROUND], open_matches[SINGLE_ENTRIES_PER_ROUND:]
        with timed("results_one_by_one"):
            for match in singles:
                ga, gb, gd = rng.choice(outcomes)
                services.match_enter_result(
                    match=match, user=judge, games_a=ga, games_b=gb, games_drawn=gd, version=match.version
                )
        single_count += len(singles)
        with timed("results_batched"):
            for start in range(0, len(rest), BATCH):
                lines = []
                for match in rest[start : start + BATCH]:
                    ga, gb, gd = rng.choice(outcomes)
                    lines.append(
                        services.BulkResult(
                            match_id=match.pk, games_a=ga, games_b=gb, games_drawn=gd, version=match.version
                        )
                    )
                with CaptureQueriesContext(connection) as ctx:
                    services.round_enter_results(round_=round_, user=judge, results=lines)
                if len(lines) == BATCH:
                    queries["enter_results_batch"].append(len(ctx.captured_queries))
        with timed("standings"), CaptureQueriesContext(connection) as ctx:
            standings = event_standings(event=event)
        queries["standings"].append(len(ctx.captured_queries))
        with timed("pairings_list"), CaptureQueriesContext(connection) as ctx:
            pairings_by_table(round_=round_)
        queries["pairings_by_table"].append(len(ctx.captured_queries))

    with timed("top_cut"):
        cut = services.topcut_start(event=event, user=organizer)
        current = cut
        while current is not None:
            for match in current.matches.all():
                services.match_enter_result(match=match, user=judge, games_a=2, games_b=1)
            current = event.rounds.filter(number=current.number + 1).first()
    event.refresh_from_db()
    total = time.perf_counter() - started
    return {
        "players": players,
        "rounds": rounds,
        "seconds": round(total, 2),
        "phases": {k: round(v, 2) for k, v in phases.items()},
        "queries_per_operation": {k: sorted(set(v)) for k, v in queries.items()},
        "ms_per_result_one_by_one": round(
            1000 * phases.get("results_one_by_one", 0) / max(single_count, 1), 2
        ),
        "leader_points": standings[0].points,
        "final_status": event.status,
    }


if __name__ == "__main__":
    main()
