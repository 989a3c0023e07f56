"""`make bench`: run every benchmark, one after the other, and write docs/benchmarks.md.

Each benchmark is a script that prints one JSON object as the last line of its output.
The targets below come from the issues; a figure is "met" when it is on the right side of its target.
Run one alone with e.g. `python benchmarks/run_all.py engine_selfplay`.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_selfplay import has_effects_option  # noqa: E402

from rulings.engine.registry import game_keys  # noqa: E402

GAMES = game_keys()  # every game of the registry (rulings/engine/registry.py)

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "docs" / "benchmarks.md"


@dataclass(frozen=True)
class Target:
    key: str  # dotted path in the benchmark's JSON
    label: str
    limit: float
    higher_is_better: bool
    unit: str

    def met(self, value: float) -> bool:
        return value >= self.limit if self.higher_is_better else value <= self.limit


@dataclass(frozen=True)
class Benchmark:
    name: str
    command: list[str]
    targets: list[Target]
    timeout: int = 900
    env: dict[str, str] | None = None
    # Run against the database named by this environment variable (not run, and said so, when it is unset).
    database_from: str | None = None


def _selfplay(game: str) -> Benchmark:
    effects = has_effects_option(game)
    return Benchmark(
        f"engine_selfplay_{game}",
        ["benchmarks/engine_selfplay.py", "--game", game, "--seconds", "5"],
        [
            Target(
                "actions_per_second",
                f"{game}: random self-play with effects, one core"
                if effects
                else f"{game}: random self-play, one core",
                30_000 if effects else 50_000,  # issue 16 with effects; the engine's first target without
                True,
                "actions/s",
            )
        ],
    )


def _selfplay_vanilla(game: str) -> Benchmark:
    return Benchmark(
        f"engine_selfplay_{game}_vanilla",
        ["benchmarks/engine_selfplay.py", "--game", game, "--seconds", "5", "--vanilla"],
        [
            Target(
                "actions_per_second",
                f"{game}: random self-play, vanilla decks, one core",
                50_000,
                True,
                "actions/s",
            )
        ],
    )


BENCHMARKS = [
    *[_selfplay(game) for game in GAMES],
    *[_selfplay_vanilla(game) for game in GAMES if has_effects_option(game)],
    Benchmark(
        "replay_endpoint",
        ["benchmarks/replay_bench.py"],
        [
            Target(
                f"replay.{game}.p95_ms",
                f"{game}: 100-action replay through the endpoint, p95",
                30,
                False,
                "ms",
            )
            for game in GAMES
        ],
    ),  # fmt: skip
    Benchmark(
        "pairing",
        ["benchmarks/pairing_bench.py"],
        [
            Target("pairing.seconds", "pair round 9 of an 8,192-player event", 1.0, False, "s"),
            Target(
                "optimality.optimal", "512 players: cost equals the complete max-weight matching", 1, True, ""
            ),
            *[
                Target(
                    f"standings.seconds.{policy}", f"standings 8,192 × 15 rounds ({policy})", 0.5, False, "s"
                )
                for policy in ("konami", "magic", "pokemon")
            ],
        ],
    ),
    Benchmark(
        "standings_vs_plain_loop",
        ["benchmarks/standings_bench.py"],
        [
            Target(
                f"sizes.{size}.policies.{policy}.ratio",
                f"standings {size:,} × 15 ({policy}) / the plain loop, same records",
                1.5,
                False,
                "×",
            )
            for size in (8192, 32768)
            for policy in ("konami", "magic", "pokemon", "vanguard")
        ],
    ),
    Benchmark(
        "alternatives",
        ["benchmarks/alternatives.py"],
        [
            Target("pairing.tableside_is_optimal", "512 players: ours equals rustworkx's cost", 1, True, ""),
            Target(
                "pairing.cardarena_greedy.cost_ratio_to_tableside",
                "512 players: cardarena greedy's cost / ours (same event)",
                1,
                True,
                "×",
            ),
            Target("pairing.cardarena_greedy.valid", "512 players: cardarena's round is valid", 1, True, ""),
        ],
    ),
    Benchmark(
        "decks",
        ["benchmarks/decks_bench.py"],
        [
            Target("import_seconds", "import the 14,218-card cards.json", 15, False, "s"),
            Target(
                "validate_ms_median", "validate a deck against the full database (median)", 5, False, "ms"
            ),
            Target("search_ms_p95", "card-search autocomplete, p95", 30, False, "ms"),
        ],
    ),
    Benchmark(
        "load",
        ["benchmarks/load_test.py"],
        [
            Target("errors", "300 phones + 30 judges on gunicorn (prod settings): errors", 0, False, ""),
            Target("p95_ms", "300 phones + 30 judges on gunicorn (prod settings): p95", 150, False, "ms"),
        ],
        timeout=1800,
    ),
    Benchmark(
        "live_load",
        ["benchmarks/live_load.py"],
        [
            Target(
                "errors",
                "4,000 phones (live streams) + 100 judges, one uvicorn (SQLite): errors",
                0,
                False,
                "",
            ),
            Target(
                "p95_ms",
                "4,000 phones (live streams) + 100 judges, one uvicorn (SQLite): p95",
                150,
                False,
                "ms",
            ),
            Target(
                "round_posted.all_within_s", "round posted: every one of 4,000 phones shows it", 2, False, "s"
            ),
        ],
        timeout=1800,
    ),
    Benchmark(
        "live_load_horizontal",
        ["benchmarks/live_load.py", "--horizontal", "--workers", "2"],
        [
            Target("errors", "the same on 2 web processes + 2 workers (PostgreSQL): errors", 0, False, ""),
            Target("p95_ms", "the same on 2 web processes + 2 workers (PostgreSQL): p95", 150, False, "ms"),
            Target("round_posted.all_within_s", "round posted (2 web processes): every phone", 2, False, "s"),
        ],
        timeout=1800,
        database_from="TEST_POSTGRES_URL",
    ),
    Benchmark(
        "import_responsiveness",
        ["benchmarks/import_responsiveness.py", "--rows", "150000"],
        [
            Target("errors", "log-ins during a 150,000-card import (SQLite): errors", 0, False, ""),
            Target("login_p95_ms", "log-ins during a 150,000-card import: p95", 2000, False, "ms"),
            Target("login_max_ms", "log-ins during a 150,000-card import: slowest", 2000, False, "ms"),
        ],
        timeout=1800,
    ),
    Benchmark(
        "import_cards_json",
        ["benchmarks/import_responsiveness.py", "--cards-json"],
        [
            Target("all_done", "cards.json (14,218 cards) uploaded 3 times: every import done", 1, True, ""),
            Target(
                "import_seconds", "cards.json: upload on the import page → done (median of 3)", 5, False, "s"
            ),
            Target("errors", "cards.json import: errors of log-ins and phones", 0, False, ""),
            Target("during.login_get.p95_ms", "during the import: log-in page (GET), p95", 300, False, "ms"),
            Target(
                "during.login_post.p95_ms",
                "during the import: log-in form (POST, hashes), p95",
                300,
                False,
                "ms",
            ),
            Target(
                "idle.login_post.p95_ms",
                "no import, one at a time: log-in form (POST), p95",
                300,
                False,
                "ms",
            ),
            Target(
                "during.phone_page.p95_ms", "during the import: a player's phone page, p95", 300, False, "ms"
            ),
            Target(
                "during.live_fragment.p95_ms",
                "during the import: its live fragment (Django), p95",
                300,
                False,
                "ms",
            ),
        ],
        timeout=900,
    ),  # fmt: skip
    Benchmark(
        "event_simulation",
        ["benchmarks/event_simulation.py", "--players", "2048", "--rounds", "11"],
        [Target("seconds", "2,048 players × 11 rounds through services and DB (SQLite)", 120, False, "s")],
        timeout=1800,
    ),
    Benchmark(
        "event_simulation_postgresql",
        ["benchmarks/event_simulation.py", "--players", "2048", "--rounds", "11"],
        [
            Target(
                "seconds", "2,048 players × 11 rounds through services and DB (PostgreSQL)", 120, False, "s"
            )
        ],
        timeout=1800,
        database_from="TEST_POSTGRES_URL",
    ),
]


NOTES = """## How each figure is made

