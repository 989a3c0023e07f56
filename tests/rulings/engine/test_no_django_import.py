"""The engine is pure Python: importing every module under rulings/engine never imports Django."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
ENGINE = ROOT / "rulings" / "engine"


def engine_modules() -> list[str]:
    modules = []
    for path in sorted(ENGINE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules.append(".".join(parts))
    return modules


def test_engine_modules_do_not_import_django() -> None:
    modules = engine_modules()
    assert "rulings.engine.replay" in modules and "rulings.engine.yugioh.rules" in modules
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "loaded = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(','.join(loaded))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"Django modules imported by the engine: {result.stdout.strip()}"
