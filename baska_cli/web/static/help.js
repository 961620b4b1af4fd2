/* The page's help (templates/help.html.j2, in the page's language): the notation in short
   and what each button does. The header's "?" opens it (through its hidden tab, so the
   page's panels stay one open at a time), as typing `pomoc` or `help` does (typed.js);
   shown, it is scrolled into view. */

import { $ } from "./words.js";

function wire() {
  const panel = $("panel-help");
  const open = $("help-open");
  if (!panel || !open) return;
  open.addEventListener("click", () => {
    if (panel.hidden) document.querySelector('[role=tab][data-panel="help"]').click(); // (hidden)
    else panel.scrollIntoView({ block: "start" });
  });
  // (opened by its tab, the header's button or a typed `pomoc`: brought into view)
  new MutationObserver(() => {
    if (!panel.hidden) panel.scrollIntoView({ block: "start" });
  }).observe(panel, { attributes: true, attributeFilter: ["hidden"] });
}

wire();
