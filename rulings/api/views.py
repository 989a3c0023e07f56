"""The rulings API: replay a situation document, read a game's rules catalogue, list the games.

The replay endpoint is kept thin on purpose: no authentication, no session, no database query (unless
the document names cards by id or name alone, which asks the card database).
"""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponse
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.errors import ErrorResponseSerializer
from rulings.engine.registry import game_keys
from rulings.selectors import catalogue_list, game_info, games_list
from rulings.services.replay import (
    ReplayFailed,
    answer_dumps,
    document_parse,
    language_resolve,
    situation_replay,
)

from .serializers import (
    AnswerSerializer,
    CatalogueQuerySerializer,
    GameSerializer,
    RuleSerializer,
    SituationDocumentSerializer,
)

BATTLE_EXAMPLE = {
    "game": "yugioh",
    "state": {
        "turn": 3,
        "turn_player": "A",
        "phase": "battle",
        "players": {
            "A": {
                "lp": 8000,
                "deck": 30,
                "monsters": [
                    {
                        "name": "Gene-Warped Warwolf",
                        "kind": "monster",
                        "level": 4,
                        "atk": 2000,
                        "def": 100,
                        "position": "attack",
                    }
                ],
            },
            "B": {
                "lp": 8000,
                "deck": 30,
                "monsters": [
                    {"name": "Mystic Tomato", "kind": "monster", "level": 4, "atk": 1400, "def": 1100,
                     "position": "attack"}
                ],
            },
        },
    },
    "actions": [{"player": "A", "type": "attack", "attacker": "A.monsters.0", "target": "B.monsters.0"}],
}  # fmt: skip
ANSWER_EXAMPLE = {
    "game": "yugioh",
    "ruleset": "current",
    "steps": [
        {
            "index": 0,
            "action": {"player": "A", "type": "attack", "attacker": "A.monsters.0", "target": "B.monsters.0"},
            "legal": True,
            "events": [
                {"type": "attack", "attacker": "A.monsters.0", "target": "B.monsters.0"},
                {"type": "battle_damage", "player": "B", "amount": 600},
                {"type": "destroyed", "card": "B.monsters.0", "name": "Mystic Tomato"},
            ],
            "rules": ["YGO-ATTACK-ONCE", "YGO-BATTLE-ATK-VS-ATK"],
            "explanation": "Gene-Warped Warwolf attacks Mystic Tomato. …",
        }
    ],
    "stopped_at": None,
    "state": {"turn": 3, "turn_player": "A", "phase": "battle", "players": {"A": {}, "B": {}}},
    "outcome": {"finished": False, "winner": None, "draw": False, "rules": []},
    "rules_cited": [
        {
            "id": "YGO-BATTLE-ATK-VS-ATK",
            "title": "Attack Position against Attack Position",
            "summary": "…",
            "source": "yugioh-reglement.txt",
            "passage": "Celui qui a l'ATK la plus faible est détruit et le joueur vaincu reçoit la "
            "différence des deux ATK comme points de dégats.",
            "passage_en": "The one with the lower ATK is destroyed and the defeated player takes the "
            "difference between the two ATKs as damage.",
            "rulesets": [],
            "interpretation": "",
        }
    ],
}
LANG_PARAMETER = OpenApiParameter(
    "lang",
    str,
    required=False,
    enum=["en", "fr"],
    description=(
        "Language of the explanations (replay) or of the rule titles and summaries (rules): `en` or "
        "`fr` (`fr-FR` counts as `fr`; any other value is English). Without it, the request's language "
        "(the site's language cookie, then `Accept-Language`). Rule passages are always the French "
        "quotes of the rule texts; rule ids, event types and every other field stay the same."
    ),
)
ERROR_EXAMPLE = {"errors": [{"path": "/state/players/A/monsters/0/atk", "message": "must be 0 or more"}]}


