// One board's messages to the kernel and what comes back, the same on every board (issue 44).
//
// The wire format is the kernel's (widgets/board/messages.py): every message carries an `id`,
// and the kernel answers each with {type: "reply", id, ok, error: {rule, text, n} | null,
// kernel_ms, ...} beside the new traits. This client numbers the messages, matches the replies
// (a refusal goes beside the control whose press sent it: ./refusal.js), asks the bot to move
// ({type: "step", revision}) once per revision after `bot_delay` ms (../lib/motion.js: never
// faster than the reduced-motion pause), and reads new things out in the board's polite live
// region, at most six lines kept.
//
//   const client = boardClient(model, root, { live, keyOf, prefix: "pk", row, sent, replied });
//   client.send({type: "undo"});           client.intent(action);
//   client.request(msg).then((reply) => …) a message whose reply the page waits for
//   after each redraw:                     client.place(model.get("error"), L.rule); client.step(view);
//   the live region:                       client.say(text); client.fresh() (log entries not read out yet)
//
// Options: `sent(content)` and `replied(reply)` see each message and reply (timing marks, a
// redraw after a refusal); `busy`, a class the root carries while a pupil's message waits for
// its reply; `holdStep(view)`, true when the bot's turn waits for the pupil (a "Start round" button).

import { h } from "./dom.js";
import { botDelay } from "./motion.js";
import { refusalNotes } from "./refusal.js";

const SAID_KEPT = 6;

export function boardClient(model, root, { live, keyOf, prefix, row, sent, replied, busy, holdStep }) {
  let lastId = 0;
  const waiting = new Map(); // message id -> the resolve of its request, or null
  const pressed = new Set(); // the ids of the pupil's messages still unanswered (`busy`)
  let stepFor = null; // the revision whose step is asked (or waits for its timer)
  let stepTimer = null;
  let announced = null; // how many log entries have been read out

  function say(text) {
    if (!text) return;
    live.append(h("p", {}, text));
    while (live.childElementCount > SAID_KEPT) live.firstElementChild.remove();
  }

  const refusals = refusalNotes(root, { keyOf, say, prefix, row });

  function post(content, { pupil = true, resolve = null } = {}) {
    const msg = { ...content, id: ++lastId };
    waiting.set(msg.id, resolve);
    if (pupil) {
      pressed.add(msg.id);
      if (busy) root.classList.add(busy);
    }
    refusals.sent(msg.id);
    if (sent) sent(msg);
    model.send(msg);
    return msg.id;
  }

  function onCustom(msg) {
    if (!msg || msg.type !== "reply") return;
    refusals.replied(msg);
    const resolve = waiting.get(msg.id);
    waiting.delete(msg.id);
    pressed.delete(msg.id);
    if (busy && !pressed.size) root.classList.remove(busy);
    if (replied) replied(msg);
    if (resolve) resolve(msg);
  }
  model.on("msg:custom", onCustom);

  return {
    say,
    send: (content) => post(content),
    intent: (action) => post({ type: "intent", action }),
    // a message the page itself sends and waits for (not the pupil's: the board is not busy)
    request: (content) => new Promise((resolve) => post(content, { pupil: false, resolve })),
    place: (error, rule) => refusals.place(error, rule),
    // The log entries that arrived since the last call; none the first time (no history read aloud).
    fresh() {
      const log = model.get("log") || [];
      if (announced === null || announced > log.length) announced = log.length;
      const out = log.slice(announced);
      announced = log.length;
      return out;
    },
    // After a redraw of `view`: if a bot is to move (no failure on show: the retry button asks),
    // ask it after the board's delay, once per revision, and only if the view is still current.
    step(view) {
      const due = view.bot_to_move && !view.over && !view.bot_failure && !(holdStep && holdStep(view));
      if (!due) {
        clearTimeout(stepTimer);
        stepFor = null;
        return;
      }
      if (stepFor === view.revision) return;
      stepFor = view.revision;
      clearTimeout(stepTimer);
      const revision = view.revision;
      stepTimer = setTimeout(() => {
        if (model.get("revision") === revision) post({ type: "step", revision }, { pupil: false });
      }, botDelay(model.get("bot_delay")));
    },
    destroy() {
      clearTimeout(stepTimer);
      model.off("msg:custom", onCustom);
      refusals.destroy();
      waiting.clear();
    },
  };
}
