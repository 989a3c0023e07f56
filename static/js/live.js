// The phone's live pairing (#live) follows its stream of server-sent events (tournaments/streams.py) instead
// of polling: a new round shows within a second. The fragment keeps its htmx poll as the fallback, used
// whenever no stream is open and alive: no EventSource, a server without streams (the stream never opened),
// a refused or broken stream, a stream silent for longer than two heartbeats.
(function () {
  "use strict";
  const SILENT_MS = 60000; // two heartbeats (LIVE_STREAM_HEARTBEAT, 25 s) and some slack
  let source = null;
  let sourceUrl = "";
  let lastHeard = 0;
  let everOpened = false;
  let unavailable = false; // a server that never opened a stream has none: poll for the page's life
  let renewing = false;

  function section() {
    return document.getElementById("live");
  }

  function streaming() {
    return source !== null && source.readyState === EventSource.OPEN && Date.now() - lastHeard < SILENT_MS;
  }

  function close() {
    if (source) source.close();
    source = null;
    sourceUrl = "";
  }

  // Fetch the fragment through the normal view; `fresh` forces a render (a new token for a new stream).
  function refresh(fresh) {
    const live = section();
    if (!live || !window.htmx) return;
    let url = live.getAttribute("hx-get");
    if (fresh) url = url.replace(/([?&]v=)[^&]*/, "$1-");
    renewing = true;
    htmx.ajax("GET", url, { source: live, target: live, swap: "outerHTML" }).finally(() => {
      renewing = false;
    });
  }

  function open() {
    const live = section();
    const url = live && live.dataset.stream;
    if (!url || !window.EventSource || unavailable || url === sourceUrl) return;
    close();
    sourceUrl = url;
    source = new EventSource(url);
    const heard = () => {
      lastHeard = Date.now();
    };
    source.addEventListener("open", () => {
      everOpened = true;
      heard();
    });
    source.addEventListener("ping", heard);
    source.addEventListener("pairing", (event) => {
      heard();
      const live = section();
      if (!live) return;
      live.outerHTML = event.data;
      // the new round's snippet fetches its full fragment (report buttons) a moment later by itself
      htmx.process(section());
    });
    source.addEventListener("changed", (event) => {
      heard();
      // an event-wide change comes with a random wait (seconds), so that every phone does not ask at once
      const wait = Math.max(0, parseFloat(event.data) || 0);
      window.setTimeout(() => refresh(false), wait * 1000);
    });
    source.addEventListener("renew", () => {
      close();
      refresh(true);
    });
    source.addEventListener("error", () => {
      if (source && source.readyState === EventSource.CLOSED) {
        // refused (an expired token, a full server, Redis away): poll; a fresh render brings a new stream
        close();
        if (everOpened) window.setTimeout(() => refresh(true), 2000 + Math.random() * 8000);
        else unavailable = true;
      }
    });
  }

  // While the stream is alive, the fragment's own poll is not sent (the stream says when to fetch).
  document.addEventListener("htmx:beforeRequest", (event) => {
    const elt = event.detail.elt;
    if (!elt || elt.id !== "live" || renewing) return;
    const path = (event.detail.requestConfig && event.detail.requestConfig.path) || "";
    if (path.indexOf("lv=") === -1) return; // the snippet's one fetch of its full fragment
    if (streaming()) {
      event.preventDefault();
    } else if (source !== null && Date.now() - lastHeard >= SILENT_MS && source.readyState === EventSource.OPEN) {
      close(); // silent too long: dead behind some proxy; this poll goes, and a new stream opens
      open();
    }
  });

  document.addEventListener("htmx:afterSettle", open);
  document.addEventListener("DOMContentLoaded", open);
  if (document.readyState !== "loading") open();
})();
