"""The tablet's "Add an effect" form read back: its menus' values typed, every problem naming its field.

The form is described by a game's :class:`~rulings.engine.plugin.EffectMenus` (its fields, its lists of
operations and their operands); the values arrive flat, as a browser posts them::

    effect_timing=quick  effect_does_0_op=destroy  effect_does_0_card=attacker

:func:`read_effect` types them (numbers, yes/no, the closed choices) and the game's ``build`` turns the
result into the effect's JSON, checked by the game's own validation. Pure Python: nothing here imports
Django.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .messages import Message, msg
from .plugin import EffectMenus, Param, load_function

__all__ = [
    "EffectInput",
    "EffectInputError",
    "build_effect",
    "choice_label",
    "describe_effect",
    "is_shown",
    "joined",
    "label_of",
    "one_then_another",
    "path_label",
    "read_effect",
]  # fmt: skip

INT_KINDS = frozenset(("int", "amount", "count", "signed"))
MAX_TEXT = 300
MAX_NUMBER = 1_000_000
# A reference to a card of the board, as the tablet's pickers give them ("B.monsters.0", "A.circles.V").
REF = re.compile(r"[AB]\.[a-z_]+(\.[A-Za-z0-9_]+)?")


class EffectInputError(Exception):
    """What is wrong with the form: ``(path, message)`` pairs, the path naming the field
    (``/effect/does/0/amount``) and the message starting with its label."""

    def __init__(self, errors: list[tuple[str, str]]):
        super().__init__("; ".join(f"{path}: {message}" for path, message in errors))
        self.errors = errors


@dataclass
class EffectInput:
    fields: dict[str, Any] = field(default_factory=dict)  # the shown, non-blank fields, typed
    lists: dict[str, list[tuple[str, dict[str, Any]]]] = field(default_factory=dict)  # list -> (op, operands)


def label_of(menus: EffectMenus, key: str) -> str:
    """The English label of a field, an operand or (``"kind:value"``) a choice."""
    return menus.labels.get(key) or key.split(":")[-1].replace("_", " ")


def choice_label(menus: EffectMenus, name: str, kind: str, value: str) -> str:
    """The English label of one choice of a field or an operand (``name:value``, else ``kind:value``)."""
    for key in (f"{name}:{value}", f"{kind}:{value}"):
        if key in menus.labels:
            return menus.labels[key]
    return value.replace("_", " ")


def is_shown(param: Param, values: Mapping[str, Any]) -> bool:
    if param.shown_if is None:
        return True
    other, allowed = param.shown_if
    return str(values.get(f"effect_{other}") or "") in allowed


def choices_of(menus: EffectMenus, kind: str, param_choices: tuple[str, ...] = ()) -> tuple[str, ...]:
    return param_choices or tuple(menus.kinds.get(kind, ()))


def _typed(menus: EffectMenus, kind: str, raw: str, choices: tuple[str, ...], name: str) -> Any:
    """``raw`` as its kind's value; ValueError with the reason (the caller adds the label)."""
    if kind == "text":
        if len(raw) > MAX_TEXT:
            raise ValueError(f"at most {MAX_TEXT} characters")
        return raw
    if kind == "bool":
        if raw not in ("yes", "no"):
            raise ValueError(f"yes or no, not {raw!r}")
        return raw == "yes"
    if kind in INT_KINDS:
        try:
            number = int(raw)
        except ValueError:
            raise ValueError(f"a whole number, not {raw!r}") from None
        if abs(number) > MAX_NUMBER:  # the document must stay a JSON any reader takes (64-bit at most)
            raise ValueError(f"at most {MAX_NUMBER:,} either way, not {raw}")
        return number
    if kind == "card" and (raw in choices or REF.fullmatch(raw)):
        return raw
    if raw not in choices:
        shown = ", ".join(choice_label(menus, name, kind, c) for c in choices if c)
        raise ValueError(f"one of {shown}, not {raw!r}")
    return raw


