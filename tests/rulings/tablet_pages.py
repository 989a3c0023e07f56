"""Helpers to drive the judge's tablet in Playwright the way a judge does: taps and typing, no JSON."""

from __future__ import annotations

from playwright.sync_api import Page, expect


class Tablet:
    def __init__(self, page: Page, base_url: str):
        self.page = page
        self.base_url = base_url

    def open(self, game: str = "yugioh", query: str = "") -> Tablet:
        self.page.goto(f"{self.base_url}/rulings/?game={game}{query}")
        expect(self.page.get_by_test_id("board")).to_be_visible()
        return self

    def tap(self, locator) -> None:
        """Tap something that swaps the workspace, and wait for the new one."""
        old = self.page.get_by_test_id("document").input_value()
        marker = self.page.evaluate(
            "() => { const w = document.getElementById('workspace'); w.dataset.old = '1'; }"
        )
        del marker
        locator.click()
        self.page.wait_for_function("() => !document.getElementById('workspace').dataset.old")
        del old

    def situation(self, **values) -> None:
        for name, value in values.items():
            field = self.page.locator(f"#workspace [name={name}]")
            if field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(str(value))
            else:
                field.fill(str(value))
        self.tap(self.page.get_by_test_id("apply-situation"))

    def add_card(self, player: str, zone: str, slot: str = "", **fields) -> None:
        page = self.page
        page.get_by_test_id("card-player").select_option(player)
        page.get_by_test_id("card-zone").select_option(zone)
        page.get_by_test_id("card-slot").select_option(slot)
        for name, value in fields.items():
            field = page.get_by_test_id(f"card-{name}")
            if field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(str(value))
            else:
                field.fill(str(value))
        self.tap(page.get_by_test_id("add-card-button"))
        expect(page.get_by_test_id("errors")).to_have_count(0)

    def build_action(self, player: str, kind: str, **params) -> None:
        page = self.page
        # No request of the workspace still in flight: its swap would replace the selects we are about to set.
        page.wait_for_function(
            "() => !document.querySelector('#workspace .htmx-request, #workspace.htmx-request')"
        )
        page.get_by_test_id("action-player").select_option(player)
        before = page.get_by_test_id("action-type")
        if (
            before.input_value() != kind
        ):  # selecting the kind already shown fires no change: nothing to wait for
            page.evaluate("() => { document.getElementById('workspace').dataset.old = '1'; }")
            before.select_option(kind)
            page.wait_for_function("() => !document.getElementById('workspace').dataset.old")
        for name, value in params.items():
            if isinstance(value, list):
                for ref in value:
                    page.locator(f"input[name=action_{name}][value='{ref}']").check()
            elif name.endswith("checks") or name == "drawn":  # one select per revealed card: "stand, none"
                self.checks(name, value)
            else:
                field = page.get_by_test_id(f"action-{name}")
                if field.evaluate("e => e.tagName") == "SELECT":
                    field.select_option(str(value))
                else:
                    field.fill(str(value))
        self.tap(page.get_by_test_id("add-action"))

    def checks(self, name: str, value: str) -> None:
        """Tap the trigger of each revealed card of a check (``"critical, none"``), one select each."""
        for i, trigger in enumerate(t.strip() for t in value.split(",")):
            self.page.get_by_test_id(f"action-{name}-{i + 1}").select_option(trigger)

    def ask(self, kind: str, **params) -> None:
        for name, value in params.items():
            self.page.get_by_test_id(f"query-{name}").select_option(value)
        self.tap(self.page.get_by_test_id(f"ask-{kind}"))

    def legal(self, player: str, text: str):
        return self.page.get_by_test_id(f"legal-{player}").filter(has_text=text).first

    def last_step(self):
        return self.page.get_by_test_id("step").last
