"""No test asserts a wall-clock duration: speed targets are shown by `make bench`, never by a test.

A timed assertion passes on a quiet machine and fails on a busy one (CI shares two cores with everything
else), so it blocks landings without finding a bug. This reads every test module and fails on an `assert`
that compares a value measured with the clock (time.perf_counter / monotonic / time / process_time, or a
difference of them). Waiting with a deadline stays allowed: a loop polling until a deadline is no assertion.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
CLOCKS = {"perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns", "time", "time_ns", "process_time"}
# names that say "a duration" even when the clock was read elsewhere (a fixture returning how long it took)
DURATION_NAMES = {"seconds", "elapsed", "duration", "took", "ms", "millis", "milliseconds", "elapsed_ms"}


def _reads_clock(node: ast.AST) -> bool:
    for child in ast.walk(node):
        if isinstance(child, ast.Call):
            func = child.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            owner = getattr(func.value, "id", "") if isinstance(func, ast.Attribute) else ""
            if name in CLOCKS and owner in {"time", ""} and (owner or name != "time"):
                return True
    return False


def timed_assertions(source: str) -> list[int]:
    """Line numbers of asserts comparing a clock reading (directly or through a variable)."""
    tree = ast.parse(source)
    measured: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and _reads_clock(node.value):
            measured.update(t.id for t in node.targets if isinstance(t, ast.Name))
    # a variable computed from a measured one (elapsed = time.perf_counter() - started) is measured too
    changed = True
    while changed:
        changed = False
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign):
                names = {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
                if names & measured:
                    for target in node.targets:
                        if isinstance(target, ast.Name) and target.id not in measured:
                            measured.add(target.id)
                            changed = True
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assert):
            continue
        for compare in (n for n in ast.walk(node.test) if isinstance(n, ast.Compare)):
            names = {n.id for n in ast.walk(compare) if isinstance(n, ast.Name)}
            against_a_number = any(
                isinstance(n, ast.Constant) and isinstance(n.value, int | float) for n in ast.walk(compare)
            )
            if names & measured or _reads_clock(compare) or (names & DURATION_NAMES and against_a_number):
                lines.append(node.lineno)
                break
    return lines


def test_the_checker_finds_a_timed_assertion():
    source = (
        "import time\n"
        "def test_fast():\n"
        "    started = time.perf_counter()\n"
        "    work()\n"
        "    elapsed = time.perf_counter() - started\n"
        "    assert elapsed < 2.0\n"
        "    assert time.monotonic() - started < 1\n"
        "def test_fixture(json_cards):\n"
        "    cards, seconds = json_cards\n"
        "    assert seconds < 2.0\n"
    )
    assert timed_assertions(source) == [6, 7, 10]


def test_the_checker_allows_waiting_until_a_deadline():
    source = (
        "import time\n"
        "def test_waits():\n"
        "    deadline = time.monotonic() + 30\n"
        "    while time.monotonic() < deadline and not done():\n"
        "        time.sleep(0.1)\n"
        "    assert done()\n"
    )
    assert timed_assertions(source) == []


def test_no_test_asserts_a_duration():
    found = {
        str(path.relative_to(TESTS)): lines
        for path in sorted(TESTS.rglob("*.py"))
        if path != Path(__file__).resolve() and (lines := timed_assertions(path.read_text(encoding="utf-8")))
    }
    assert found == {}, f"timed assertions (move the figure to `make bench`): {found}"
