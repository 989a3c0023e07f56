"""Pages of the decks app: card search, deck-list submission, the judges' deck lists and checks, imports."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_POST

from core.bounds import MAX_VERSION, parse_bounded_int
from core.progress import task_status_or_unavailable
from decks import import_selectors, selectors
from decks.formats import DeckExportError, export_deck
from decks.forms import (
    DeckCheckCountForm,
    DeckCheckSelectForm,
    DeckSubmitForm,
    EventDeckSettingsForm,
    UnlockForm,
)
from decks.import_forms import CardChangesForm, CardPoolImportForm
from decks.models import CardChange, CardImport, DeckCheck, Game
from decks.permissions import can_manage_card_pool
from decks.services.cards import (
    ImportFailed,
    card_changes_apply,
    card_changes_discard,
    card_import_max_bytes,
    card_import_retry,
    card_import_start,
)
from decks.services.decklists import (
    DeckRefused,
    deck_check_record,
    deck_checks_select,
    deck_from_json,
    decklist_submit,
    decklist_unlock,
    event_deck_settings_update,
)
from decks.validation import report_sections
from tournaments.models import Event, Registration
from tournaments.permissions import can_manage

EXPORT_TYPES = {
    "ydk": ("application/octet-stream", "ydk"),
    "ydke": ("text/plain; charset=utf-8", "txt"),
    "text": ("text/plain; charset=utf-8", "txt"),
    "vanguard": ("text/plain; charset=utf-8", "txt"),
}


def _event(event_id: int):
    return get_object_or_404(Event, pk=event_id)


def _game(request: HttpRequest) -> str:
    game = request.GET.get("game", "yugioh")
    return game if game in Game.values else "yugioh"


# --- card search ------------------------------------------------------------------------------------------


@require_GET
def card_search(request: HttpRequest) -> HttpResponse:
    game = _game(request)
    query = request.GET.get("q", "")[:120]
    cards = selectors.card_search(game=game, query=query, limit=20) if query else []
    return render(
        request, "decks/card_search.html", {"games": Game.choices, "game": game, "q": query, "cards": cards}
    )


@require_GET
def card_autocomplete(request: HttpRequest) -> HttpResponse:
    """htmx fragment: the best matches for ?q= (English or French, typos tolerated)."""
    game = _game(request)
    query = request.GET.get("q", "")[:120]
    cards = selectors.card_search(game=game, query=query, limit=10) if query.strip() else []
    return render(
        request, "decks/_autocomplete.html", {"cards": cards, "q": query, "pick": "pick" in request.GET}
    )


# --- the player's deck list -------------------------------------------------------------------------------


@login_required
def my_deck(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(event_id)
    registration = Registration.objects.filter(event=event, player=request.user).first()
    if registration is None:
        messages.error(request, _("You are not registered for this event: register on its page first."))
        return redirect("tournaments:event_detail", pk=event.pk)
    deck_list = selectors.deck_list_for(registration=registration)
    locked = selectors.deck_is_locked(deck_list=deck_list, event=event)
    posted = request.method == "POST"
    form = DeckSubmitForm(request.POST if posted else None, request.FILES if posted else None)
    problems: list[dict] = []
    status = 200
    if request.method == "POST":
        if form.is_valid():
            data, filename, chosen_format = form.deck_source()
            try:
                version = decklist_submit(
                    registration=registration,
                    user=request.user,
                    data=data,
                    format=chosen_format,
                    filename=filename,
                )
            except DeckRefused as error:
                form.add_error(None, error.message)
                if error.code == "locked":
                    messages.error(request, error.message)
                problems = error.report.to_json()["problems"] if error.report else []
                status = error.status
            else:
                messages.success(
                    request, _("Deck list saved (version %(number)s).") % {"number": version.number}
                )
                return redirect("decks:my_deck", event_id=event.pk)
        else:
            status = 400
    version = selectors.current_version(deck_list=deck_list)
    context = {
        "event": event,
        "registration": registration,
        "deck_list": deck_list,
        "version": version,
        "sheet": selectors.deck_sheet(content=version.content, game=event.game) if version else [],
        "locked": locked,
        "form": form,
        "problems": problems,
        "banlist": selectors.banlist_for_event(event=event),
        "deck_sections": report_sections(event.game),  # the game's plug-in's
    }
    return render(request, "decks/my_deck.html", context, status=status)


# --- staff: the event's deck lists -------------------------------------------------------------------------


def _require_staff(request: HttpRequest, event) -> None:
    if not selectors.can_staff(user=request.user, event=event):
        raise PermissionDenied(_("Only the staff of this event can see this page."))


def event_deck_lists(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(event_id)
    staff = selectors.can_staff(user=request.user, event=event)
    if not staff and not selectors.lists_published(event=event):
        raise PermissionDenied(_("Deck lists stay private until the organizer publishes them."))
    settings_form = None
    if staff and can_manage(user=request.user, event=event):
        current = selectors.event_deck_settings_get(event=event)
        settings_form = EventDeckSettingsForm(
            game=event.game,
            initial={
                "banlist": current.banlist_id if current else None,
                "lists_published": bool(current and current.lists_published),
            },
        )
    context = {
        "event": event,
        "rows": selectors.event_deck_lists(event=event),
        "staff": staff,
        "select_form": DeckCheckSelectForm() if staff else None,
        "settings_form": settings_form,
        "checks": selectors.event_deck_checks(event=event) if staff else [],
        "banlist": selectors.banlist_for_event(event=event),
        "deadline_passed": selectors.deadline_passed(event=event),
    }
    return render(request, "decks/event_lists.html", context)


@login_required
@require_POST
def event_deck_settings(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(event_id)
    form = EventDeckSettingsForm(request.POST, game=event.game)
    if not form.is_valid():
        messages.error(request, _("Choose a banlist of this game."))
        return redirect("decks:event_lists", event_id=event.pk)
    try:
        event_deck_settings_update(
            event=event,
            user=request.user,
            banlist=form.cleaned_data["banlist"],
            lists_published=form.cleaned_data["lists_published"],
        )
    except DeckRefused as error:
        raise PermissionDenied(error.message) from None
    messages.success(request, _("Deck-list settings saved."))
    return redirect("decks:event_lists", event_id=event.pk)


@login_required
@require_POST
def deck_checks_pick(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _event(event_id)
    _require_staff(request, event)
    form = DeckCheckSelectForm(request.POST)
    if form.is_valid():
        checks = deck_checks_select(
            event=event,
            user=request.user,
            round_number=form.cleaned_data["round_number"],
            count=form.cleaned_data["count"],
        )
        if checks:
            names = ", ".join(str(c.deck_list.registration.player) for c in checks)
            messages.success(request, _("Selected for a deck check: %(names)s") % {"names": names})
        else:
            messages.warning(request, _("No deck list left to check for this round."))
    else:
        messages.error(request, _("Give a number of decks between 1 and 64."))
    return redirect("decks:event_lists", event_id=event.pk)


def _deck_list_or_404(request: HttpRequest, pk: int):
    deck_list = selectors.deck_list_get(pk=pk)
    if deck_list is None:
        raise Http404(_("No such deck list."))
    if not selectors.deck_list_visible(deck_list=deck_list, user=request.user):
        raise PermissionDenied(
            _("Deck lists stay private to the player and the event's staff until published.")
        )
    return deck_list


def _version(request: HttpRequest, deck_list):
    number = request.GET.get("version")
    versions = deck_list.versions.all()
    if number:
        wanted = parse_bounded_int(number, minimum=1, maximum=MAX_VERSION)
        version = versions.filter(number=wanted).first() if wanted is not None else None
    else:
        version = versions.order_by("-number").first()
    if version is None:
        raise Http404(_("This deck list has no such version."))
    return version


def deck_list_detail(request: HttpRequest, pk: int) -> HttpResponse:
    deck_list = _deck_list_or_404(request, pk)
    event = deck_list.registration.event
    version = _version(request, deck_list)
    staff = selectors.can_staff(user=request.user, event=event)
    context = {
        "deck_list": deck_list,
        "event": event,
        "player": deck_list.registration.player,
        "version": version,
        "sheet": selectors.deck_sheet(content=version.content, game=event.game),
        "versions": selectors.deck_list_versions(deck_list=deck_list),
        "audit": selectors.deck_list_audit(deck_list=deck_list) if staff else [],
        "staff": staff,
        "locked": selectors.deck_is_locked(deck_list=deck_list, event=event),
        "unlock_form": UnlockForm() if staff else None,
        "formats": [f for f in EXPORT_TYPES if _exportable(version, f)],
    }
    return render(request, "decks/deck_list.html", context)


def _exportable(version, fmt: str) -> bool:
    try:
        export_deck(deck_from_json(version.content), format=fmt)
    except DeckExportError:
        return False
    return True


def deck_list_export(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    deck_list = _deck_list_or_404(request, pk)
    if fmt not in EXPORT_TYPES:
        raise Http404(_("Unknown format."))
    version = _version(request, deck_list)
    try:
        content = export_deck(deck_from_json(version.content), format=fmt)
    except DeckExportError as error:
        return HttpResponse(str(error), status=400, content_type="text/plain; charset=utf-8")
    content_type, extension = EXPORT_TYPES[fmt]
    response = HttpResponse(content, content_type=content_type)
    player = deck_list.registration.player.username
    response["Content-Disposition"] = f'attachment; filename="{player}-v{version.number}.{extension}"'
    return response


def _checkin_qr(request: HttpRequest, registration):
    """The check-in desk's QR code of the registration (tournaments' selector), for the player themselves
    and the event's staff only, while check-in can still happen."""
    from tournaments.selectors.checkin import checkin_scan_path, qr_svg
    from tournaments.services.common import can_score

    event = registration.event
    if event.status not in ("registration", "check_in"):
        return None
    if registration.player_id != request.user.pk and not can_score(user=request.user, event=event):
        return None
    return qr_svg(data=request.build_absolute_uri(checkin_scan_path(registration=registration)), scale=3)


