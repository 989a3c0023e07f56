// The organizer's console. Keyboard-first result entry: type games of A, B (drawn), Enter saves the row
// (htmx) and the cursor jumps to the next open table. Error answers (400/403/409) are swapped in too, so
// the message shows in the row.
(function () {
  "use strict";
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (event.detail.wholeDocument) return; // site.js refused to put a whole page into a row
    const status = event.detail.xhr.status;
    if (status === 400 || status === 403 || status === 409) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });
  function nextOpenInput(after) {
    const rows = Array.from(document.querySelectorAll("[data-result-grid] .result-row"));
    const index = rows.findIndex((row) => row.id === after);
    for (const row of rows.slice(index + 1).concat(rows.slice(0, index))) {
      const input = row.querySelector("input[name=games_a]");
      if (input) return input;
    }
    return null;
  }
  document.addEventListener("htmx:afterSwap", (event) => {
    const target = event.detail.target;
    if (!target || !target.classList || !target.classList.contains("result-row")) return;
    const row = document.getElementById(target.id) || target;
    if (row.querySelector("[role=alert]")) {
      const input = row.querySelector("input[name=games_a]");
      if (input) input.focus();
      return;
    }
    const next = nextOpenInput(row.id);
    if (next) next.focus();
  });
  // Typing a digit in a games box moves on to the next box of the row: "2", "1", Enter.
  document.addEventListener("input", (event) => {
    const input = event.target;
    if (!input.matches || !input.matches(".result-typed input[type=number]")) return;
    if (input.value.length >= 1) {
      const boxes = Array.from(input.closest(".result-typed").querySelectorAll("input[type=number]"));
      const i = boxes.indexOf(input);
      if (i >= 0 && i < boxes.length - 1) boxes[i + 1].focus();
    }
  });
})();
