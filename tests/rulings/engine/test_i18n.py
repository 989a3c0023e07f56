"""The engine in French: messages rendered through gettext, English byte for byte as before.

Events and refusals carry messages (a msgid and its parameters, ``rulings.engine.messages``); the
replay renders them in the language asked. These tests render messages of any depth, then replay every
golden scenario and random self-play games and check that every message said has its French in
``locale/fr/LC_MESSAGES/engine.po`` — no English left. ``test_catalogues.py`` checks the catalogue files.
"""

from __future__ import annotations

import gettext
import io
import json
import random
from pathlib import Path

import pytest

from rulings.engine.base import Event, IllegalAction, MalformedDocument
from rulings.engine.i18n import LOCALE_DIR, language_of, render, rule_json, ruleset_text, ruleset_title
from rulings.engine.messages import Message, Sentences, either, msg, msg_plural, sentences, terms
from rulings.engine.pofile import Entry, PoFile, mo_bytes, parse
from rulings.engine.registry import game_keys, get_game
from rulings.engine.replay import catalogue_json, render_answer, replay, replay_messages, step_json

GOLDEN = sorted((Path(__file__).resolve().parents[1] / "golden").glob("*/*.json"))
FRENCH = {
    entry.key
    for entry in parse((LOCALE_DIR / "fr" / "LC_MESSAGES" / "engine.po").read_text(encoding="utf-8")).entries
    if entry.translated
}


def untranslated(text: object) -> list[str]:
    """The msgids of a message (its parameters included, to any depth) that have no French, and any
    text that is not a message at all (it could not be translated)."""
    if text is None:
        return []
    if isinstance(text, Sentences):
        return [missing for part in text.parts for missing in untranslated(part)]
    if isinstance(text, str):
        return [f"not a message: {text!r}"]
    assert isinstance(text, Message), text
    found = [] if (text.context, text.id, text.plural) in FRENCH else [text.id]
    nested = [value for value in text.params.values() if isinstance(value, Message | Sentences)]
    return found + [m for value in nested for m in untranslated(value)]


def messages_in(value: object) -> list[object]:
    """Every message of a query answer (they stand where the explanations are)."""
    if isinstance(value, Message | Sentences):
        return [value]
    if isinstance(value, dict):
        return [m for item in value.values() for m in messages_in(item)]
    if isinstance(value, list | tuple):
        return [m for item in value for m in messages_in(item)]
    return []


def test_untranslated_finds_what_has_no_french():
    assert untranslated(msg("{player} draws a card.", player="A")) == []
    nested = msg("{player} draws a card.", player=msg("never said", x=msg("nor this")))
    assert untranslated(sentences(nested)) == ["never said", "nor this"]
    assert untranslated("an English sentence") == ["not a message: 'an English sentence'"]


# --- rendering ------------------------------------------------------------------------------------

TOY = gettext.GNUTranslations(
    io.BytesIO(
        mo_bytes(
            PoFile(
                "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n > 1);\n",
                [
                    Entry("{who} says: {what}", ["{who} dit : {what}"]),
                    Entry("{a} and {b}. Then {c}.", ["{a} et {b}. Puis {c}."]),
                    Entry("it rains", ["il pleut"]),
                    Entry("end", ["de fin"], context="phase"),
                    Entry("end", ["End Phase"], context="yugioh phase"),
                    Entry("{n} card", ["{n} carte", "{n} cartes"], plural="{n} cards"),
                    Entry("{amount:+d} ATK", ["{amount:+d} d'ATK"]),
                ],
            )
        )
    )
)


def test_english_is_the_msgid_filled_in():
    assert str(msg("{who} says: {what}", who="A", what="hello")) == "A says: hello"
    assert msg("{amount:+d} ATK", amount=300).render() == "+300 ATK"
    assert [str(msg_plural("{n} card", "{n} cards", n, n=n)) for n in (0, 1, 2)] == [
        "0 cards",
        "1 card",
        "2 cards",
    ]
    assert str(sentences(msg("it rains"), None, msg("it rains"))) == "it rains it rains"
    assert f"{msg('it rains')}!" == "it rains!"


def test_nested_messages_render_in_the_same_language_at_any_depth():
    """No depth limit and no sentence-boundary limit: a field may hold whole sentences."""
    deep = msg("it rains")
    for depth in range(6):
        deep = msg("{who} says: {what}", who=f"P{depth}", what=deep)
    assert deep.render(TOY) == "P5 dit : P4 dit : P3 dit : P2 dit : P1 dit : P0 dit : il pleut"
    joined = msg(
        "{a} and {b}. Then {c}.", a=msg("it rains"), b=sentences(msg("it rains"), msg("it rains")), c="x"
    )
    assert joined.render(TOY) == "il pleut et il pleut il pleut. Puis x."
    assert str(joined) == "it rains and it rains it rains. Then it rains."[:0] + str(
        joined
    )  # English renders too
    assert str(joined) == "it rains and it rains it rains. Then x."


