// A refusal told where it was caused, the same way on every board (issue 42).
//
// The kernel answers a message it refuses with a reply naming the rule ({ok: false, error: {rule,
// text, n}}) and shows the same error in the `error` trait, which the board draws in its bar at the
// top: on a laptop that bar is far above the button pressed (370 px, off screen at 900 px), and
// nothing changed near the control. So every message a control's press sends is remembered with
// that control's key, and the reply tells which refusal (its `n`) that press caused; each redraw
// puts the refusal beside the control that caused it (or its redrawn twin), ties the control to
// it with aria-describedby and, the first time, scrolls it into view if it is not (a notebook's
// panel clips the page: a note just below the fold would be hidden). Each new
// refusal is read out once in the board's live region, by `say` (the bar is no alert of its own:
// it is redrawn with the board and would be read again). A refusal nobody pressed a control for
// (a bot's failure) stays in the bar only, and is read out too. The board's message client
// (./client.js) makes these notes and tells them of each message and reply:
//
//   const refusals = refusalNotes(root, { keyOf, say, prefix: "pk", row: (c) => c.closest(".pk-tray") });
//   send(msg):       refusals.sent(msg.id);
//   on each reply:   refusals.replied(msg);
//   after a redraw:  refusals.place(model.get("error"), L.rule);

import { h } from "./dom.js";

const PRESSABLE = "button, input, select, summary, [role='button']";
let boards = 0;

export function refusalNotes(root, { keyOf, say, prefix, row }) {
  const uid = `${prefix}-refusal-${++boards}`;
  const cls = `${prefix}-refusal`;
  // The control a click or key press is on, while that event is dispatched: set as it reaches the
  // board (capture), forgotten once it has passed every handler (the window, bubbling; a timer
  // in case a handler stopped it), so a bot's step sent by a timer is nobody's press.
  let pressed = null;
  const press = (event) => {
    const control = event.target.closest && event.target.closest(PRESSABLE);
    if (!control || !root.contains(control)) return;
    pressed = control;
    setTimeout(() => {
      if (pressed === control) pressed = null;
    }, 0);
  };
  const release = () => {
    pressed = null;
  };
  root.addEventListener("click", press, true);
  root.addEventListener("keydown", press, true);
  window.addEventListener("click", release);
  window.addEventListener("keydown", release);
  const origin = new Map(); // message id -> the key of the control whose press sent it
  let at = null; // {key, n}: where the refusal on show was caused
  let scrolled = null; // the `n` of the refusal last scrolled into view
  let said = null; // the refusal last read out (its `n`, or its text)

  const words = (error, rule) => (error.rule ? `${rule} ${error.rule}` : "");

  function clear() {
    for (const old of root.querySelectorAll(`.${cls}`)) old.remove();
    for (const tied of root.querySelectorAll(`[aria-describedby="${uid}"]`)) tied.removeAttribute("aria-describedby");
  }

  return {
    sent(id) {
      if (!pressed) return;
      origin.set(id, keyOf(pressed));
      while (origin.size > 20) origin.delete(origin.keys().next().value);
    },
    replied(msg) {
      if (!msg || msg.type !== "reply") return;
      const key = origin.get(msg.id);
      origin.delete(msg.id);
      const error = msg.error;
      if (msg.ok || !error || !error.text) return;
      at = key ? { key, n: error.n } : null;
    },
    place(error, rule) {
      clear();
      if (!error || !error.text) {
        at = null;
        return null;
      }
      const which = error.n ?? error.text;
      if (which !== said) {
        said = which;
        say([words(error, rule), error.text].filter(Boolean).join(" "));
      }
      if (!at || (error.n !== undefined && at.n !== undefined && error.n !== at.n)) return null;
      const control = [...root.querySelectorAll(PRESSABLE)].find((n) => keyOf(n) === at.key);
      if (!control) return null;
      const note = h(
        "div",
        { class: cls, id: uid, dataset: { testid: "refusal", rule: error.rule || "" } },
        error.rule ? h("b", { class: `${cls}-rule` }, words(error, rule)) : null,
        error.rule ? " " : null,
        h("span", { class: `${cls}-text` }, error.text),
      );
      ((row && row(control)) || control).after(note);
      control.setAttribute("aria-describedby", uid);
      if (scrolled !== at.n) {  // ("nearest": no scroll when it is in sight already, in every scrolling box)
        scrolled = at.n;
        note.scrollIntoView({ block: "nearest", inline: "nearest" });
      }
      return note;
    },
    destroy() {
      root.removeEventListener("click", press, true);
      root.removeEventListener("keydown", press, true);
      window.removeEventListener("click", release);
      window.removeEventListener("keydown", release);
    },
  };
}
