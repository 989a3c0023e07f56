"""Live versions of the phones' pairing fragments, kept in Redis so that "nothing changed" costs one GET.

Every phone's live fragment depends on two things (tournaments/selectors/day.py `version_of`): the event
(its status, its current round, the round's clock) and the player's own registration (its status, the
player's match and its result). Each has a version in Redis, a random token replaced on every change:

    tableside:live:e:<event id>          the event, its rounds and its clock
    tableside:live:r:<registration id>   the registration and its matches

The services change them after their transaction commits (`transaction.on_commit`): model signals for the
rows saved one at a time (events, rounds, clocks, registrations, matches) and one call from the services that
write with UPDATE (results, table extensions). The phone's URL carries the pair it showed (`lv`) and a signed
token naming its event and registration (`t`, HMAC of SECRET_KEY via django.core.signing). The fast path
(tournaments/fastpath.py) answers 204 when the token is genuine, fresh (LIVE_TOKEN_MAX_AGE), both versions
unchanged; anything else — no token, a forged or expired one, a version missing from Redis, Redis down,
a change — goes on to the normal view, which authenticates the session, hides drafts and renders the content.
The token earns a 204 and, right after a round is posted, the phone's own new pairing (round, table, opponent:
what the event's public pairings show), prepared at the round's commit; nothing else.

Every change is also published on the channel tableside:live:changes (the keys that changed, space-separated),
in the same Redis round trip: the phones' live streams (tournaments/streams.py) push it to the phones that
hold a stream open, instead of waiting for their next poll.

The versions are random, not counters: a key lost with a Redis restart is created again with a value no phone
holds, so no phone can take an old page for the current one.
"""

from __future__ import annotations

import logging
import os
import random
import secrets
from collections.abc import Iterable

from django.conf import settings
from django.core import signing
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

log = logging.getLogger(__name__)

PREFIX = "tableside:live:"
CHANNEL = f"{PREFIX}changes"
SALT = "tableside.live"
# Versions outlive any tournament day; a lost or expired one only costs a normal render.
TTL_SECONDS = 3 * 24 * 3600

_clients: dict[tuple[int, str], object] = {}


def redis_url() -> str:
    return getattr(settings, "LIVE_REDIS_URL", "") or ""


def client():
    """This process's Redis client for the versions (None when switched off: LIVE_REDIS_URL empty)."""
    url = redis_url()
    if not url:
        return None
    key = (os.getpid(), url)  # a forked worker opens its own connections
    found = _clients.get(key)
    if found is None:
        import redis

        found = redis.Redis.from_url(
            url, socket_timeout=0.5, socket_connect_timeout=0.5, health_check_interval=30
        )
        _clients[key] = found
    return found


def event_key(event_id: int) -> str:
    return f"{PREFIX}e:{event_id}"


def registration_key(registration_id: int) -> str:
    return f"{PREFIX}r:{registration_id}"


def _new_version() -> str:
    return secrets.token_hex(4)


# ----- changes ---------------------------------------------------------------------------------------------


def _set_new(keys: list[str]) -> None:
    redis = client()
    if redis is None or not keys:
        return
    try:
        pipe = redis.pipeline(transaction=False)
        for key in keys:
            pipe.set(key, _new_version(), ex=TTL_SECONDS)
        pipe.publish(CHANNEL, " ".join(keys))
        pipe.execute()
    except Exception as error:  # noqa: BLE001 - a phone then refreshes at its token's max age
        # One line, no traceback: Redis down is an expected state (load_demo runs before `make run` starts
        # the embedded Redis), and the phones fall back to the normal view within LIVE_TOKEN_MAX_AGE.
        log.warning("could not change the live versions %s: %s", keys[:3], error)


def _on_commit(keys: list[str]) -> None:
    if client() is not None and keys:
        transaction.on_commit(lambda: _set_new(keys))


def event_changed(event_id: int) -> None:
    """Every phone of the event fetches its fragment again (status, a new round, the clock)."""
    _on_commit([event_key(event_id)])


def registrations_changed(registration_ids: Iterable[int | None]) -> None:
    """These players' phones fetch their fragment again (a result, a drop)."""
    _on_commit([registration_key(pk) for pk in dict.fromkeys(registration_ids) if pk])


def matches_changed(matches: Iterable) -> None:
    """Called by the services that write matches with UPDATE (no signal): both players' phones refresh."""
    registrations_changed(pk for m in matches for pk in (m.player_a_id, m.player_b_id))


# Saving only these changes nothing a phone shows (the "pair" button notes its task): no phone refreshes.
BOOKKEEPING_FIELDS = frozenset({"pairing_task_id", "updated_at"})


