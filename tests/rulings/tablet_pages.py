"""Helpers to drive the judge's tablet in Playwright the way a judge does: taps and typing, no JSON."""

from __future__ import annotations

from playwright.sync_api import Page, expect


class Tablet:
    def __init__(self, page: Page, base_url: str):
        self.page = page
        self.base_url = base_url
        # What a judge touched: every button tapped, every menu or number changed (one each; a menu left at
        # the value it shows costs nothing).
        self.taps = 0

    def open(self, game: str = "yugioh", query: str = "") -> Tablet:
        self.page.goto(f"{self.base_url}/rulings/?game={game}{query}")
        expect(self.page.get_by_test_id("board")).to_be_visible()
        return self

    def tap(self, locator) -> None:
        """Tap something that swaps the workspace, and wait for the new one."""
        self.taps += 1
        old = self.page.get_by_test_id("document").input_value()
        marker = self.page.evaluate(
            "() => { const w = document.getElementById('workspace'); w.dataset.old = '1'; }"
        )
        del marker
        locator.click()
        self.page.wait_for_function("() => !document.getElementById('workspace').dataset.old")
        del old

    def set(self, field, value) -> None:
        """Choose in a menu, type a number or text, tick a box, as a judge does (one tap when it changes);
        a menu that shows what it needs next (htmx) is waited for."""
        kind = field.evaluate("e => e.type")
        if kind == "checkbox":
            if field.is_checked() != bool(value):
                self.taps += 1
                field.set_checked(bool(value))
            return
        if field.input_value() == str(value):
            return
        self.taps += 1
        if kind.startswith("select") and field.get_attribute("hx-post"):
            self.page.evaluate("() => { document.getElementById('workspace').dataset.old = '1'; }")
            field.select_option(str(value))
            self.page.wait_for_function("() => !document.getElementById('workspace').dataset.old")
        elif kind.startswith("select"):
            field.select_option(str(value))
        else:
            field.fill(str(value))

    def situation(self, **values) -> None:
        for name, value in values.items():
            self.set(self.page.locator(f"#workspace [name={name}]"), value)
        self.tap(self.page.get_by_test_id("apply-situation"))

    def add_effect(self, does: list[dict], cost: list[dict] = (), card: str = "", **fields) -> None:
        """Build one effect (or skill) in "Add an effect" by its menus: its fields, then each operation
        (``{"op": "destroy", "card": "attacker"}``) of ``cost`` and ``does`` (a skill's: ``effects``)."""
        page = self.page
        if card:
            self.set(page.get_by_test_id("effect-card"), card)
        for name, value in fields.items():
            self.set(page.get_by_test_id(f"effect-{name}"), value)
        lists = {"cost": cost, "does": does} if "kind" not in fields else {"effects": does}
        for name, ops in lists.items():
            for i, op in enumerate(ops):
                self.set(page.get_by_test_id(f"effect-{name}-{i}-op"), op["op"])
                for operand, value in op.items():
                    if operand != "op":
                        self.set(page.get_by_test_id(f"effect-{name}-{i}-{operand}"), value)
        self.tap(page.get_by_test_id("add-effect-button"))
        expect(page.get_by_test_id("errors")).to_have_count(0)

    def add_card(self, player: str, zone: str, slot: str = "", **fields) -> None:
        page = self.page
        self.set(page.get_by_test_id("card-player"), player)
        self.set(page.get_by_test_id("card-zone"), zone)
        self.set(page.get_by_test_id("card-slot"), slot)
        for name, value in fields.items():
            self.set(page.get_by_test_id(f"card-{name}"), value)
        self.tap(page.get_by_test_id("add-card-button"))
        errors = page.get_by_test_id("errors")  # the tap waited for the new workspace
        assert errors.count() == 0, errors.inner_text()

    def build_action(self, player: str, kind: str, **params) -> None:
        page = self.page
        # No request of the workspace still in flight: its swap would replace the selects we are about to set.
        page.wait_for_function(
            "() => !document.querySelector('#workspace .htmx-request, #workspace.htmx-request')"
        )
        self.set(page.get_by_test_id("action-player"), player)
        # selecting the kind already shown fires no change: nothing to wait for (set does not select it)
        self.set(page.get_by_test_id("action-type"), kind)
        for name, value in params.items():
            if isinstance(value, list):
                for ref in value:
                    self.set(page.locator(f"input[name=action_{name}][value='{ref}']"), True)
            elif name.endswith("checks") or name == "drawn":  # one select per revealed card: "stand, none"
                self.checks(name, value)
            else:
                self.set(page.get_by_test_id(f"action-{name}"), value)
        self.tap(page.get_by_test_id("add-action"))

    def checks(self, name: str, value: str) -> None:
        """Tap the trigger of each revealed card of a check (``"critical, none"``), one select each."""
        for i, trigger in enumerate(t.strip() for t in value.split(",")):
            self.set(self.page.get_by_test_id(f"action-{name}-{i + 1}"), trigger)

    def ask(self, kind: str, **params) -> None:
        for name, value in params.items():
            self.set(self.page.get_by_test_id(f"query-{name}"), value)
        self.tap(self.page.get_by_test_id(f"ask-{kind}"))

    def legal(self, player: str, text: str):
        return self.page.get_by_test_id(f"legal-{player}").filter(has_text=text).first

    def last_step(self):
        return self.page.get_by_test_id("step").last
