"""Issue 14, fast input: the tablet's common situations (data of each game's plug-in), the hand as a count of
unknown cards, a card's numbers edited on the board, through the test client."""

from __future__ import annotations

import re
from html import unescape

import pytest

from rulings.engine.registry import get_plugin
from rulings.engine.replay import replay
from rulings.services import tablet as tb

from .test_rulings_tablet_vanguard import document_of, errors_of, tap

pytestmark = pytest.mark.django_db

SITUATIONS = [(game, s.key) for game in ("yugioh", "vanguard") for s in get_plugin(game).ui.situations]


def answer_text(response) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", response.content.decode().split('data-testid="answer"', 1)[-1]))


@pytest.mark.parametrize(("game", "key"), SITUATIONS)
def test_every_situation_replays_without_error_and_every_step_is_legal(game, key):
    situation = next(s for s in get_plugin(game).ui.situations if s.key == key)
    answer = replay({"game": game, **situation.document})
    assert answer.get("errors") in (None, []), answer.get("errors")
    assert all(step["legal"] for step in answer["steps"]), answer["steps"]
    assert answer["stopped_at"] is None
    assert not answer["outcome"]["finished"]  # the judge edits it: the game is not over before the call


def test_each_game_offers_the_calls_of_issue_14():
    assert {s.key for s in get_plugin("yugioh").ui.situations} == {
        "tribute_summon", "attack_set_monster", "end_phase_hand", "deck_out_draw", "chain_order",
    }  # fmt: skip
    assert {s.key for s in get_plugin("vanguard").ui.situations} == {
        "guard", "boost", "drive_trigger", "sixth_damage", "deck_out",
    }  # fmt: skip


def test_one_tap_loads_a_situation_with_its_question_answered(client):
    response = tap(client, tb.tablet_document_new(game="yugioh"), "situation:attack_set_monster")
    assert errors_of(response) == ""
    document = document_of(response)
    assert document["query"] == {"kind": "damage", "attacker": "A.monsters.0", "target": "B.monsters.0"}
    assert "player A takes 200 damage" in answer_text(response)
    # the Ask's menus show the situation's question: asking again is one tap
    assert re.search(r'<option value="A.monsters.0" selected>', response.content.decode())


def test_the_titles_are_french_in_french(client):
    client.cookies["django_language"] = "fr"
    response = tap(client, tb.tablet_document_new(game="vanguard"), "refresh", HTTP_ACCEPT_LANGUAGE="fr")
    page = unescape(response.content.decode())
    for english in ("Guard against an attack", "Boost by a grade 2 unit", "Sixth damage"):
        assert english not in page


def test_a_number_changed_on_the_board_counts_when_asking(client):
    document = document_of(tap(client, tb.tablet_document_new(game="yugioh"), "situation:attack_set_monster"))
    response = tap(
        client, document, "ask:damage", turn="3", turn_player="A", phase="battle", battle_steps="",
        query_attacker="A.monsters.0", query_target="B.monsters.0", **{"stat:A.monsters.0:atk": "2500"},
    )  # fmt: skip
    assert errors_of(response) == ""
    assert document_of(response)["state"]["players"]["A"]["monsters"][0]["atk"] == 2500
    text = answer_text(response)
    assert "Attacker (2500 ATK)" in text
    assert "nothing is destroyed" not in text


def test_a_number_that_is_not_a_number_is_refused_with_its_path(client):
    document = document_of(tap(client, tb.tablet_document_new(game="yugioh"), "situation:attack_set_monster"))
    response = tap(client, document, "header", turn="3", **{"stat:A.monsters.0:atk": "lots"})
    assert "/card/atk" in errors_of(response)


@pytest.mark.parametrize(
    ("game", "unknown"), [("yugioh", {"kind": "unknown"}), ("vanguard", {"hidden": True})]
)
def test_the_hand_as_a_count_of_unknown_cards(client, game, unknown):
    document = tb.tablet_document_new(game=game)
    fields = {"card_kind": "monster", "card_level": "4", "card_atk": "1", "card_def": "1"}
    if game == "vanguard":
        fields = {"card_grade": "1", "card_power": "5000"}
    response = tap(
        client, document, "add_card", card_player="A", card_zone="hand", card_name="Known", **fields
    )
    assert errors_of(response) == ""
    document = document_of(response)
    response = tap(client, document, "header", turn="3", A_hand_count="4")
    assert errors_of(response) == ""
    hand = document_of(response)["state"]["players"]["A"]["hand"]
    assert hand[0]["name"] == "Known"
    assert hand[1:] == [unknown] * 3
    # down to 2: unknown cards go first; below the described cards, refused
    response = tap(client, document_of(response), "header", turn="3", A_hand_count="2")
    assert len(document_of(response)["state"]["players"]["A"]["hand"]) == 2
    response = tap(client, document_of(response), "header", turn="3", A_hand_count="0")
    assert "/state/players/A/hand" in errors_of(response)