def deck_list_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """The registration sheet as a PDF (WeasyPrint)."""
    from weasyprint import CSS, HTML

    deck_list = _deck_list_or_404(request, pk)
    event = deck_list.registration.event
    version = _version(request, deck_list)
    html = render_to_string(
        "decks/deck_sheet_pdf.html",
        {
            "deck_list": deck_list,
            "event": event,
            "player": deck_list.registration.player,
            "version": version,
            "sheet": selectors.deck_sheet(content=version.content, game=event.game),
            "checkin_qr": _checkin_qr(request, deck_list.registration),
        },
        request=request,
    )
    stylesheet = CSS(string=render_to_string("decks/deck_sheet_pdf.css"))
    pdf = HTML(string=html, base_url=request.build_absolute_uri("/")).write_pdf(stylesheets=[stylesheet])
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="decklist-{deck_list.pk}-v{version.number}.pdf"'
    return response


@login_required
@require_POST
def deck_list_unlock(request: HttpRequest, pk: int) -> HttpResponse:
    deck_list = get_object_or_404(selectors.deck_list_get_queryset(), pk=pk)
    form = UnlockForm(request.POST)
    note = form.data.get("note", "")
    try:
        decklist_unlock(deck_list=deck_list, user=request.user, note=note)
    except DeckRefused as error:
        if error.status == 403:
            raise PermissionDenied(error.message) from None
        messages.error(request, error.message)
    else:
        messages.success(
            request, _("The deck list is unlocked; the player's next submission locks it again.")
        )
    return redirect("decks:deck_list", pk=deck_list.pk)


