"""`make bench` rewrites docs/benchmarks.md but keeps the sections people wrote between its markers."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run_all():
    spec = importlib.util.spec_from_file_location("run_all", ROOT / "benchmarks" / "run_all.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["run_all"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_hand_written_part_survives_a_rewrite():
    run_all = _run_all()
    kept_part = f"{run_all.KEPT_BEGIN}\n## Analysis\nkeep me\n{run_all.KEPT_END}"
    text = f"# Benchmarks\n\nold table\n\n{kept_part}\n\nold raw"
    kept = run_all.kept_sections(text)
    assert "keep me" in kept and "old table" not in kept and "old raw" not in kept
    assert run_all.kept_sections("no markers") == ""
    document = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    assert "## Tournament-day load at Championship size" in run_all.kept_sections(document)
