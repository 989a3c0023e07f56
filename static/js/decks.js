// Deck builder: the card search adds cards to the text list of the deck form (no inline scripts: CSP).
(function () {
  "use strict";
  const ORDER = ["Ride Deck", "Main Deck", "Extra Deck", "Side Deck"];
  const HEADER = /^(ride|main|extra|side)(\s+deck)?\s*:?\s*$/i;
  const LINE = /^(\d+)\s*x?\s+(.+)$/i;

  function title(word) {
    return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase() + " Deck";
  }

  function parse(text) {
    const sections = new Map();
    let current = "Main Deck";
    text.split(/\r?\n/).forEach((raw) => {
      const line = raw.trim();
      if (!line) return;
      const header = line.match(HEADER);
      if (header) { current = title(header[1]); return; }
      const match = line.match(LINE);
      const name = match ? match[2].trim() : line;
      const count = match ? parseInt(match[1], 10) : 1;
      if (!sections.has(current)) sections.set(current, new Map());
      const cards = sections.get(current);
      cards.set(name, (cards.get(name) || 0) + count);
    });
    return sections;
  }

  function render(sections) {
    const blocks = [];
    ORDER.concat([...sections.keys()].filter((k) => !ORDER.includes(k))).forEach((name) => {
      const cards = sections.get(name);
      if (!cards || cards.size === 0) return;
      const lines = [name + ":"];
      cards.forEach((count, card) => lines.push(count + " " + card));
      blocks.push(lines.join("\n"));
    });
    return blocks.length ? blocks.join("\n\n") + "\n" : "";
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-pick-card]");
    if (!button) return;
    const form = button.closest("[data-deck-form]");
    if (!form) return;
    const textarea = form.querySelector("[data-deck-text]");
    const select = form.querySelector("[data-builder-section]");
    let section = select ? select.value : "Main Deck";
    if (form.dataset.game === "yugioh" && button.dataset.extra === "1" && section === "Main Deck") {
      section = "Extra Deck";
    }
    const sections = parse(textarea.value);
    if (!sections.has(section)) sections.set(section, new Map());
    const cards = sections.get(section);
    const name = button.dataset.pickCard;
    cards.set(name, (cards.get(name) || 0) + 1);
    textarea.value = render(sections);
    button.setAttribute("data-added", String((parseInt(button.getAttribute("data-added") || "0", 10)) + 1));
    const status = form.querySelector("[data-builder-status]");
    if (status) status.textContent = name + " → " + section + " (" + cards.get(name) + ")";
  });
})();