@login_required
def deck_check(request: HttpRequest, pk: int) -> HttpResponse:
    check = get_object_or_404(
        DeckCheck.objects.select_related(
            "deck_list__registration__event", "deck_list__registration__player", "version"
        ),
        pk=pk,
    )
    event = check.deck_list.registration.event
    _require_staff(request, event)
    sheet = selectors.deck_sheet(content=check.version.content, game=event.game)
    # The judge starts from the registered list (by name) and corrects what the count says.
    form = DeckCheckCountForm(
        request.POST if request.method == "POST" else None,
        initial={
            "counted": check_start_text(sheet)
            if check.counted is None
            else export_deck(deck_from_json(check.counted), format="text"),
            "note": check.note,
        },
    )
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            deck_check_record(
                check=check,
                user=request.user,
                data=form.cleaned_data["counted"],
                note=form.cleaned_data["note"],
            )
        except DeckRefused as error:
            form.add_error("counted", error.message)
            status = error.status
        else:
            return redirect("decks:deck_check", pk=check.pk)
    elif request.method == "POST":
        status = 400
    context = {
        "check": check,
        "event": event,
        "player": check.deck_list.registration.player,
        "sheet": sheet,
        "form": form,
    }
    return render(request, "decks/deck_check.html", context, status=status)


def check_start_text(sheet: list[dict]) -> str:
    blocks = []
    for section in sheet:
        lines = [f"{section['title']}:"] + [f"{row.count} {row.name}" for row in section["rows"]]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


# --- admins: card imports into the shared pool ----------------------------------------------------------

# A multipart body carries a little more than the file: its boundaries and the game field.
UPLOAD_OVERHEAD_BYTES = 64 * 1024


def _require_card_pool_admin(request: HttpRequest) -> None:
    if not can_manage_card_pool(request.user):
        raise PermissionDenied(_("Only admins import card files: the card pool is shared by every event."))


def _body_too_large(request: HttpRequest) -> bool:
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return False
    return length > card_import_max_bytes() + UPLOAD_OVERHEAD_BYTES


def _imports_page(request: HttpRequest, form, status: int = 200, refused: str = "") -> HttpResponse:
    context = {"form": form, "refused": refused, "imports": import_selectors.card_imports_recent()}
    return render(request, "decks/card_imports.html", context, status=status)


