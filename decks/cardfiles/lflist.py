"""EDOPro ``lflist.conf`` banlists."""

from __future__ import annotations

from rulings.engine.decklists import Banlist

from .records import CardFileError


class BanlistError(CardFileError):
    """A banlist line that cannot be read; ``line`` is its number (from 1)."""

    def __init__(self, message: str, *, line: int, text: str):
        self.line = line
        self.text = text
        super().__init__(message, where=f"line {line}")


def read_banlists(text: str | bytes) -> list[Banlist]:
    """Every ``!name`` list in the file, in file order.

    ``$whitelist`` marks the current list as a whitelist; ``<passcode> <count>`` lines
    may carry a ``--comment`` (only the first two tokens matter); other ``#`` lines are
    comments. Negative counts (an upstream artefact, ``1 -1``) are ignored.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            line = text[: error.start].count(b"\n") + 1
            raise BanlistError("the file is not UTF-8 text", line=line, text="") from None
    lists: list[tuple[str, dict[str, int], bool]] = []
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1):
        line = raw.strip()
        if not line or line.startswith(("#", "--")):
            continue
        if line.startswith("!"):
            name = line[1:].strip()
            if not name:
                raise BanlistError("a list needs a name after '!'", line=number, text=raw)
            lists.append((name, {}, False))
            continue
        if not lists:
            raise BanlistError(
                "cards are listed before any '!name' line starts a list", line=number, text=raw
            )
        name, limits, _ = lists[-1]
        if line.lower() == "$whitelist":
            lists[-1] = (name, limits, True)
            continue
        if line.startswith("$"):
            continue  # other EDOPro directives do not change which cards are legal
        tokens = line.split("--", 1)[0].split()
        if len(tokens) < 2:
            raise BanlistError(
                f"expected '<passcode> <count>', e.g. '55144522 0 --Pot of Greed', not {line!r}",
                line=number,
                text=raw,
            )
        passcode, count = tokens[0], tokens[1]
        if not passcode.isdigit():
            raise BanlistError(f"{passcode!r} is not a passcode", line=number, text=raw)
        try:
            copies = int(count)
        except ValueError:
            raise BanlistError(f"{count!r} is not a number of copies", line=number, text=raw) from None
        if copies < 0:
            continue
        limits[str(int(passcode))] = copies
    return [Banlist.named(name, limits, whitelist=whitelist) for name, limits, whitelist in lists]
