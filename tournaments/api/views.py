"""API views: validate input, call one service, answer with what a selector returns."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action, api_view, permission_classes
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from core.bounds import parse_bounded_int
from core.ratelimit import ratelimit
from tournaments import selectors, services
from tournaments.api import serializers as s
from tournaments.api import serializers_edit as se
from tournaments.api.errors import service_errors, to_api_error
from tournaments.models import Event, Match, Registration, Round
from tournaments.selectors.pairing_warnings import pairing_warnings_before
from tournaments.selectors.player_ids import event_player_ids
from tournaments.services.common import can_score


def _user_or_404(username: str):
    """The person named (the pages' lookup: tournaments.selectors.staff.person_by_username); 400 naming
    `username` when there is none."""
    from tournaments.selectors.staff import person_by_username
    from tournaments.services.errors import no_such_person

    user = person_by_username(username=username)
    if user is None:
        raise to_api_error(no_such_person(username))
    return user


class BoundedLookup:
    """Ids in the URL are whole numbers a database can store: anything else is a 404 before any query
    (the router's default pattern takes any text)."""

    lookup_value_regex = "[0-9]+"

    def get_object(self):
        raw = str(self.kwargs.get(self.lookup_url_kwarg or self.lookup_field))
        if parse_bounded_int(raw, minimum=1) is None:
            raise NotFound()
        return super().get_object()


def _visible_events(request):
    # a draft event and everything in it is for its staff only (tournaments.selectors.event_list)
    return selectors.event_list(include_drafts_for=request.user).values("pk")


@extend_schema(tags=["events"])
class EventViewSet(
    BoundedLookup,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    mixins.DestroyModelMixin,
    viewsets.GenericViewSet,
):
    """Events: anyone reads published events; organizers create; the event's organizers change them."""

    serializer_class = s.EventSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self):
        return selectors.event_list(include_drafts_for=self.request.user).order_by("-date", "id")

    def get_serializer_class(self):
        if self.action == "create":
            return s.EventCreateSerializer
        if self.action in ("update", "partial_update"):
            return s.EventUpdateSerializer
        return s.EventSerializer

    @extend_schema(request=s.EventCreateSerializer, responses={201: s.EventSerializer})
    def create(self, request, *args, **kwargs):
        data = s.EventCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        with service_errors():
            event = services.event_create(organizer=request.user, **data.validated_data)
        return Response(s.EventSerializer(event).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=s.EventUpdateSerializer, responses=s.EventSerializer)
    def update(self, request, *args, **kwargs):
        event = self.get_object()
        data = s.EventUpdateSerializer(data=request.data, partial=kwargs.get("partial", False))
        data.is_valid(raise_exception=True)
        with service_errors():
            event = services.event_update(event=event, by=request.user, **data.validated_data)
        return Response(s.EventSerializer(event).data)

    @extend_schema(responses={204: None})
    def destroy(self, request, *args, **kwargs):
        event = self.get_object()
        with service_errors():
            services.event_delete(event=event, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=s.EventStatusSerializer, responses=s.EventSerializer, summary="Move the lifecycle")
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def status(self, request, pk=None):
        event = self.get_object()
        data = s.EventStatusSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        with service_errors():
            event = services.event_set_status(
                event=event, status=data.validated_data["status"], user=request.user
            )
        return Response(s.EventSerializer(event).data)

    @extend_schema(
        request=s.StaffSerializer, responses={201: s.StaffSerializer}, summary="Add a judge or organizer"
    )
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def staff(self, request, pk=None):
        event = self.get_object()
        data = s.StaffSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = _user_or_404(data.validated_data["user"]["username"])
        with service_errors():
            staff = services.event_add_staff(
                event=event, user=user, role=data.validated_data["role"], by=request.user
            )
        return Response(s.StaffSerializer(staff).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses=se.EventChangeSerializer(many=True), summary="Audit of changes (staff)")
    @action(detail=True, methods=["get"], pagination_class=None, permission_classes=[IsAuthenticated])
    def changes(self, request, pk=None):
        from tournaments.selectors.changes import event_change_log
        from tournaments.services.common import can_score

        event = self.get_object()
        if not can_score(user=request.user, event=event):
            from tournaments.api.errors import ForbiddenError

            raise ForbiddenError("Only the staff of this event can read its audit.")
        return Response(se.EventChangeSerializer(event_change_log(event=event), many=True).data)

    @extend_schema(methods=["GET"], responses=s.PenaltySerializer(many=True), summary="Penalties (judges)")
    @extend_schema(
        methods=["POST"],
        request=s.PenaltyCreateSerializer,
        responses={201: s.PenaltySerializer},
        summary="Record a penalty (judges; a game or match loss changes the match's result)",
    )
    @action(detail=True, methods=["get", "post"], pagination_class=None, permission_classes=[IsAuthenticated])
    def penalties(self, request, pk=None):
        from tournaments.api.errors import ForbiddenError
        from tournaments.permissions import can_judge
        from tournaments.selectors.penalties import event_penalties

        event = self.get_object()
        if not can_judge(user=request.user, event=event):
            raise ForbiddenError("Only the judges and organizers of this event can do this.")
        if request.method == "GET":
            return Response(s.PenaltySerializer(event_penalties(event=event), many=True).data)
        data = s.PenaltyCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        registration = Registration.objects.filter(pk=values["registration"], event=event).first()
        if registration is None:
            raise NotFound(_("No such player in this event."))
        match = None
        if values.get("match"):
            match = (
                Match.objects.filter(pk=values["match"], round__event=event).select_related("round").first()
            )
            if match is None:
                raise NotFound(_("No such match in this event."))
        games = (
            (values["games_a"], values["games_b"]) if "games_a" in values and "games_b" in values else None
        )
        with service_errors():
            penalty = services.penalty_record(
                event=event, registration=registration, infraction=values["infraction"],
                penalty=values["penalty"], reason=values.get("reason", ""), match=match, games=games,
                by=request.user,
            )  # fmt: skip
        return Response(s.PenaltySerializer(penalty).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=None, responses=s.PenaltySerializer, summary="Approve a disqualification (head judge)"
    )
    @action(
        detail=True,
        methods=["post"],
        url_path=r"penalties/(?P<penalty_id>[0-9]{1,12})/approve",
        permission_classes=[IsAuthenticated],
    )
    def penalty_approve(self, request, pk=None, penalty_id=None):
        from tournaments.models import Penalty

        event = self.get_object()
        penalty = Penalty.objects.filter(pk=int(penalty_id), event=event).first()
        if penalty is None:
            raise NotFound(_("No such penalty in this event."))
        with service_errors():
            penalty = services.penalty_approve(penalty=penalty, by=request.user)
        return Response(s.PenaltySerializer(penalty).data)

    @extend_schema(
        methods=["GET"], responses=s.RegistrationSerializer(many=True), summary="Registrations of the event"
    )
    @extend_schema(
        methods=["POST"],
        request=s.RegistrationCreateSerializer,
        responses={201: s.RegistrationSerializer},
        summary="Register (yourself, or someone else as staff)",
    )
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def registrations(self, request, pk=None):
        event = self.get_object()
        if request.method == "GET":
            registrations = selectors.event_registrations(event=event)
            return Response(
                s.RegistrationSerializer(registrations, many=True, context=_id_readers(request, event)).data
            )
        if not request.user.is_authenticated:
            from rest_framework.exceptions import NotAuthenticated

            raise NotAuthenticated()
        data = s.RegistrationCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        username = data.validated_data.get("username")
        player = _user_or_404(username) if username else request.user
        with service_errors():
            registration = services.registration_create(
                event=event, player=player, by=request.user, check_in=data.validated_data["check_in"],
                player_id=data.validated_data.get("player_id"),
            )  # fmt: skip
        return Response(
            s.RegistrationSerializer(registration, context=_id_readers(request, event)).data,
            status=status.HTTP_201_CREATED,
        )

    @extend_schema(responses=s.RoundSerializer(many=True), summary="Rounds of the event")
    @action(detail=True, methods=["get"], pagination_class=None)
    def rounds(self, request, pk=None):
        event = self.get_object()
        return Response(s.RoundSerializer(selectors.event_rounds(event=event), many=True).data)

    @extend_schema(
        request=s.PairNextSerializer,
        responses={
            201: s.RoundSerializer,
            202: OpenApiResponse(s.PairingTaskSerializer, description="Sent to a worker; poll progress_url."),
            409: OpenApiResponse(
                s.PairingWarningsSerializer, description="check_warnings was set and there are warnings."
            ),
        },
        summary="Pair the next Swiss round (idempotent per round number)",
    )
    @action(detail=True, methods=["post"], url_path="rounds/pair-next", permission_classes=[IsAuthenticated])
    def pair_next(self, request, pk=None):
        event = self.get_object()
        data = s.PairNextSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        if data.validated_data["check_warnings"]:
            warnings = pairing_warnings_before(
                event=event, user=request.user, number=data.validated_data.get("number")
            )
            if warnings:
                message = _("Check these players before pairing, or pair anyway.")
                body = {
                    "errors": [{"path": "", "message": message, "code": "pairing_warnings"}],
                    "warnings": s.PairingWarningSerializer(warnings, many=True).data,
                }
                return Response(body, status=status.HTTP_409_CONFLICT)
        with service_errors():
            if data.validated_data["background"]:
                round_, task_id = services.round_request_pairing(
                    event=event, user=request.user, force_task=True, number=data.validated_data.get("number")
                )
            else:
                round_ = services.round_pair_next(
                    event=event, number=data.validated_data.get("number"), user=request.user
                )
                task_id = None
        if task_id:
            return Response(
                {"task_id": task_id, "progress_url": f"/api/tasks/{task_id}/"},
                status=status.HTTP_202_ACCEPTED,
            )
        return Response(s.RoundSerializer(round_).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses=s.StandingSerializer(many=True), summary="Standings with tie-breaker values")
    @action(detail=True, methods=["get"], pagination_class=None)
    def standings(self, request, pk=None):
        event = self.get_object()
        rows = selectors.event_standings(event=event)
        return Response(s.StandingSerializer(rows, many=True).data)

    @extend_schema(methods=["GET"], responses=s.TopCutSerializer, summary="The top-cut bracket and placings")
    @extend_schema(
        methods=["POST"], request=s.TopCutStartSerializer, responses={201: s.RoundSerializer},
        summary="Start the top cut from the standings",
    )  # fmt: skip
    @action(detail=True, methods=["get", "post"], url_path="top-cut")
    def top_cut(self, request, pk=None):
        event = self.get_object()
        if request.method == "POST":
            if not request.user.is_authenticated:
                from rest_framework.exceptions import NotAuthenticated

                raise NotAuthenticated()
            data = s.TopCutStartSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            with service_errors():
                round_ = services.topcut_start(
                    event=event, user=request.user, size=data.validated_data.get("size")
                )
            return Response(s.RoundSerializer(round_).data, status=status.HTTP_201_CREATED)
        bracket = selectors.topcut_bracket(event=event)
        if bracket is None:
            return Response({"size": 0, "champion": None, "placings": {}, "rounds": []})
        return Response(
            {
                "size": bracket.size,
                "champion": bracket.champion_id,
                "placings": {str(k): v for k, v in bracket.placings.items()},
                "rounds": [s.MatchSerializer(matches, many=True).data for matches in bracket.rounds],
            }
        )


@extend_schema(tags=["registrations"])
class RegistrationViewSet(BoundedLookup, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    queryset = Registration.objects.select_related("player")
    serializer_class = s.RegistrationSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self):
        # a draft event's registrations are for its staff only, like the event
        return self.queryset.filter(event__in=_visible_events(self.request))

    @extend_schema(
        request=None, responses=s.RegistrationSerializer, summary="Check in (yourself, or as staff)"
    )
    @action(detail=True, methods=["post"], url_path="check-in", permission_classes=[IsAuthenticated])
    def check_in(self, request, pk=None):
        with service_errors():
            registration = services.registration_check_in(registration=self.get_object(), by=request.user)
        return Response(s.RegistrationSerializer(registration).data)

    @extend_schema(request=None, responses=s.RegistrationSerializer, summary="Drop (yourself, or as staff)")
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def drop(self, request, pk=None):
        with service_errors():
            registration = services.registration_drop(registration=self.get_object(), by=request.user)
        return Response(s.RegistrationSerializer(registration).data)

    @extend_schema(request=None, responses=s.RegistrationSerializer, summary="Mark a no-show (staff)")
    @action(detail=True, methods=["post"], url_path="no-show", permission_classes=[IsAuthenticated])
    def no_show(self, request, pk=None):
        with service_errors():
            registration = services.registration_mark_no_show(registration=self.get_object(), by=request.user)
        return Response(s.RegistrationSerializer(registration).data)

    @extend_schema(request=s.RegistrationUpdateSerializer, responses=s.RegistrationSerializer,
                   summary="Awarded byes and fixed table (staff)")  # fmt: skip
    @action(detail=True, methods=["post"], url_path="settings", permission_classes=[IsAuthenticated])
    def change_settings(self, request, pk=None):
        data = s.RegistrationUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        kwargs = dict(data.validated_data)
        with service_errors():
            registration = services.registration_update(
                registration=self.get_object(), by=request.user, awarded_byes=kwargs.get("awarded_byes"),
                fixed_table=kwargs.get("fixed_table", False),
            )  # fmt: skip
        return Response(s.RegistrationSerializer(registration).data)


@extend_schema(tags=["rounds"])
class RoundViewSet(BoundedLookup, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    queryset = Round.objects.all()
    serializer_class = s.RoundSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self):
        return self.queryset.filter(event__in=_visible_events(self.request))

    @extend_schema(
        parameters=[
            OpenApiParameter("order", str, enum=["table", "name"], description="table (default) or name")
        ],
        responses=s.MatchSerializer(many=True),
        summary="Pairings by table (or ?order=name: one row per player)",
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def pairings(self, request, pk=None):
        round_ = self.get_object()
        order = request.query_params.get("order", "table")
        if order not in ("table", "name"):
            from rest_framework.exceptions import ValidationError

            raise ValidationError({"order": ["Use 'table' or 'name'."]})
        if order == "name":
            return Response(s.NameRowSerializer(selectors.pairings_by_name(round_=round_), many=True).data)
        return Response(s.MatchSerializer(selectors.pairings_by_table(round_=round_), many=True).data)

    @extend_schema(responses=s.ExplainSerializer, summary="Who was paired down, and why")
    @action(detail=True, methods=["get"])
    def explain(self, request, pk=None):
        round_ = self.get_object()
        return Response(
            {
                "round": round_.number,
                "method": round_.method,
                "rematches": round_.rematches,
                "cost": round_.cost,
                "lines": list(round_.explanation),
            }
        )

    @extend_schema(
        request=s.BulkResultsSerializer,
        responses=s.BulkResultsAnswerSerializer,
        summary="Enter many results of the round at once (staff; all or nothing)",
    )
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def results(self, request, pk=None):
        data = s.BulkResultsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        lines = [
            services.BulkResult(
                match_id=line["match"], games_a=line["games_a"], games_b=line["games_b"],
                games_drawn=line["games_drawn"], kind=line["kind"], penalized_id=line.get("penalized"),
                version=line.get("version"),
            )
            for line in data.validated_data["results"]
        ]  # fmt: skip
        with service_errors():
            entered = services.round_enter_results(round_=self.get_object(), user=request.user, results=lines)
        return Response({"entered": entered})

    @extend_schema(
        request=se.RepairSerializer, responses={201: s.RoundSerializer}, summary="Pair this round again"
    )
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def repair(self, request, pk=None):
        data = se.RepairSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        with service_errors():
            round_ = services.round_repair(round_=self.get_object(), by=request.user, **data.validated_data)
        return Response(s.RoundSerializer(round_).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=se.ReasonSerializer,
        responses=s.RoundSerializer,
        summary="Re-open the last round (organizers)",
    )
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def reopen(self, request, pk=None):
        data = se.ReasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        with service_errors():
            round_ = services.round_reopen(round_=self.get_object(), by=request.user, **data.validated_data)
        return Response(s.RoundSerializer(round_).data)

    @extend_schema(
        request=se.SwapSerializer,
        responses=s.MatchSerializer(many=True),
        summary="Swap two players (organizers)",
    )
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def swap(self, request, pk=None):
        round_ = self.get_object()
        data = se.SwapSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        people = {}
        for field in ("first", "second"):
            people[field] = Registration.objects.filter(
                pk=data.validated_data[field], event_id=round_.event_id
            ).first()
            if people[field] is None:
                from rest_framework.exceptions import ValidationError

                raise ValidationError({field: ["No such registration in this event."]})
        with service_errors():
            matches = services.round_swap_players(
                round_=round_, by=request.user, reason=data.validated_data["reason"], **people
            )
        return Response(s.MatchSerializer(matches, many=True).data)


@extend_schema(tags=["matches"])
class MatchViewSet(BoundedLookup, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    queryset = Match.objects.select_related("round", "player_a__player", "player_b__player")
    serializer_class = s.MatchSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self):
        return self.queryset.filter(round__event__in=_visible_events(self.request))

    def _submit(self, request, serializer_class, action: str) -> services.CorrectionOutcome:
        """The body through the result serializer (the pages' ResultForm rules), then the one service."""
        data = serializer_class(data=request.data)
        data.is_valid(raise_exception=True)
        match = self.get_object()
        with service_errors():
            return services.match_result_submit(
                match=match, user=request.user, action=action, result=data.result()
            )

    @extend_schema(request=s.ResultSerializer, responses=s.MatchSerializer, summary="Report your own match")
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    @ratelimit(scope="report")
    def report(self, request, pk=None):
        outcome = self._submit(request, s.ResultSerializer, "report")
        return Response(s.MatchSerializer(outcome.match).data)

    @extend_schema(
        request=s.ConfirmSerializer,
        responses=s.MatchSerializer,
        summary="Withdraw your own report until your opponent confirms it (the match is open again)",
    )
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def withdraw(self, request, pk=None):
        outcome = self._submit(request, s.ConfirmSerializer, "withdraw")
        return Response(s.MatchSerializer(outcome.match).data)

    @extend_schema(
        request=s.ConfirmSerializer, responses=s.MatchSerializer, summary="Confirm your opponent's report"
    )
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def confirm(self, request, pk=None):
        outcome = self._submit(request, s.ConfirmSerializer, "confirm")
        return Response(s.MatchSerializer(outcome.match).data)

    @extend_schema(
        request=s.StaffResultSerializer, responses=s.MatchSerializer, summary="Enter a result (staff)"
    )
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def enter(self, request, pk=None):
        outcome = self._submit(request, s.StaffResultSerializer, "enter")
        return Response(s.MatchSerializer(outcome.match).data)

    @extend_schema(
        request=s.CorrectionSerializer,
        responses=s.CorrectionResultSerializer,
        summary="Correct a result (staff)",
    )
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def correct(self, request, pk=None):
        outcome = self._submit(request, s.CorrectionSerializer, "correct")
        repairable = outcome.repairable_round.number if outcome.repairable_round else None
        return Response({"match": s.MatchSerializer(outcome.match).data, "repairable_round": repairable})

    @extend_schema(responses=s.ResultChangeSerializer(many=True), summary="Audit log of the result")
    @action(detail=True, methods=["get"], pagination_class=None)
    def history(self, request, pk=None):
        return Response(
            s.ResultChangeSerializer(selectors.match_history(match=self.get_object()), many=True).data
        )


def _id_readers(request, event: Event) -> dict:
    """Serializer context for player IDs: every ID for the event's staff, one's own for a player."""
    user = request.user if request.user.is_authenticated else None
    staff = user is not None and can_score(user=user, event=event)
    return {"viewer": user, "player_ids": event_player_ids(event=event) if staff else {}}


@extend_schema(methods=["GET"], responses=s.PlayerIdSerializer(many=True), summary="My player IDs, per game")
@extend_schema(
    methods=["PUT"],
    request=s.PlayerIdSetSerializer,
    responses=s.PlayerIdSerializer(many=True),
    summary="Set (or, empty, remove) my player ID for a game",
)
@api_view(["GET", "PUT"])
@permission_classes([IsAuthenticated])
def my_player_ids(request):
    from tournaments.selectors.player_ids import player_ids_of
    from tournaments.services.player_ids import player_game_id_set

    if request.method == "PUT":
        data = s.PlayerIdSetSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = data.validated_data["game"]
        if game not in {row["game"] for row in player_ids_of(user=request.user)}:
            raise ValidationError({"game": [_("This game has no player ID.")]})
        with service_errors():
            player_game_id_set(
                user=request.user, game=game, value=data.validated_data["value"], by=request.user
            )
    return Response(s.PlayerIdSerializer(player_ids_of(user=request.user), many=True).data)
