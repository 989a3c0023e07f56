"""Pages of the rulings app: the judge's tablet, the rules catalogue, saved rulings and event judge-call logs.

Views stay thin: they read the request, call one service, and render what a selector returns.
"""

from __future__ import annotations

import json
from importlib import import_module
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from core.bounds import MAX_ROUND, parse_bounded_int
from rulings.engine.registry import get_plugin

from .forms import PenaltyForm, ReviewForm, SaveRulingForm
from .games_ui import GAMES_UI, QUERY_LABELS, ZONE_LABELS, effect_form
from .selectors import (
    catalogue_list,
    event_can_review,
    event_get,
    event_is_staff,
    event_rulings,
    events_for_staff,
    game_info,
    games_list,
    rule_json_get,
    ruling_get,
)
from .services import tablet as tb
from .services.replay import ReplayFailed, answer_localized, document_parse, language_resolve
from .services.rulings import ruling_review, ruling_save

MAX_UPLOAD = 512 * 1024


# --- the tablet ----------------------------------------------------------------------------------------


def _tablet_context(request: HttpRequest, view: tb.TabletView, sticky: Any = None, errors=None) -> dict:
    document = view.document
    ui = GAMES_UI[document["game"]]
    sticky = sticky or {}
    action_type = sticky.get("action_type") or ""
    info = game_info(key=document["game"])
    answer = view.answer  # its explanations are in the page's language (tablet_view)
    steps = answer["steps"] if answer else []
    final = answer["state"] if answer else document["state"]  # where the next action or the question applies
    position_index = view.positions.index(view.cursor) if view.cursor in view.positions else 0
    return {
        "view": view,
        "answer": answer,
        "document_json": json.dumps(document, ensure_ascii=False),
        "ui": ui,
        "game": info,
        "games": games_list(),
        "zone_labels": ZONE_LABELS,
        "query_labels": [
            (k, ui.query_labels.get(k) or QUERY_LABELS.get(k, k), params) for k, params in ui.queries.items()
        ],
        "steps": steps,
        "errors": (errors or []) + view.errors,
        "sticky": sticky,
        "action_type": action_type,
        "action_params": _action_params(ui, action_type, sticky, document["game"], final),
        "query_params": _query_params(ui, sticky, document["game"], final),
        "effect_form": effect_form(ui, sticky, view.refs) if view.editable and view.board else None,
        "check_choices": ("none", *tb.VG_TRIGGERS),
        "ref_words": tb.answer_ref_words(game=document["game"], answer=answer) if answer else {},
        "ruleset_title": next(
            (rs["title"] for rs in info.rulesets if rs["key"] == document.get("ruleset")),
            document.get("ruleset"),
        ),
        "prev_position": view.positions[position_index - 1] if position_index > 0 else None,
        "next_position": view.positions[position_index + 1]
        if position_index + 1 < len(view.positions)
        else None,
        "position_number": position_index,
        "position_count": len(view.positions) - 1,
        "events": events_for_staff(user=request.user) if request.user.is_authenticated else [],
        "circles": ui.keyed_zones.get("circles", ()),
        "players": tb.board_layout(game=document["game"], state=view.board, language=language_resolve())
        if view.board
        else [],
        "board": view.board,
        "card_search_url": _card_search_url(),
        "recent_cards": _recent_cards(request, document["game"]) if view.editable else [],
        "situations": ui.situations,
        "query_chosen": {name: _chosen(sticky, f"query_{name}") for name in ("guardians", "interceptors")},
    }


CHECK_SLOTS = 5  # how many revealed cards a check (or a mulligan's draw) row offers


# The question inputs every game's "Ask" shows itself (the others come from the queries' parameters).
SHARED_QUERY_INPUTS = ("player", "attacker", "target", "booster", "guardians", "interceptors")
BOARD_KINDS = ("effect", "link", "pending")  # menus whose choices come from the board


def _chosen(sticky: Any, key: str) -> list[str]:
    chosen = sticky.getlist(key) if hasattr(sticky, "getlist") else [sticky.get(key, "")]
    return [c for c in chosen if c]


