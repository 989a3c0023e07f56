// Projector mode of the wall pages (?projector=1; docs/tournament-day.md, "Projector mode"). The list's rows
// are shown a page at a time — data-rows rows, or as many as fit the screen — and the next page comes every
// data-every seconds; after the last page the list is fetched again (a new round, new results), at most every
// data-refresh seconds (30 by default), and swapped in without a reload (if the hall's network is down, the
// old list goes on turning).
// Keys: Space pause/resume, → or Page Down next page, ← or Page Up previous page, Home first page, F full
// screen (Esc leaves it). The CSP allows no inline script or style: rows are hidden with `hidden`.
(function () {
  "use strict";

  function init() {
    const main = document.querySelector("[data-projector]");
    if (!main) return;
    let body = main.querySelector("[data-paged]");
    let rows = body ? Array.from(body.rows) : [];
    const every = Math.max(1, Number(main.dataset.every) || 10) * 1000;
    const asked = Math.max(0, Number(main.dataset.rows) || 0);
    const refreshAfter = Math.max(1, Number(main.dataset.refresh) || 30) * 1000;
    const label = document.querySelector("[data-page-label]");
    const pausedLabel = document.querySelector("[data-paused-label]");
    const pauseButton = document.querySelector("[data-action='pause']");
    let loadedAt = Date.now();
    let perPage = Math.max(1, rows.length);
    let page = 0;
    let paused = false;
    let timer = null;

    function pageCount() {
      return Math.max(1, Math.ceil(rows.length / perPage));
    }

    function measure() {
      // The room under the table's top and the tallest row, with every row shown (names do not wrap here).
      rows.forEach((row) => { row.hidden = false; });
      let tallest = 1;
      rows.forEach((row) => { tallest = Math.max(tallest, row.getBoundingClientRect().height); });
      return { room: window.innerHeight - body.getBoundingClientRect().top - 8, tallest: tallest };
    }

    function fit() {
      if (!rows.length) return;
      if (asked > 0) {
        // data-rows rows a page: the type shrinks (never grows) until they fit the screen.
        perPage = asked;
        const table = body.closest("table");
        const wanted = Math.min(asked, rows.length);
        table.style.fontSize = "";
        const fits = () => { const m = measure(); return m.tallest * wanted <= m.room; };
        if (fits()) return;
        let low = 8;
        let high = parseFloat(window.getComputedStyle(table).fontSize);
        for (let step = 0; step < 8; step += 1) { // a binary search on the type size, to half a pixel
          const middle = (low + high) / 2;
          table.style.fontSize = middle + "px";
          if (fits()) low = middle; else high = middle;
        }
        table.style.fontSize = low + "px";
        return;
      }
      const { room, tallest } = measure();
      perPage = Math.max(1, Math.floor(room / tallest));
    }

    function show(number) {
      const count = pageCount();
      page = ((number % count) + count) % count;
      const first = page * perPage;
      rows.forEach((row, index) => { row.hidden = index < first || index >= first + perPage; });
      main.dataset.page = String(page + 1);
      main.dataset.pages = String(count);
      if (label) {
        label.textContent = count > 1
          ? (label.dataset.format || "{page} / {pages}").replace("{page}", page + 1).replace("{pages}", count)
          : "";
      }
    }

    function refresh() {
      loadedAt = Date.now();
      window.fetch(window.location.href, { cache: "no-store", credentials: "same-origin" })
        .then((response) => (response.ok ? response.text() : Promise.reject(response.status)))
        .then((html) => {
          const fresh = new DOMParser().parseFromString(html, "text/html");
          const freshMain = fresh.querySelector("[data-projector]");
          const heading = document.querySelector(".wall-heading");
          const freshHeading = fresh.querySelector(".wall-heading");
          if (!freshMain) throw new Error("no list");
          if (heading && freshHeading) heading.textContent = freshHeading.textContent;
          main.replaceChildren(...Array.from(freshMain.childNodes).map((node) => document.importNode(node, true)));
          body = main.querySelector("[data-paged]");
          rows = body ? Array.from(body.rows) : [];
          fit();
          show(0);
        })
        .catch(() => show(0));
    }

    function advance() {
      if (paused) return;
      if (page === pageCount() - 1 && Date.now() - loadedAt >= refreshAfter) {
        refresh();
        return;
      }
      show(page + 1);
    }

    function restart() {
      if (timer !== null) window.clearInterval(timer);
      timer = window.setInterval(advance, every);
    }

    function go(number) {
      show(number);
      restart(); // the page turned by hand stays up a whole period
    }

    function setPaused(value) {
      paused = value;
      document.body.classList.toggle("paused", paused);
      if (pausedLabel) pausedLabel.hidden = !paused;
      if (pauseButton) {
        pauseButton.textContent = paused ? pauseButton.dataset.labelResume : pauseButton.dataset.labelPause;
        pauseButton.setAttribute("aria-pressed", paused ? "true" : "false");
      }
      if (!paused) restart();
    }

    function fullscreen() {
      const request = document.fullscreenElement
        ? document.exitFullscreen()
        : document.documentElement.requestFullscreen && document.documentElement.requestFullscreen();
      if (request && request.catch) request.catch(() => {});
    }

    const actions = {
      prev: () => go(page - 1),
      next: () => go(page + 1),
      pause: () => setPaused(!paused),
      fullscreen: fullscreen,
    };
    document.querySelectorAll("[data-action]").forEach((button) => {
      button.addEventListener("click", () => actions[button.dataset.action]());
    });
    document.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const onControl = event.target.closest && event.target.closest("button, a, input, select, textarea");
      const keys = {
        ArrowRight: actions.next, PageDown: actions.next, ArrowLeft: actions.prev, PageUp: actions.prev,
        Home: () => go(0), End: () => go(pageCount() - 1), f: fullscreen, F: fullscreen,
      };
      if ((event.key === " " || event.key === "k") && !onControl) keys[event.key] = actions.pause;
      const action = keys[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    });

    let resizing = null;
    window.addEventListener("resize", () => {
      window.clearTimeout(resizing);
      resizing = window.setTimeout(() => {
        const firstShown = page * perPage;
        fit();
        show(Math.floor(firstShown / perPage));
      }, 200);
    });

    // Keep a projector's screen awake where the browser allows it (ignored elsewhere).
    if (navigator.wakeLock && navigator.wakeLock.request) navigator.wakeLock.request("screen").catch(() => {});

    fit();
    show(0);
    restart();
    main.dataset.ready = "1";
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
