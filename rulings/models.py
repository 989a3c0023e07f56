"""Saved rulings: a situation document, the engine's answer and the judge's note, behind a permanent link.

A ruling may be linked to an event, a round number and a table number: the event then keeps a log of its
judge calls, which the head judge or the organizer reviews (``reviewed`` flag and comment).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.games import game_choices


def new_slug() -> str:
    """An unguessable permanent-link slug (about 72 bits of randomness)."""
    return secrets.token_urlsafe(9)


class SavedRuling(models.Model):
    slug = models.SlugField(_("link"), max_length=24, unique=True, default=new_slug, editable=False)
    game = models.CharField(_("game"), max_length=16, choices=game_choices)
    ruleset = models.CharField(_("rule set"), max_length=40)
    document = models.JSONField(_("situation document"))
    answer = models.JSONField(_("answer"))
    note = models.TextField(_("judge's note"), blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("judge"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="saved_rulings",
    )
    created_at = models.DateTimeField(_("saved at"), auto_now_add=True)
    event = models.ForeignKey(
        "tournaments.Event",
        verbose_name=_("event"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="rulings",
    )
    round_number = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    table_number = models.PositiveIntegerField(_("table"), null=True, blank=True)
    reviewed = models.BooleanField(_("reviewed"), default=False)
    review_comment = models.TextField(_("review comment"), blank=True)
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("reviewed by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="reviewed_rulings",
    )
    reviewed_at = models.DateTimeField(_("reviewed at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["event", "round_number"])]
        verbose_name = _("saved ruling")
        verbose_name_plural = _("saved rulings")

    def __str__(self) -> str:
        return f"{self.get_game_display()} ruling {self.slug}"

    def get_absolute_url(self) -> str:
        from django.urls import reverse

        return reverse("rulings:ruling_detail", kwargs={"slug": self.slug})
