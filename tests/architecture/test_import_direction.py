"""Apps depend one way: a test reads every import and fails on one that goes the wrong way.

The layers (an arrow reads "may import"):

    decks    ─┐
              ├─→ tournaments ─→ core ─→ rulings.engine (pure Python, imports no app: a library every app
    rulings  ─┘                                            may use, like a package from PyPI)
    (Django side)

- `core` imports no other app (not tournaments, decks, nor the Django side of rulings); it may use
  rulings.engine, whose game registry it turns into Django choices (`core/games.py`) for every app.
- `tournaments` imports core and rulings.engine, never decks nor the Django side of rulings. Where it needs
  what decks knows (deck-list exports, day pages, the banlist on the event form), decks registers it from
  `DecksConfig.ready()` into `tournaments/extensions.py` / `tournaments/exporters/`.
- `rulings` (its Django side) imports core, tournaments and rulings.engine, never decks.
- `decks` imports core, tournaments and rulings.engine, never the Django side of rulings.
- `rulings.engine` imports nothing of the project outside itself (test_no_django_import proves it runs without
  Django).
- Within every app, a selector module (`selectors.py`, `selectors/…`, `*_selectors.py`) never imports a
  services module (of any app): reads do not depend on writes.

Every import counts: module level, inside functions, and inside `if TYPE_CHECKING:` blocks (a type-only import
is still a dependency on the other app's code and names; no exemption keeps the rule simple to read).
Relative imports are resolved. Migrations are ignored (Django writes their dependencies), as are tests/,
benchmarks/ and config/ (the project wiring, which may import everything).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = ("core", "tournaments", "decks", "rulings")

# layer -> the layers it may import (itself always allowed)
ALLOWED: dict[str, set[str]] = {
    "core": {"rulings.engine"},
    "rulings.engine": set(),
    "tournaments": {"core", "rulings.engine"},
    "rulings": {"core", "tournaments", "rulings.engine"},
    "decks": {"core", "tournaments", "rulings.engine"},
}


@dataclass(frozen=True)
class Import:
    path: str  # file, relative to the project root
    line: int
    module: str  # the imported module, absolute

    def __str__(self) -> str:
        return f"{self.path}:{self.line} imports {self.module}"


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] not in APPS:
        return None
    if parts[:2] == ["rulings", "engine"]:
        return "rulings.engine"
    return parts[0]


def is_selector(module: str) -> bool:
    return any(part == "selectors" or part.endswith("_selectors") for part in module.split("."))


def is_service(module: str) -> bool:
    return any(part == "services" for part in module.split("."))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_files() -> list[Path]:
    files = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" not in path.relative_to(ROOT).parts:
                files.append(path)
    return files


def imports_of(path: Path) -> list[Import]:
    """Every import in the file (anywhere in it), with relative imports made absolute.

    `from package import name` yields `package.name` too when that is a module of the project, so that
    `from tournaments import services` counts as importing tournaments.services.
    """
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Import] = []
    rel = str(path.relative_to(ROOT))
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=rel)):
        if isinstance(node, ast.Import):
            found.extend(Import(rel, node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.append(Import(rel, node.lineno, module))
            for alias in node.names:
                sub = ROOT.joinpath(*f"{module}.{alias.name}".split("."))
                if sub.with_suffix(".py").is_file() or (sub / "__init__.py").is_file():
                    found.append(Import(rel, node.lineno, f"{module}.{alias.name}"))
    return found


def goes_wrong_way(importer: str, module: str) -> bool:
    """Whether module `importer` may not import `module` (both dotted names)."""
    importer_layer, target_layer = layer_of(importer), layer_of(module)
    if importer_layer is None or target_layer is None:
        return False
    bad_layer = target_layer != importer_layer and target_layer not in ALLOWED[importer_layer]
    return bad_layer or (is_selector(importer) and is_service(module))


def wrong_way_imports() -> list[Import]:
    wrong: list[Import] = []
    for path in source_files():
        importer = module_name(path)
        seen: set[int] = set()
        for imp in imports_of(path):
            # one wrong import statement counts once (`from package import a, b` yields several modules)
            if goes_wrong_way(importer, imp.module) and imp.line not in seen:
                seen.add(imp.line)
                wrong.append(imp)
    return wrong


def test_the_reader_sees_imports_everywhere() -> None:
    """The reader itself: function-level, relative and `from package import module` imports are seen."""
    modules = {imp.module for imp in imports_of(ROOT / "core" / "context_processors.py")}
    assert {"core.models", "core.services.roles", "core.selectors"} <= modules
    assert layer_of("rulings.engine.registry") == "rulings.engine" and layer_of("rulings.views") == "rulings"
    assert is_selector("decks.import_selectors") and is_selector("tournaments.selectors.day")
    assert is_service("tournaments.services.common") and not is_service("tournaments.permissions")


def test_the_rule() -> None:
    assert goes_wrong_way("tournaments.views_public", "decks.selectors")
    assert goes_wrong_way("core.views", "tournaments.selectors.home")
    assert goes_wrong_way("tournaments.selectors.day", "tournaments.services.common")
    assert goes_wrong_way("rulings.selectors", "tournaments.services.common")  # any app's services
    assert goes_wrong_way("decks.views", "rulings.models") and goes_wrong_way("rulings.views", "decks.models")
    assert goes_wrong_way("rulings.engine.replay", "core.models")
    assert not goes_wrong_way("decks.views", "tournaments.models")
    assert not goes_wrong_way("rulings.selectors", "tournaments.permissions")
    assert not goes_wrong_way("tournaments.forms", "rulings.engine.registry")
    assert not goes_wrong_way("decks.services.decklists", "decks.selectors")


def test_no_import_goes_the_wrong_way() -> None:
    """20 went the wrong way when this test was written (issue 13); none does now."""
    wrong = wrong_way_imports()
    assert not wrong, f"{len(wrong)} imports go the wrong way:\n" + "\n".join(map(str, wrong))