def _with_options(
    params, sticky: Any, prefix: str, game: str, state: dict
) -> list[tuple[Any, list[str], Any]]:
    """Each parameter with what is chosen in it and, for the menus that depend on the board (the chosen
    card's effects, the chain's links, the waiting triggers), their choices; ``refresh``: choosing it
    changes another menu."""
    out = []
    card = (_chosen(sticky, f"{prefix}card") or [""])[0]
    depends = any(p.kind == "effect" for p in params)
    for param in params:
        chosen = _chosen(sticky, f"{prefix}{param.name}")
        if param.kind == "checks":
            chosen = (chosen + [""] * CHECK_SLOTS)[:CHECK_SLOTS]
        options = None
        if param.kind in BOARD_KINDS:
            options = tb.builder_options(
                game=game, state=state, kind=param.kind, card=card, language=language_resolve()
            )
        out.append((param, chosen, {"options": options, "refresh": depends and param.name == "card"}))
    return out


def _action_params(ui, action_type: str, sticky: Any, game: str, state: dict) -> list:
    """The builder's parameters with what is chosen in each (a suggested action fills them in)."""
    return _with_options(ui.actions.get(action_type, ()), sticky, "action_", game, state)


def _query_params(ui, sticky: Any, game: str, state: dict) -> list:
    """The inputs the game's questions need beyond the shared ones (a card, its effect, a chain link…)."""
    seen: dict[str, Any] = {}
    for params in ui.queries.values():
        for param in params:
            if param.name not in SHARED_QUERY_INPUTS:
                seen.setdefault(param.name, param)
    return _with_options(tuple(seen.values()), sticky, "query_", game, state)


def _card_search_url() -> str | None:
    """The tablet's card search (over the decks app's card database), when the decks app provides one."""
    try:
        import_module("decks.selectors")
        import_module("decks.lookup")
    except ImportError:
        return None
    return reverse("rulings:card_search")


@require_GET
def card_search(request: HttpRequest) -> HttpResponse:
    """htmx fragment: cards of the database matching ?q= (English or French), as buttons adding them."""
    game = request.GET.get("new_game", "yugioh")
    query = request.GET.get("q", "")[:120]
    found: list[dict] = []
    if query.strip() and game in GAMES_UI:
        try:
            selectors_module = import_module("decks.selectors")
        except ImportError:
            selectors_module = None
        if selectors_module is not None:
            convert = get_plugin(game).card_to_situation  # rulings/engine/<game>/cards.py
            for card in selectors_module.card_search(game=game, query=query, limit=8):
                data = convert(card) if convert else None
                if data:
                    found.append({"card": data, "name": card.name, "name_fr": getattr(card, "name_fr", "")})
    return render(request, "rulings/_card_results.html", {"found": found, "q": query})


@require_GET
def tablet(request: HttpRequest) -> HttpResponse:
    """The judge's tablet: an empty board of the chosen game, or a saved ruling's situation (?from=slug)."""
    errors: list = []
    slug = request.GET.get("from")
    document = None
    if slug:
        ruling = ruling_get(slug=slug)
        if ruling is None:
            raise Http404
        try:
            document = tb.tablet_document_load(document=ruling.document)
        except ReplayFailed as failure:
            errors = failure.errors
    if document is None:
        game = request.GET.get("game") if request.GET.get("game") in GAMES_UI else "yugioh"
        if game_info(key=game) is None:
            game = "yugioh"
        info = game_info(key=game)
        ruleset = request.GET.get("ruleset")
        if ruleset not in [rs["key"] for rs in info.rulesets]:
            ruleset = info.default_ruleset
        document = tb.tablet_document_new(game=game, ruleset=ruleset)
    view = tb.tablet_view(document=document, language=language_resolve())
    return render(request, "rulings/tablet.html", _tablet_context(request, view, errors=errors))


