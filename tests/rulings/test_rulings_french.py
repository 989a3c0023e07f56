"""The engine's French through the API (?lang=, the request's language), the command and the pages."""

from __future__ import annotations

import io
import json
import re
from html import unescape

import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import reverse

from .rulings_documents import YGO_BATTLE, YGO_ILLEGAL_TRIBUTE
from .rulings_factories import saved_ruling

pytestmark = pytest.mark.django_db
REPLAY = "/api/rulings/replay/"
RULES = "/api/rulings/rules/"
FRENCH_BATTLE = "Gene-Warped Warwolf attaque Mystic Tomato."
ENGLISH_BATTLE = "Gene-Warped Warwolf attacks Mystic Tomato."
FRENCH_TRIBUTE = "Summoned Skull est de Niveau 6 : il demande 1 Sacrifice (Invocation Sacrifice), 0 donné(s)."


def post(client, payload, path=REPLAY, **headers):
    return client.post(path, data=json.dumps(payload), content_type="application/json", **headers)


def explanation(response, index=0) -> str:
    return response.json()["steps"][index]["explanation"]


def test_replay_lang_fr(client):
    english = post(client, YGO_BATTLE)
    french = post(client, YGO_BATTLE, f"{REPLAY}?lang=fr")
    assert english.status_code == french.status_code == 200
    assert explanation(english).startswith(ENGLISH_BATTLE)
    assert explanation(french).startswith(FRENCH_BATTLE)
    assert "Mystic Tomato est détruit et le joueur B subit 600 dégâts." in explanation(french)
    # only the explanations and the cited rules' words of ours (title, summary, reading) change
    a, b = english.json(), french.json()
    for step in a["steps"] + b["steps"]:
        step.pop("explanation")
    for rule in a["rules_cited"] + b["rules_cited"]:
        for words in ("title", "summary", "interpretation"):
            rule.pop(words)
    assert a == b


def test_replay_illegal_step_in_french(client):
    response = post(client, YGO_ILLEGAL_TRIBUTE, f"{REPLAY}?lang=fr")
    assert response.status_code == 200
    step = response.json()["steps"][0]
    assert step["legal"] is False and step["explanation"] == FRENCH_TRIBUTE


def test_replay_follows_the_request_language(client):
    assert explanation(post(client, YGO_BATTLE, HTTP_ACCEPT_LANGUAGE="fr")).startswith(FRENCH_BATTLE)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    assert explanation(post(client, YGO_BATTLE)).startswith(FRENCH_BATTLE)
    # an explicit ?lang= wins over the request's language
    assert explanation(post(client, YGO_BATTLE, f"{REPLAY}?lang=en")).startswith(ENGLISH_BATTLE)


@pytest.mark.parametrize("lang", ["de", "xx-YY", ""])
def test_unknown_language_is_english(client, lang):
    response = post(client, YGO_BATTLE, f"{REPLAY}?lang={lang}")
    assert response.status_code == 200
    assert response.content == post(client, YGO_BATTLE).content


def test_english_answer_unchanged_byte_for_byte(client):
    assert post(client, YGO_BATTLE).content == post(client, YGO_BATTLE, f"{REPLAY}?lang=en").content


def test_rules_catalogue_in_french(client):
    english = client.get(RULES, {"game": "yugioh"}).json()
    french = client.get(RULES, {"game": "yugioh", "lang": "fr"}).json()
    by_id = {rule["id"]: rule for rule in french}
    assert by_id["YGO-TRIBUTE-COUNT"]["title"] == "Combien de Sacrifices"
    assert "Sacrifice" in by_id["YGO-TRIBUTE-COUNT"]["summary"]
    assert [r["passage"] for r in french] == [r["passage"] for r in english]
    assert [r["id"] for r in french] == [r["id"] for r in english]
    assert client.get(RULES, {"game": "yugioh", "lang": "de"}).json() == english
    accept = client.get(RULES, {"game": "arrows"}, HTTP_ACCEPT_LANGUAGE="fr").json()
    assert accept[0]["title"] == "Lignes d'Attaquant et de Défenseur"