- Self-play: one `legal_actions` and one `apply` per action, random legal play, one core, from each game's
  `initial_state` decks: Yu-Gi-Oh! mostly vanilla monsters with some effect monsters (ignition, quick,
  trigger and flip effects, so chains, SEGOC and the step-by-step Battle Phase are played), Vanguard units
  with ACT/AUTO/CONT skills (issue 16: at least 30,000 actions/s with effects; the table keeps issue 9's
  50,000). The replays below are 100-action documents from that self-play, chains included.
- Replay: `POST /api/rulings/replay/` through Django's test client with those 100-action documents.
- Pairing: round 9 of a simulated 8,192-player event (8 rounds of random results first); optimality compares
  the engine's round with rustworkx's max-weight matching on the complete graph at 512 players.
- Standings vs the plain loop: one 15-round event per size paired by the engine (seeded), then on the same
  records compute_standings (every row field, each policy) and a plain 30-line loop (points, OMW% with the
  policy's floor, OOMW%, the order), interleaved, best of 7 wall-clock runs; the ratio is ours / plain.
- Alternatives (`.venv-bench`, benchmarks/requirements.txt): round 9 of a 512-player event paired by ours,
  cardarena's greedy Swiss (rebuilt from the same 8 rounds) and rustworkx's complete-graph matching, each
  checked and scored the same way (rematches, repeat byes, cost, point-group mismatches); self-play actions
  per second of each game next to python-chess's legal-move generation over random games.
- Each benchmark's load average before and after its run is in its raw-output heading.
- Decks: a fresh SQLite database; import of `../shared/data/yugioh/cards.json`; validation of a 40+15+15 list;
  autocomplete over typed prefixes and typos.
- Load: gunicorn (3 workers × 8 threads, production settings), embedded Redis, one worker, a 2,048-player
  event; 300 phones poll their live pairing fragment every 4 s (with ETag) and 30 judges replay a
  20-action situation every 2 s, for 30 s. The load generator runs on the same 2 cores, so its own CPU
  use is in the figures.
- Live load (issue 15): `benchmarks/live_load.py`. uvicorn on `config.asgi` (3 worker processes, production
  settings: the phones' live streams on the event loop, the pages in a2wsgi's threads, with the fast path),
  Redis, Celery; 4,000 players registered, round 1 paired and played. Each of 4,000 phones opens the live
  stream its page names (signed token, versions) during the warm-up and holds it; on `changed` it fetches its
  fragment, on `pairing` it shows the new round and fetches its full fragment after the snippet's delay (as
  static/js/live.js does). 100 judges replay a 20-action situation every 2 s; 12 s in, the organizer asks for
  round 2 (a Celery worker pairs it, as the console's button does at this size) and each phone's time from
  the round's row being written to the pushed pairing showing round 2 is taken. Requests timed: the stream
  openings (to their headers), the phones' fragment fetches, the judges' replays. The client is asyncio on the
  same 2 cores; `server_cpu_seconds` is the CPU the servers (uvicorn, Celery, Redis) used during the run,
  `client_cpu_seconds` the client's. `--poll-only` runs the polling design instead (gunicorn, every phone
  polling every 4 s). `live_load_horizontal`: the same over two uvicorn processes on two ports (the client
  spreads the phones as a balancer would) and two Celery workers, on a database of its own on the PostgreSQL
  server of TEST_POSTGRES_URL.
