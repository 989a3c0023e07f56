"""How the judge's tablet presents each game: the plug-ins' tablet descriptions, labels translated.

Each game describes its tablet in its own folder (``rulings/engine/<game>/ui.py``, a
``rulings.engine.plugin.TabletUI`` with English labels); this adapter gives the site that description
with every label translated through the engine's catalogue (msgctxt ``"tablet"``) in the active
language. Presentation only: every rule stays in ``rulings.engine``, which checks whatever the tablet
builds and answers with JSON Pointer paths when something is wrong.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from core.games import translated_label
from rulings.engine.effect_form import INT_KINDS, choice_label, is_shown, label_of
from rulings.engine.plugin import CardField, Param, TabletUI
from rulings.engine.registry import UnknownGame, get_plugin, plugins

GameUI = TabletUI

__all__ = ["GAMES_UI", "QUERY_LABELS", "ZONE_LABELS", "CardField", "GameUI", "Param", "effect_form"]

_site: dict[str, tuple[TabletUI, TabletUI]] = {}  # key -> (the plug-in's description, the site's)


def _translated(labels: Mapping[str, str]) -> dict[str, Any]:
    return {key: translated_label("tablet", text) for key, text in labels.items()}


def site_ui(ui: TabletUI) -> TabletUI:
    """``ui`` with its labels translated when shown (made once per description)."""
    made = _site.get(ui.key)
    if made is None or made[0] is not ui:
        fields = tuple(replace(f, label=translated_label("tablet", f.label)) for f in ui.card_fields)
        made = (
            ui,
            replace(
                ui,
                card_fields=fields,
                zone_labels=_translated(ui.zone_labels),
                query_labels=_translated(ui.query_labels),
                situations=tuple(
                    replace(s, title=translated_label("tablet", s.title)) for s in ui.situations
                ),
            ),
        )
        _site[ui.key] = made
    return made[1]


class _GamesUI(Mapping[str, TabletUI]):
    """Game key → its tablet description, for every game of the registry."""

    def __getitem__(self, key: str) -> TabletUI:
        try:
            plugin = get_plugin(key)
        except UnknownGame:
            raise KeyError(key) from None
        except Exception as error:  # a broken game is not offered (and hides no other)
            raise KeyError(key) from error
        return site_ui(plugin.ui)

    def __iter__(self) -> Iterator[str]:
        return iter([plugin.key for plugin in plugins()])

    def __len__(self) -> int:
        return len(plugins())


class _Labels(Mapping[str, Any]):
    """A zone's (or a query's) label, whichever game names it."""

    def __init__(self, part: str) -> None:
        self.part = part

    def _all(self) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for plugin in plugins():
            for key, label in getattr(site_ui(plugin.ui), self.part).items():
                found.setdefault(key, label)
        return found

    def __getitem__(self, key: str) -> Any:
        return self._all()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


GAMES_UI: Mapping[str, TabletUI] = _GamesUI()
ZONE_LABELS: Mapping[str, Any] = _Labels("zone_labels")
QUERY_LABELS: Mapping[str, Any] = _Labels("query_labels")


# --- the "Add an effect" (or skill) builder, laid out for the template --------------------------------


def _option_label(menus: Any, name: str, kind: str, value: str) -> Any:
    english = choice_label(menus, name, kind, value)
    return translated_label("tablet", english) if english else "—"


def _options(
    menus: Any, name: str, kind: str, choices: tuple[str, ...], blank: bool
) -> list[tuple[str, Any]]:
    out = [("", "—")] if blank and "" not in choices else []
    return out + [(c, _option_label(menus, name, kind, c)) for c in choices]


def effect_form(ui: TabletUI, values: Mapping[str, Any], refs: list[Any]) -> dict[str, Any] | None:
    """The effect builder's inputs with what is chosen in each: its fields (those shown for the chosen
    timing or kind), then each list of operations, one row per chosen operation and one empty row, each
    row with its operation's operands. Labels in the page's language."""
    menus = ui.effects
    if menus is None:
        return None
    label = lambda key: translated_label("tablet", label_of(menus, key))  # noqa: E731
    dependents = {p.shown_if[0] for p in menus.fields if p.shown_if}
    fields = []
    for param in menus.fields:
        if not is_shown(param, values):
            continue
        choices = param.choices or tuple(menus.kinds.get(param.kind, ()))
        fields.append(
            {
                "name": param.name,
                "label": label(param.name),
                "kind": param.kind,
                "value": str(values.get(f"effect_{param.name}") or "") or param.default,
                "options": _options(menus, param.name, param.kind, choices, blank=not param.default),
                "refresh": param.name in dependents,
            }
        )
    lists = []
    for name, most in menus.lists:
        chosen = [str(values.get(f"effect_{name}_{i}_op") or "") for i in range(most)]
        used = max((i + 1 for i, op in enumerate(chosen) if op), default=0)
        rows = []
        for i in range(min(used + 1, most)):
            op = chosen[i]
            operands = []
            for operand, kind in (menus.ops.get(op) or {}).items():
                key = f"effect_{name}_{i}_{operand}"
                options = None
                if kind not in INT_KINDS:
                    options = _options(menus, operand, kind, tuple(menus.kinds.get(kind, ())), blank=True)
                    if kind == "card":
                        options += [(r.ref, r.label) for r in refs]
                operands.append(
                    {"key": key, "name": operand, "label": label(operand), "kind": kind,
                     "value": str(values.get(key) or ""), "options": options}
                )  # fmt: skip
            rows.append(
                {
                    "index": i,
                    "key": f"effect_{name}_{i}_op",
                    "op": op,
                    "options": [("", "—"), *((o, _option_label(menus, "op", "op", o)) for o in menus.ops)],
                    "operands": operands,
                }
            )
        lists.append({"name": name, "label": label(name), "rows": rows})
    return {
        "title": translated_label("tablet", menus.title),
        "card": str(values.get("effect_card") or ""),
        "fields": fields,
        "lists": lists,
    }
