"""The event form's rule-set dropdown: several games have a `standard`; each option names its game, a
re-shown form keeps the chosen game's entry, and an entry of another game is refused saying what to do."""

from __future__ import annotations

import re

from tournaments.models import Event

FIELDS = {"date": "2026-12-12", "tier": 1, "best_of": 3, "round_minutes": 50, "tiebreak_policy": "konami"}


def _selected_rule_sets(html: str) -> list[str]:
    select = re.search(r'<select name="rule_set".*?</select>', html, re.S).group(0)
    return re.findall(r'<option value="([^"]*)"[^>]*selected', select)


def test_option_values_are_unique(client, organizer):
    client.force_login(organizer)
    html = client.get("/events/new/").content.decode()
    select = re.search(r'<select name="rule_set".*?</select>', html, re.S).group(0)
    values = re.findall(r'<option value="([^"]*)"', select)
    assert len(values) == len(set(values))
    assert "arrows:standard" in values and "vanguard:standard" in values


def test_reshown_form_keeps_the_games_entry(client, organizer):
    client.force_login(organizer)
    response = client.post(
        "/events/new/", {**FIELDS, "name": "", "game": "arrows", "rule_set": "arrows:standard"}
    )
    assert response.status_code == 400
    assert _selected_rule_sets(response.content.decode()) == ["arrows:standard"]


def test_chosen_entry_is_saved_as_the_engine_key(client, organizer):
    client.force_login(organizer)
    response = client.post(
        "/events/new/", {**FIELDS, "name": "Arrows Cup", "game": "arrows", "rule_set": "arrows:standard"}
    )
    assert response.status_code == 302
    assert Event.objects.get(name="Arrows Cup").rule_set == "standard"


def test_another_games_entry_is_refused_with_what_to_do(client, organizer):
    client.force_login(organizer)
    response = client.post(
        "/events/new/", {**FIELDS, "name": "Mixed", "game": "vanguard", "rule_set": "rayman:standard"}
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "pick one listed under Cardfight!! Vanguard" in html
    assert not Event.objects.filter(name="Mixed").exists()