def test_words_with_a_context_and_plurals():
    phase, yugioh = terms("phase", ("end",)), terms("yugioh phase", {"end": "end"})
    assert phase["end"].render(TOY) == "de fin" and yugioh["end"].render(TOY) == "End Phase"
    assert str(phase["end"]) == "end"
    assert [msg_plural("{n} card", "{n} cards", n, n=n).render(TOY) for n in (0, 1, 2)] == [
        "0 carte", "1 carte", "2 cartes"
    ]  # fmt: skip
    assert msg("{amount:+d} ATK", amount=-200).render(TOY) == "-200 d'ATK"
    assert msg("never translated {x}", x=1).render(TOY) == "never translated 1"  # English, not lost


def test_either_joins_alternatives():
    words = terms("phase", ("main", "attack", "end"))
    assert str(either([words["main"]])) == "main"
    assert str(either([words["main"], words["attack"]])) == "main or attack"
    assert str(either(list(words.values()))) == "main or attack or end"
    assert render(either(list(words.values())), "fr") == "principale, d'attaque ou de fin"


def test_language_of():
    assert [language_of(x) for x in ("fr", "FR", "fr-FR", "fr_CA", "en", "de", "", None, 3)] == [
        "fr", "fr", "fr", "fr", "en", "en", "en", "en", "en"
    ]  # fmt: skip


def test_render_in_french():
    assert render(msg("{player} draws a card.", player="A"), "fr") == "A pioche une carte."
    assert render(msg("{player} draws a card.", player="A"), "en") == "A draws a card."
    assert render(msg("{player} draws a card.", player="A"), "klingon") == "A draws a card."
    assert render(None, "fr") == ""


def test_step_json_renders_in_the_language_asked():
    events = [
        Event("draw", {"player": "A", "count": 1}, ("RAY-DRAW",), msg("{player} draws a card.", player="A"))
    ]
    assert step_json(0, None, True, events)["explanation"] == "A draws a card."
    assert step_json(0, None, True, events, "fr")["explanation"] == "A pioche une carte."
    assert events[0].text == "A draws a card."


def test_an_illegal_action_keeps_its_message():
    error = IllegalAction(["R-1"], msg("{player} draws a card.", player="B"))
    assert error.explanation == str(error) == "B draws a card."
    assert render(error.message, "fr") == "B pioche une carte."


# --- the engine's own messages --------------------------------------------------------------------


def _golden_documents():
    for path in GOLDEN:
        data = json.loads(path.read_text(encoding="utf-8"))
        if "expect" in data:
            yield path, data["document"]


def _without_explanations(answer: dict) -> dict:
    answer = json.loads(json.dumps(answer))
    for step in answer["steps"]:
        step.pop("explanation")
    if isinstance(answer.get("answer"), dict):
        answer["answer"] = json.loads(json.dumps(answer["answer"]).replace("explanation", "x"))
    return answer


def test_golden_replays_in_french():
    """English is unchanged (default, "en", unknown); French changes the explanations and nothing else,
    and every message of every step and answer has its French."""
    count = 0
    missing: dict[str, list[str]] = {}
    for path, document in _golden_documents():
        try:
            raw = replay_messages(document)
        except MalformedDocument:
            continue
        count += 1
        english = replay(document)
        assert render_answer(raw) == english == replay(document, language="en"), path
        assert replay(document, language="klingon") == english, path
        french = replay(document, language="fr")
        assert render_answer(raw, "fr") == french
        if isinstance(english.get("answer"), dict) and "explanation" not in json.dumps(english["answer"]):
            assert french == english or _without_explanations(french) == _without_explanations(english)
        assert _without_explanations(french)["steps"] == _without_explanations(english)["steps"], path
        assert french["state"] == english["state"] and french["outcome"] == english["outcome"]
        for en_step, fr_step in zip(english["steps"], french["steps"], strict=True):
            if en_step["explanation"]:
                assert fr_step["explanation"] and fr_step["explanation"] != en_step["explanation"], (
                    path,
                    en_step["explanation"],
                )
        said = [step["explanation"] for step in raw["steps"]] + messages_in(raw.get("answer"))
        if problems := [m for text in said for m in untranslated(text)]:
            missing[path.name] = problems
    assert count > 100
    assert not missing


def test_illegal_action_explained_in_french():
    document = {
        "game": "rayman",
        "state": {
            "turn": 1, "turn_player": "A", "phase": "main",
            "players": {"A": {"deck": 10, "hand": [], "tings": 0}, "B": {"deck": 10, "hand": [], "tings": 0}},
        },
        "actions": [{"player": "B", "type": "end_turn"}],
    }  # fmt: skip
    english, french = replay(document), replay(document, language="fr")
    assert english["steps"][0]["explanation"] == "It is A's turn: B cannot act now."
    assert french["steps"][0]["explanation"] == "C'est le tour de A : B ne peut pas agir maintenant."
    assert french["steps"][0]["rules"] == english["steps"][0]["rules"]


