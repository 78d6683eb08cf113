// The course website keeps each lesson's boards as saved widget views, with no kernel behind
// them: drawn, they would say "Your turn" and take clicks that do nothing (issue 31). Every
// drawn view becomes a picture of its position: the view is inert (no focus, no click), its
// controls are disabled, and it is marked so the site's CSS shows it as a picture; the note
// under it (scripts/build_site.py) says so and links to the lesson in Binder to play.
(function () {
  "use strict";
  const VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]';
  const CONTROLS = "button, input, select, textarea";

  function freeze(area) {
    if (!area.classList.contains("pokelab-saved-board")) {
      area.classList.add("pokelab-saved-board");
      area.setAttribute("inert", "");
    }
    for (const control of area.querySelectorAll(CONTROLS)) {
      if (!control.disabled) control.disabled = true;
    }
    for (const other of area.querySelectorAll('[role="button"], [tabindex]')) {
      other.setAttribute("aria-disabled", "true");
      other.removeAttribute("tabindex");
    }
  }

  function scan() {
    for (const tag of document.querySelectorAll(VIEW)) {
      const area = tag.previousElementSibling;
      if (area && area.classList.contains("widget-subarea")) freeze(area);
    }
  }

  // The HTML manager draws the views after the page loads, and a board may redraw itself.
  new MutationObserver(scan).observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", scan);
})();
