// Behaviour shared by every page. No inline scripts anywhere: the content security policy forbids them.
document.addEventListener("click", (event) => {
  const toggle = event.target.closest("[data-nav-toggle]");
  if (!toggle) return;
  const nav = document.getElementById(toggle.getAttribute("aria-controls"));
  const open = toggle.getAttribute("aria-expanded") !== "true";
  toggle.setAttribute("aria-expanded", String(open));
  nav.classList.toggle("open", open);
});

// An htmx request that expected a fragment but got a whole page (a log-in page after the session ended, a
// CSRF or permission refusal, a server error page) must never be swapped into a table row or a panel: that
// once replaced the organizer's console with an unstyled copy of a page. A successful whole page is followed
// as a navigation; a refusal shows one sentence above the page and leaves what is on screen untouched.
document.addEventListener("htmx:beforeSwap", (event) => {
  const xhr = event.detail.xhr;
  const target = event.detail.target;
  if (!target || target === document.body) return;
  if (!/^\s*(<!doctype|<html)/i.test(xhr.responseText || "")) return;
  event.detail.shouldSwap = false;
  event.detail.wholeDocument = true;
  if (xhr.status < 400) {
    window.location.assign(xhr.responseURL || window.location.href);
    return;
  }
  showPageAlert(document.body.dataset.swapRefused || "Not saved.", xhr.status);
});

document.addEventListener("htmx:sendError", () => {
  showPageAlert(document.body.dataset.swapOffline || "No connection.", 0);
});

function showPageAlert(text, status) {
  let list = document.querySelector("ul.messages[data-page-alerts]");
  if (!list) {
    list = document.createElement("ul");
    list.className = "messages";
    list.setAttribute("role", "alert");
    list.dataset.pageAlerts = "";
    const main = document.getElementById("main");
    if (main) main.parentNode.insertBefore(list, main);
    else document.body.prepend(list);
  }
  const item = document.createElement("li");
  item.className = "message error";
  item.setAttribute("data-testid", "page-alert");
  item.textContent = status ? `${text} (HTTP ${status})` : text;
  list.replaceChildren(item);
  list.scrollIntoView({ block: "nearest" });
}
