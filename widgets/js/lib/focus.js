// The keyboard focus across a redraw, the same way on every board.
//
// A board rebuilds its controls on every change, so the focused control is replaced by its twin.
// Before the redraw `heldKey(scope, keyOf)` names the control that has the focus (null when the focus
// is not inside `scope`); after it `restoreFocus(scope, keys, keyOf, fallbacks)` focuses the control
// whose key is the first of `keys` found, else the first control matching one of `fallbacks`, else
// `scope` itself (when it can hold the focus). It acts only when the redraw lost the focus, and
// only a board that held it calls it: a pupil who has tabbed away is never pulled back. (Issue 42:
// a key remembered from a visit long past sent the focus from a supply token to the chart's last
// point, and the next Tab left the board.)
//
//   const key = heldKey(root, keyOf);  fill(root, ...);  if (key) restoreFocus(root, [key], keyOf, [".pk-primary"]);

const CONTROLS = "button, input, select, textarea, summary, a[href], [tabindex='0']";

export function heldKey(scope, keyOf) {
  const el = document.activeElement;
  return el && el !== scope && scope.contains(el) ? keyOf(el) : null;
}

// True when the focus is on a control still on the page (not lost to a redraw).
function focusHeld() {
  const now = document.activeElement;
  return Boolean(now && now !== document.body && now.isConnected);
}

export function restoreFocus(scope, keys, keyOf, fallbacks = []) {
  if (focusHeld()) return document.activeElement;
  const controls = [...scope.querySelectorAll(CONTROLS)].filter((n) => !n.disabled && !n.closest("[hidden]"));
  let next = null;
  for (const key of keys) {
    if (key === null || key === undefined) continue;
    next = controls.find((n) => keyOf(n) === key);
    if (next) break;
  }
  for (const selector of fallbacks) {
    if (next) break;
    next = controls.find((n) => n.matches(selector)) || null;
  }
  if (!next && scope.hasAttribute("tabindex")) next = scope;
  if (next) next.focus({ preventScroll: true });
  return next;
}
