// Tournament pages. No inline scripts: behaviour hangs off data- attributes.
// <form data-confirm="Question?"> asks before submitting.
document.addEventListener("submit", (event) => {
  const form = event.target.closest("form[data-confirm]");
  if (form && !window.confirm(form.dataset.confirm)) {
    event.preventDefault();
  }
});

// Event form: the rule-set list shows only the chosen game's rule sets (option values are "game:key").
function filterRuleSets(form) {
  const game = form.querySelector("select[name=game]");
  const ruleSet = form.querySelector("select[name=rule_set]");
  if (!game || !ruleSet) return;
  for (const group of ruleSet.querySelectorAll("optgroup")) {
    const mine = !game.value || [...group.querySelectorAll("option")].some((o) => o.value.startsWith(game.value + ":"));
    group.hidden = !mine;
    group.disabled = !mine;
  }
  const chosen = ruleSet.selectedOptions[0];
  if (game.value && chosen && chosen.value && !chosen.value.startsWith(game.value + ":")) ruleSet.value = "";
}
document.addEventListener("change", (event) => {
  if (event.target.matches("select[name=game]") && event.target.form) filterRuleSets(event.target.form);
});
document.addEventListener("DOMContentLoaded", () => {
  for (const form of document.querySelectorAll("form")) filterRuleSets(form);
});