def _apply_op(request: HttpRequest, document: dict, op: str) -> tuple[dict, int | None]:
    """Run one tap of the tablet; return the new document and the cursor to show (None = the end)."""
    post = request.POST
    game = document["game"]
    if op == "new":
        new_game = post.get("new_game", game)
        ruleset = post.get("new_ruleset") or None
        if new_game != game:  # the rule set select listed the old game's rule sets: the new one's default
            ruleset = None
        return tb.tablet_document_new(game=new_game, ruleset=ruleset), -1
    if op.startswith("situation:"):
        key = op.split(":", 1)[1]
        return tb.tablet_situation_start(
            game=game, key=key, ruleset=document["ruleset"], language=language_resolve()
        ), -1
    if op == "header":
        return tb.tablet_header_set(document=document, values=post), -1
    if op == "add_effect":
        effect = tb.tablet_effect_build(game=game, values=post)
        return tb.tablet_effect_add(document=document, ref=post.get("effect_card", ""), effect=effect), -1
    if op.startswith("remove_effect:"):
        ref, _, index = op.removeprefix("remove_effect:").rpartition(":")
        return tb.tablet_effect_remove(document=document, ref=ref, index=index), -1
    if op == "add_card":
        zone = post.get("card_zone", "")
        card = tb.tablet_card_build(game=game, values=post, on_field=zone in GAMES_UI[game].field_zones)
        return tb.tablet_card_add(
            document=document,
            player=post.get("card_player", "A"),
            zone=zone,
            slot=post.get("card_slot", ""),
            card=card,
        ), -1
    if op.startswith("add_found:"):
        zone = post.get("card_zone", "")
        try:
            card = json.loads(op.split(":", 1)[1])
        except json.JSONDecodeError:
            raise ReplayFailed([{"path": "/card", "message": "not a card"}]) from None
        if zone in GAMES_UI[game].field_zones:
            extras = tb.tablet_card_build(game=game, values={**post.dict(), "card_name": "x"}, on_field=True)
            card.update({k: v for k, v in extras.items() if k in ("position", "face_up", "stand")})
        return tb.tablet_card_add(
            document=document,
            player=post.get("card_player", "A"),
            zone=zone,
            slot=post.get("card_slot", ""),
            card=card,
        ), -1
    if op.startswith("remove:"):
        return tb.tablet_card_remove(document=document, ref=op.split(":", 1)[1]), -1
    if op.startswith("toggle:"):
        _, ref, flag = op.split(":", 2)
        return tb.tablet_card_toggle(document=document, ref=ref, flag=flag), -1
    if op.startswith("act:"):
        try:
            action = json.loads(op[4:])
        except json.JSONDecodeError:
            raise ReplayFailed([{"path": "/actions", "message": "not an action"}]) from None
        return tb.tablet_action_append(document=document, action=action), None
    if op == "add_action":
        return tb.tablet_action_append(
            document=document, action=tb.tablet_action_build(game=game, values=post)
        ), None
    if op == "undo":
        return tb.tablet_action_undo(document=document), None
    if op == "clear_actions":
        return {**document, "actions": []}, -1
    if op.startswith("cursor:"):
        raw = op.split(":", 1)[1]
        return document, parse_bounded_int(raw, minimum=-1, maximum=MAX_CURSOR)
    if op.startswith("ask:"):
        if "turn" in post:  # the start was shown for editing: a number changed there counts without "Apply"
            document = tb.tablet_header_set(document=document, values=post)
        query = tb.tablet_query_build(game=game, kind=op[4:], values=post)
        return {**document, "query": query}, None
    if op == "clear_query":
        return {k: v for k, v in document.items() if k != "query"}, None
    if op == "load":
        upload = request.FILES.get("upload")
        if upload is not None:
            if upload.size > MAX_UPLOAD:
                raise ReplayFailed([{"path": "", "message": _("The file is too large.")}])
            text = upload.read()
        else:
            text = post.get("paste", "")
        if not str(text).strip():
            raise ReplayFailed([{"path": "", "message": _("Paste a situation document or choose a file.")}])
        return tb.tablet_document_load(document=document_parse(text=text)), None
    return document, _cursor(post)


def _builder_prefill(post, text: str):
    """The POST with the action builder's fields set to a suggested action's (JSON) fields."""
    try:
        action = json.loads(text)
    except json.JSONDecodeError:
        return post
    if not isinstance(action, dict):
        return post
    sticky = post.copy()
    sticky["action_type"] = str(action.get("type", ""))
    sticky["action_player"] = str(action.get("player", ""))
    for key, value in action.items():
        if key in ("type", "player") or value is None:
            continue
        if isinstance(value, list):
            sticky.setlist(f"action_{key}", [str(v) for v in value if isinstance(v, str | int)])
        else:
            sticky[f"action_{key}"] = str(value)
    return sticky


# A cursor is a step of the replay; documents hold far fewer actions than this (beyond it: the end).
MAX_CURSOR = 100_000


def _cursor(post) -> int | None:
    raw = post.get("cursor", "")
    return parse_bounded_int(raw, minimum=-1, maximum=MAX_CURSOR)


RECENT_CARDS = 8  # cards added in this session, offered again in one tap
ON_FIELD_KEYS = ("position", "face_up", "stand", "equipped_to")  # where it was, not what it is