- Import responsiveness: gunicorn (production settings, 2 workers × 4 threads), embedded Redis, one worker,
  a throw-away SQLite database (WAL); an admin uploads a generated 150,000-card CSV through the import page
  and, until the worker has imported it, two people log in over HTTP again and again (log-in page, then the
  form; real password hashing, so a log-in costs a few hundred ms of CPU even on an idle machine: see
  `baseline_login_p50_ms`). `import_seconds` runs from the upload's POST to the import's end.
- Import of cards.json (issue 15 item 4): as the import responsiveness run (gunicorn with production
  settings, Redis, one worker, SQLite in WAL), with a 64-player Yu-Gi-Oh! event, round 1 posted.
  `idle`: ten log-ins one after the other, nothing else running. Then one person logs in again and again
  and four players reload their phone page (`/events/<id>/me/`) and its live fragment (rendered by Django,
  not the fast path), each pausing 0.3 s: `baseline` is 6 s of that, `during` the same requests while the
  admin's uploads of the 14,218-card `../shared/data/yugioh/cards.json` (a generated file as large without
  `../shared`) are imported by the worker, three times into an empty pool. The log-in page's GET and the
  form's POST are timed apart: the POST checks the password (Argon2id, core/hashers.py: about 55 ms of
  CPU; PBKDF2 before cost 300 ms). `import_seconds`: from the upload's POST to the row's "done".
- Event simulation: 2,048 players, 11 Swiss rounds and the top cut through the services and the database;
  each round's results are entered with the staff batch service (`round_enter_results`, one transaction a
  round), as the desk does with result slips.
