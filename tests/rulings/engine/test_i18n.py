"""The engine in French: every message template has its French, English stays byte for byte.

The templates are found in the engine's source (``ast``): every text given to an ``Event``, an
``IllegalAction`` (or the helpers that build them) and the reasons some messages quote, with each
f-string field numbered in order — the same msgids ``rulings.engine.messages_fr`` is keyed by.
"""

from __future__ import annotations

import ast
import json
import random
import string
from pathlib import Path

import pytest

from rulings.engine import messages_fr
from rulings.engine.base import Event, IllegalAction, MalformedDocument
from rulings.engine.i18n import fields, language_of, rule_json, ruleset_text, ruleset_title, translate
from rulings.engine.registry import game_keys, get_game
from rulings.engine.replay import catalogue_json, replay, step_json

ENGINE = Path(__file__).resolve().parents[3] / "rulings" / "engine"
GOLDEN = sorted((Path(__file__).resolve().parents[1] / "golden").glob("*/*.json"))

# call name -> (position of the text among the arguments, keyword names)
SITES = {
    "Event": (3, ("text",)),
    "illegal": (1, ("text", "explanation")),
    "_illegal": (1, ("text",)),
    "IllegalAction": (1, ("explanation",)),
    "GameOver": (1, ("explanation",)),
    "_event": (2, ("text",)),
    "end_game": (None, ("text",)),
    "players_lose": (None, ("draw_text", "loss_text")),
    "lose_lp": (5, ("why",)),  # Arrows: the reason a player loses life points
    "destroy_monster": (4, ("why",)),  # Arrows: the reason a monster is destroyed
}
# Texts the engine composes at run time (``text += …``) that the source walk does not see whole.
COMPOSED = {
    "(No Battle Phase on the first turn of the duel).",
    "(No Battle Phase this turn.)",
    "{0} (Spell Speed 1) can be activated",
}
FIELD = object()


def _expand(node: ast.AST, func: ast.AST | None) -> list[list]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [[node.value.replace("{", "{{").replace("}", "}}")]]
    if isinstance(node, ast.JoinedStr):
        return [
            [
                v.value.replace("{", "{{").replace("}", "}}") if isinstance(v, ast.Constant) else FIELD
                for v in node.values
            ]
        ]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return [a + b for a in _expand(node.left, func) for b in _expand(node.right, func)]
    if isinstance(node, ast.IfExp):
        return _expand(node.body, func) + _expand(node.orelse, func)
    if isinstance(node, ast.Name) and func is not None:
        found: list[list] = []
        for n in ast.walk(func):
            if isinstance(n, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == node.id for t in n.targets
            ):
                found += _expand(n.value, func)
        return found  # a parameter passed through: its texts are found where the helper is called
    return []


def _render(parts: list) -> str:
    out, index = [], 0
    for part in parts:
        if part is FIELD:
            out.append(f"{{{index}}}")
            index += 1
        else:
            out.append(part)
    # players_lose formats its loss_text itself, with named fields
    return "".join(out).replace("{{loser}}", "{loser}").replace("{{winner}}", "{winner}")