def _recent_cards(request: HttpRequest, game: str) -> list[dict]:
    recent = request.session.get("tablet_recent_cards", {})
    cards = recent.get(game, []) if isinstance(recent, dict) else []
    return [c for c in cards if isinstance(c, dict) and c.get("name")]


def _remember_card(request: HttpRequest, game: str, op: str) -> None:
    """The card a tap just added (as typed or found, without where it lies), first in the session's recent
    cards of that game, once each."""
    try:
        if op == "add_card":
            card = tb.tablet_card_build(game=game, values=request.POST, on_field=False)
        else:
            card = json.loads(op.split(":", 1)[1])
    except (ReplayFailed, json.JSONDecodeError):
        return
    if not isinstance(card, dict):
        return
    card = {k: v for k, v in card.items() if k not in ON_FIELD_KEYS}
    cards = [c for c in _recent_cards(request, game) if c != card]
    recent = request.session.get("tablet_recent_cards")
    recent = dict(recent) if isinstance(recent, dict) else {}
    recent[game] = [card, *cards][:RECENT_CARDS]
    request.session["tablet_recent_cards"] = recent


@require_POST
def tablet_op(request: HttpRequest) -> HttpResponse:
    """One tap on the tablet: the current document comes in, the new workspace goes out (an htmx swap)."""
    errors: list = []
    try:
        document = document_parse(text=request.POST.get("document", ""))
        if not isinstance(document, dict) or document.get("game") not in GAMES_UI:
            raise ReplayFailed([{"path": "/game", "message": "unknown game"}])
    except ReplayFailed as failure:
        errors = failure.errors
        document = tb.tablet_document_new(game="yugioh")
    op = request.POST.get("op", "refresh")
    cursor = _cursor(request.POST)
    sticky = request.POST
    if op == "save" and not errors:
        return _save(request, document)
    if not errors:
        try:
            before = document
            document, cursor = _apply_op(request, document, op)
            sticky = _sticky_after(request.POST, op, before, document)
            if op == "add_card" or op.startswith("add_found:"):
                _remember_card(request, document["game"], op)
        except ReplayFailed as failure:
            errors = failure.errors
            if op.startswith("act:"):
                # A suggested action that needs what only the judge knows (the cards a check reveals):
                # put it in the builder, filled in, for the judge to tap the rest.
                sticky = _builder_prefill(request.POST, op[4:])
                if all(e.get("path", "").endswith(("_checks", "/drawn")) for e in errors):
                    errors = [
                        {
                            "path": e["path"],
                            "message": _(
                                "This action needs the cards its checks reveal: tap them in “Add any "
                                "action” below, then “Add the action”."
                            ),
                        }
                        for e in errors
                    ]
        except (ValueError, KeyError) as exc:
            errors = [{"path": "", "message": str(exc)}]
    view = tb.tablet_view(document=document, cursor=cursor, language=language_resolve())
    context = _tablet_context(request, view, sticky=sticky, errors=errors)
    template = "rulings/_workspace.html" if request.htmx else "rulings/tablet.html"
    return render(request, template, context)


def _sticky_after(post, op: str, before: dict, after: dict):
    """What the form keeps after a tap: an added effect's menus start afresh; the effect builder's card is
    the card just added (its effects are usually next)."""
    if op == "add_effect":
        sticky = post.copy()
        for key in [k for k in sticky if k.startswith("effect_") and k != "effect_card"]:
            del sticky[key]
        return sticky
    if op.startswith("situation:"):
        # the Ask's menus show the situation's question, so asking again after an edit is one tap
        sticky = post.copy()
        for key, value in (after.get("query") or {}).items():
            if key == "kind":
                continue
            if isinstance(value, list):
                sticky.setlist(f"query_{key}", [v for v in value if isinstance(v, str)])
            elif isinstance(value, str | int):
                sticky[f"query_{key}"] = str(value)
        return sticky
    if op == "add_card" or op.startswith("add_found:"):
        added = tb.added_ref(game=after["game"], before=before["state"], after=after["state"])
        if added:
            sticky = post.copy()
            sticky["effect_card"] = added
            return sticky
    return post


