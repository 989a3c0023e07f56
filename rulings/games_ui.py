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
from rulings.engine.plugin import CardField, Param, TabletUI
from rulings.engine.registry import UnknownGame, get_plugin, plugins

GameUI = TabletUI

__all__ = ["GAMES_UI", "QUERY_LABELS", "ZONE_LABELS", "CardField", "GameUI", "Param"]

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
