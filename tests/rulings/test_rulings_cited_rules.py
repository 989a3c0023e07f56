"""Rules quoted where an answer cites them (issue 14): the tablet's steps and outcome and the saved
ruling's page show each cited rule's title in the reader's language, the French sentence that decides
it, its English for a reader of English, its rule sets and our reading; the chip still opens the whole
rule, which shows the English too."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.conf import settings
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation

from rulings.engine.registry import get_game
from rulings.selectors import rule_cited_get

from .rulings_documents import YGO_BATTLE, YGO_ILLEGAL_TRIBUTE
from .rulings_factories import saved_ruling

pytestmark = pytest.mark.django_db
TAP = "/rulings/tablet/tap/"
TRIBUTES = get_game("yugioh").catalogue["YGO-TRIBUTE-COUNT"]


def cited(html: str, rule_id: str) -> str:
    """The block quoting ``rule_id`` (the HTML unescaped)."""
    match = re.search(rf'<details class="cited-rule" data-testid="cited-{rule_id}".*?</details>', html, re.S)
    assert match, f"{rule_id} is not quoted"
    return unescape(match.group(0))


def tablet_html(client, document: dict, **headers) -> str:
    response = client.post(
        TAP, {"document": json.dumps(document), "op": "noop"}, HTTP_HX_REQUEST="true", **headers
    )
    assert response.status_code == 200
    return response.content.decode()


def test_a_refusal_on_the_tablet_quotes_its_rule_in_english(client):
    block = cited(tablet_html(client, YGO_ILLEGAL_TRIBUTE), "YGO-TRIBUTE-COUNT")
    assert "How many Tributes" in block
    assert f'lang="fr" data-testid="cited-passage">{TRIBUTES.passage}</blockquote>' in block
    assert f'lang="en" data-testid="cited-passage-en">{TRIBUTES.passage_en}</p>' in block
    assert "Our reading:" in block and TRIBUTES.interpretation in block
    assert "Only under" not in block  # a rule of every rule set names none
    # a tap still opens the whole rule in the side panel
    assert 'hx-get="/rulings/rules/yugioh/YGO-TRIBUTE-COUNT/"' in block and 'hx-target="#rule-panel"' in block
    assert " open>" in block.split("\n")[0]  # a refusal's quote shows without a tap


def test_a_refusal_on_the_tablet_quotes_its_rule_in_french(client):
    block = cited(tablet_html(client, YGO_ILLEGAL_TRIBUTE, HTTP_ACCEPT_LANGUAGE="fr"), "YGO-TRIBUTE-COUNT")
    assert "Combien de Sacrifices" in block and "How many Tributes" not in block
    assert TRIBUTES.passage in block
    assert TRIBUTES.passage_en not in block and "cited-passage-en" not in block  # French readers read it
    assert "Notre lecture :" in block


def test_older_steps_fold_their_quotes_the_last_one_shows_them(client):
    document = {key: value for key, value in YGO_BATTLE.items() if key != "query"}
    document["actions"] = [*document["actions"], {"player": "A", "type": "next_phase"}]
    html = tablet_html(client, document)
    battle, phases = cited(html, "YGO-BATTLE-ATK-VS-ATK"), cited(html, "YGO-TURN-PHASES")
    assert " open>" not in battle.split("\n")[0] and "Attack Position against Attack Position" in battle
    assert " open>" in phases.split("\n")[0]


def test_the_saved_ruling_quotes_its_rules_in_the_readers_language(client):
    url = reverse("rulings:ruling_detail", args=[saved_ruling(illegal=True).slug])
    english = cited(client.get(url).content.decode(), "YGO-TRIBUTE-COUNT")
    assert "How many Tributes" in english and TRIBUTES.passage in english and TRIBUTES.passage_en in english
    assert 'href="/rulings/rules/yugioh/YGO-TRIBUTE-COUNT/"' in english  # a link: no panel on that page
    french = cited(client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode(), "YGO-TRIBUTE-COUNT")
    assert "Combien de Sacrifices" in french and TRIBUTES.passage in french
    assert TRIBUTES.passage_en not in french


def test_a_rule_of_one_rule_set_names_it_and_the_one_the_answer_applied():
    any_player = "YGO-HAND-LIMIT-ANY-PLAYER"
    rule = rule_cited_get(game="yugioh", rule_id=any_player, ruleset="classic", language="en")
    assert rule["ruleset_titles"] == ["Classic rulebook"] and rule["applied_title"] == "Classic rulebook"
    template = Template('{% load rulings_extras %}{% cited_rule "yugioh" rule_id ruleset panel=False %}')
    with translation.override("en"):
        html = unescape(template.render(Context({"rule_id": any_player, "ruleset": "classic"})))
    assert "Only under: Classic rulebook · this answer applied: Classic rulebook" in html
    with translation.override("fr"):
        html = unescape(template.render(Context({"rule_id": "YGO-HAND-LIMIT", "ruleset": "current"})))
    assert "Uniquement selon : Règles TCG actuelles · cette réponse a appliqué : Règles TCG actuelles" in html
    # the notes are English: their quote is marked so, with no translation under it
    assert 'lang="en" data-testid="cited-passage"' in html and "cited-passage-en" not in html


def test_an_unknown_rule_is_its_id_alone():
    html = Template('{% load rulings_extras %}{% cited_rule "yugioh" "YGO-NOPE" %}').render(Context())
    assert "YGO-NOPE" in html and "cited-passage" not in html and "cited-title" not in html


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_whole_rule_shows_the_english_of_its_quote(client, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    url = reverse("rulings:rule", args=["yugioh", "YGO-TRIBUTE-COUNT"])
    html = unescape(client.get(url, HTTP_HX_REQUEST="true").content.decode())
    assert TRIBUTES.passage in html and TRIBUTES.passage_en in html
    assert ("In English:" if language == "en" else "En anglais :") in html
    catalogue = unescape(client.get(reverse("rulings:catalogue"), {"game": "yugioh"}).content.decode())
    assert TRIBUTES.passage_en in catalogue
    # its rule sets by their names, not their keys
    named = "Rule sets: Classic rulebook" if language == "en" else "Règles : Ancien livret de règles"
    assert named in catalogue


def test_the_api_answer_carries_the_words_of_the_rules_it_cites(client):
    def replay(lang: str) -> dict:
        response = client.post(
            f"/api/rulings/replay/?lang={lang}",
            data=json.dumps(YGO_ILLEGAL_TRIBUTE),
            content_type="application/json",
        )
        assert response.status_code == 200
        return response.json()

    english = replay("en")
    cited_ids = [rule for step in english["steps"] for rule in step["rules"]]
    assert [rule["id"] for rule in english["rules_cited"]] == list(dict.fromkeys(cited_ids))
    tributes = next(rule for rule in english["rules_cited"] if rule["id"] == "YGO-TRIBUTE-COUNT")
    assert tributes["title"] == "How many Tributes"
    assert (tributes["passage"], tributes["passage_en"]) == (TRIBUTES.passage, TRIBUTES.passage_en)
    assert tributes["rulesets"] == [] and tributes["interpretation"] == TRIBUTES.interpretation
    french = next(rule for rule in replay("fr")["rules_cited"] if rule["id"] == "YGO-TRIBUTE-COUNT")
    assert french["title"] == "Combien de Sacrifices" and french["passage"] == TRIBUTES.passage


def test_a_saved_ruling_keeps_the_bare_answer():
    """The words are the catalogue's of the day, not the ruling's: a saved answer is compared with the
    engine's answer today (to be shown in another language), so it keeps none."""
    assert "rules_cited" not in saved_ruling(illegal=True).answer
