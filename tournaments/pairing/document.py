"""The JSON document of the `pair_swiss` command: validation and the whole command minus its I/O."""

from __future__ import annotations

import json
from typing import Any

from tournaments.pairing.errors import PairingInputError
from tournaments.pairing.swiss import PlayerState, SwissRound, pair_round


def _is_int(value: Any) -> bool:
    # bool is an int subclass in Python, but `true` is never a valid count in the document.
    return isinstance(value, int) and not isinstance(value, bool)


def _player_label(position: int, raw: Any) -> str:
    if isinstance(raw, dict) and isinstance(raw.get("id"), str):
        return f"player {raw['id']!r}"
    return f"players[{position}]"


def _count(
    raw: dict, name: str, label: str, *, default: int | None, minimum: int, required: bool = False
) -> int | None:
    if name not in raw or raw[name] is None:
        if required:
            raise PairingInputError(f"{label}: field '{name}' is missing")
        return default
    value = raw[name]
    if not _is_int(value):
        raise PairingInputError(f"{label}: field '{name}' must be an integer, got {value!r}")
    if value < minimum:
        qualifier = "negative" if minimum == 0 else f"below {minimum}"
        raise PairingInputError(f"{label}: field '{name}' must not be {qualifier}, got {value}")
    return value


def parse_pairing_document(document: Any) -> tuple[int, int | str, list[PlayerState]]:
    """Validate a pairing document (a JSON text or the decoded object): (round, seed, players).

    Raises PairingInputError naming the player and field at fault.
    """
    if isinstance(document, bytes | bytearray):
        try:
            document = document.decode("utf-8")
        except UnicodeDecodeError as error:
            raise PairingInputError(f"the input is not UTF-8 text: {error}") from error
    if isinstance(document, str):
        try:
            document = json.loads(document)
        except json.JSONDecodeError as error:
            raise PairingInputError(
                f"malformed JSON at line {error.lineno} column {error.colno}: {error.msg}"
            ) from error
    if not isinstance(document, dict):
        raise PairingInputError("the document must be a JSON object with 'round', 'seed' and 'players'")

    round_number = document.get("round")
    if not _is_int(round_number) or round_number < 1:
        raise PairingInputError(f"field 'round' must be an integer of at least 1, got {round_number!r}")
    seed = document.get("seed", 0)
    if not (_is_int(seed) or isinstance(seed, str)):
        raise PairingInputError(f"field 'seed' must be an integer or a string, got {seed!r}")
    raw_players = document.get("players")
    if not isinstance(raw_players, list):
        raise PairingInputError(f"field 'players' must be a list, got {type(raw_players).__name__}")

    seen: set[str] = set()
    for position, raw in enumerate(raw_players):
        label = _player_label(position, raw)
        if not isinstance(raw, dict):
            raise PairingInputError(f"{label} must be an object, got {raw!r}")
        player_id = raw.get("id")
        if not isinstance(player_id, str) or not player_id:
            raise PairingInputError(f"{label}: field 'id' must be a non-empty string, got {player_id!r}")
        if player_id in seen:
            raise PairingInputError(f"duplicate player id {player_id!r}")
        seen.add(player_id)

    players: list[PlayerState] = []
    for position, raw in enumerate(raw_players):
        label = _player_label(position, raw)
        # Extra fields (names, notes) are tolerated: exports from other tools carry them.
        points = _count(raw, "points", label, default=None, minimum=0, required=True)
        byes = _count(raw, "byes", label, default=0, minimum=0)
        rank = _count(raw, "rank", label, default=None, minimum=1)
        fixed_table = _count(raw, "fixed_table", label, default=None, minimum=1)
        dropped = raw.get("dropped", False)
        if not isinstance(dropped, bool):
            raise PairingInputError(f"{label}: field 'dropped' must be true or false, got {dropped!r}")
        opponents = raw.get("opponents", [])
        if not isinstance(opponents, list):
            raise PairingInputError(f"{label}: field 'opponents' must be a list of ids, got {opponents!r}")
        for opponent in opponents:
            if not isinstance(opponent, str):
                raise PairingInputError(f"{label}: field 'opponents' holds a non-string id {opponent!r}")
            if opponent not in seen:
                raise PairingInputError(f"{label}: opponent {opponent!r} is not in 'players'")
            if opponent == raw["id"]:
                raise PairingInputError(f"{label}: lists itself in 'opponents'")
        assert points is not None and byes is not None
        players.append(
            PlayerState(
                id=raw["id"],
                points=points,
                opponents=frozenset(opponents),
                byes=byes,
                dropped=dropped,
                rank=rank,
                fixed_table=fixed_table,
            )
        )
    return round_number, seed, players


def pair_swiss_round(document: Any) -> SwissRound:
    round_number, seed, players = parse_pairing_document(document)
    return pair_round(round_number=round_number, seed=seed, players=players)


def pair_swiss_document(document: Any) -> dict:
    """Everything `manage.py pair_swiss` does except reading the file and printing: document in, output out.

    document is the JSON text (str or bytes) or the already decoded object. Raises PairingInputError.
    """
    return pair_swiss_round(document).to_dict()