def test_an_equip_spell_with_its_modifiers_from_the_card_form(client):
    document = document_of(tap(client, tb.tablet_document_new(game="yugioh"), "situation:attack_set_monster"))
    response = tap(
        client, document, "add_card", card_player="A", card_zone="spells_traps", card_name="Axe",
        card_kind="spell", card_spell_type="equip", card_atk_modifier="1000", card_def_modifier="-200",
        card_equipped_to="A.monsters.0", card_face_up="yes", card_level="", card_position="attack",
    )  # fmt: skip
    assert errors_of(response) == ""
    axe = document_of(response)["state"]["players"]["A"]["spells_traps"][0]
    assert (axe["atk_modifier"], axe["def_modifier"], axe["equipped_to"]) == (1000, -200, "A.monsters.0")
    page = unescape(response.content.decode())
    assert "ATK +1000 · DEF -200 · Equipped to Attacker" in page  # the monster's name, not its reference
    # the form's fields come from the plug-in: a monster has none of them
    monster = {"card_kind": "monster", "card_level": "4", "card_atk": "1", "card_def": "1"}
    response = tap(client, document, "add_card", card_player="A", card_zone="monsters", card_name="M",
                   card_atk_modifier="5", **monster)  # fmt: skip
    assert "atk_modifier" not in document_of(response)["state"]["players"]["A"]["monsters"][1]


def dark_magician():
    from decks.models import Card
    from decks.names import normalise_name

    return Card.objects.create(
        game="yugioh", key="46986414", name="Dark Magician", name_fr="Magicien Sombre",
        name_norm=normalise_name("Dark Magician"), name_fr_norm=normalise_name("Magicien Sombre"),
        kind="monster", stats={"level": 7, "atk": 2500, "def": 2100, "types": ["normal"]},
    )  # fmt: skip


def found_op(client, query: str) -> str:
    html = client.get("/rulings/tablet/cards/", {"q": query, "new_game": "yugioh"}).content.decode()
    match = re.search(r'value="(add_found:[^"]*)"', html)
    assert match, f"nothing found for {query!r}"
    return unescape(match.group(1))


@pytest.mark.parametrize("query", ["Magicien Sombre", "Dark Magican", "magicien sombr"])
def test_a_found_card_fills_name_kind_level_atk_def_and_type(client, query):
    dark_magician()
    place = {"card_player": "A", "card_zone": "monsters", "card_position": "defense", "card_face_up": "no"}
    response = tap(client, tb.tablet_document_new(game="yugioh"), found_op(client, query), **place)
    assert errors_of(response) == ""
    card = document_of(response)["state"]["players"]["A"]["monsters"][0]
    assert {k: card.get(k) for k in ("name", "kind", "level", "atk", "def", "monster_type")} == {
        "name": "Dark Magician", "kind": "monster", "level": 7, "atk": 2500, "def": 2100,
        "monster_type": "normal",
    }  # fmt: skip
    assert (card["position"], card["face_up"]) == ("defense", False)  # the form's place on the field


def test_recent_cards_offer_again_what_this_session_added(client):
    dark_magician()
    document = tb.tablet_document_new(game="yugioh")
    response = tap(client, document, found_op(client, "Dark Magician"), card_player="A", card_zone="hand")
    response = tap(client, document_of(response), "add_card", card_player="B", card_zone="monsters",
                   card_name="Wall", card_kind="monster", card_level="4", card_atk="0", card_def="2000",
                   card_position="defense", card_face_up="no")  # fmt: skip
    recent = re.findall(
        r'value="(add_found:[^"]*)"[^>]*data-testid="recent-card">([^<]*)<', response.content.decode()
    )
    assert [name for _op, name in recent] == ["Wall", "Dark Magician"]  # newest first
    wall = unescape(recent[0][0])
    assert '"position"' not in wall and '"face_up"' not in wall  # what the card is, not where it was
    # one tap adds it again, in the zone now chosen; adding it again does not list it twice
    response = tap(client, document_of(response), wall, card_player="A", card_zone="hand")
    assert errors_of(response) == ""
    assert document_of(response)["state"]["players"]["A"]["hand"][1]["name"] == "Wall"
    names = re.findall(r'data-testid="recent-card">([^<]*)<', response.content.decode())
    assert names == ["Wall", "Dark Magician"]
    # per game: Vanguard's list is its own
    response = tap(client, tb.tablet_document_new(game="vanguard"), "refresh")
    assert 'data-testid="recent-card"' not in response.content.decode()


def test_recent_cards_keep_the_last_eight(client):
    document = tb.tablet_document_new(game="yugioh")
    for i in range(10):
        response = tap(client, document, "add_card", card_player="A", card_zone="hand", card_name=f"Card {i}",
                       card_kind="monster", card_level="4", card_atk="1", card_def="1")  # fmt: skip
    names = re.findall(r'data-testid="recent-card">([^<]*)<', response.content.decode())
    assert names == [f"Card {i}" for i in range(9, 1, -1)]


def test_a_situation_names_its_cards_in_the_page_language(client):
    client.cookies["django_language"] = "fr"
    response = tap(client, tb.tablet_document_new(game="yugioh"), "situation:attack_set_monster")
    monsters = [document_of(response)["state"]["players"][p]["monsters"][0]["name"] for p in "AB"]
    assert monsters == ["Attaquant", "Monstre Posé"]
    # every card name of every situation has its French (msgctxt "tablet"), so a French board has no English
    from rulings.engine.i18n import label
    from rulings.engine.plugin import situation_card_names

    for game, key in SITUATIONS:
        situation = next(s for s in get_plugin(game).ui.situations if s.key == key)
        for name in situation_card_names(situation.document):
            assert label("tablet", name, "fr") != name, f"{game}/{key}: {name!r} has no French"