def read_effect(menus: EffectMenus, values: Mapping[str, Any]) -> EffectInput:
    """The form's values typed; :class:`EffectInputError` listing every field that is wrong."""
    errors: list[tuple[str, str]] = []
    out = EffectInput()
    for param in menus.fields:
        if not is_shown(param, values):
            continue
        raw = str(values.get(f"effect_{param.name}") or "").strip() or param.default
        label = label_of(menus, param.name)
        if raw == "":
            if param.required:
                errors.append((f"/effect/{param.name}", f"{label}: choose one"))
            continue
        try:
            out.fields[param.name] = _typed(
                menus, param.kind, raw, choices_of(menus, param.kind, param.choices), param.name
            )
        except ValueError as problem:
            errors.append((f"/effect/{param.name}", f"{label}: {problem}"))
    for name, rows in menus.lists:
        chosen: list[tuple[str, dict[str, Any]]] = []
        for i in range(rows):
            op = str(values.get(f"effect_{name}_{i}_op") or "").strip()
            if not op:
                continue
            at = f"/effect/{name}/{i}"
            row = f"{label_of(menus, name)} {i + 1}"
            if op not in menus.ops:
                shown = ", ".join(label_of(menus, f"op:{o}") for o in menus.ops)
                errors.append((f"{at}/op", f"{row}: one of {shown}, not {op!r}"))
                continue
            operands: dict[str, Any] = {}
            for operand, kind in menus.ops[op].items():
                raw = str(values.get(f"effect_{name}_{i}_{operand}") or "").strip()
                if raw == "":
                    continue  # the game's check says which operands are needed
                try:
                    operands[operand] = _typed(menus, kind, raw, choices_of(menus, kind), operand)
                except ValueError as problem:
                    errors.append((f"{at}/{operand}", f"{row}, {label_of(menus, operand)}: {problem}"))
            chosen.append((op, operands))
        out.lists[name] = chosen
    if errors:
        raise EffectInputError(errors)
    return out


def build_effect(menus: EffectMenus, values: Mapping[str, Any]) -> dict[str, Any]:
    """The effect's JSON from the form (read, then built and checked by the game, whose messages get the
    label of the field they are about)."""
    form = read_effect(menus, values)
    try:
        return load_function(menus.build)(form)
    except EffectInputError as problem:
        labelled = [(path, f"{path_label(menus, path)}: {text}") for path, text in problem.errors]
        raise EffectInputError(labelled) from None


def path_label(menus: EffectMenus, path: str) -> str:
    """``/effect/does/0/card`` → "Does 1, Card"."""
    parts = path.removeprefix("/effect").strip("/").split("/")
    if len(parts) >= 2 and parts[1].isdigit():
        row = f"{label_of(menus, parts[0])} {int(parts[1]) + 1}"
        return row if len(parts) == 2 else f"{row}, {label_of(menus, parts[2])}"
    return label_of(menus, parts[0]) if parts[0] else label_of(menus, "effect")


def joined(parts: list[Any], separator: str) -> Message:
    """Parts said one after the other: punctuation only, the same in every language."""
    template = separator.join(f"{{p{i}}}" for i in range(len(parts)))
    return Message(template, {f"p{i}": part for i, part in enumerate(parts)})


def one_then_another(parts: list[Any]) -> Any:
    """``[a, b, c]`` → "a, then b, then c" (in the reader's language); "—" for none."""
    said: Any = None
    for part in reversed(parts):
        said = part if said is None else msg("{first}, then {next}", first=part, next=said)
    return said if said is not None else "—"


def describe_effect(
    menus: EffectMenus, effect: Any, names: Mapping[str, str] | None = None, card: Any = None
) -> Any:
    """The effect in plain words (a Message), or None when it cannot be said (a malformed one)."""
    try:
        return load_function(menus.describe)(effect, names or {}, card)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
