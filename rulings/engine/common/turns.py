"""The turn structure RaymanTCG and Arrows share: draw phase, next_phase / end_turn, ``apply``,
``start`` and ``outcome``.

Both games walk draw → main → attack → end, make the draw mandatory, and refuse any action of the
player who is not the turn player. Only their rule ids differ, so each engine builds its functions
here once, at import, with its own ids. The builders return plain closures: the rule ids are read
from closure cells, as fast as the module globals they replace, so ``apply`` gains no indirection.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..base import Event, GameOver, IllegalAction, Outcome
from ..messages import Message, either, msg, terms

OTHER = {"A": "B", "B": "A"}
NOT_FINISHED = Outcome()
NEXT_PHASE = {"main": "attack", "attack": "end"}
# The phases as a sentence names them ("A moves to the attack phase").
PHASES = terms("phase", ("draw", "main", "attack", "end"))

# (state, events) -> None; (state, action) -> events
StepFunction = Callable[[Any, list[Event]], None]
Handler = Callable[[Any, Any], list[Event]]


def illegal(rule: str | tuple[str, ...], explanation: Message) -> IllegalAction:
    return IllegalAction((rule,) if isinstance(rule, str) else rule, explanation)


def phases_named(phases: tuple[str, ...]) -> Message:
    """``("main", "attack")`` → "main or attack", as words of the reader's language."""
    return either([PHASES[phase] for phase in phases])


def end_game(state: Any, events: list[Event], *, winner: str | None, rule: str, text: Message) -> None:
    """Store the result (a draw when ``winner`` is None) and announce it with a ``game_over`` event."""
    state.result = (winner, winner is None, (rule,))
    events.append(Event("game_over", {"winner": winner, "draw": winner is None}, (rule,), text))


def players_lose(
    state: Any, events: list[Event], losers: list[str], *, rule: str, draw_text: Message, loss_text: Message
) -> None:
    """``losers`` (one player or both) lose at once: both is a draw, else the other player wins.
    ``loss_text`` may name ``{loser}`` and ``{winner}``: they are given here."""
    if len(losers) == 2:
        end_game(state, events, winner=None, rule=rule, text=draw_text)
        return
    loser = losers[0]
    winner = OTHER[loser]
    text = Message(loss_text.id, {**loss_text.params, "loser": loser, "winner": winner})
    end_game(state, events, winner=winner, rule=rule, text=text)


def make_draw(
    *,
    unknown_card: Callable[[], Any],
    draw_rules: tuple[str, ...],
    deck_out_rules: tuple[str, ...],
    empty_deck_rules: tuple[str, ...],
) -> StepFunction:
    """The turn player's one mandatory draw; an empty deck loses when the rule set says so.

    ``deck_out_rules`` explain the loss, ``empty_deck_rules`` the draw skipped from an empty deck;
    the result always cites ``empty_deck_rules`` (the deck-out rule alone).
    """

    def draw(state: Any, events: list[Event]) -> None:
        key = state.turn_player
        player = state.players[key]
        if player.deck_size() == 0:
            if state.flags["empty_deck_draw_loses"]:
                state.result = (OTHER[key], False, empty_deck_rules)
                events.append(
                    Event(
                        "deck_out",
                        {"player": key, "winner": OTHER[key]},
                        deck_out_rules,
                        msg("{player} must draw from an empty deck and loses.", player=key),
                    )
                )
                return
            events.append(
                Event(
                    "no_draw",
                    {"player": key},
                    empty_deck_rules,
                    msg("{player}'s deck is empty: no draw.", player=key),
                )
            )
        else:
            if player.deck is None:
                player.deck_count -= 1
                player.hand.append(unknown_card())
            else:
                player.hand.append(player.deck.pop(0))
            events.append(
                Event(
                    "draw", {"player": key, "count": 1}, draw_rules, msg("{player} draws a card.", player=key)
                )
            )
        state.draw_done = True

    return draw


def make_phase_handlers(
    *, draw: StepFunction, end_turn: StepFunction, turn_rule: str, draw_rule: str
) -> tuple[Handler, Handler]:
    """The ``next_phase`` and ``end_turn`` action handlers, in that order."""

    def do_next_phase(state: Any, action: Any) -> list[Event]:
        events: list[Event] = []
        if state.phase == "end":
            end_turn(state, events)
            return events
        if state.phase == "draw":
            if not state.draw_done:
                draw(state, events)
                if state.result is not None:
                    return events
            state.draw_done = False
            state.phase = "main"
        else:
            state.phase = NEXT_PHASE[state.phase]
        events.append(
            Event(
                "phase",
                {"phase": state.phase},
                (turn_rule,),
                msg("{player} moves to the {phase} phase.", player=action.player, phase=PHASES[state.phase]),
            )
        )
        return events

    def do_end_turn(state: Any, action: Any) -> list[Event]:
        if state.phase == "draw" and not state.draw_done:
            raise illegal(
                draw_rule,
                msg("The draw is mandatory: it comes before the end of the turn (next_phase draws)."),
            )
        events: list[Event] = []
        end_turn(state, events)
        return events

    return do_next_phase, do_end_turn


def make_apply(
    handlers: Mapping[str, Handler], *, game_over_rule: str, turn_rule: str, draw_rule: str
) -> Callable[[Any, Any], tuple[Any, list[Event]]]:
    """``apply(state, action)``: the checks every action shares, then its handler on a copy."""
    game_over_rules = (game_over_rule,)

    def apply(state: Any, action: Any) -> tuple[Any, list[Event]]:
        """Return the next state and its events; raise IllegalAction. ``state`` is not modified."""
        if state.result is not None:
            raise GameOver(
                state.result[2] or game_over_rules,
                msg("The game is already over: no further action applies."),
            )
        if action.player != state.turn_player:
            raise illegal(
                turn_rule,
                msg(
                    "It is {turn_player}'s turn: {player} cannot act now.",
                    turn_player=state.turn_player,
                    player=action.player,
                ),
            )
        if state.phase == "draw" and action.type not in ("next_phase", "end_turn"):
            raise illegal(
                draw_rule, msg("The draw phase comes first: the turn player draws before anything else.")
            )
        new = state.copy()
        events = handlers[action.type](new, action)
        return new, events

    return apply


def make_start(draw: StepFunction) -> Callable[[Any], list[Event]]:
    """``start(state)``: a state given in the draw phase has not drawn yet: the draw happens now."""

    def start(state: Any) -> list[Event]:
        events: list[Event] = []
        if state.phase == "draw" and not state.draw_done and state.result is None:
            draw(state, events)
        return events

    return start


def outcome(state: Any) -> Outcome:
    """The result stored on the state as (winner, draw, rules), or not finished."""
    if state.result is None:
        return NOT_FINISHED
    winner, draw_, rules = state.result
    return Outcome(finished=True, winner=winner, draw=draw_, rules=rules)
