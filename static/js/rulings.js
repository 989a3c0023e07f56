// The judge's tablet: download the current situation document, close the rule panel. No inline scripts.
(() => {
  document.addEventListener("click", (event) => {
    const download = event.target.closest("[data-download-document]");
    if (download) {
      const form = download.closest("form");
      const field = form && form.querySelector("input[name=document]");
      if (!field) return;
      const pretty = JSON.stringify(JSON.parse(field.value), null, 2);
      const url = URL.createObjectURL(new Blob([pretty], { type: "application/json" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = download.getAttribute("data-download-document") || "situation.json";
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      return;
    }
    const close = event.target.closest("[data-close-rule]");
    if (close) {
      const panel = document.getElementById("rule-panel");
      if (panel) panel.replaceChildren();
    }
  });
})();
