"""The judge's tablet: editing a situation document tap by tap, and what the tablet shows for it.

Pure document editing (no database): add or remove a card, flip a flag, set the turn, append an action.
After every edit of the state the engine parses it again (``parse_state``/``state_to_json``), so the
board always shows every zone, and a card the engine refuses is refused at once with its path.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import get_language, gettext

from rulings.engine.base import MalformedDocument
from rulings.engine.effect_form import EffectInputError, build_effect, describe_effect
from rulings.engine.i18n import DEFAULT_LANGUAGE, render
from rulings.engine.plugin import situation_in
from rulings.engine.registry import get_game
from rulings.engine.tablet_words import word
from rulings.games_ui import GAMES_UI, ZONE_LABELS, GameUI

from .replay import ReplayFailed, card_lookup_get, situation_replay

JSON = dict[str, Any]
PLAYERS = ("A", "B")


def _fail(path: str, message: str) -> ReplayFailed:
    return ReplayFailed([{"path": path, "message": message}])


def game_ui(*, game: str) -> GameUI:
    try:
        return GAMES_UI[game]
    except KeyError:
        raise _fail("/game", f"unknown game {game!r}") from None


def tablet_state_normalize(*, game: str, ruleset: str, state: Any) -> JSON:
    """The state as the engine reads it back (every zone present); ReplayFailed with paths otherwise."""
    try:
        engine = get_game(game)
    except Exception as exc:  # noqa: BLE001 - a game being built must not break the tablet
        raise _fail("/game", f"the {game} rules engine is not available ({exc})") from exc
    if ruleset not in engine.rulesets:
        raise _fail("/ruleset", f"unknown rule set {ruleset!r}; expected one of {sorted(engine.rulesets)}")
    try:
        parsed = engine.parse_state(state, ruleset=ruleset, cards=card_lookup_get(), path="/state")
    except MalformedDocument as exc:
        raise ReplayFailed([e.to_json() for e in exc.errors]) from exc
    return engine.state_to_json(parsed)


def tablet_document_new(*, game: str, ruleset: str | None = None) -> JSON:
    """An empty board of that game: two players, default life/deck, nothing on the field."""
    ui = game_ui(game=game)
    engine = get_game(game)
    ruleset = ruleset or engine.default_ruleset
    state = tablet_state_normalize(game=game, ruleset=ruleset, state=copy.deepcopy(ui.empty_state))
    return {"game": game, "ruleset": ruleset, "state": state, "actions": []}


def tablet_situation_start(
    *, game: str, key: str, ruleset: str | None = None, language: str = DEFAULT_LANGUAGE
) -> JSON:
    """A common situation of the game (its plug-in's ``situations``), ready for the judge to edit; its
    cards are named in ``language``."""
    ui = game_ui(game=game)
    situation = next((s for s in ui.situations if s.key == key), None)
    if situation is None:
        raise _fail("/situation", f"no common situation {key!r} for {game}")
    document = {"game": game, "ruleset": ruleset or get_game(game).default_ruleset}
    document.update(situation_in(situation.document, language))
    return tablet_document_load(document=document)


def tablet_document_load(*, document: Any) -> JSON:
    """Check a pasted or uploaded document by replaying it; normalize its state for the board."""
    situation_replay(document=document)
    loaded = copy.deepcopy(document)
    loaded.setdefault("ruleset", get_game(loaded["game"]).default_ruleset)
    loaded.setdefault("actions", [])
    loaded["state"] = tablet_state_normalize(
        game=loaded["game"], ruleset=loaded["ruleset"], state=loaded["state"]
    )
    return loaded


def _with_state(document: JSON, state: JSON) -> JSON:
    new = dict(document)
    new["state"] = tablet_state_normalize(game=document["game"], ruleset=document["ruleset"], state=state)
    return new


# --- cards -----------------------------------------------------------------------------------------


def _parse_cost(text: str) -> int | dict[str, int]:
    """``3`` or ``Feu:1, any:2`` (RaymanTCG costs)."""
    text = text.strip()
    if text.lstrip("-").isdigit():
        return int(text)
    cost: dict[str, int] = {}
    for part in text.split(","):
        kind, _, count = part.partition(":")
        if not kind.strip() or not count.strip().isdigit():
            raise _fail("/card/cost", f"a cost is a number or pairs such as Feu:1, any:2 — not {text!r}")
        cost[kind.strip()] = int(count.strip())
    return cost


def tablet_card_build(*, game: str, values: Mapping[str, str], on_field: bool) -> JSON:
    """A card from the tablet's card fields (blank fields are left out; the engine checks the rest)."""
    ui = game_ui(game=game)
    card: JSON = {}
    for spec in ui.card_fields:
        if spec.on_field_only and not on_field:
            continue
        if spec.for_kinds and values.get("card_kind", spec.for_kinds[0]) not in spec.for_kinds:
            continue
        raw = (values.get(f"card_{spec.name}") or "").strip()
        if raw == "":
            continue
        if spec.kind in ("int", "signed"):
            try:
                card[spec.name] = int(raw)
            except ValueError:
                raise _fail(
                    f"/card/{spec.name}", f"{spec.label} must be a whole number, not {raw!r}"
                ) from None
        elif spec.kind == "cost":
            card[spec.name] = _parse_cost(raw)
        elif spec.choices == ("yes", "no") or spec.choices == ("no", "yes"):
            card[spec.name] = raw == "yes"
        else:
            card[spec.name] = raw
    if not card.get("name"):
        raise _fail("/card/name", "a card needs a name")
    return card


def _zone_kind(ui: GameUI, zone: str) -> str:
    if zone in ui.keyed_zones:
        return "keyed"
    if zone in ui.single_zones:
        return "single"
    if zone in ui.slot_zones:
        return "slots"
    return "list"


def tablet_card_add(*, document: JSON, player: str, zone: str, slot: str = "", card: JSON) -> JSON:
    """Put a card in a zone: the given slot (or circle), else the first empty slot, else the end."""
    ui = game_ui(game=document["game"])
    if player not in PLAYERS:
        raise _fail("/player", "player A or B")
    if zone not in ui.zones:
        raise _fail("/zone", f"unknown zone {zone!r}")
    state = copy.deepcopy(document["state"])
    side = state["players"][player]
    kind = _zone_kind(ui, zone)
    path = f"/state/players/{player}/{zone}"
    if kind == "keyed":
        keys = ui.keyed_zones[zone]
        target = slot or next((k for k in keys if side.get(zone, {}).get(k) is None), "")
        if target not in keys:
            raise _fail(path, "every circle is taken: remove a unit first or pick a circle")
        side.setdefault(zone, {})[target] = card
    elif kind == "single":
        side[zone] = card
    elif kind == "slots":
        cells = side.setdefault(zone, [])
        if slot:
            if not slot.isdigit() or int(slot) >= len(cells):
                raise _fail(path, f"no slot {slot} in this zone")
            cells[int(slot)] = card
        else:
            free = next((i for i, c in enumerate(cells) if c is None), None)
            if free is None:
                raise _fail(path, "this zone is full: remove a card first")
            cells[free] = card
    else:
        side.setdefault(zone, []).append(card)
    return _with_state(document, state)


def _locate(state: JSON, ref: str) -> tuple[Any, Any]:
    """(container, key) of a reference such as A.hand.0, A.circles.V or A.field_spell."""
    parts = ref.split(".")
    if len(parts) < 2 or parts[0] not in PLAYERS or parts[1] not in state["players"][parts[0]]:
        raise _fail("/card", f"no card at {ref}")
    side = state["players"][parts[0]]
    if len(parts) == 2:
        return side, parts[1]
    container = side[parts[1]]
    if isinstance(container, list):
        if not parts[2].isdigit() or int(parts[2]) >= len(container):
            raise _fail("/card", f"no card at {ref}")
        return container, int(parts[2])
    if isinstance(container, dict) and parts[2] in container:
        return container, parts[2]
    raise _fail("/card", f"no card at {ref}")


def tablet_card_remove(*, document: JSON, ref: str) -> JSON:
    ui = game_ui(game=document["game"])
    state = copy.deepcopy(document["state"])
    container, key = _locate(state, ref)
    zone = ref.split(".")[1]
    if isinstance(container, list) and _zone_kind(ui, zone) == "list":
        container.pop(key)
    else:
        container[key] = None
    return _with_state(document, state)


def tablet_card_toggle(*, document: JSON, ref: str, flag: str) -> JSON:
    """Flip a true/false flag of a card (turn flags, face-up, standing) or its battle position."""
    state = copy.deepcopy(document["state"])
    container, key = _locate(state, ref)
    card = container[key]
    if not isinstance(card, dict):
        raise _fail("/card", f"no card at {ref}")
    if flag == "position" and card.get("position") in ("attack", "defense"):
        card["position"] = "defense" if card["position"] == "attack" else "attack"
    elif isinstance(card.get(flag), bool):
        card[flag] = not card[flag]
    else:
        raise _fail("/card", f"{ref} has no flag {flag!r}")
    return _with_state(document, state)


# --- effects (Yu-Gi-Oh!) and skills (Vanguard), built by menus ---------------------------------------


def _menus(game: str):
    menus = game_ui(game=game).effects
    if menus is None:
        raise _fail("/effect", "the cards of this game carry no effects")
    return menus


def tablet_effect_build(*, game: str, values: Mapping[str, Any]) -> JSON:
    """One effect (or skill) from the tablet's menus; every wrong field named in its error."""
    try:
        return build_effect(_menus(game), values)
    except EffectInputError as problem:
        raise ReplayFailed([{"path": path, "message": message} for path, message in problem.errors]) from None


def tablet_effect_add(*, document: JSON, ref: str, effect: JSON) -> JSON:
    """Give the card at ``ref`` one more effect (at most 10, as the engine reads them)."""
    key = _menus(document["game"]).card_key
    if not ref:
        raise _fail("/effect/card", "choose the card that has this effect")
    state = copy.deepcopy(document["state"])
    container, slot = _locate(state, ref)
    card = container[slot]
    if not isinstance(card, dict):
        raise _fail("/effect/card", f"no card at {ref}")
    card[key] = [*card.get(key, []), effect]
    return _with_state(document, state)


def tablet_effect_remove(*, document: JSON, ref: str, index: str) -> JSON:
    key = _menus(document["game"]).card_key
    state = copy.deepcopy(document["state"])
    container, slot = _locate(state, ref)
    card = container[slot]
    effects = card.get(key) if isinstance(card, dict) else None
    if not effects or not index.isdigit() or int(index) >= len(effects):
        raise _fail("/effect", f"{ref} has no effect {index}")
    effects.pop(int(index))
    if not effects:
        del card[key]
    return _with_state(document, state)


def effect_words(*, game: str, card: Any, names: Mapping[str, str], language: str) -> list[tuple[int, str]]:
    """The effects (or skills) of a card in plain words, each with its index."""
    menus = game_ui(game=game).effects
    if menus is None or not isinstance(card, dict):
        return []
    out = []
    for index, effect in enumerate(card.get(menus.card_key) or []):
        words = describe_effect(menus, effect, names, card)
        out.append((index, render(words, language) if words is not None else str(effect)))
    return out


def _card_at(state: JSON, ref: str) -> Any:
    try:
        container, slot = _locate(state, ref)
    except ReplayFailed:
        return None
    return container[slot]


def builder_options(*, game: str, state: JSON, kind: str, card: str, language: str) -> list[tuple[str, str]]:
    """The choices of a builder's menu that depend on the board: ``effect`` (the effects or skills of the
    chosen card), ``link`` (the open chain's links), ``pending`` (the waiting optional triggers)."""
    names = _names(state, game)
    if kind == "effect":
        words = effect_words(game=game, card=_card_at(state, card), names=names, language=language)
        return [(str(i), f"{i + 1}. {text}") for i, text in words]
    if kind == "link":
        words = gettext("Chain Link %(n)s: %(player)s · %(card)s")
        return [
            (
                str(n),
                words % {"n": n, "player": link.get("player", "?"), "card": names.get(link.get("card"), "?")},
            )
            for n, link in enumerate(state.get("chain") or [], 1)
        ]
    if kind == "pending":
        out = []
        for waiting in state.get("pending_triggers") or []:
            ref = waiting.get("card", "")
            found = _card_at(state, ref)
            index = waiting.get("effect", 0)
            effects = (found or {}).get("effects") or []
            if index < len(effects) and effects[index].get("optional"):
                words = dict(effect_words(game=game, card=found, names=names, language=language))
                out.append((ref, f"{names.get(ref, ref)}: {words.get(index, '')}"))
        return out
    return []


def added_ref(*, game: str, before: JSON, after: JSON) -> str:
    """The reference of the card an edit put on the board (the first place whose card changed)."""
    old = {r.ref: r for r in card_refs(game=game, state=before)}
    for ref in card_refs(game=game, state=after):
        if ref.ref not in old or old[ref.ref].label != ref.label:
            return ref.ref
    return ""


def tablet_header_set(*, document: JSON, values: Mapping[str, str]) -> JSON:
    """Turn, turn player, phase, each player's numbers (LP, deck, tings…) and true/false flags."""
    ui = game_ui(game=document["game"])
    state = copy.deepcopy(document["state"])
    if "turn" in values:
        state["turn"] = _int(values["turn"], "/state/turn")
    if values.get("turn_player") in PLAYERS:
        state["turn_player"] = values["turn_player"]
    if values.get("phase") in ui.phases:
        state["phase"] = values["phase"]
    for flag in ui.state_flags:
        state[flag] = values.get(flag) == "on"
    for player in PLAYERS:
        side = state["players"][player]
        for key, value in list(side.items()):
            name = f"{player}_{key}"
            if isinstance(value, bool):
                side[key] = values.get(name) == "on"
            elif isinstance(value, int) and name in values:
                side[key] = _int(values[name], f"/state/players/{player}/{key}")
        if f"{player}_hand_count" in values and ui.unknown_card is not None:
            count = _int(values[f"{player}_hand_count"], f"/state/players/{player}/hand")
            side["hand"] = _hand_of(list(side.get("hand") or []), count, ui.unknown_card, player)
    for name, raw in values.items():
        if name.startswith("stat:"):
            _stat_set(state, name, raw)
    new = _with_state(document, state)
    ruleset = values.get("ruleset")
    if ruleset and ruleset != document["ruleset"]:
        new["ruleset"] = ruleset
        new["state"] = tablet_state_normalize(game=new["game"], ruleset=ruleset, state=new["state"])
    return new


def _hand_of(hand: list, count: int, unknown: Mapping[str, Any], player: str) -> list:
    """The hand with ``count`` cards: unknown cards are added at the end, or taken away from the end
    (the cards the judge described stay; fewer than those is refused)."""
    if not 0 <= count <= MAX_HAND:
        raise _fail(f"/state/players/{player}/hand", f"from 0 to {MAX_HAND} cards")
    while len(hand) < count:
        hand.append(dict(unknown))
    while len(hand) > count:
        last = next((i for i in range(len(hand) - 1, -1, -1) if hand[i] == dict(unknown)), None)
        if last is None:
            raise _fail(
                f"/state/players/{player}/hand",
                f"{len(hand)} described cards: remove one of them to go down to {count}",
            )
        hand.pop(last)
    return hand


def _stat_set(state: JSON, name: str, raw: str) -> None:
    """``stat:A.monsters.0:atk`` = ``2500``: a number of a card on the board, edited in place."""
    _, ref, key = name.split(":", 2)
    container, index = _locate(state, ref)
    card = container[index]
    if not isinstance(card, dict) or not isinstance(card.get(key), int) or isinstance(card.get(key), bool):
        raise _fail("/card", f"{ref} has no number {key!r}")
    card[key] = _int(raw, f"/card/{key}")


MAX_HAND = 60  # more than any deck holds: a typo, not a hand


def _int(raw: str, path: str) -> int:
    try:
        return int(str(raw).strip())
    except ValueError:
        raise _fail(path, f"a whole number, not {raw!r}") from None


# --- actions and queries ----------------------------------------------------------------------------


def _params(ui_params, values: Mapping[str, Any], prefix: str) -> JSON:
    out: JSON = {}
    for param in ui_params:
        key = f"{prefix}{param.name}"
        if param.kind in ("refs", "pending"):
            chosen = (
                [v for v in values.getlist(key) if v] if hasattr(values, "getlist") else values.get(key, [])
            )
            if chosen or param.required:
                out[param.name] = chosen
            continue
        if param.kind == "checks" and hasattr(values, "getlist"):  # one select per revealed card
            raw = ", ".join(v.strip() for v in values.getlist(key) if v and v.strip())
        else:
            raw = (values.get(key) or "").strip()
        if param.kind == "checks":
            if raw:
                out[param.name] = _check_cards(raw, param.name)
            continue
        if param.kind == "ref?":
            out[param.name] = raw or None
            continue
        if raw == "":
            if param.required:
                raise _fail(f"/{param.name}", f"choose {param.name.replace('_', ' ')}")
            continue
        if param.kind == "bool":
            out[param.name] = raw == "yes"
        else:
            numeric = param.kind in ("int", "effect", "link")
            out[param.name] = _int(raw, f"/{param.name}") if numeric else raw
    return out


VG_TRIGGERS = ("critical", "draw", "stand", "heal", "front", "over")


def _check_cards(raw: str, name: str) -> list[JSON]:
    """``none, critical`` → the cards a Vanguard drive or damage check (or a mulligan's draw) reveals, for a
    deck given as a count."""
    cards = []
    for i, token in enumerate(t.strip().lower() for t in raw.split(",")):
        trigger = None if token in ("", "none", "-", "0") else token
        if trigger is not None and trigger not in VG_TRIGGERS:
            raise _fail(f"/{name}/{i}", f"a trigger is one of none, {', '.join(VG_TRIGGERS)} — not {token!r}")
        head = "Drawn card" if name == "drawn" else f"{name.split('_')[0].title()} check"
        label = f"{head} {i + 1}" + (f" ({trigger})" if trigger else "")
        card = {"name": label, "grade": 0, "power": 5000, "shield": 10000 if trigger != "over" else 0}
        cards.append({**card, "critical": 1, "trigger": trigger})
    return cards


def tablet_action_build(*, game: str, values: Mapping[str, Any]) -> JSON:
    ui = game_ui(game=game)
    kind = values.get("action_type") or ""
    if kind not in ui.actions:
        raise _fail("/type", "choose an action")
    player = values.get("action_player") or "A"
    return {"player": player, "type": kind, **_params(ui.actions[kind], values, "action_")}


def tablet_query_build(*, game: str, kind: str, values: Mapping[str, Any]) -> JSON:
    ui = game_ui(game=game)
    if kind not in ui.queries:
        raise _fail("/query/kind", f"no {kind} question for this game")
    return {"kind": kind, **_params(ui.queries[kind], values, "query_")}


def tablet_action_append(*, document: JSON, action: JSON) -> JSON:
    """Append an action; a malformed one (a missing card, a missing drive check…) is refused with its path.

    An illegal action is kept: it is a question with an answer.
    """
    new = dict(document)
    new["actions"] = [*document.get("actions", []), action]
    situation_replay(document={k: v for k, v in new.items() if k != "query"})
    return new


def tablet_action_undo(*, document: JSON) -> JSON:
    new = dict(document)
    new["actions"] = list(document.get("actions", []))[:-1]
    return new


# --- what the tablet shows ---------------------------------------------------------------------------


@dataclass
class CardRef:
    ref: str
    label: str  # the reference in plain words
    name: str = ""  # the card's name


@dataclass
class TabletView:
    document: JSON
    answer: JSON | None = None
    errors: list[JSON] = field(default_factory=list)
    positions: list[int] = field(default_factory=list)  # -1 = the start, then each action index
    cursor: int = -1
    board: JSON | None = None
    editable: bool = True
    legal_actions: dict[str, list[JSON]] = field(default_factory=dict)
    refs: list[CardRef] = field(default_factory=list)


def ref_text(*, player: str, zone_label: Any, place: str, card: JSON) -> str:
    """A reference in plain words: "Player A's hand 1: Dark Magician", "Player B's monster zone 1:
    Mystic Tomato (face-down, Defense Position)" (French: "Main 1 du joueur A : …")."""
    zone = f"{zone_label} {place}".strip()
    name = str(card.get("name", "?"))
    state = []
    if card.get("face_up") is False:
        state.append(gettext("face-down"))
    if card.get("position") == "defense":
        state.append(gettext("Defense Position"))
    if state:
        name = f"{name} ({', '.join(state)})"
    return gettext("Player %(player)s's %(zone)s: %(card)s") % {
        "player": player,
        "zone": zone[:1].lower() + zone[1:]
        if get_language_of_page() == DEFAULT_LANGUAGE and " " not in str(zone_label)
        else zone,
        "card": name,
    }


# A reference inside an engine sentence ("Watcher (A.monsters.0) goes to the Graveyard."): player, zone, slot.
REF_IN_TEXT = re.compile(r"\b([AB])\.([a-z_]+)(?:\.(\w+))?\b")


def refs_in_words(text: str) -> str:
    """Engine sentences name places by reference; people read "Player A's monster zone 1" (French: "Zone
    de monstre 1 du joueur A"). Anything that is not a zone of the games is left as it is."""
    language = get_language_of_page()

    def said(found: re.Match) -> str:
        player, zone, place = found.groups()
        if zone not in ZONE_LABELS and zone not in SLOT_WORDS:
            return found[0]
        label = word(SLOT_WORDS[zone], language) if zone in SLOT_WORDS else ZONE_LABELS[zone]
        place = str(int(place) + 1) if place and place.isdigit() else (place or "")
        zone_words = f"{label} {place}".strip()
        if language == DEFAULT_LANGUAGE and " " not in str(label):  # "hand 3", but "Monster Zone 1"
            zone_words = zone_words[:1].lower() + zone_words[1:]
        return gettext("Player %(player)s's %(zone)s") % {"player": player, "zone": zone_words}

    return REF_IN_TEXT.sub(said, text)


def get_language_of_page() -> str:
    from rulings.engine.i18n import language_of

    return language_of(get_language() or DEFAULT_LANGUAGE)


SLOT_WORDS = {"monsters": "monster_zone", "spells_traps": "spell_trap_zone"}  # zone -> one slot's word


def card_refs(*, game: str, state: JSON) -> list[CardRef]:
    """Every card on the board, as reference + words, for the action and question pickers."""
    ui = game_ui(game=game)
    out: list[CardRef] = []
    for player in PLAYERS:
        side = state["players"][player]
        for zone in ui.zones:
            value = side.get(zone)
            label = ZONE_LABELS.get(zone, zone)
            if zone in SLOT_WORDS:  # "Monster Zone 1", not "Monster Zones 1"
                label = word(SLOT_WORDS[zone], get_language_of_page())
            if isinstance(value, list):
                for i, card in enumerate(value):
                    if isinstance(card, dict):
                        text = ref_text(player=player, zone_label=label, place=str(i + 1), card=card)
                        out.append(CardRef(f"{player}.{zone}.{i}", text, str(card.get("name", "?"))))
            elif isinstance(value, dict) and zone in ui.keyed_zones:
                for key in ui.keyed_zones[zone]:
                    card = value.get(key)
                    if isinstance(card, dict):
                        text = ref_text(player=player, zone_label=gettext("Circle"), place=key, card=card)
                        out.append(CardRef(f"{player}.{zone}.{key}", text, str(card.get("name", "?"))))
            elif isinstance(value, dict):
                text = ref_text(player=player, zone_label=label, place="", card=value)
                out.append(CardRef(f"{player}.{zone}", text, str(value.get("name", "?"))))
    return out


def answer_ref_words(*, game: str, answer: JSON) -> dict[str, str]:
    """References in plain words for an answer: the cards of its final board, and the cards the answer
    names where the board does not have them (``{"card": "A.graveyard.0", "name": "Watcher"}``, after the
    chain it asks about has resolved): "Player A's graveyard 1: Watcher"."""
    words = {r.ref: r.label for r in card_refs(game=game, state=answer["state"])}

    def named(value: Any) -> None:
        if isinstance(value, dict):
            ref, name = value.get("card"), value.get("name")
            if isinstance(ref, str) and isinstance(name, str) and ref not in words:
                player, _, rest = ref.partition(".")
                zone, _, place = rest.partition(".")
                if player in PLAYERS and zone:
                    place = str(int(place) + 1) if place.isdigit() else place
                    label = ZONE_LABELS.get(zone, zone)
                    words[ref] = ref_text(player=player, zone_label=label, place=place, card={"name": name})
            for item in value.values():
                named(item)
        elif isinstance(value, list):
            for item in value:
                named(item)

    named(answer.get("answer"))
    return words


def action_label(*, action: JSON, names: Mapping[str, str], language: str = DEFAULT_LANGUAGE) -> str:
    """``A · Attack — Attacker: Gene-Warped Warwolf; Target: Mystic Tomato`` (references replaced by card
    names, the keys in the reader's words)."""
    parts = []
    for key, value in action.items():
        if key in ("player", "type"):
            continue
        if isinstance(value, list):
            value = ", ".join(
                names.get(v, str(v)) if isinstance(v, str) else _check_word(v, language) for v in value
            )
        elif value is None:
            value = "∅"
        elif isinstance(value, str):
            value = names.get(value, word(value, language) if key in WORD_VALUES else value)
        parts.append(f"{word(key, language)}: {value}")
    head = f"{action.get('player', '?')} · {word(action.get('type', '?'), language)}"
    return head + (" — " + "; ".join(parts) if parts else "")


WORD_VALUES = ("position", "phase", "kind", "line", "to")  # fields whose value is a key, not a name


def _check_word(value: Any, language: str) -> str:
    """A revealed card of a check: its trigger (or "no trigger"), else its name."""
    if isinstance(value, dict) and ("trigger" in value or "name" in value):
        return word(value.get("trigger") or "none", language)
    return str(value)


def _names(state: JSON, game: str) -> dict[str, str]:
    return {r.ref: r.name for r in card_refs(game=game, state=state)}


def tablet_view(*, document: JSON, cursor: int | None = None, language: str = DEFAULT_LANGUAGE) -> TabletView:
    """Replay the document; the board at the cursor (None = after the last step); legal actions now.

    The answer's explanations are in ``language`` (the judge's page); the document is the same in any.
    """
    view = TabletView(document=document)
    try:
        view.answer = situation_replay(document=document, language=language)
    except ReplayFailed as failure:
        if document.get("query") is None or not all(e["path"].startswith("/query") for e in failure.errors):
            view.errors = failure.errors
            view.board = document.get("state")
            return view
        # The question no longer fits the board (a card it named has gone): drop it, say why.
        document = {k: v for k, v in document.items() if k != "query"}
        view.document = document
        view.errors = [{**e, "message": f"{e['message']} (the question was removed)"} for e in failure.errors]
        view.answer = situation_replay(document=document, language=language)
    actions = document.get("actions") or []
    view.positions = [-1] + [s["index"] for s in view.answer["steps"] if s["action"] is not None]
    last = view.positions[-1]
    view.cursor = last if cursor is None or cursor not in view.positions else cursor
    if view.cursor == -1:
        view.board = document["state"]
    elif view.cursor == last:
        view.board = view.answer["state"]
    else:
        prefix = {k: v for k, v in document.items() if k != "query"}
        prefix["actions"] = actions[: view.cursor + 1]
        view.board = situation_replay(document=prefix)["state"]
    view.editable = view.cursor == -1
    final = view.answer["state"]
    view.refs = card_refs(game=document["game"], state=view.board)
    if not view.answer["outcome"]["finished"]:
        names = _names(final, document["game"])
        for player in PLAYERS:
            asked = {k: v for k, v in document.items() if k != "query"}
            asked["query"] = {"kind": "legal_actions", "player": player}
            try:
                listed = situation_replay(document=asked).get("answer", {}).get("actions", [])
            except ReplayFailed:
                listed = []
            view.legal_actions[player] = [
                {"action": a, "label": action_label(action=a, names=names, language=language)} for a in listed
            ]
    return view


# --- the board, laid out for the templates ---------------------------------------------------------------

STAT_KEYS = (
    "level", "grade", "atk", "def", "power", "shield", "critical", "hp", "max_hp", "arrows", "cost",
    "terrain", "monster_type", "spell_type", "trap_type", "magic_type", "clan", "trigger", "damage_taken",
    "atk_modifier", "def_modifier", "equipped_to",
)  # fmt: skip
STAT_LABELS = {"level": "Lv", "grade": "G", "atk": "ATK", "def": "DEF", "max_hp": "max HP", "hp": "HP"}
SIGNED_STATS = {"atk_modifier": "ATK", "def_modifier": "DEF"}  # an Equip Spell's change: "ATK +500"


def _stats(card: JSON, language: str = DEFAULT_LANGUAGE, names: Mapping[str, str] | None = None) -> str:
    parts = []
    for key in STAT_KEYS:
        value = card.get(key)
        if key in SIGNED_STATS and isinstance(value, int) and value:
            parts.append(f"{SIGNED_STATS[key]} {value:+d}")
            continue
        if key == "equipped_to" and isinstance(value, str):  # a reference: the monster's name, for people
            parts.append(f"{word(key, language)} {(names or {}).get(value, value)}")
            continue
        if value in (None, "", 0) and key not in ("atk", "def", "power"):
            continue
        if value is None:
            continue
        if isinstance(value, dict):
            value = ", ".join(f"{k} {v}" for k, v in value.items())
        if isinstance(value, str) and key in (
            "trigger",
            "monster_type",
            "spell_type",
            "trap_type",
            "magic_type",
        ):
            value = word(value, language)
        parts.append(f"{STAT_LABELS.get(key) or word(key, language)} {value}")
    if card.get("kind") and card.get("kind") not in ("monster", "creature"):
        parts.insert(0, word(card["kind"], language))
    return " · ".join(parts)


def _cell(
    player: str, zone: str, slot: Any, card: Any, on_field: bool, language: str, words=None, numbers=(),
    names: Mapping[str, str] | None = None,
) -> JSON:  # fmt: skip
    ref = f"{player}.{zone}" if slot is None else f"{player}.{zone}.{slot}"
    if not isinstance(card, dict):
        return {"ref": ref, "slot": slot, "card": None}
    effects = words(card) if words is not None else []
    flags = [(k, v) for k, v in card.items() if isinstance(v, bool) and on_field and k != "sentinel"]
    return {
        "ref": ref,
        "slot": slot,
        "card": card,
        "name": card.get("name", "?"),
        "stats": _stats(card, language, names),
        "position": card.get("position"),
        "face_down": card.get("face_up") is False,
        "flags": flags,
        "effects": effects,
        # the card's numbers the judge may edit on the board (ATK, power…): (field, label, value)
        "numbers": [
            (name, label, card[name])
            for name, label in numbers
            if isinstance(card.get(name), int) and not isinstance(card.get(name), bool)
        ],
    }


def board_layout(*, game: str, state: JSON, language: str = DEFAULT_LANGUAGE) -> list[JSON]:
    """Both players (B on top, A below), each with numbers, flags and zones of cells."""
    ui = game_ui(game=game)
    names = _names(state, game)

    def words(card: JSON) -> list[tuple[int, str]]:
        return effect_words(game=game, card=card, names=names, language=language)

    card_numbers = [(f.name, f.label) for f in ui.card_fields if f.kind == "int" and not f.on_field_only]

    players = []
    for player in ("B", "A"):
        side = state.get("players", {}).get(player, {})
        numbers = [(k, v) for k, v in side.items() if isinstance(v, int) and not isinstance(v, bool)]
        if isinstance(side.get("deck"), list):
            numbers.append(("deck", len(side["deck"])))
        flags = [(k, v) for k, v in side.items() if isinstance(v, bool)]
        zones = []
        for zone in ui.zones:
            value = side.get(zone)
            on_field = zone in ui.field_zones
            if zone in ui.keyed_zones:
                cells = [
                    _cell(
                        player, zone, k, (value or {}).get(k), on_field, language, words, card_numbers, names
                    )
                    for k in ui.keyed_zones[zone]
                ]
                kind = "keyed"
            elif zone in ui.single_zones:
                cells = [_cell(player, zone, None, value, on_field, language, words, card_numbers, names)]
                kind = "single"
            else:
                cells = [
                    _cell(player, zone, i, c, on_field, language, words, card_numbers, names)
                    for i, c in enumerate(value or [])
                ]
                kind = "slots" if zone in ui.slot_zones else "list"
            zones.append({"key": zone, "label": ZONE_LABELS.get(zone, zone), "kind": kind, "cells": cells})
        hand_count = len(side.get("hand") or []) if ui.unknown_card is not None else None
        players.append(
            {"side": player, "numbers": numbers, "flags": flags, "zones": zones, "hand_count": hand_count}
        )
    return players