def _save(request: HttpRequest, document: dict) -> HttpResponse:
    form = SaveRulingForm(request.POST)
    errors: list = []
    if not request.user.is_authenticated:
        errors = [{"path": "", "message": _("Log in to save a ruling.")}]
    elif not form.is_valid():
        errors = [{"path": f"/{k}", "message": " ".join(v)} for k, v in form.errors.items()]
    else:
        event = None
        if form.cleaned_data["event"]:
            event = event_get(event_id=form.cleaned_data["event"])
            if event is None:
                errors = [{"path": "/event", "message": _("Unknown event.")}]
        if not errors:
            clean = {
                k: v for k, v in document.items() if k in ("game", "ruleset", "state", "actions", "query")
            }
            try:
                ruling = ruling_save(
                    document=clean,
                    note=form.cleaned_data["note"],
                    user=request.user,
                    event=event,
                    round_number=form.cleaned_data["round_number"],
                    table_number=form.cleaned_data["table_number"],
                )
            except ReplayFailed as failure:
                errors = failure.errors
            except PermissionDenied:
                errors = [{"path": "/event", "message": _("Only the staff of an event can add to its log.")}]
            else:
                url = ruling.get_absolute_url()
                if request.htmx:
                    response = HttpResponse(status=204)
                    response["HX-Redirect"] = url
                    return response
                return redirect(url)
    view = tb.tablet_view(document=document, cursor=_cursor(request.POST), language=language_resolve())
    context = _tablet_context(request, view, sticky=request.POST, errors=errors)
    return render(request, "rulings/_workspace.html" if request.htmx else "rulings/tablet.html", context)


# --- rules catalogue ----------------------------------------------------------------------------------


@require_GET
def catalogue(request: HttpRequest) -> HttpResponse:
    games = games_list()
    keys = [g.key for g in games]
    game = request.GET.get("game") if request.GET.get("game") in keys else keys[0]
    info = game_info(key=game)
    ruleset = request.GET.get("ruleset") or ""
    if ruleset not in [rs["key"] for rs in info.rulesets]:
        ruleset = ""
    rules = catalogue_list(game=game, ruleset=ruleset or None, language=language_resolve())
    return render(
        request,
        "rulings/catalogue.html",
        {"games": games, "game": info, "ruleset": ruleset, "rules": rules},
    )


@require_GET
def rule_detail(request: HttpRequest, game: str, rule_id: str) -> HttpResponse:
    rule = rule_json_get(game=game, rule_id=rule_id, language=language_resolve())
    if rule is None:
        raise Http404
    template = "rulings/_rule.html" if request.htmx else "rulings/rule.html"
    return render(request, template, {"rule": rule, "game": game_info(key=game)})


# --- saved rulings and event logs -----------------------------------------------------------------------


@require_GET
def ruling_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """A ruling's permanent link: whoever has the link can read it (see docs/rulings.md)."""
    ruling = ruling_get(slug=slug)
    if ruling is None:
        raise Http404
    can_review = ruling.event is not None and event_can_review(user=request.user, event=ruling.event)
    return render(
        request,
        "rulings/ruling_detail.html",
        {
            "ruling": ruling,
            "answer": answer_localized(
                answer=ruling.answer, document=ruling.document, language=language_resolve()
            ),
            "can_review": can_review,
            "ref_words": tb.answer_ref_words(game=ruling.game, answer=ruling.answer),
            "is_staff": ruling.event is not None and event_is_staff(user=request.user, event=ruling.event),
            "review_form": ReviewForm(
                initial={"reviewed": ruling.reviewed, "comment": ruling.review_comment}
            ),
            "document_json": json.dumps(ruling.document, ensure_ascii=False, indent=2),
            "zone_labels": ZONE_LABELS,
            "ui": GAMES_UI.get(ruling.game),
            "players": tb.board_layout(
                game=ruling.game, state=ruling.answer["state"], language=language_resolve()
            ),
            "board": ruling.answer["state"],
        },
    )


