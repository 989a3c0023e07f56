"""Every read of the rulings app: games and their rule sets, rules catalogues, saved rulings, event logs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet

from rulings.engine.base import Rule
from rulings.engine.i18n import DEFAULT_LANGUAGE, language_of, rule_json, ruleset_text
from rulings.engine.registry import game_keys, get_game
from rulings.engine.replay import catalogue_json
from tournaments.models import Event, EventStaff
from tournaments.permissions import JUDGE_ROLES

from .models import SavedRuling


@dataclass(frozen=True)
class GameInfo:
    key: str
    name: str
    default_ruleset: str
    rulesets: list[dict[str, str]]


def _active_language(language: str | None) -> str:
    if language is None:
        from django.utils.translation import get_language

        language = get_language()
    return language_of(language)


def ruleset_rows(game: str, rulesets: Any, language: str | None = None) -> list[dict[str, str]]:
    """``{"key", "title", "description"}`` of each rule set, in ``language`` (default: the active one)."""
    language = _active_language(language)
    rows = []
    for rs in rulesets.values():
        title, description = ruleset_text(game, rs, language)
        rows.append({"key": rs.key, "title": title, "description": description})
    return rows


def games_list(*, language: str | None = None) -> list[GameInfo]:
    """The games whose engine loads (a game being worked on is left out rather than breaking the page);
    rule-set titles and descriptions in ``language`` (default: the active language)."""
    language = _active_language(language)
    games = []
    for key in game_keys():
        try:
            game = get_game(key)
        except Exception:  # noqa: BLE001, S112 - one broken game never hides the others
            continue
        games.append(
            GameInfo(
                key=key,
                name=game.name,
                default_ruleset=game.default_ruleset,
                rulesets=ruleset_rows(key, game.rulesets, language),
            )
        )
    return games


def game_info(*, key: str, language: str | None = None) -> GameInfo | None:
    return next((g for g in games_list(language=language) if g.key == key), None)


def catalogue_list(
    *, game: str, ruleset: str | None = None, language: str = DEFAULT_LANGUAGE
) -> list[dict[str, Any]]:
    """The game's rules (engine order), optionally only those that apply in one rule set; titles and
    summaries in ``language``."""
    rules = catalogue_json(game, language)
    if ruleset:
        rules = [r for r in rules if not r["rulesets"] or ruleset in r["rulesets"]]
    return rules


def rule_get(*, game: str, rule_id: str) -> Rule | None:
    try:
        return get_game(game).catalogue.get(rule_id)
    except Exception:  # noqa: BLE001
        return None


def rule_json_get(*, game: str, rule_id: str, language: str = DEFAULT_LANGUAGE) -> dict[str, Any] | None:
    """One rule as JSON, its title and summary in ``language``; None for an unknown game or rule."""
    rule = rule_get(game=game, rule_id=rule_id)
    return None if rule is None else rule_json(rule, language)


def rule_cited_get(
    *, game: str, rule_id: str, ruleset: str | None = None, language: str | None = None
) -> dict[str, Any] | None:
    """A rule as an answer cites it (``rulings/_cited_rule.html``): its JSON in ``language`` (default: the
    active one) and, for the page, ``passage_lang`` (the quote's language), ``translation`` (the English
    of a French quote, unless the reader reads French), ``ruleset_titles`` (the rule sets it belongs to,
    by their names; empty when it applies in every one) and ``applied_title`` (the name of ``ruleset``,
    the rule set the answer applied, when the rule is specific to some). None for an unknown rule."""
    language = _active_language(language)
    rule = rule_get(game=game, rule_id=rule_id)
    if rule is None:
        return None
    out = rule_json(rule, language)
    out["passage_lang"] = rule.passage_language
    out["translation"] = "" if language == "fr" or rule.passage_language == "en" else rule.passage_en
    titles = {}
    if rule.rulesets:
        titles = {row["key"]: row["title"] for row in ruleset_rows(game, get_game(game).rulesets, language)}
    out["ruleset_titles"] = [titles.get(key, key) for key in rule.rulesets]
    out["applied_title"] = titles.get(ruleset, ruleset) if rule.rulesets and ruleset else ""
    return out


def ruling_get(*, slug: str) -> SavedRuling | None:
    return SavedRuling.objects.select_related("event", "created_by", "reviewed_by").filter(slug=slug).first()


# --- event staff ------------------------------------------------------------------------------------


def _staff_roles(*, user: Any, event: Any) -> set[str]:
    if user is None or not user.is_authenticated:
        return set()
    roles: set[str] = set()
    if user.is_superuser:
        roles.add("organizer")
    if getattr(event, "organizer_id", None) == user.pk:
        roles.add("organizer")
    roles.update(EventStaff.objects.filter(event=event, user=user).values_list("role", flat=True))
    return roles


def event_is_staff(*, user: Any, event: Any) -> bool:
    """Judges, head judges and organizers of this event (and the site's superusers): the judge-call log is
    theirs. A scorekeeper is on the staff but is not a judge."""
    return bool(_staff_roles(user=user, event=event) & JUDGE_ROLES)


def event_can_review(*, user: Any, event: Any) -> bool:
    """The head judge or an organizer of the event reviews its judge calls."""
    return bool(_staff_roles(user=user, event=event) & {"organizer", "head_judge"})


def events_for_staff(*, user: Any) -> QuerySet:
    """Events this person may link a ruling to: those they are staff of."""
    if user is None or not user.is_authenticated:
        return Event.objects.none()
    if user.is_superuser:
        return Event.objects.all()
    # a scorekeeper is staff but not a judge: the tablet offers only the events they judge
    judged = Q(staff__user=user, staff__role__in=JUDGE_ROLES)
    return Event.objects.filter(Q(organizer=user) | judged).distinct()


def event_get(*, event_id: int) -> Any:
    return Event.objects.filter(pk=event_id).first()


def event_rulings(*, event: Any, round_number: int | None = None) -> QuerySet:
    """The judge-call log of an event, newest first (a constant number of queries for any size)."""
    qs = SavedRuling.objects.filter(event=event).select_related("created_by", "reviewed_by")
    if round_number is not None:
        qs = qs.filter(round_number=round_number)
    return qs.order_by("-created_at", "-id")
