// Behaviour shared by every page. No inline scripts anywhere: the content security policy forbids them.
document.addEventListener("click", (event) => {
  const toggle = event.target.closest("[data-nav-toggle]");
  if (!toggle) return;
  const nav = document.getElementById(toggle.getAttribute("aria-controls"));
  const open = toggle.getAttribute("aria-expanded") !== "true";
  toggle.setAttribute("aria-expanded", String(open));
  nav.classList.toggle("open", open);
});