@require_GET
def ruling_download(request: HttpRequest, slug: str) -> HttpResponse:
    ruling = ruling_get(slug=slug)
    if ruling is None:
        raise Http404
    response = HttpResponse(
        json.dumps(ruling.document, ensure_ascii=False, indent=2), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="ruling-{ruling.slug}.json"'
    return response


@require_POST
def ruling_review_view(request: HttpRequest, slug: str) -> HttpResponse:
    ruling = ruling_get(slug=slug)
    if ruling is None:
        raise Http404
    form = ReviewForm(request.POST)
    if not form.is_valid():
        return redirect(ruling.get_absolute_url())
    try:
        ruling = ruling_review(
            ruling=ruling,
            user=request.user,
            reviewed=form.cleaned_data["reviewed"],
            comment=form.cleaned_data["comment"],
        )
    except PermissionDenied:
        raise
    if request.htmx:
        return render(request, "rulings/_review.html", {"ruling": ruling, "can_review": True, "in_log": True})
    messages.success(request, _("Review saved."))
    next_url = request.POST.get("next")
    if next_url == "log":
        return redirect(reverse("rulings:event_log", kwargs={"event_id": ruling.event_id}))
    return redirect(ruling.get_absolute_url())


@require_GET
def event_log(request: HttpRequest, event_id: int) -> HttpResponse:
    """The judge-call log of an event: its staff only; the head judge and organizers review."""
    event = event_get(event_id=event_id)
    if event is None:
        raise Http404
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={request.path}")
    if not event_is_staff(user=request.user, event=event):
        raise PermissionDenied
    round_raw = request.GET.get("round", "")
    round_number = parse_bounded_int(round_raw, minimum=1, maximum=MAX_ROUND)
    rulings = list(event_rulings(event=event, round_number=round_number))
    return render(request, "rulings/event_log.html", _log_context(request, event, rulings, round_number))


def _penalty_form(event, data=None) -> PenaltyForm:
    from tournaments.selectors import event_registrations, event_rounds
    from tournaments.selectors.penalties import penalty_guide

    players = [(r.pk, str(r.player)) for r in event_registrations(event=event)]
    rounds = [
        (
            r.number,
            _("Top cut — round %(n)d") % {"n": r.number}
            if r.stage == "top_cut"
            else _("Round %(n)d") % {"n": r.number},
        )
        for r in event_rounds(event=event)
    ]
    return PenaltyForm(data, players=players, guide=penalty_guide(game=event.game), rounds=rounds)


def _log_context(request, event, rulings, round_number, form: PenaltyForm | None = None) -> dict:
    from tournaments.selectors.penalties import infraction_label, penalty_history

    history = penalty_history(event=event)
    for penalties in history.values():
        for penalty in penalties:
            penalty.infraction_label = infraction_label(game=event.game, infraction=penalty.infraction)
    return {
        "event": event,
        "rulings": rulings,
        "round_number": round_number,
        "can_review": event_can_review(user=request.user, event=event),
        "penalty_form": form or _penalty_form(event),
        "penalty_history": sorted(history.values(), key=lambda rows: str(rows[0].registration.player)),
    }


@login_required
@require_POST
def event_penalty_new(request: HttpRequest, event_id: int) -> HttpResponse:
    """A judge records a penalty from the judge-call log (tournaments.services.penalties.penalty_record)."""
    from tournaments.models import Registration
    from tournaments.selectors.penalties import registration_match_in_round
    from tournaments.services import TournamentError, penalty_record

    event = event_get(event_id=event_id)
    if event is None:
        raise Http404
    if not event_is_staff(user=request.user, event=event):
        raise PermissionDenied
    form = _penalty_form(event, request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            registration = Registration.objects.get(pk=data["registration"], event=event)
            match = None
            if data.get("round") is not None:
                match = registration_match_in_round(registration=registration, number=data["round"])
                if match is None:
                    raise TournamentError(
                        _("%(name)s has no match in round %(n)d.")
                        % {"name": registration.player, "n": data["round"]},
                        field="round",
                    )
            penalty_record(
                event=event, registration=registration, infraction=data["infraction"],
                penalty=data["penalty"], reason=data["reason"], by=request.user, match=match,
            )  # fmt: skip
        except TournamentError as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            messages.success(request, _("Penalty recorded."))
            return redirect(reverse("rulings:event_log", kwargs={"event_id": event.pk}) + "#penalties")
    rulings = list(event_rulings(event=event))
    context = _log_context(request, event, rulings, None, form)
    return render(request, "rulings/event_log.html", context, status=400)


@login_required
@require_POST
def event_penalty_approve(request: HttpRequest, event_id: int, penalty_id: int) -> HttpResponse:
    """The head judge (or an organizer) approves a disqualification: the player is dropped."""
    from tournaments.models import Penalty
    from tournaments.services import NotAllowed, TournamentError, penalty_approve

    event = event_get(event_id=event_id)
    penalty = Penalty.objects.filter(pk=penalty_id, event_id=event_id).first()
    if event is None or penalty is None:
        raise Http404
    try:
        penalty_approve(penalty=penalty, by=request.user)
    except NotAllowed as error:
        raise PermissionDenied(error.message) from error
    except TournamentError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Disqualification approved: the player is dropped."))
    return redirect(reverse("rulings:event_log", kwargs={"event_id": event.pk}) + "#penalties")
