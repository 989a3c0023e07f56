"""Golden scenarios: situation documents with the part of the answer the rule texts fix.

File format (``tests/rulings/golden/<game>/<name>.json``)::

    {"description": "...", "passage": "<file>: <quote>", "rules": ["YGO-..."],
     "document": {...situation document...}, "expect": {...subset of the answer...}}

or, for a malformed document, ``"expect_error": [{"path": "/state/..."}]`` instead of ``expect``.
A dict in ``expect`` matches when each of its keys matches (extra keys in the answer are fine); a
list matches element-wise and must have the same length; scalars compare with ``==``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rulings.engine.base import MalformedDocument
from rulings.engine.registry import game_keys, get_game
from rulings.engine.replay import replay

GOLDEN_ROOT = Path(__file__).parent / "golden"
GOLDEN_FILES = sorted(GOLDEN_ROOT.glob("*/*.json"))
ALLOWED_KEYS = {"description", "passage", "rules", "document", "expect", "expect_error"}


def mismatches(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Where ``actual`` fails to match ``expected`` (JSON Pointer paths); empty when it matches."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path or '/'}: expected an object, got {actual!r}"]
        problems: list[str] = []
        for key, value in expected.items():
            if key not in actual:
                problems.append(f"{path}/{key}: missing")
            else:
                problems.extend(mismatches(value, actual[key], f"{path}/{key}"))
        return problems
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{path or '/'}: expected a list of {len(expected)}, got {actual!r}"]
        return [
            p
            for i, (e, a) in enumerate(zip(expected, actual, strict=True))
            for p in mismatches(e, a, f"{path}/{i}")
        ]
    both_numbers = all(isinstance(v, int | float) and not isinstance(v, bool) for v in (expected, actual))
    if expected != actual or (type(expected) is not type(actual) and not both_numbers):
        return [f"{path or '/'}: expected {expected!r}, got {actual!r}"]
    return []


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def test_matcher_can_fail() -> None:
    assert mismatches({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2, "c": 3}], "z": 0}) == []
    assert mismatches({"a": [1]}, {"a": [1, 2]})
    assert mismatches({"a": {"b": 2}}, {"a": {"b": 3}})
    assert mismatches({"a": 1}, {})
    assert mismatches({"a": False}, {"a": 0})


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=[f"{p.parent.name}/{p.stem}" for p in GOLDEN_FILES])
def test_golden(path: Path) -> None:
    scenario = load(path)
    assert set(scenario) <= ALLOWED_KEYS, f"unknown keys {set(scenario) - ALLOWED_KEYS}"
    assert scenario.get("description") and scenario.get("passage") and scenario.get("rules")
    assert scenario["document"].get("game") == path.parent.name
    catalogue = get_game(path.parent.name).catalogue
    unknown = [rule for rule in scenario["rules"] if rule not in catalogue]
    assert not unknown, f"rules not in the {path.parent.name} catalogue: {unknown}"
    assert ("expect" in scenario) != ("expect_error" in scenario), "give exactly one of expect / expect_error"
    if "expect_error" in scenario:
        with pytest.raises(MalformedDocument) as caught:
            replay(scenario["document"])
        paths = {error.path for error in caught.value.errors}
        missing = [e["path"] for e in scenario["expect_error"] if e["path"] not in paths]
        assert not missing, f"expected errors at {missing}, got {caught.value.errors}"
        return
    answer = replay(scenario["document"])
    problems = mismatches(scenario["expect"], answer)
    assert not problems, "\n".join(problems) + "\n\nanswer: " + json.dumps(answer, indent=1)[:4000]


@pytest.mark.parametrize("game_key", game_keys())
def test_every_rule_has_a_golden_scenario(game_key: str) -> None:
    files = sorted((GOLDEN_ROOT / game_key).glob("*.json"))
    assert files, f"{game_key} is a registered game without golden scenarios in {GOLDEN_ROOT / game_key}"
    covered = {rule for path in files for rule in load(path).get("rules", [])}
    missing = sorted(set(get_game(game_key).catalogue) - covered)
    assert not missing, f"{game_key} rules without a golden scenario: {missing}"
