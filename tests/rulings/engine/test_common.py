"""The shared engine pieces (rulings/engine/common, deck-check helpers) on their own, with their rule ids
passed in as each game does."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from rulings.engine.base import Event, GameOver, IllegalAction, MalformedDocument
from rulings.engine.common import validate as v
from rulings.engine.common.state import SlotEquality
from rulings.engine.common.turns import make_apply, players_lose
from rulings.engine.construction import section_size_problems
from rulings.engine.decklists import ResolvedCard, ResolvedDeck, ResolvedEntry
from rulings.engine.messages import msg


def test_pointer_escapes_tilde_and_slash() -> None:
    assert v.pointer("/state", "a/b~c") == "/state/a~1b~0c"


def test_card_ref_names_the_zones_it_accepts() -> None:
    assert v.card_ref("B.creatures.2", "/x", ("creatures",)) == ("B", "creatures", 2)
    with pytest.raises(MalformedDocument) as error:
        v.card_ref("A.hand.0", "/x", ("creatures", "terrains"))
    assert error.value.errors[0].to_json() == {
        "path": "/x",
        "message": "'A.hand.0': the zone must be one of creatures, terrains",
    }


def test_one_loser_gives_the_other_player_the_win_and_both_a_draw() -> None:
    state, events = SimpleNamespace(result=None), []
    loss = msg("{loser} out, {winner} wins ({why})", why="tested")
    players_lose(state, events, ["B"], rule="R-1", draw_text=msg("draw"), loss_text=loss)
    assert state.result == ("A", False, ("R-1",))
    assert [event.to_json() for event in events] == [{"type": "game_over", "winner": "A", "draw": False}]
    assert events[0].text == "B out, A wins (tested)" and events[0].rules == ("R-1",)
    assert events[0].message.params == {"why": "tested", "loser": "B", "winner": "A"}
    players_lose(state, events, ["A", "B"], rule="R-2", draw_text=msg("draw"), loss_text=loss)
    assert state.result == (None, True, ("R-2",)) and events[1].text == "draw"


class Point(SlotEquality):
    __slots__ = ("x", "y", "note")
    _eq_ignored = ("note",)

    def __init__(self, x: int, y: int, note: str) -> None:
        self.x, self.y, self.note = x, y, note


def test_slot_equality_compares_every_slot_but_the_ignored_ones() -> None:
    assert Point(1, 2, "a") == Point(1, 2, "b")
    assert Point(1, 2, "a") != Point(1, 3, "a")
    with pytest.raises(TypeError):
        hash(Point(1, 2, "a"))


class Copyable(SimpleNamespace):
    def copy(self) -> Copyable:
        return Copyable(**vars(self))


def test_apply_checks_come_before_the_handler_and_cite_the_games_rules() -> None:
    def handler(state, action):
        state.done = True
        return [Event("done")]

    apply = make_apply({"go": handler}, game_over_rule="G-OVER", turn_rule="G-TURN", draw_rule="G-DRAW")
    state = Copyable(result=None, turn_player="A", phase="draw", done=False)
    with pytest.raises(IllegalAction) as error:
        apply(state, SimpleNamespace(player="B", type="go"))
    assert error.value.rules == ["G-TURN"]
    with pytest.raises(IllegalAction) as error:
        apply(state, SimpleNamespace(player="A", type="go"))
    assert error.value.rules == ["G-DRAW"]
    state.phase = "main"
    new, events = apply(state, SimpleNamespace(player="A", type="go"))
    assert new.done and not state.done and [event.type for event in events] == ["done"]
    new.result = (None, True, ())
    with pytest.raises(GameOver) as error:
        apply(new, SimpleNamespace(player="A", type="go"))
    assert error.value.rules == ["G-OVER"]


def test_section_sizes_are_checked_in_the_order_given() -> None:
    card = ResolvedCard(identity="x", name="X")
    deck = ResolvedDeck(sections={"main": (ResolvedEntry(card, 3),), "side": (ResolvedEntry(card, 5),)})
    problems = section_size_problems(deck, {"side": (None, 4), "main": (4, 6)})
    assert [problem.to_json() for problem in problems] == [
        {"code": "side_too_large", "message": "Side Deck has 5 cards; it needs at most 4", "section": "side"},
        {"code": "main_too_small", "message": "Main Deck has 3 cards; it needs 4 to 6", "section": "main"},
    ]
