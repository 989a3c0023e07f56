// Round clocks (console, player phone, projector): counts down locally from data-remaining each second;
// the htmx poll of the surrounding fragment brings the server's figure back (pauses, extensions).
(function () {
  "use strict";
  function format(seconds) {
    const sign = seconds < 0 ? "-" : "";
    const s = Math.abs(seconds);
    const mm = String(Math.floor(s / 60)).padStart(2, "0");
    const ss = String(s % 60).padStart(2, "0");
    return sign + mm + ":" + ss;
  }
  function arm(root) {
    root.querySelectorAll("[data-timer]").forEach((el) => {
      if (el.dataset.armed) return;
      el.dataset.armed = "1";
      el.dataset.loadedAt = String(Date.now());
    });
  }
  function tick() {
    document.querySelectorAll("[data-timer][data-running='1']").forEach((el) => {
      const start = Number(el.dataset.loadedAt || Date.now());
      const remaining = Number(el.dataset.remaining) - Math.floor((Date.now() - start) / 1000);
      el.textContent = format(remaining);
      el.classList.toggle("over", remaining <= 0);
    });
  }
  document.addEventListener("DOMContentLoaded", () => arm(document));
  document.addEventListener("htmx:afterSettle", (event) => arm(event.target.ownerDocument || document));
  setInterval(tick, 1000);
})();
