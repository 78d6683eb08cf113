// The Here Comes Pokémon! board: draws the kernel's view, sends intents back.
// A thin view: every rule is checked in Python; this file only renders and asks. Every
// word it shows comes from `view.labels` (widgets/herecomes/text.py), in the board's language.
//
// What the front end receives (the `view` trait, built by widgets/herecomes/board.py):
/**
 * @typedef {Object} HcOddsRow  one card of your hand (widgets.herecomes.hand.hand_odds)
 * @property {string} id
 * @property {string} kind
 * @property {number} points
 * @property {number} value           points, or 10 for a legend
 * @property {number} p_float         the exact chance now
 * @property {string} p_text          the same as a fraction, "3/10"
 * @property {number} ev              expected points
 * @property {string} ev_text         the same, as the card and the chart both show it (the kernel rounds)
 * @property {number|null} prev       the chance one wave earlier
 * @property {number|null} redraw     the chance if the last token were redrawn
 * @property {boolean} set_aside      Misty's extra discard
 *
 * @typedef {Object} HcView
 * @property {number} revision        bumped on every change; a `step` names it
 * @property {Object} hc              pokelab.herecomes.observe(state, you): round, wave, phase, tokens,
 *                                    order_cards, bag, composition, players, hand, my_choice, waiting_for,
 *                                    must_act, keep_options, seen_discards, events, last_round, result …
 * @property {HcOddsRow[]} odds       [] when the odds are hidden
 * @property {{value: number, exact: string}|null} hand_ev  your two kept cards' expected points
 * @property {Object|null} advice     {kind: "discard"|"vote"|"keep", best, options, gain …}
 * @property {{why: string|null, review: {round: number, title: string, lines: string[], cost: string,
 *            costs: string[]}|null}|null} coach  the advisor's reason and your last round's review
 *                                    (widgets/herecomes/coach.py), null with the advisor off
 * @property {{power: string, target: (string|number|null), text: string}[]} trainer_actions  the trainer powers
 *                                    you may use now, each in the board's language (a button)
 * @property {{round: number, title: string, redraw: string, seats: string[], confirm: boolean,
 *            button: string|null}|null} round_end  the round just checked, until the next begins
 *                                    (widgets/herecomes/round.py); confirm: wait for "Start round N"
 * @property {Object|null} teacher    every seat's hand, face-down choice and bot reasoning (teacher mode)
 * @property {{redraw: string}} rules
 * @property {Object<string, *>} labels  every word shown, with {placeholders}
 * @property {string[]} colours       the token colours in bag order
 * @property {number[]} waves         tokens per order card, [4, 3, 2, 1]
 * @property {number|null} to_move
 * @property {boolean} over
 * @property {number} human
 * @property {boolean} bot_to_move    the page asks the bot to move after bot_delay ms
 * @property {{rule: null, text: string, bot_seat: number}|null} bot_failure  a bot failed (the reason in the
 *                                    board's language; the `error` trait shows it too): offer "retry"
 * @property {{seat: number, name: string, bot: string|null}[]} seats
 * @property {Object<string, {symbol: string, path: string, ink: string}>} marks  each colour's symbol
 *                                    (widgets/tokens.py): colour is never the only cue
 *
 * The `log` trait: [{seat, who, bot, text}], `text` in the board's language, only what your seat may know
 * (teacher: everything). The `error` trait: {rule, text, n} ({} for none), `rule` null when no rule was broken.
 * The `figure` trait: a plotly {data, layout, meta: {revision, tokens, round, overlays}}.
 */

//
// The modules: this one (state, redraw, the odds chart; its messages go through ../lib/client.js), ./top.js (header, prompt,
// table), ./hand.js (hand, advice, players), ./coach.js (the advisor's reason, the round review), ./round.js (summary, teacher, log) and ./pieces.js;
// bundled into one ES module, widgets/static/herecomes_board.js, by scripts/build_js.py (esbuild).

import { boardClient } from "../lib/client.js";
import { fill, h } from "../lib/dom.js";
import { restoreFocus } from "../lib/focus.js";
import { plotlyLoader } from "../lib/plotly.js";
import { redrawScheduler } from "../lib/redraw.js";
import { fmt, num } from "../lib/text.js";
import { review } from "./coach.js";
import { advice, hand, players, seen } from "./hand.js";
import { focusKey, nameOf, setMarks } from "./pieces.js";
import { logParts, roundEnd, summary, teacher } from "./round.js";
import { head, prompt, table } from "./top.js";

