// Tournament pages. No inline scripts: behaviour hangs off data- attributes.
// <form data-confirm="Question?"> asks before submitting.
document.addEventListener("submit", (event) => {
  const form = event.target.closest("form[data-confirm]");
  if (form && !window.confirm(form.dataset.confirm)) {
    event.preventDefault();
  }
});