def test_command_lang_fr_equals_api(client, tmp_path):
    path = tmp_path / "doc.json"
    path.write_text(json.dumps(YGO_BATTLE), encoding="utf-8")
    out = io.StringIO()
    call_command("ruling", str(path), "--lang", "fr", stdout=out)
    api = post(client, YGO_BATTLE, f"{REPLAY}?lang=fr")
    assert out.getvalue().strip() == api.content.decode()
    english = io.StringIO()
    call_command("ruling", str(path), stdout=english)
    assert ENGLISH_BATTLE in english.getvalue() and FRENCH_BATTLE in out.getvalue()


def test_openapi_documents_lang(client):
    schema = client.get("/api/schema/", {"format": "json"})
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    for path in (REPLAY, RULES):
        operation = next(iter(paths[path].values()))
        lang = [p for p in operation["parameters"] if p["name"] == "lang"]
        assert lang and lang[0]["in"] == "query" and lang[0]["schema"]["enum"] == ["en", "fr"]


# --- pages ------------------------------------------------------------------------------------------


def document_of(response) -> dict:
    match = re.search(r'name="document" value="([^"]*)"', response.content.decode())
    return json.loads(unescape(match.group(1)))


def explanations(response) -> list[str]:
    html = response.content.decode()
    return [unescape(t) for t in re.findall(r'data-testid="explanation">(.*?)</p>', html, re.S)]