def engine_templates() -> dict[str, str]:
    """msgid -> where it is (file:line), for every message of the engine."""
    found: dict[str, str] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        if path.name in ("messages_fr.py", "catalogue_fr.py", "i18n.py"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name == "append" and isinstance(func.value, ast.Attribute) and func.value.attr == "texts":
                position, keywords = 0, ()  # Yu-Gi-Oh! battle texts
            elif name in SITES:
                position, keywords = SITES[name]
            else:
                continue
            arguments = [node.args[position]] if position is not None and len(node.args) > position else []
            arguments += [k.value for k in node.keywords if k.arg in keywords]
            for argument in arguments:
                enclosing = max(
                    (f for f in functions if f.lineno <= argument.lineno <= f.end_lineno),
                    key=lambda f: f.lineno,
                    default=None,
                )
                for parts in _expand(argument, enclosing):
                    text = _render(parts)
                    if text:
                        found.setdefault(text, f"{path.relative_to(ENGINE)}:{argument.lineno}")
    return found


TEMPLATES = engine_templates()


def test_the_source_walk_finds_the_engine_messages():
    assert len(TEMPLATES) > 250
    assert "Player {0} draws {1} card{2}." in TEMPLATES
    assert "{loser} is at 0 life points: {winner} wins." in TEMPLATES
    assert "{0} check: player {1} reveals {2} ({3} trigger)." in TEMPLATES


def test_every_engine_message_has_a_french_translation():
    missing = {text: where for text, where in TEMPLATES.items() if text not in messages_fr.MESSAGES}
    assert not missing, f"no French for {len(missing)} message(s): {missing}"


def test_no_stale_translation():
    stale = set(messages_fr.MESSAGES) - set(TEMPLATES) - COMPOSED
    assert not stale


@pytest.mark.parametrize("english", sorted(messages_fr.MESSAGES))
def test_french_template_is_well_formed(english):
    french = messages_fr.MESSAGES[english]
    assert french and french != english
    assert sorted(fields(french)) == sorted(fields(english)), "placeholder mismatch"
    for _, name, spec, conversion in string.Formatter().parse(french):
        if name is not None:
            assert conversion is None
            assert not spec or spec in messages_fr.KINDS, f"unknown kind {spec!r}"
    assert "  " not in french


def test_a_placeholder_mismatch_is_caught():
    assert sorted(fields("{0} attaque.")) != sorted(fields("{0} attacks {1}."))


def test_language_of():
    assert [language_of(x) for x in ("fr", "FR", "fr-FR", "fr_CA", "en", "de", "", None, 3)] == [
        "fr", "fr", "fr", "fr", "en", "en", "en", "en", "en"
    ]  # fmt: skip


def test_translate_fills_fields_and_kinds():
    assert translate("Player A draws 2 cards.", "fr") == "Le joueur A pioche 2 cartes."
    assert translate("Player A moves to the battle phase.", "fr") == "Le joueur A passe en Battle Phase."
    assert translate("A moves to the attack phase.", "fr") == "A passe à la phase d'attaque."
    assert translate("Dark Magician changes to Defense Position.", "fr") == (
        "Dark Magician passe en Position de Défense."
    )
    # nested reason, and several sentences joined
    assert translate("B loses 600 life points (its monster was beaten); 7400 left.", "fr") == (
        "B perd 600 Points de Vie (son Monstre a été battu) ; il en reste 7400."
    )
    joined = (
        "Wall is attacked face-down: it is flipped face-up in Defense Position first. "
        "Striker (1500 ATK) is below Wall's 2000 DEF: player A takes 500 damage and nothing is destroyed."
    )
    assert translate(joined, "fr") == (
        "Wall est attaqué face verso : il est d'abord retourné face recto en Position de Défense. "
        "Striker (1500 ATK) est inférieur aux 2000 DEF de Wall : le joueur A subit 500 dégâts et rien "
        "n'est détruit."
    )
    assert translate("Player A draws 2 cards.", "en") == "Player A draws 2 cards."
    assert translate("Something the engine never says.", "fr") == "Something the engine never says."


def test_step_json_renders_in_the_language_asked():
    events = [Event("draw", {"player": "A", "count": 1}, ("YGO-DRAW",), "Player A draws 1 card.")]
    assert step_json(0, None, True, events)["explanation"] == "Player A draws 1 card."
    assert step_json(0, None, True, events, "fr")["explanation"] == "Le joueur A pioche 1 carte."


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
    """English is unchanged (default, "en", unknown); French changes the explanations and nothing else."""
    count = 0
    for path, document in _golden_documents():
        try:
            english = replay(document)
        except MalformedDocument:
            continue
        count += 1
        assert replay(document, language="en") == english, path
        assert replay(document, language="klingon") == english, path
        french = replay(document, language="fr")
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
    assert count > 100


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
    """Random games (the benchmark's starting states): every event text of the engine has its French."""
    engine = get_game(game)
    untranslated = set()
    for ruleset in engine.rulesets:
        rng = random.Random(7)
        for _ in range(15):
            state = engine.initial_state(rng=rng, ruleset=ruleset)
            events = list(engine.start(state))
            for _ in range(150):
                if engine.outcome(state).finished:
                    break
                choices = engine.legal_actions(state)
                if not choices:
                    break
                action = rng.choice(choices)
                state, new = engine.apply(state, action)
                events += new
            try:
                engine.apply(state, rng.choice(choices) if choices else action)
            except IllegalAction as error:
                events.append(Event("refused", {}, (), error.explanation))
            except Exception:  # noqa: BLE001, S110 - only the texts matter here
                pass
            untranslated |= {e.text for e in events if e.text and translate(e.text, "fr") == e.text}
    assert not untranslated


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