@receiver(post_save, sender="tournaments.Event")
@receiver(post_delete, sender="tournaments.Event")
def _event_saved(sender, instance, update_fields=None, **kwargs) -> None:
    if update_fields is not None and set(update_fields) <= BOOKKEEPING_FIELDS:
        return
    event_changed(instance.pk)


@receiver(post_save, sender="tournaments.Round")
def _round_saved(sender, instance, created=False, **kwargs) -> None:
    if created and client() is not None:
        # a round posted: the new version comes with every player's new pairing (see pairings_posted)
        event_id, round_id = instance.event_id, instance.pk
        transaction.on_commit(lambda: pairings_posted(event_id, round_id))
    else:
        event_changed(instance.event_id)


@receiver(post_delete, sender="tournaments.Round")
def _round_deleted(sender, instance, **kwargs) -> None:
    event_changed(instance.event_id)


@receiver(post_save, sender="tournaments.RoundTimer")
def _clock_saved(sender, instance, **kwargs) -> None:
    event_changed(instance.round.event_id)


@receiver(post_save, sender="tournaments.Registration")
@receiver(post_delete, sender="tournaments.Registration")
def _registration_saved(sender, instance, **kwargs) -> None:
    registrations_changed([instance.pk])


@receiver(post_save, sender="tournaments.Match")
@receiver(post_delete, sender="tournaments.Match")
def _match_saved(sender, instance, **kwargs) -> None:
    matches_changed([instance])


# ----- a round posted: every phone's new pairing, ready before the phones ask ------------------------------


def pairings_key(event_id: int, version: str) -> str:
    return f"{PREFIX}p:{event_id}:{version}"


def _pairing_snippets(*, event_id: int, round_, matches: list, language: str) -> dict[str, str]:
    """What each phone shows of its new pairing until its full fragment comes (the words of _live.html), by
    "<registration id>:<language>".

    Only what the event's public pairings show (round, table, opponent's name); the report buttons come with
    the full fragment, fetched through the normal, authenticated view a moment later (hx-trigger `load delay`,
    spread over LIVE_REFRESH_SPREAD so that thousands of phones do not render at the same second)."""
    from django.utils import translation
    from django.utils.html import escape
    from django.utils.translation import gettext as _

    with translation.override(language):
        n = round_.number
        head = (_("Top cut — round %(n)s") if round_.stage == "top_cut" else _("Round %(n)s")) % {"n": n}
        against = escape(_("against"))
        table_label = _("Table %(t)s")
        bye = escape(_("You have a bye this round."))
        missed = escape(_("Late entry: this round counts as a loss."))
    spread = max(1.0, settings.LIVE_REFRESH_SPREAD)
    start = (
        f'<section id="live" class="player-live" aria-live="polite" data-live="pairing" '
        f'hx-get="/events/{event_id}/me/live/?v=-" hx-swap="outerHTML" data-testid="live" '
        f'hx-trigger="load delay:'
    )
    head = f'<p class="player-round">{escape(head)}</p>'
    snippets = {}
    for match in matches:
        for me, opponent in ((match.player_a, match.player_b), (match.player_b, match.player_a)):
            if me is None:
                continue
            if opponent is None:
                text = missed if match.kind == "missed" else bye
                body = f'<p class="player-big" data-testid="bye">{text}</p>'
            else:
                table = escape(table_label % {"t": match.table})
                body = (
                    f'<p class="player-table" data-testid="my-table">{table}</p>'
                    f'<p class="player-opponent">{against} '
                    f'<strong data-testid="opponent">{escape(str(opponent.player))}</strong></p>'
                )
            delay = round(random.uniform(1.0, spread), 1)
            snippets[f"{me.pk}:{language}"] = f'{start}{delay}s">{head}{body}</section>'
    return snippets