"""


def dig(data: dict, dotted: str):
    for part in dotted.split("."):
        if not isinstance(data, dict) or part not in data:
            return None
        data = data[part]
    return data


def machine_description() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        kib = int(Path("/proc/meminfo").read_text().split()[1])
        memory = f", {kib / 1024 / 1024:.0f} GiB RAM"
    except (OSError, ValueError, IndexError):
        pass
    system = f"{platform.system()} {platform.release()}"
    return f"{cpu}, {os.cpu_count()} cores{memory}; {system}; Python {platform.python_version()}"


def run(benchmark: Benchmark) -> tuple[dict | None, str, float]:
    started = time.perf_counter()
    script = ROOT / benchmark.command[0]
    if not script.exists():
        return None, f"{benchmark.command[0]} does not exist", 0.0
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test", **(benchmark.env or {})}
    if benchmark.database_from:
        if not os.environ.get(benchmark.database_from):
            hint = f"export {benchmark.database_from}=$(bash .ci/postgres.sh)"
            return None, f"{benchmark.database_from} is not set ({hint})", 0.0
        env["DATABASE_URL"] = os.environ[benchmark.database_from]
    try:
        completed = subprocess.run(
            [sys.executable, *benchmark.command], cwd=ROOT, env=env, capture_output=True, text=True,
            timeout=benchmark.timeout,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        return None, f"timed out after {benchmark.timeout} s", time.perf_counter() - started
    elapsed = time.perf_counter() - started
    lines = completed.stdout.rstrip().splitlines()
    if completed.returncode != 0 or not lines:
        return None, (completed.stderr or completed.stdout).strip()[-800:], elapsed
    # The figures are the last JSON object printed: one line, or an indented block starting with "{".
    starts = [index for index, line in enumerate(lines) if line.startswith("{")]
    try:
        return json.loads("\n".join(lines[starts[-1] :])), "", elapsed
    except (IndexError, json.JSONDecodeError):
        return None, f"no JSON object at the end of the output: {lines[-1][:200]}", elapsed


# docs/benchmarks.md keeps what people wrote between these markers (analyses, hand-run tables); a full
# `make bench` rewrites everything else: the figures table, how each figure is made, the raw output.
KEPT_BEGIN, KEPT_END = (
    "<!-- written by hand: kept by make bench -->",
    "<!-- end of the part written by hand -->",
)


def kept_sections(text: str) -> str:
    begin, end = text.find(KEPT_BEGIN), text.find(KEPT_END)
    if begin < 0 or end < begin:
        return ""
    return text[begin : end + len(KEPT_END)] + "\n\n"


def main(selected: list[str]) -> int:
    chosen = [b for b in BENCHMARKS if not selected or any(b.name.startswith(s) for s in selected)]
    rows, details, failures = [], [], 0
    for benchmark in chosen:
        print(f"▶ {benchmark.name} …", flush=True)
        load_before = os.getloadavg()
        data, error, elapsed = run(benchmark)
        load_after = os.getloadavg()
        load = f"load (1, 5, 15 min) before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
        load += "after {:.2f} {:.2f} {:.2f}".format(*load_after)
        load_cell = f"{load_before[0]:.2f} → {load_after[0]:.2f}"  # 1-minute load, before and after the run
        print(f"  {load}", flush=True)
        if data is None:
            failures += 1
            why = error.splitlines()[-1] if error else ""
            rows.append(f"| {benchmark.name} | — | — | **did not run**: {why} | {load_cell} |")
            print(f"  failed: {error}", flush=True)
            continue
        for target in benchmark.targets:
            value = dig(data, target.key)
            if not isinstance(value, (int, float)):
                failures += 1
                limit = f"{target.limit:g} {target.unit}"
                rows.append(
                    f"| {target.label} | missing `{target.key}` | {limit} | **no figure** | {load_cell} |"
                )
                continue
            ok = target.met(value)
            failures += not ok
            sign = "≥" if target.higher_is_better else "≤"
            verdict = "met" if ok else "**NOT MET**"
            measured, limit = f"{value:,.2f} {target.unit}", f"{sign} {target.limit:g} {target.unit}"
            rows.append(f"| {target.label} | {measured} | {limit} | {verdict} | {load_cell} |")
            print(f"  {target.label}: {value:,.2f} {target.unit} ({verdict})", flush=True)
        details.append(f"### {benchmark.name}\n\n`python {' '.join(benchmark.command)}` "
                       f"({elapsed:.1f} s; {load})\n\n"
                       f"```json\n{json.dumps(data, indent=2, ensure_ascii=False)}\n```\n")  # fmt: skip
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    table = (
        "| what | measured | target | verdict | load (1 min) before → after |\n|---|---|---|---|---|\n"
        + "\n".join(rows)
    )
    if len(chosen) < len(BENCHMARKS):
        # A partial run prints its figures and leaves the document (one run of everything) as it is.
        print(table)
        print(f"Partial run: {OUTPUT.relative_to(ROOT)} not rewritten; {failures} target(s) not met.")
        return 1 if failures else 0
    kept = kept_sections(OUTPUT.read_text(encoding="utf-8")) if OUTPUT.exists() else ""
    OUTPUT.write_text(
        "# Benchmarks\n\n"
        f"Measured {now} on {machine_description()} by `make bench` (`benchmarks/run_all.py`), all in one "
        "run, one benchmark after the other; the last column is the machine's load average around each "
        "benchmark (2 cores: above 2, something else was competing). Targets are the issues'.\n\n"
        + table
        + "\n\n"
        + kept
        + NOTES
        + "\n## Raw output\n\n"
        + "\n".join(details),
        encoding="utf-8",
    )
    print(f"Wrote {OUTPUT.relative_to(ROOT)}; {failures} target(s) not met or not measured.")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
