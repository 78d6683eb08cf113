// The Splendor board's coach panel: live win chances, the win-probability line, card odds,
// Suggest and Review (issue 23). The board (../index.js) mounts it beside the players; its blocks
// are ./blocks.js and the line ./graph.js.
//
// It draws the `coach` trait (built by widgets/splendor/coach.py) into its own node, which
// the board places beside the players; it redraws only on change:coach and change:view,
// never blocks the board, and sends coach_suggest / coach_review / coach_point messages.
// Every word comes from view.labels.coach (widgets/splendor/text.py).

import { fill, h } from "../../lib/dom.js";
import { heldKey, restoreFocus } from "../../lib/focus.js";
import { mark } from "../timing.js";
import { cardsBlock, coachBlock, oddsBlock, pointView } from "./blocks.js";
import { graph } from "./graph.js";

export function mountCoach({ model, send, seats }) {
  const node = h("section", { class: "pk-section pk-coach", dataset: { testid: "coach" } });
  const live = h("div", { class: "pk-sr-only", role: "status", "aria-live": "polite", dataset: { testid: "coach-live" } });
  const uid = Math.random().toString(36).slice(2, 8);
  // What the blocks act on (`said`: the last win chance read aloud).
  const c = { model, send, seats, uid, live, said: { text: "" } };

  // The panel's own redraw puts the focus back on the control that had it (its data-key), the
  // same way the board's does (../../lib/focus.js); the board's redraw, which detaches this node
  // for a moment, finds the control by the same data-key. Only a focus this panel held moves:
  // none is remembered from an earlier visit (issue 42: that sent a supply token's focus here).
  const keyOf = (n) => (n.getAttribute && n.getAttribute("data-key")) || null;

  // Drawn by the board's own redraw and on change:coach; the same data and view are drawn once.
  let drawn = { data: null, view: null, lang: null };
  function draw() {
    const started = performance.now();
    const data = model.get("coach") || {};
    const view = model.get("view") || {};
    if (drawn.data === data && drawn.view === view && drawn.lang === model.get("lang") && node.isConnected) return;
    drawn = { data, view, lang: model.get("lang") };
    const L = view.labels;
    const C = L && L.coach;
    if (!C || (!data.odds_on && !data.coach_on)) {
      node.hidden = true;
      node.replaceChildren();
      return;
    }
    const lang = model.get("lang");
    node.hidden = false;
    node.setAttribute("aria-label", C.panel);
    node.setAttribute("lang", lang === "zh" ? "zh-CN" : lang);
    // the chances, then the coach (Suggest stays in sight on a laptop screen, issue 30), then the line
    const blocks = [
      data.odds_on && data.odds ? oddsBlock(c, data, C) : null,
      data.coach_on ? coachBlock(c, data, C, view) : null,
      data.odds_on ? graph(c, data, C) : null,
      data.odds_on ? pointView(c, data, C) : null,
      data.odds_on && !data.over ? cardsBlock(c, data, C) : null,
      live,
    ];
    const key = heldKey(node, keyOf);
    fill(node, blocks);
    if (key !== null) restoreFocus(node, [key], keyOf);
    mark("coach-render", { revision: data.revision, dt: performance.now() - started });
  }

  // The panel redraws after the board has painted, at most once a frame: a click's own repaint
  // never waits for the graph.
  let pending = false;
  function later() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        pending = false;
        draw();
      }, 0),
    );
  }

  model.on("change:coach", later);
  draw();
  return {
    node,
    draw: later,
    destroy: () => {
      model.off("change:coach", later);
    },
  };
}