def pairings_posted(event_id: int, round_id: int) -> None:
    """After a round's commit: a new event version and, stored under it, every player's pairing snippet, in
    one Redis transaction. The fast path serves a phone its snippet (one HGET) instead of sending it to the
    full view; any later change of the event makes a new version, under which no snippet exists."""
    redis = client()
    if redis is None:
        return
    from tournaments.models import EventStatus, Match, Round

    try:
        round_ = Round.objects.select_related("event").get(pk=round_id)
    except Round.DoesNotExist:  # deleted since (a repair): its replacement posts its own
        event_changed(event_id)
        return
    version = _new_version()
    snippets: dict[str, str] = {}
    if round_.event.status != EventStatus.DRAFT:
        matches = list(
            Match.objects.filter(round=round_).select_related("player_a__player", "player_b__player")
        )
        for code, _name in settings.LANGUAGES:
            snippets |= _pairing_snippets(event_id=event_id, round_=round_, matches=matches, language=code)
    try:
        pipe = redis.pipeline(transaction=True)
        if snippets:
            pipe.hset(pairings_key(event_id, version), mapping=snippets)
            pipe.expire(pairings_key(event_id, version), TTL_SECONDS)
        pipe.set(event_key(event_id), version, ex=TTL_SECONDS)
        pipe.publish(CHANNEL, event_key(event_id))
        pipe.execute()
    except Exception:  # noqa: BLE001 - as _set_new
        log.exception("could not post the live pairings of event %s", event_id)


# ----- the phone's side ------------------------------------------------------------------------------------


def sign(event_id: int, registration_id: int, language: str = "en") -> str:
    return signing.TimestampSigner(salt=SALT).sign(f"{event_id}-{registration_id}-{language}")


def unsign(token: str) -> tuple[int, int, str] | None:
    """(event id, registration id, language) of a genuine token younger than LIVE_TOKEN_MAX_AGE, else None."""
    try:
        value = signing.TimestampSigner(salt=SALT).unsign(token, max_age=settings.LIVE_TOKEN_MAX_AGE)
        event_id, registration_id, language = value.split("-", 2)
        return int(event_id), int(registration_id), language
    except (signing.BadSignature, ValueError):
        return None


def current(event_id: int, registration_id: int) -> str | None:
    """The pair of versions as the phone's `lv`, creating a missing one; None when Redis cannot say."""
    redis = client()
    if redis is None:
        return None
    keys = [event_key(event_id), registration_key(registration_id)]
    try:
        values = redis.mget(keys)
        if None in values:
            pipe = redis.pipeline(transaction=False)
            for key in keys:
                pipe.set(key, _new_version(), ex=TTL_SECONDS, nx=True)
            pipe.mget(keys)
            values = pipe.execute()[-1]
    except Exception:  # noqa: BLE001 - no fast path then; the page works as before
        log.warning("live versions unavailable", exc_info=True)
        return None
    if None in values:
        return None
    return b".".join(values).decode()


def phone_state(*, event, user) -> dict | None:
    """What the phone's live URL carries: `t` (signed event and registration) and `lv` (the versions now).

    Read before the page's own queries: a change committed in between gives a newer version than the page
    shows, so the next poll renders again (never the other way round)."""
    if client() is None or not getattr(user, "is_authenticated", False):
        return None
    from tournaments.models import Registration

    registration_id = (
        Registration.objects.filter(event=event, player=user).values_list("pk", flat=True).first()
    )
    if registration_id is None:
        return None
    version = current(event.pk, registration_id)
    if version is None:
        return None
    from django.utils import translation

    token = sign(event.pk, registration_id, translation.get_language() or settings.LANGUAGE_CODE)
    return {"token": token, "version": version}


SAME, REGISTRATION, EVENT = "same", "registration", "event"


def change_since(shown: str, event_version: str, registration_version: str) -> str:
    """What changed since the phone's versions `shown`: SAME, the REGISTRATION only (a result: the view
    renders it), or the EVENT (a new round: its prepared pairing, when there is one for the phone)."""
    if shown == f"{event_version}.{registration_version}":
        return SAME
    if shown.split(".")[0] == event_version:
        return REGISTRATION
    return EVENT


def answer(event_id: int, token: str, version: str) -> tuple[int, bytes] | None:
    """The fast path's whole question. (204, b"") when the phone's fragment, as it says it shows it, is still
    current; (200, its new pairing) right after a round was posted; None: the normal view answers."""
    if not token or not version:
        return None
    who = unsign(token)
    if who is None or who[0] != event_id:
        return None
    redis = client()
    if redis is None:
        return None
    _event_id, registration_id, language = who
    try:
        values = redis.mget([event_key(event_id), registration_key(registration_id)])
        if None in values:
            return None
        event_version, registration_version = (value.decode() for value in values)
        change = change_since(version, event_version, registration_version)
        if change == SAME:
            return 204, b""
        if change == REGISTRATION:
            return None  # a result: the view renders it
        snippet = redis.hget(pairings_key(event_id, event_version), f"{registration_id}:{language}")
    except Exception:  # noqa: BLE001 - the normal view answers
        return None
    return (200, snippet) if snippet else None


def unchanged(event_id: int, token: str, version: str) -> bool:
    found = answer(event_id, token, version)
    return found is not None and found[0] == 204
