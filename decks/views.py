"""Pages of the decks app: card search, deck-list submission, the judges' deck lists and checks, imports."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from core.progress import task_status
from decks import selectors
from decks.formats import DeckExportError, export_deck
from decks.forms import (
    CardImportForm,
    DeckCheckCountForm,
    DeckCheckSelectForm,
    DeckSubmitForm,
    EventDeckSettingsForm,
    UnlockForm,
)
from decks.models import CardImport, DeckCheck, Game
from decks.services.cards import ImportFailed, card_import_start
from decks.services.decklists import (
    DeckRefused,
    deck_check_record,
    deck_checks_select,
    deck_from_json,
    decklist_submit,
    decklist_unlock,
    event_deck_settings_update,
)

EXPORT_TYPES = {
    "ydk": ("application/octet-stream", "ydk"),
    "ydke": ("text/plain; charset=utf-8", "txt"),
    "text": ("text/plain; charset=utf-8", "txt"),
    "vanguard": ("text/plain; charset=utf-8", "txt"),
}


def _event(event_id: int):
    from tournaments.models import Event

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
    from tournaments.models import Registration

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
    if staff:
        from tournaments.services.common import can_manage

        if can_manage(user=request.user, event=event):
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
    version = (
        versions.filter(number=int(number)).first()
        if number and number.isdigit()
        else versions.order_by("-number").first()
    )
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


# --- organizer: card imports ------------------------------------------------------------------------------


@login_required
def card_imports(request: HttpRequest) -> HttpResponse:
    if not request.user.is_organizer:
        raise PermissionDenied(_("Only organizers import card files."))
    posted = request.method == "POST"
    form = CardImportForm(request.POST if posted else None, request.FILES if posted else None)
    job = None
    status = 200
    if request.method == "POST":
        if form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                job = card_import_start(
                    game=form.cleaned_data["game"],
                    filename=upload.name,
                    data=upload.read(),
                    user=request.user,
                )
            except ImportFailed as error:
                form.add_error("file", str(error))
                status = 400
        else:
            status = 400
    task, unavailable = None, False
    if job is not None:
        try:
            task = task_status(job.task_id)
        except Exception:  # noqa: BLE001 - Redis unreachable: the fragment says so and retries
            unavailable = True
    context = {
        "form": form,
        "job": job,
        "task": task,
        "unavailable": unavailable,
        "task_id": job.task_id if job else None,
        "imports": CardImport.objects.defer("data").select_related("created_by")[:20],
    }
    return render(request, "decks/card_imports.html", context, status=status)