def test_tablet_shows_french_explanations(client):
    document = {k: v for k, v in YGO_BATTLE.items() if k != "query"}
    response = client.post(
        "/rulings/tablet/tap/",
        {"document": json.dumps(document), "op": "noop"},
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert response.status_code == 200
    shown = explanations(response)
    assert shown and shown[-1].startswith(FRENCH_BATTLE), shown
    # the document the tablet keeps is the same in any language
    english = client.post(
        "/rulings/tablet/tap/", {"document": json.dumps(document), "op": "noop"}, HTTP_HX_REQUEST="true"
    )
    assert explanations(english)[-1].startswith(ENGLISH_BATTLE)
    assert document_of(response) == document_of(english)


def test_rule_panel_and_catalogue_in_french(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    panel = client.get(reverse("rulings:rule", args=["yugioh", "YGO-TRIBUTE-COUNT"]), HTTP_HX_REQUEST="true")
    html = unescape(panel.content.decode())
    assert panel.status_code == 200 and "Combien de Sacrifices" in html
    from rulings.engine.registry import get_game

    assert get_game("yugioh").catalogue["YGO-TRIBUTE-COUNT"].passage in html  # the French quote, as is

    catalogue = unescape(client.get(reverse("rulings:catalogue"), {"game": "vanguard"}).content.decode())
    assert "Garde depuis la main" in catalogue and "Guard from the hand" not in catalogue


def test_saved_ruling_read_in_french(client):
    ruling = saved_ruling(illegal=True)
    url = reverse("rulings:ruling_detail", args=[ruling.slug])
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert french.status_code == 200
    assert FRENCH_TRIBUTE in explanations(french)
    ruling.refresh_from_db()
    assert "Summoned Skull is Level 6" in json.dumps(ruling.answer)  # stored in English


def test_saved_ruling_the_engine_now_answers_otherwise_is_shown_as_saved(client):
    """The French is the engine's: when replaying the saved document no longer gives the saved answer
    (the rules or the cards changed since), the record is shown as it was saved, in English."""
    ruling = saved_ruling(illegal=True)
    ruling.answer["steps"][0]["explanation"] = "Summoned Skull is Level 6 (as the engine said then)."
    ruling.save(update_fields=["answer"])
    url = reverse("rulings:ruling_detail", args=[ruling.slug])
    shown = explanations(client.get(url, HTTP_ACCEPT_LANGUAGE="fr"))
    assert "Summoned Skull is Level 6 (as the engine said then)." in shown
    assert FRENCH_TRIBUTE not in shown


def test_saved_ruling_of_a_document_that_no_longer_replays_is_shown_as_saved():
    from rulings.services.replay import answer_localized

    ruling = saved_ruling(illegal=True)
    broken = {**ruling.document, "game": "chess"}
    assert answer_localized(answer=ruling.answer, document=broken, language="fr") == ruling.answer
    assert answer_localized(answer=ruling.answer, document=ruling.document, language="en") == ruling.answer
    french = answer_localized(answer=ruling.answer, document=ruling.document, language="fr")
    assert french["steps"][0]["explanation"] == FRENCH_TRIBUTE and french["state"] == ruling.answer["state"]


def test_rule_panel_and_catalogue_show_our_reading_in_french(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    panel = client.get(reverse("rulings:rule", args=["vanguard", "VG-HIT-REARGUARD"]), HTTP_HX_REQUEST="true")
    html = unescape(panel.content.decode())
    assert "Le « cimetière » du texte est la Drop Zone." in html and "is the drop zone" not in html

    catalogue = unescape(client.get(reverse("rulings:catalogue"), {"game": "vanguard"}).content.decode())
    assert "Original (le texte français tel qu'il est écrit, 2011–2017)" in catalogue
    assert "Les Triggers donnent +5000 de puissance" in catalogue
    assert "the French text as written" not in catalogue and "Triggers give +5000 power" not in catalogue
    assert "la limite d'un Ride par tour est la règle officielle" in catalogue


def test_rule_sets_and_readings_stay_english_in_english(client):
    catalogue = unescape(client.get(reverse("rulings:catalogue"), {"game": "vanguard"}).content.decode())
    assert "Original (the French text as written, 2011–2017)" in catalogue
    assert "the once-per-turn limit is the official rule" in catalogue
    assert "le texte français tel qu'il est écrit" not in catalogue


def test_api_rules_and_games_in_french(client):
    french = {r["id"]: r for r in client.get(RULES, {"game": "rayman", "lang": "fr"}).json()}
    assert french["RAY-DECK-SIZE"]["interpretation"] == "Lu comme exactement 60 (indicateur deck_size)."
    english = {r["id"]: r for r in client.get(RULES, {"game": "rayman"}).json()}
    assert english["RAY-DECK-SIZE"]["interpretation"] == "Read as exactly 60 (flag deck_size)."

    games = {g["key"]: g for g in client.get("/api/rulings/games/", HTTP_ACCEPT_LANGUAGE="fr").json()}
    assert games["yugioh"]["rulesets"][1]["title"] == "Ancien livret de règles"
    games = {g["key"]: g for g in client.get("/api/rulings/games/").json()}
    assert games["yugioh"]["rulesets"][1]["title"] == "Classic rulebook"


def test_event_form_rule_set_choices_follow_the_language():
    from django.utils import translation

    from tournaments.forms import rule_set_choices

    def labels() -> dict[str, str]:
        return {value: label for _, group in rule_set_choices()[1:] for value, label in group}

    with translation.override("fr"):
        french = labels()
    with translation.override("en"):
        english = labels()
    assert french["vanguard:standard"] == "Standard (les règles officielles d'aujourd'hui)"
    assert french["arrows:standard"] == "Règles des combats de monstres d'Arrows"
    assert english["vanguard:standard"] == "Standard (today's official rules)"
    assert english["yugioh:classic"] == "Classic rulebook"
    assert french.keys() == english.keys()

    from tournaments.forms import EventForm

    with translation.override("fr"):
        choices = dict(EventForm().fields["rule_set"].choices[1:])  # each form asks in its own language
    assert dict(choices["Cardfight!! Vanguard"])["vanguard:original"].startswith(
        "Original (le texte français"
    )