@csrf_exempt  # checked below by csrf_protect, once the size of the body is known to be acceptable
@login_required
def card_imports(request: HttpRequest) -> HttpResponse:
    """Upload a card file into the shared pool (admins): the size is refused before the body is read."""
    _require_card_pool_admin(request)
    if request.method == "POST" and _body_too_large(request):
        refused = _("The upload is larger than %(limit)s MB, the most a card file may hold.") % {
            "limit": card_import_max_bytes() // (1024 * 1024)
        }
        return _imports_page(request, CardPoolImportForm(), status=413, refused=refused)
    return _card_imports_checked(request)


@csrf_protect
def _card_imports_checked(request: HttpRequest) -> HttpResponse:
    posted = request.method == "POST"
    form = CardPoolImportForm(request.POST if posted else None, request.FILES if posted else None)
    if not posted:
        return _imports_page(request, form)
    if not form.is_valid():
        too_large = any(error.code == "too_large" for error in form.errors.as_data().get("file", []))
        return _imports_page(request, form, status=413 if too_large else 400)
    upload = form.cleaned_data["file"]
    try:
        job = card_import_start(
            game=form.cleaned_data["game"], filename=upload.name, data=upload.read(), user=request.user
        )
    except ImportFailed as error:
        form.add_error("file", error.message)
        return _imports_page(request, form, status=error.status)
    messages.success(request, _("The file is being imported; changes to existing cards will wait here."))
    return redirect("decks:card_import", pk=job.pk)


@login_required
def card_import_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """One import: its progress, counts, the changes it would make (old → new) and its conflicts."""
    _require_card_pool_admin(request)
    job = import_selectors.card_import_get(pk=pk)
    if job is None:
        raise Http404(_("No such card import."))
    form = CardChangesForm(request.POST if request.method == "POST" else None, card_import=job)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            response = _card_import_act(request, job, form)
            if response is not None:
                return response
            status = 409
        else:
            status = 400
    task, unavailable = None, False
    if job.status in (CardImport.Status.PENDING, CardImport.Status.RUNNING) and job.task_id:
        task = task_status_or_unavailable(job.task_id)
        unavailable = task.state == "UNAVAILABLE"
    context = {
        "job": job,
        "form": form,
        "task": task,
        "task_id": job.task_id,
        "unavailable": unavailable,
        "counts": import_selectors.card_import_counts(card_import=job),
        "changes": import_selectors.card_import_changes(
            card_import=job, kind=CardChange.Kind.CHANGE, page=request.GET.get("page")
        ),
        "conflicts": import_selectors.card_import_changes(
            card_import=job, kind=CardChange.Kind.CONFLICT, page=request.GET.get("conflicts_page")
        ),
        "can_retry": import_selectors.card_import_can_retry(card_import=job),
        "pending": CardChange.Status.PENDING,
    }
    return render(request, "decks/card_import.html", context, status=status)


def _card_import_act(request: HttpRequest, job, form) -> HttpResponse | None:
    """Apply, discard or retry; None (the page again, with the reason) when the import refuses."""
    action = form.cleaned_data["action"]
    picked = [change.pk for change in form.cleaned_data["change"]] if action in ("apply", "discard") else None
    try:
        if action in ("apply", "apply_all"):
            outcome = card_changes_apply(card_import=job, user=request.user, via="page", change_ids=picked)
            messages.success(
                request,
                ngettext(
                    "%(count)s change applied.", "%(count)s changes applied.", outcome.applied
                ) % {"count": outcome.applied},
            )  # fmt: skip
            if outcome.stale:
                messages.warning(
                    request,
                    ngettext(
                        "%(count)s change was not applied: its card was edited since the import. Import the "
                        "file again to compare it with the card as it is now.",
                        "%(count)s changes were not applied: their cards were edited since the import. "
                        "Import the file again to compare them with the cards as they are now.",
                        outcome.stale,
                    ) % {"count": outcome.stale},
                )  # fmt: skip
        elif action in ("discard", "discard_all"):
            outcome = card_changes_discard(card_import=job, user=request.user, change_ids=picked)
            messages.success(
                request,
                ngettext(
                    "%(count)s change discarded: the cards stay as they are.",
                    "%(count)s changes discarded: the cards stay as they are.",
                    outcome.discarded,
                ) % {"count": outcome.discarded},
            )  # fmt: skip
        else:
            card_import_retry(card_import=job, user=request.user)
            messages.success(request, _("The import runs again; it goes on from where it stopped."))
    except ImportFailed as error:
        form.add_error(None, error.message)
        return None
    return redirect("decks:card_import", pk=job.pk)