def _json(payload: dict, status: int) -> HttpResponse:
    return HttpResponse(answer_dumps(payload), status=status, content_type="application/json")


class ReplayView(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]
    parser_classes = [JSONParser]

    @extend_schema(
        operation_id="rulings_replay",
        summary="Replay a situation document",
        description=(
            "Replays the actions of a situation document from its state through the rules engine and "
            "answers with every step (legal or not, events, rules cited, explanation), the final state, "
            "the outcome and the answer to the query. An illegal action is a 200 answer whose step has "
            "`legal: false` and whose `stopped_at` is its index. A malformed document (bad JSON, unknown "
            "game, rule set, field or action type, a reference to a missing card, a negative ATK…) is a 400 "
            "listing every problem with a JSON Pointer path. `python manage.py ruling FILE` gives the "
            "same JSON. `?lang=fr` gives the explanations in French (see the `lang` parameter)."
        ),
        parameters=[LANG_PARAMETER],
        request=SituationDocumentSerializer,
        responses={
            200: OpenApiResponse(AnswerSerializer, description="The answer."),
            400: OpenApiResponse(ErrorResponseSerializer, description="Malformed document: what and where."),
        },
        examples=[
            OpenApiExample("A battle", value=BATTLE_EXAMPLE, request_only=True),
            OpenApiExample("Its answer", value=ANSWER_EXAMPLE, response_only=True, status_codes=["200"]),
            OpenApiExample(
                "A malformed document", value=ERROR_EXAMPLE, response_only=True, status_codes=["400"]
            ),
        ],
        tags=["rulings"],
    )
    def post(self, request: Request) -> HttpResponse:
        try:
            body = request._request.body
        except RequestDataTooBig:
            return _json({"errors": [{"path": "", "message": "the document is too large"}]}, 413)
        try:
            document = document_parse(text=body)
            language = language_resolve(requested=request.query_params.get("lang"))
            answer = situation_replay(document=document, language=language, rules_cited=True)
        except ReplayFailed as failure:
            return _json(failure.to_json(), 400)
        return _json(answer, 200)


class CatalogueView(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="rulings_rules",
        summary="A game's rules catalogue",
        description=(
            "Every rule of a game with its stable id, title, summary in our own words, and the source "
            "passage of the rule text it comes from. `ruleset` keeps only the rules that apply in it. "
            "`lang=fr` gives the titles and summaries in French."
        ),
        parameters=[
            OpenApiParameter("game", str, required=True, enum=game_keys()),
            OpenApiParameter("ruleset", str, required=False),
            LANG_PARAMETER,
        ],
        responses={200: RuleSerializer(many=True)},
        tags=["rulings"],
    )
    def get(self, request: Request) -> Response:
        query = CatalogueQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        game = query.validated_data["game"]
        info = game_info(key=game)
        if info is None:
            return Response(
                {"errors": [{"path": "/game", "message": f"the {game} rules engine is not available"}]},
                status=400,
            )
        ruleset = query.validated_data.get("ruleset")
        known = [rs["key"] for rs in info.rulesets]
        if ruleset is not None and ruleset not in known:
            return Response(
                {
                    "errors": [
                        {
                            "path": "/ruleset",
                            "message": f"unknown rule set {ruleset!r}; expected one of {known}",
                        }
                    ]
                },
                status=400,
            )
        language = language_resolve(requested=query.validated_data.get("lang"))
        return Response(catalogue_list(game=game, ruleset=ruleset, language=language))


class GameListView(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]
    pagination_class = None

    @extend_schema(
        operation_id="rulings_games",
        summary="The games and their rule sets",
        responses={200: GameSerializer(many=True)},
        tags=["rulings"],
    )
    def get(self, request: Request) -> Response:
        return Response(
            [
                {"key": g.key, "name": g.name, "default_ruleset": g.default_ruleset, "rulesets": g.rulesets}
                for g in games_list()
            ]
        )