@pytest.mark.parametrize("game", game_keys())
def test_random_self_play_says_everything_in_french(game):
    """Random games (the benchmark's starting states), and actions tried where they are refused: every
    event and refusal of the engine is a message with its French."""
    engine = get_game(game)
    said: list[object] = []
    for ruleset in engine.rulesets:
        rng = random.Random(7)
        for _ in range(15):
            state = engine.initial_state(rng=rng, ruleset=ruleset)
            said += [e.message for e in engine.start(state)]
            played = []
            for _ in range(150):
                if engine.outcome(state).finished:
                    break
                choices = engine.legal_actions(state)
                if not choices:
                    break
                action = rng.choice(choices)
                played.append(action)
                try:  # an action of this game, tried again later: often refused, and why
                    engine.apply(
                        state, engine.parse_action(state, engine.action_to_json(rng.choice(played)), path="")
                    )
                except IllegalAction as error:
                    said.append(error.message)
                except Exception:  # noqa: BLE001, S110 - only the texts matter here (a card gone: malformed)
                    pass
                state, new = engine.apply(state, action)
                said += [e.message for e in new]
    problems = {m for text in said for m in untranslated(text)}
    assert len(said) > 500 and not problems


@pytest.mark.parametrize("game", game_keys())
def test_catalogue_in_french(game):
    english = catalogue_json(game)
    french = catalogue_json(game, "fr")
    assert catalogue_json(game, "en") == english == catalogue_json(game, "xx")
    assert [r["id"] for r in french] == [r["id"] for r in english]
    for en, fr in zip(english, french, strict=True):
        assert fr["title"] and fr["summary"] and fr["title"] != en["title"] or fr["id"] in {
            "VG-STAND-PHASE", "VG-DRAW-PHASE", "VG-DRIVE-CHECK", "VG-DAMAGE-CHECK", "VG-BOOST",
        }  # fmt: skip
        assert fr["summary"] != en["summary"]
        assert bool(fr["interpretation"]) == bool(en["interpretation"])
        assert not en["interpretation"] or fr["interpretation"] != en["interpretation"]
        ours = ("title", "summary", "interpretation")
        assert {k: v for k, v in fr.items() if k not in ours} == {
            k: v for k, v in en.items() if k not in ours
        }


# --- interpretations ("Notre lecture") and rule sets ------------------------------------------------

INTERPRETED = [
    rule for key in game_keys() for rule in get_game(key).catalogue.values() if rule.interpretation
]
RULESETS = [(key, rs) for key in game_keys() for rs in get_game(key).rulesets.values()]


@pytest.mark.parametrize("rule", INTERPRETED, ids=lambda rule: rule.id)
def test_interpretation_in_french(rule):
    french = rule_json(rule, "fr")["interpretation"]
    assert french and french != rule.interpretation
    # the JSON field, action and flag names quoted in backticks stay as they are
    assert sorted(part for part in rule.interpretation.split("`")[1::2]) == sorted(french.split("`")[1::2])
    # so do the rule ids it points to
    ids = {
        word.strip("().,;")
        for word in rule.interpretation.split()
        if word.strip("().,;").isupper() and "-" in word
    }
    assert all(rule_id in french for rule_id in ids)


@pytest.mark.parametrize(("game", "rs"), RULESETS, ids=lambda value: getattr(value, "key", value))
def test_rule_set_in_french(game, rs):
    title, description = ruleset_text(game, rs, "fr")
    assert title and description and title != rs.title and description != rs.description
    assert ruleset_title(game, rs, "fr-FR") == title
    assert ruleset_text(game, rs, "en") == ruleset_text(game, rs, "xx") == (rs.title, rs.description)
    assert ruleset_title(game, rs) == rs.title


def test_vanguard_rule_set_titles_in_french():
    rulesets = get_game("vanguard").rulesets
    assert (
        ruleset_title("vanguard", rulesets["original"], "fr")
        == "Original (le texte français tel qu'il est écrit, 2011–2017)"
    )
    assert (
        ruleset_title("vanguard", rulesets["standard"], "fr")
        == "Standard (les règles officielles d'aujourd'hui)"
    )


def test_catalogue_interpretation_in_french():
    by_id = {rule["id"]: rule for rule in catalogue_json("vanguard", "fr")}
    assert by_id["VG-HIT-REARGUARD"]["interpretation"] == "Le « cimetière » du texte est la Drop Zone."
    assert by_id["VG-STAND-PHASE"]["interpretation"] == ""  # no reading: nothing to translate
    english = {rule["id"]: rule for rule in catalogue_json("vanguard")}
    assert english["VG-HIT-REARGUARD"]["interpretation"] == "'Cimetière' is the drop zone."