function render({ model, el }) {
  el.classList.add("hc-root");
  const root = h(
    "div",
    { class: "hc-board", dataset: { testid: "hc-board" }, tabindex: "-1", "data-lm-suppress-shortcuts": "true" },
    h("div", { class: "hc-sr-only", role: "status", "aria-live": "polite", "aria-atomic": "false", dataset: { testid: "live" } }),
    h("header", { class: "hc-head" }),
    h("div", { class: "hc-prompt", dataset: { testid: "prompt" } }),
    // the round just checked, under the prompt where the pupil looks (./round.js roundEnd)
    h("section", { class: "hc-roundend", dataset: { testid: "round-end" }, hidden: true }),
    // (no role "alert": ../lib/refusal.js reads each refusal out once in the live region above)
    h("div", { class: "hc-error", dataset: { testid: "error" }, hidden: true }),
    h("section", { class: "hc-table" }),
    h(
      "section",
      { class: "hc-main" },
      h("div", { class: "hc-handbox" }, h("div", { class: "hc-handwrap" }), h("div", { class: "hc-seenwrap" }), h("div", { class: "hc-advicewrap" }), h("div", { class: "hc-reviewwrap" })),
      h(
        "div",
        { class: "hc-oddsbox" },
        h("h4", { class: "hc-odds-title" }),
        h("div", { class: "hc-legend" }),
        h("div", { class: "hc-plot", dataset: { testid: "odds-plot" } }),
        h("div", { class: "hc-handev" }),
        h("div", { class: "hc-odds-hint" }),
      ),
    ),
    h("section", { class: "hc-players" }),
    h("section", { class: "hc-summary", dataset: { testid: "summary" } }),
    h("section", { class: "hc-teacher", dataset: { testid: "teacher" } }),
    h("details", { class: "hc-log" }),
  );
  el.append(root);
  const part = (sel) => root.querySelector(sel);
  // A control's key across redraws ("testid=discard-3", ./pieces.js): the focus and a refusal find its twin by it.
  const keyOf = (n) => {
    const k = focusKey(n);
    return k ? k.join("=") : null;
  };
  // The messages, their replies, the bot's steps and the live region (../lib/client.js): a refusal
  // beside the control that caused it (the row of buttons it sits in), the buttons at rest while
  // a pupil's message waits for its reply, and the bots wait for "Start round N" (view.round_end.confirm).
  const client = boardClient(model, root, {
    live: part(".hc-sr-only"),
    keyOf,
    prefix: "hc",
    row: (c) => c.closest(".hc-card-actions, .hc-prompt-buttons, .hc-controls, .hc-table-info"),
    busy: "hc-busy",
    holdStep: (view) => Boolean(view.round_end && view.round_end.confirm),
    replied: (msg) => { if (!msg.ok) drawError(); },  // the refusal goes beside the control that caused it
  });
  const { send } = client;
  const plotDiv = part(".hc-plot");
  let plotly = null;
  let lastFigure = null;
  const plotlyLoad = plotlyLoader(model, {
    ready: () => { plotDiv.replaceChildren(); delete plotDiv.dataset.loading; drawFigure(); },
    failed: (err) => { fill(plotDiv, h("div", { class: "hc-error" }, fmt(labelsNow().plotly_failed, { error: err }))); },
  });

  const lang = () => model.get("lang") || "en";
  const labelsNow = () => (model.get("view") || {}).labels || {};

  // For benchmarks: the round trip of a message the kernel answers without changing anything.
  root.hcPing = () => {
    const start = performance.now();
    return client.request({ type: "step", revision: -1 }).then(() => performance.now() - start);
  };

  function themedLayout(layout) {
    const cs = getComputedStyle(root);
    const fg = cs.getPropertyValue("--jp-ui-font-color1").trim() || "#1f2328";
    const fg2 = cs.getPropertyValue("--jp-ui-font-color2").trim() || "#555";
    const grid = cs.getPropertyValue("--jp-border-color2").trim() || "#e0e0e0";
    const family = cs.getPropertyValue("--jp-ui-font-family").trim() || "system-ui, sans-serif";
    const out = { ...layout, font: { ...(layout.font || {}), color: fg, family } };
    for (const axis of ["xaxis", "xaxis2", "yaxis"]) {
      if (out[axis]) out[axis] = { ...out[axis], gridcolor: grid, linecolor: grid, tickfont: { color: axis === "yaxis" ? fg : fg2 } };
    }
    out.autosize = true;
    delete out.width;
    return out;
  }

  function drawFigure() {
    const fig = model.get("figure") || {};
    const curtain = Boolean((model.get("view") || {}).curtain);
    const show = model.get("show_odds") && !curtain;
    part(".hc-oddsbox").hidden = !show;
    if (!show || !fig.data) {
      if (curtain || (show && !fig.data)) {  // pass-and-play: the last hand's chart must not stay on screen
        if (plotly && plotDiv.data) plotly.purge(plotDiv);
        plotDiv.replaceChildren();
        part(".hc-legend").replaceChildren();
        lastFigure = null;
      }
      plotDiv.dataset.rev = String((model.get("view") || {}).revision ?? "");
      return;
    }
    plotly = plotlyLoad.get();
    if (!plotly) {
      plotDiv.dataset.loading = "1";
      if (!plotDiv.firstChild) fill(plotDiv, h("div", { class: "hc-muted" }, labelsNow().loading));
      return;
    }
    lastFigure = fig;
    const meta = fig.meta || {};
    drawLegend(fig);
    const fg = getComputedStyle(root).getPropertyValue("--jp-ui-font-color1").trim() || "#1f2328";
    const data = fig.data.map((t) => (t.type === "bar" && t.text ? { ...t, outsidetextfont: { color: fg, size: 11 } }
      : t.mode === "markers+text" ? { ...t, textfont: { color: fg, size: 11 } } : t));
    plotly.react(plotDiv, data, themedLayout(fig.layout), { displayModeBar: false })
      .then(() => {
        if (lastFigure === fig) {
          root.hcTiming.plotted = performance.now();
          plotDiv.dataset.rev = String(meta.revision);
          plotDiv.dataset.tokens = String(meta.tokens);
        }
      });
  }

  function drawLegend(fig) {
    const seen = new Set();
    const items = [];
    const overlays = new Set((fig.meta && fig.meta.overlays) || []);  // named by Python, in the board's language
    for (const trace of fig.data) {
      if (!overlays.has(trace.name) || seen.has(trace.name) || !trace.x || !trace.x.some((x) => x)) continue;
      seen.add(trace.name);
      const faint = trace.type === "bar";
      const colour = faint ? "var(--hc-fg2)" : (trace.marker && trace.marker.color) || "#888";
      const shape = faint ? "hc-lg-bar" : trace.marker && trace.marker.symbol === "diamond" ? "hc-lg-diamond" : "hc-lg-dot";
      items.push(h("span", { class: "hc-lg" }, h("i", { class: shape, style: `background:${colour}` }), trace.name));
    }
    fill(part(".hc-legend"), items);
  }

  // The polite live region (../lib/client.js): whom to pass the device to, a round's end, each new
  // log line (only what this seat may know), in the board's language.
  let saidCurtain = "";
  let saidEnd = "";
  let shownEnd = null;  // the round whose end was last on the board
  const expanded = new Set();  // the texts the pupil opened (a trainer's power): kept across redraws
  function announce(L, l) {
    const fresh = client.fresh();
    const view = model.get("view") || {};
    const curtain = view.curtain ? fmt(L.pass_to, { name: view.curtain.name }) : "";
    if (curtain !== saidCurtain) client.say(curtain);  // pass-and-play: say whom to pass the device to
    saidCurtain = curtain;
    const end = view.round_end;
    const endKey = end ? `${end.round}:${l}` : "";
    if (end && endKey !== saidEnd) client.say(`${end.title} ${end.redraw}`);  // the round's end, once
    saidEnd = endKey;
    for (const e of fresh) client.say(e.text);
  }

  function draw() {
    const view = model.get("view") || {};
    if (!view.hc) return;
    const l = lang();
    const L = view.labels;
    setMarks(view.marks);
    const had = root.contains(document.activeElement) && document.activeElement !== root;
    const key = had ? keyOf(document.activeElement) : null;
    const ctx = { view, lang: l, model, L, expanded };
    const hc = view.hc;
    root.dataset.revision = String(view.revision);
    root.dataset.phase = hc.phase;
    root.dataset.round = String(hc.round);
    root.dataset.wave = String(hc.wave);
    root.dataset.tokens = hc.tokens.join(",");
    root.dataset.lang = l;
    fill(part(".hc-head"), head(ctx));
    fill(part(".hc-prompt"), prompt(ctx));
    part(".hc-prompt").classList.toggle("hc-act", Boolean(hc.must_act || (hc.is_chance && hc.leader === view.human)));
    const end = part(".hc-roundend");
    fill(end, roundEnd(ctx));
    end.hidden = !view.round_end;
    // a round that has just ended comes into sight once, if the pupil was acting on this board
    const endRound = view.round_end ? view.round_end.round : null;
    if (endRound !== null && endRound !== shownEnd && had) end.scrollIntoView({ block: "nearest" });
    shownEnd = endRound;
    fill(part(".hc-table"), table(ctx));
    fill(part(".hc-handwrap"), hand(ctx));
    fill(part(".hc-seenwrap"), seen(ctx));
    fill(part(".hc-advicewrap"), advice(ctx));
    fill(part(".hc-reviewwrap"), review(ctx));
    part(".hc-odds-title").textContent = (view.humans || []).length ? L.odds : fmt(L.seat_odds, { name: nameOf(view, view.human) });
    part(".hc-odds-hint").textContent = L.odds_hint;
    part(".hc-handev").textContent = view.hand_ev ? fmt(L.hand_ev, { value: num(view.hand_ev.value) }) : "";
    fill(part(".hc-players"), players(ctx));
    fill(part(".hc-summary"), summary(ctx));
    fill(part(".hc-teacher"), teacher(ctx));
    part(".hc-teacher").hidden = !view.teacher;
    const log = part(".hc-log");
    const open = log.open;
    fill(log, logParts(ctx));
    log.open = open;
    drawError();
    announce(L, l);
    if (had) {  // the focused control was redrawn: focus its twin, else the next thing to do (../lib/focus.js)
      restoreFocus(root, [key], keyOf, [".hc-roundend .hc-primary", ".hc-prompt .hc-primary", ".hc-hand .hc-primary"]);
    }
    client.step(view);  // a bot to move: ask it after bot_delay
    root.hcTiming.drawn = performance.now();
  }

  function drawError() {
    const err = model.get("error") || {};
    const box = part(".hc-error");
    // beside the control that caused it; the box under the prompt shows the rest (a bot's failure)
    const beside = client.place(err, labelsNow().rule);
    if (!err.text || beside) { box.hidden = true; box.textContent = ""; return; }
    box.hidden = false;
    fill(box, err.rule ? [h("b", {}, `${labelsNow().rule} ${err.rule}`), " "] : null, err.text);
  }

  function onClick(event) {
    const target = event.target.closest("button, input");
    if (!target || !root.contains(target) || target.disabled) return;
    if (target.dataset.expand) {  // a text opened or closed on the page alone: no message to the kernel
      const key = target.dataset.expand;
      if (expanded.has(key)) expanded.delete(key); else expanded.add(key);
      draw();
    } else if (target.dataset.msg) {
      send(JSON.parse(target.dataset.msg));
    } else if (target.dataset.intent) {
      send({ type: "intent", action: JSON.parse(target.dataset.intent) });
    } else if (target.dataset.cmd) {
      send({ type: target.dataset.cmd });
    } else if (target.dataset.lang) {
      send({ type: "set_lang", lang: target.dataset.lang });
    }
  }
  function onChange(event) {
    const box = event.target;
    if (box.dataset && box.dataset.toggle) {
      model.set(box.dataset.toggle, box.checked);
      model.save_changes();
    }
  }
  root.addEventListener("click", onClick);
  root.addEventListener("change", onChange);

  root.hcTiming = {};  // for benchmarks: when the last view arrived, was drawn, was plotted
  // one redraw for a batch of trait changes, and none between a press and its release (../lib/redraw.js)
  const redrawing = redrawScheduler(root, () => draw());
  const requestDraw = () => {
    root.hcTiming = { received: performance.now() };
    redrawing.schedule();
  };
  const redraw = () => { draw(); drawFigure(); };
  model.on("change:view", requestDraw);
  model.on("change:log", requestDraw);
  model.on("change:error", drawError);
  model.on("change:lang", redraw);
  model.on("change:figure", drawFigure);
  model.on("change:show_odds", drawFigure);
  model.on("change:can_undo", requestDraw);
  let lastWidth = 0;
  const resize = new ResizeObserver((entries) => {  // only a new width needs a new layout
    const width = Math.round(entries[entries.length - 1].contentRect.width);
    if (width === lastWidth) return;
    lastWidth = width;
    if (plotly && plotDiv.data) plotly.Plots.resize(plotDiv);
  });
  resize.observe(plotDiv);
  redraw();

  return () => {
    redrawing.destroy();
    client.destroy();
    resize.disconnect();
    model.off("change:view", requestDraw);
    model.off("change:log", requestDraw);
    model.off("change:error", drawError);
    model.off("change:lang", redraw);
    model.off("change:figure", drawFigure);
    model.off("change:show_odds", drawFigure);
    model.off("change:can_undo", requestDraw);
    if (plotly && plotDiv.data) plotly.purge(plotDiv);
  };
}

export default { render };
