// widgets/static/splendor.js: built by scripts/build_js.py (esbuild 0.28.2) from widgets/js/splendor/index.js; do not edit. sources-sha256: c35f2b57042da2133cdf456d196086727ebc337f702e888d6c8f32a535d457b1

// widgets/js/lib/dom.js
var SVG_NS = "http://www.w3.org/2000/svg";
function nodes(children) {
  const out = [];
  for (const child of children.flat(Infinity)) {
    if (child === null || child === void 0 || child === false) continue;
    out.push(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return out;
}
function append(node, children) {
  node.append(...nodes(children));
  return node;
}
function h(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === void 0 || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) if (v !== void 0 && v !== null) node.dataset[k] = String(v);
    } else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "style") node.setAttribute("style", value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  return append(node, children);
}
function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== void 0) node.setAttribute(k, String(v));
  return append(node, children);
}
function fill(node, ...children) {
  node.replaceChildren(...nodes(children));
  return node;
}
function markSvg(mark2) {
  if (!mark2) return null;
  return svg(
    "svg",
    { class: "tok-mark", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: mark2.path, fill: mark2.ink })
  );
}

// widgets/js/lib/motion.js
var REDUCED_MOTION_MIN_DELAY = 800;
function reducedMotion() {
  return Boolean(globalThis.matchMedia && globalThis.matchMedia("(prefers-reduced-motion: reduce)").matches);
}
function botDelay(delay) {
  const ms = Math.max(0, delay || 0);
  return reducedMotion() ? Math.max(ms, REDUCED_MOTION_MIN_DELAY) : ms;
}

// widgets/js/lib/refusal.js
var PRESSABLE = "button, input, select, summary, [role='button']";
var boards = 0;
function refusalNotes(root, { keyOf, say, prefix, row }) {
  const uid = `${prefix}-refusal-${++boards}`;
  const cls = `${prefix}-refusal`;
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
  const origin = /* @__PURE__ */ new Map();
  let at = null;
  let scrolled = null;
  let said = null;
  const words = (error, rule) => error.rule ? `${rule} ${error.rule}` : "";
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
      if (!at || error.n !== void 0 && at.n !== void 0 && error.n !== at.n) return null;
      const control = [...root.querySelectorAll(PRESSABLE)].find((n) => keyOf(n) === at.key);
      if (!control) return null;
      const note = h(
        "div",
        { class: cls, id: uid, dataset: { testid: "refusal", rule: error.rule || "" } },
        error.rule ? h("b", { class: `${cls}-rule` }, words(error, rule)) : null,
        error.rule ? " " : null,
        h("span", { class: `${cls}-text` }, error.text)
      );
      (row && row(control) || control).after(note);
      control.setAttribute("aria-describedby", uid);
      if (scrolled !== at.n) {
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
    }
  };
}

// widgets/js/lib/client.js
var SAID_KEPT = 6;
function boardClient(model, root, { live, keyOf, prefix, row, sent, replied, busy, holdStep }) {
  let lastId = 0;
  const waiting = /* @__PURE__ */ new Map();
  const pressed = /* @__PURE__ */ new Set();
  let stepFor = null;
  let stepTimer = null;
  let announced = null;
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
    }
  };
}

// widgets/js/lib/focus.js
var CONTROLS = "button, input, select, textarea, summary, a[href], [tabindex='0']";
function heldKey(scope, keyOf) {
  const el = document.activeElement;
  return el && el !== scope && scope.contains(el) ? keyOf(el) : null;
}
function focusHeld() {
  const now = document.activeElement;
  return Boolean(now && now !== document.body && now.isConnected);
}
function restoreFocus(scope, keys, keyOf, fallbacks = []) {
  if (focusHeld()) return document.activeElement;
  const controls = [...scope.querySelectorAll(CONTROLS)].filter((n) => !n.disabled && !n.closest("[hidden]"));
  let next = null;
  for (const key of keys) {
    if (key === null || key === void 0) continue;
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

// widgets/js/lib/redraw.js
function redrawScheduler(root, draw, onHold) {
  let queued = false;
  let pressed = false;
  let held = false;
  function schedule() {
    if (pressed) {
      if (!held && onHold) onHold();
      held = true;
      return;
    }
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      draw();
    });
  }
  const press = () => {
    pressed = true;
  };
  const release = () => {
    if (!pressed) return;
    pressed = false;
    setTimeout(() => {
      if (!held) return;
      held = false;
      schedule();
    }, 0);
  };
  root.addEventListener("pointerdown", press, true);
  window.addEventListener("pointerup", release, true);
  window.addEventListener("pointercancel", release, true);
  return {
    schedule,
    destroy() {
      root.removeEventListener("pointerdown", press, true);
      window.removeEventListener("pointerup", release, true);
      window.removeEventListener("pointercancel", release, true);
    }
  };
}

// widgets/js/lib/text.js
var IDEOGRAPH = /[\u3400-\u9fff\uf900-\ufaff]/;
var LATIN = /[A-Za-z0-9]/;
var ASCII_EDGE = /[!-~]/;
function fmt(template, values) {
  const text = String(template ?? "");
  return text.replace(/\{(\w+)\}/g, (whole, k, at) => {
    if (!(k in values)) return whole;
    const value = String(values[k]);
    if (!value) return value;
    const before = text[at - 1] ?? "";
    const after = text[at + whole.length] ?? "";
    const first = value[0];
    const last = value[value.length - 1];
    const lead = IDEOGRAPH.test(before) && ASCII_EDGE.test(first) || LATIN.test(before) && IDEOGRAPH.test(first);
    const tail = ASCII_EDGE.test(last) && IDEOGRAPH.test(after) || IDEOGRAPH.test(last) && LATIN.test(after);
    return (lead ? " " : "") + value + (tail ? " " : "");
  });
}
function pct(p, { digits = 0 } = {}) {
  if (p === null || p === void 0) return "";
  const unit = 10 ** -digits;
  if (p > 0 && p * 100 < unit / 2) return `<${unit}%`;
  if (p < 1 && p * 100 >= 100 - unit / 2) return `>${100 - unit}%`;
  return `${(Math.round(p * 10 ** (digits + 2)) / 10 ** digits).toFixed(digits)}%`;
}
function shares(ps) {
  const total = ps.reduce((a, p) => a + (p || 0), 0);
  if (ps.some((p) => p === null || p === void 0) || Math.abs(total - 1) > 1e-9) return ps.map((p) => pct(p));
  const whole = ps.map((p) => Math.floor(p * 100 + 1e-9));
  const order = ps.map((p, i) => [p * 100 - whole[i], i]).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  let left = 100 - whole.reduce((a, n) => a + n, 0);
  for (const [, i] of order) {
    if (left <= 0) break;
    whole[i] += 1;
    left -= 1;
  }
  return whole.map((n, i) => n === 0 && ps[i] > 0 ? "<1%" : n === 100 && ps[i] < 1 ? ">99%" : `${n}%`);
}

// widgets/js/splendor/timing.js
function marks() {
  const g = globalThis.__pokelab = globalThis.__pokelab || { marks: [] };
  return g.marks;
}
function mark(kind, extra) {
  const list = marks();
  list.push({ kind, t: performance.now(), ...extra });
  if (list.length > 2e3) list.splice(0, list.length - 2e3);
}

// widgets/js/splendor/coach/blocks.js
var range = (e) => `${pct(e.low)}–${pct(e.high)}`;
function oddsBlock(c, data, C) {
  const { seats, live, model } = c;
  const odds = data.odds;
  const status = odds.final ? C.final : odds.playouts >= odds.target ? fmt(C.playouts_done, { n: odds.playouts }) : fmt(C.computing, { n: odds.playouts, target: odds.target });
  const entries = odds.seats || data.names.map((name, seat) => ({ seat, name }));
  const shown = entries.some((e) => e.rate === void 0) ? entries.map(() => "…") : shares(entries.map((e) => e.rate));
  const players = (model.get("view") || {}).players || [];
  const rows = entries.map(
    (e, k) => h(
      "div",
      { class: `pk-odds-row ${e.seat === data.viewer ? "pk-odds-you" : ""}`, dataset: { seat: e.seat } },
      // "(you)" beside your seat, unless its name already says "You" (players.js does the same)
      h("span", { class: "pk-odds-name" }, e.name, e.seat === data.viewer && !(players[e.seat] || {}).named_you ? ` (${C.you})` : ""),
      h(
        "span",
        {
          class: "pk-odds-bar",
          role: "img",
          "aria-label": e.rate === void 0 ? fmt(C.pending_for, { name: e.name }) : fmt(C.chance_of, { name: e.name, p: shown[k], range: range(e) }),
          style: `--pk-seat: ${seats[e.seat % seats.length]}`
        },
        e.rate === void 0 ? null : [
          h("span", { class: "pk-odds-band", style: `left:${e.low * 100}%;width:${(e.high - e.low) * 100}%` }),
          h("span", { class: "pk-odds-fill", style: `width:${e.rate * 100}%` })
        ]
      ),
      h(
        "span",
        { class: "pk-odds-value", dataset: { rate: e.rate === void 0 ? "" : e.rate } },
        e.rate === void 0 ? "…" : `${shown[k]} (${range(e)})`
      )
    )
  );
  const mine = (odds.seats || []).findIndex((e) => e.seat === data.viewer);
  const me = mine < 0 ? null : odds.seats[mine];
  const done = odds.final || odds.playouts >= odds.target;
  if (me && done) {
    const text = fmt(C.announce, { p: shown[mine], range: range(me) });
    if (text !== c.said.text) {
      c.said.text = text;
      fill(live, h("p", {}, text));
    }
  }
  return h(
    "div",
    { class: "pk-odds", dataset: { testid: "odds", playouts: odds.playouts, revision: data.revision } },
    h("div", { class: "pk-coach-title" }, C.win_chances),
    rows,
    h("div", { class: "pk-coach-note", dataset: { testid: "odds-status" } }, status)
  );
}
function pointView(c, data, C) {
  const { model, send } = c;
  const pt = data.point;
  if (!pt) return null;
  const pos = pt.position;
  const who = pt.seat === null || pt.seat === void 0 ? C.end_of_game : data.names[pt.seat];
  const moves = pt.moves.join("; ") || C.no_move_yet;
  const colour = (c2) => (model.get("view").labels.colour || {})[c2] || c2;
  const rates = pt.rates ? shares(pt.rates) : null;
  return h(
    "div",
    { class: "pk-point-view", role: "region", "aria-label": fmt(C.position_of, { n: pt.index + 1 }), dataset: { testid: "point-view", index: pt.index } },
    h("div", { class: "pk-coach-title" }, fmt(C.position_of, { n: pt.index + 1 }), ` · ${fmt(C.round, { n: pt.round })}`, ` · ${C.read_only}`),
    h("div", {}, h("b", {}, `${who}: `), moves),
    rates ? h("div", { class: "pk-coach-note" }, data.names.map((name, s) => `${name} ${rates[s]}`).join(" · ")) : null,
    h("div", {}, h("b", {}, `${C.display}: `), pos.display.map((c2) => c2.name).join(", ") || "—"),
    h(
      "ul",
      { class: "pk-point-players" },
      pos.players.map(
        (p) => h(
          "li",
          {},
          h("b", {}, `${p.name} · ${fmt(C.points, { n: p.points })}`),
          " · ",
          Object.entries(p.tokens).filter(([, v]) => v).map(([c2, v]) => `${colour(c2)} ${v}`).join(", ") || C.no_tokens,
          p.captured.length ? ` · ${C.caught}: ${p.captured.join(", ")}` : "",
          p.reserved.length ? ` · ${C.reserved}: ${p.reserved.join(", ")}` : ""
        )
      )
    ),
    h("button", { class: "pk-btn pk-point-back", "data-key": "point-back", onclick: () => send({ type: "coach_point", index: null }) }, C.back)
  );
}
function cardsBlock(c, data, C) {
  const { uid } = c;
  if (!data.cards) return null;
  const turns = (r) => r.turns === 0 ? C.now : fmt(r.turns === 1 ? C.turn_one : C.turns_many, { n: r.turns });
  return h(
    "div",
    { class: "pk-card-odds", dataset: { testid: "card-odds" } },
    h("div", { class: "pk-coach-title", id: `pk-cards-title-${uid}` }, C.cards_title),
    h(
      "table",
      { class: "pk-odds-table", "aria-labelledby": `pk-cards-title-${uid}` },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, C.card), h("th", { scope: "col" }, C.where), h("th", { scope: "col" }, C.to_afford), h("th", { scope: "col" }, C.pts))),
      h(
        "tbody",
        {},
        data.cards.map(
          (r) => h(
            "tr",
            { dataset: { cardId: r.id, turns: r.turns } },
            h("th", { scope: "row" }, r.name),
            h("td", {}, r.where === "display" ? C.in_display : C.in_reserve),
            h("td", {}, turns(r), r.needs_master ? ` · ${C.needs_master}` : ""),
            h("td", {}, r.points)
          )
        )
      )
    ),
    h("div", { class: "pk-coach-title" }, C.needed_title),
    data.needed && data.needed.length ? h(
      "ul",
      { class: "pk-needed" },
      data.needed.map(
        (r) => h("li", { dataset: { cardId: r.id } }, fmt(C.needed_line, { card: r.name, base: r.from, p1: pct(r.within["1"]), p4: pct(r.within["4"]) }))
      )
    ) : h("div", { class: "pk-coach-note" }, C.needed_none),
    (data.threats || []).map((t) => h("div", { class: "pk-coach-note pk-threat" }, fmt(C.threat_line, { name: t.name, p: pct(t.next) })))
  );
}
function coachBlock(c, data, C, view) {
  const { send } = c;
  const myTurn = !view.over && !view.bot_to_move && Boolean(view.can_move);
  const sug = data.suggest;
  const parts = [
    h("div", { class: "pk-coach-title" }, C.coach_title),
    view.over ? null : h("button", { class: "pk-btn pk-primary pk-suggest", "data-key": "suggest", disabled: !myTurn || sug && sug.pending, onclick: () => send({ type: "coach_suggest" }) }, C.suggest)
  ];
  if (sug && sug.pending) parts.push(h("div", { class: "pk-coach-note", role: "status" }, C.thinking));
  if (sug && !sug.pending) {
    parts.push(
      sug.failed ? h("div", { class: "pk-coach-note" }, C.coach_failed) : h(
        "ol",
        { class: "pk-suggestions", dataset: { testid: "suggestions" }, "aria-label": C.suggestions },
        sug.items.map(
          (s, i) => h(
            "li",
            { class: "pk-suggestion", dataset: { action: s.text } },
            h("div", {}, h("b", {}, s.move), ` · ${fmt(C.wins, { p: pct(s.estimate.rate), range: range(s.estimate) })}`),
            h("div", { class: "pk-reason" }, s.reason),
            myTurn ? h("button", { class: "pk-btn pk-play-suggestion", "data-key": `play-${i}`, onclick: () => send({ type: "intent", action: { kind: "text", text: s.text } }) }, C.play_this) : null
          )
        )
      )
    );
  }
  if (view.over) {
    const rev = data.review;
    parts.push(
      h("button", { class: "pk-btn pk-primary pk-review", "data-key": "review", disabled: rev && rev.pending, onclick: () => send({ type: "coach_review" }) }, C.review)
    );
    if (rev && rev.pending) parts.push(h("div", { class: "pk-coach-note", role: "status" }, C.reviewing));
    if (rev && !rev.pending) parts.push(reviewList(c, data, rev, C));
  }
  return h("div", { class: "pk-coach-box", dataset: { testid: "coach-box" } }, parts);
}
function reviewList(c, data, rev, C) {
  const { send } = c;
  if (rev.failed) return h("div", { class: "pk-coach-note" }, C.coach_failed);
  const mistakes = rev.moves.filter((m) => m.mistake);
  return h(
    "div",
    { class: "pk-review-list", dataset: { testid: "review", mistakes: mistakes.length } },
    h("div", { class: "pk-coach-note" }, fmt(C.review_summary, { n: rev.moves.length, m: mistakes.length })),
    h(
      "ol",
      { "aria-label": C.mistakes },
      mistakes.map(
        (m) => h(
          "li",
          { class: "pk-review-move pk-mistake", dataset: { index: m.index, seat: m.seat } },
          h("b", { class: "pk-mistake-tag" }, `! ${C.mistake}`),
          " ",
          fmt(C.review_line, { who: data.names[m.seat], move: m.move, before: pct(m.before.rate), after: pct(m.after.rate) }),
          m.better ? h("div", { class: "pk-reason" }, fmt(C.better, { move: m.better.move, p: pct(m.better.estimate.rate) }), " — ", m.better.reason) : null,
          m.turn !== null && m.turn !== void 0 ? h("button", { class: "pk-btn pk-soft pk-review-show", "data-key": `review-${m.index}`, onclick: () => send({ type: "coach_point", index: m.turn }) }, C.show) : null
        )
      )
    )
  );
}

// widgets/js/splendor/coach/graph.js
var DASH = ["", "7 4", "2 3", "10 3 2 3"];
var SHAPE = ["circle", "square", "triangle", "diamond"];
function marker(shape, x, y, r, attrs) {
  if (shape === "square") return svg("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, ...attrs });
  if (shape === "triangle") return svg("path", { d: `M${x},${y - r * 1.2}L${x + r * 1.1},${y + r * 0.8}L${x - r * 1.1},${y + r * 0.8}Z`, ...attrs });
  if (shape === "diamond") return svg("path", { d: `M${x},${y - r * 1.3}L${x + r * 1.2},${y}L${x},${y + r * 1.3}L${x - r * 1.2},${y}Z`, ...attrs });
  return svg("circle", { cx: x, cy: y, r, ...attrs });
}
function graph(c, data, C) {
  const { send, seats, uid } = c;
  const line = data.line || [];
  const W = 320, H = 150, L0 = 34, R0 = 8, T0 = 8, B0 = 22;
  const n = line.length;
  const x = (i) => L0 + (n <= 1 ? 0 : i * (W - L0 - R0) / (n - 1));
  const y = (p) => T0 + (1 - p) * (H - T0 - B0);
  const mistakes = new Set((data.review && data.review.moves || []).filter((m) => m.mistake).map((m) => m.turn));
  const parts = [];
  for (const p of [0, 0.5, 1]) {
    parts.push(svg("line", { x1: L0, x2: W - R0, y1: y(p), y2: y(p), class: "pk-grid" }));
    parts.push(svg("text", { x: L0 - 4, y: y(p) + 4, "text-anchor": "end", class: "pk-axis" }, pct(p)));
  }
  const me = data.viewer;
  const known = line.filter((pt) => pt.rates);
  if (known.length > 1) {
    const upper = known.map((pt) => `${x(pt.index)},${y(pt.highs[me])}`);
    const lower = known.slice().reverse().map((pt) => `${x(pt.index)},${y(pt.lows[me])}`);
    parts.push(svg("polygon", { points: [...upper, ...lower].join(" "), class: "pk-band", style: `fill: ${seats[me % seats.length]}` }));
  }
  data.names.forEach((_, seat) => {
    const pts = known.map((pt) => `${x(pt.index)},${y(pt.rates[seat])}`);
    if (pts.length > 1) {
      parts.push(svg("polyline", { points: pts.join(" "), class: "pk-line", "stroke-dasharray": DASH[seat % DASH.length] || null, style: `stroke: ${seats[seat % seats.length]}` }));
    }
  });
  for (const pt of line) {
    const rate = pt.rates ? pt.rates[me] : null;
    const who = pt.seat === null || pt.seat === void 0 ? C.end_of_game : data.names[pt.seat];
    const moves = pt.moves.join("; ") || C.no_move_yet;
    const rates = pt.rates ? shares(pt.rates) : null;
    const chances = rates ? data.names.map((name, s) => `${name} ${rates[s]}`).join(", ") : C.pending;
    const label = fmt(C.point_label, { n: pt.index + 1, round: pt.round, who, moves, chances });
    const selected = data.point && data.point.index === pt.index;
    const g = svg(
      "g",
      {
        class: `pk-point ${selected ? "pk-point-selected" : ""} ${mistakes.has(pt.index) ? "pk-point-mistake" : ""}`,
        tabindex: "0",
        role: "button",
        "aria-label": label,
        "aria-pressed": selected ? "true" : "false",
        "data-index": pt.index,
        "data-key": `point-${pt.index}`
      },
      svg("title", {}, label),
      svg("rect", { x: x(pt.index) - 6, y: T0, width: 12, height: H - T0 - B0, class: "pk-point-hit" }),
      data.names.map(
        (_, s) => pt.rates ? marker(SHAPE[s % SHAPE.length], x(pt.index), y(pt.rates[s]), s === me ? 3.6 : 2.6, { class: "pk-mark", style: `fill: ${seats[s % seats.length]}` }) : null
      ),
      rate === null ? marker("circle", x(pt.index), y(0.5), 2, { class: "pk-mark-pending" }) : null,
      mistakes.has(pt.index) ? svg("text", { x: x(pt.index), y: H - 6, "text-anchor": "middle", class: "pk-mistake-mark" }, "!") : null
    );
    const open = () => send({ type: "coach_point", index: selected ? null : pt.index });
    g.addEventListener("click", open);
    g.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        open();
      }
    });
    parts.push(g);
  }
  const legend = h(
    "div",
    { class: "pk-legend" },
    data.names.map(
      (name, s) => h(
        "span",
        { class: "pk-legend-item" },
        svg(
          "svg",
          { width: 28, height: 12, viewBox: "0 0 28 12", "aria-hidden": "true" },
          svg("line", { x1: 1, x2: 27, y1: 6, y2: 6, class: "pk-line", "stroke-dasharray": DASH[s % DASH.length] || null, style: `stroke: ${seats[s % seats.length]}` }),
          marker(SHAPE[s % SHAPE.length], 14, 6, 3.4, { style: `fill: ${seats[s % seats.length]}` })
        ),
        name
      )
    ),
    mistakes.size ? h("span", { class: "pk-legend-item" }, h("b", { class: "pk-mistake-key" }, "!"), " ", C.mistake) : null
  );
  return h(
    "div",
    { class: "pk-graph", dataset: { testid: "graph", points: n } },
    h("div", { class: "pk-coach-title", id: `pk-graph-title-${uid}` }, C.line_title),
    n ? svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "pk-graph-svg", role: "group", "aria-labelledby": `pk-graph-title-${uid}` }, parts) : h("div", { class: "pk-coach-note" }, C.line_empty),
    n ? legend : null,
    n ? h("div", { class: "pk-coach-note" }, C.line_hint) : null
  );
}

// widgets/js/splendor/coach/index.js
function mountCoach({ model, send, seats }) {
  const node = h("section", { class: "pk-section pk-coach", dataset: { testid: "coach" } });
  const live = h("div", { class: "pk-sr-only", role: "status", "aria-live": "polite", dataset: { testid: "coach-live" } });
  const uid = Math.random().toString(36).slice(2, 8);
  const c = { model, send, seats, uid, live, said: { text: "" } };
  const keyOf = (n) => n.getAttribute && n.getAttribute("data-key") || null;
  let drawn = { data: null, view: null, lang: null };
  function draw() {
    const started = performance.now();
    const data = model.get("coach") || {};
    const view = model.get("view") || {};
    if (drawn.data === data && drawn.view === view && drawn.lang === model.get("lang") && node.isConnected) return;
    drawn = { data, view, lang: model.get("lang") };
    const L = view.labels;
    const C = L && L.coach;
    if (!C || !data.odds_on && !data.coach_on) {
      node.hidden = true;
      node.replaceChildren();
      return;
    }
    const lang = model.get("lang");
    node.hidden = false;
    node.setAttribute("aria-label", C.panel);
    node.setAttribute("lang", lang === "zh" ? "zh-CN" : lang);
    const blocks = [
      data.odds_on && data.odds ? oddsBlock(c, data, C) : null,
      data.coach_on ? coachBlock(c, data, C, view) : null,
      data.odds_on ? graph(c, data, C) : null,
      data.odds_on ? pointView(c, data, C) : null,
      data.odds_on && !data.over ? cardsBlock(c, data, C) : null,
      live
    ];
    const key = heldKey(node, keyOf);
    fill(node, blocks);
    if (key !== null) restoreFocus(node, [key], keyOf);
    mark("coach-render", { revision: data.revision, dt: performance.now() - started });
  }
  let pending = false;
  function later() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(
      () => setTimeout(() => {
        pending = false;
        draw();
      }, 0)
    );
  }
  model.on("change:coach", later);
  draw();
  return {
    node,
    draw: later,
    destroy: () => {
      model.off("change:coach", later);
    }
  };
}

// widgets/js/splendor/pieces.js
var SEATS = ["#ff7043", "#42a5f5", "#66bb6a", "#ab47bc"];
var MARKS = {};
var NAMES = {};
function setColours(marks2, names) {
  MARKS = marks2 || MARKS;
  NAMES = names || NAMES;
}
function colourMark(colour) {
  return markSvg(MARKS[colour]);
}
function ball(colour, text, extra) {
  const shown = text === void 0 || text === "" ? "" : String(text);
  const name = NAMES[colour] || colour;
  const props = Object.assign(
    {
      class: `pk-ball pk-${colour}${shown ? " pk-has-text" : ""}`,
      dataset: { colour, symbol: (MARKS[colour] || {}).symbol || "" },
      role: "img",
      "aria-label": shown ? `${name} ${shown}` : name
    },
    extra || {}
  );
  if (extra && extra.class) props.class = `pk-ball pk-${colour}${shown ? " pk-has-text" : ""} ${extra.class}`;
  return h("span", props, shown, colourMark(colour));
}
var STATE_CLASSES = /* @__PURE__ */ new Set(["pk-btn", "pk-primary", "pk-soft", "pk-selected", "pk-affordable", "pk-clickable", "pk-empty"]);
function focusKey(node) {
  if (!node || !node.classList) return null;
  const named = node.getAttribute && node.getAttribute("data-key");
  if (named) return `key|${named}`;
  const cls = [...node.classList].filter((c) => !STATE_CLASSES.has(c) && !/^pk-(d|tier)-/.test(c)).join(".");
  const data = Object.entries(node.dataset || {}).filter(([k]) => k !== "count" && k !== "affordable");
  return `${node.tagName}|${cls}|${data.map(([k, v]) => `${k}=${v}`).join(",")}`;
}
function pressable(action) {
  return (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      action();
    }
  };
}
function cardName(card, lang) {
  return card.name;
}
function costBalls(card, L, useEffective) {
  const out = [];
  for (const colour of Object.keys(card.cost)) {
    const full = card.cost[colour];
    if (!full) continue;
    const eff = useEffective && card.effective_cost ? card.effective_cost[colour] : full;
    const cls = eff < full ? eff === 0 ? "pk-cost-free" : "pk-cost-cut" : "";
    out.push(
      h(
        "span",
        { class: `pk-cost-item ${cls}`, title: `${L.colour[colour]} ${eff}/${full}` },
        ball(colour, eff),
        eff < full ? h("s", { class: "pk-cost-was" }, full) : null
      )
    );
  }
  if (!out.length) out.push(h("span", { class: "pk-cost-none" }, L.free));
  return out;
}
function paymentBalls(payment, colours, L) {
  const out = colours.filter((colour) => payment[colour]).map(
    (colour) => h(
      "span",
      { class: "pk-cost-item pk-pay-item", dataset: { colour, count: payment[colour] }, title: `${L.colour[colour]} ${payment[colour]}` },
      ball(colour, payment[colour])
    )
  );
  if (!out.length) out.push(h("span", { class: "pk-cost-none" }, L.free));
  return out;
}
function cardView(b, card, L, lang, opts) {
  const { ui } = b;
  const o = opts || {};
  const classes = [
    "pk-card",
    `pk-d-${card.discount || "none"}`,
    `pk-tier-${card.tier}`,
    o.small ? "pk-card-small" : "",
    card.can_catch ? "pk-affordable" : "",
    ui.selected === card.id && !o.small ? "pk-selected" : "",
    o.onclick ? "pk-clickable" : ""
  ];
  const badge = card.tier === "legendary" ? "★★" : card.tier === "rare" ? "★" : "";
  const fromName = card.from_name || null;
  return h(
    "div",
    {
      class: classes.filter(Boolean).join(" "),
      dataset: { cardId: card.id, tier: card.tier, affordable: card.can_catch ? "true" : "false" },
      title: `${cardName(card, lang)} · ${L.tier[card.tier]} · ${L.stage[String(card.stage)]}`,
      onclick: o.onclick,
      role: o.onclick ? "button" : null,
      tabindex: o.onclick ? "0" : null,
      "aria-pressed": o.onclick ? String(ui.selected === card.id) : null,
      onkeydown: o.onclick ? pressable(o.onclick) : null
    },
    h(
      "div",
      { class: "pk-card-top" },
      h("span", { class: `pk-points ${card.points ? "" : "pk-points-zero"}` }, card.points || ""),
      badge ? h("span", { class: "pk-tier-badge" }, badge) : null,
      card.discount ? ball(card.discount, "", { class: "pk-gem", title: `+1 ${L.colour[card.discount]}` }) : null
    ),
    h("div", { class: "pk-card-name" }, cardName(card, lang)),
    o.small ? null : h(
      "div",
      { class: "pk-card-sub" },
      `#${card.id} · ${L.stage[String(card.stage)]}`,
      card.tier !== "normal" ? ` · ${L.tier[card.tier]}` : ""
    ),
    !o.small && fromName ? h("div", { class: "pk-card-from" }, `← ${fromName}`) : null,
    o.small && !o.showCost ? null : h("div", { class: "pk-cost" }, costBalls(card, L, true))
  );
}

// widgets/js/splendor/centre.js
function toggleSelect(b, id) {
  const { ui, schedule } = b;
  ui.selected = ui.selected === id ? null : id;
  schedule();
}
function displayRow(b, view, L, lang) {
  const deck = h(
    "div",
    { class: "pk-deck", title: L.deck },
    h("div", { class: "pk-deck-label" }, L.deck),
    h("div", { class: "pk-deck-count", dataset: { count: view.deck_size } }, view.deck_size),
    h("div", { class: "pk-deck-sub" }, view.deck_text)
  );
  return h(
    "section",
    { class: "pk-section pk-display-section" },
    h("div", { class: "pk-section-title" }, L.display),
    h(
      "div",
      { class: "pk-display" },
      deck,
      view.display.map((c) => cardView(b, c, L, lang, { onclick: () => toggleSelect(b, c.id) }))
    )
  );
}
function findSelected(b, view) {
  const { ui } = b;
  if (ui.selected === null) return null;
  const inDisplay = view.display.find((c) => c.id === ui.selected);
  if (inDisplay) return { card: inDisplay, where: "display" };
  const mine = view.players[view.viewer].reserved.find((c) => c.id === ui.selected);
  return mine ? { card: mine, where: "reserve" } : null;
}
function selectedPanel(b, view, L, lang, myTurn) {
  const { intent } = b;
  const found = findSelected(b, view);
  if (!found) return null;
  const { card, where } = found;
  const me = view.players[view.viewer];
  const nameOf = (id) => {
    const c = me.captured.find((x) => x.id === id);
    return c ? cardName(c, lang) : `#${id}`;
  };
  const buttons = [];
  if (card.can_catch) {
    buttons.push(
      h(
        "button",
        { class: "pk-btn pk-catch pk-primary", disabled: !myTurn, onclick: () => intent({ kind: "catch", card: card.id }) },
        L.catch
      )
    );
  }
  if (where === "display" && card.can_reserve) {
    buttons.push(
      h(
        "button",
        { class: "pk-btn pk-reserve", disabled: !myTurn, onclick: () => intent({ kind: "reserve", card: card.id }) },
        L.reserve
      )
    );
  }
  for (const base of card.evolve_from || []) {
    buttons.push(
      h(
        "button",
        {
          class: "pk-btn pk-evolve pk-primary",
          disabled: !myTurn,
          dataset: { base },
          onclick: () => intent({ kind: "evolve", base, into: card.id })
        },
        fmt(L.evolve_from, { base: nameOf(base), into: cardName(card, lang) })
      )
    );
  }
  const close = (event) => {
    const board = event.currentTarget.closest(".pk-board");
    const opener = board && board.querySelector(`.pk-card.pk-clickable[data-card-id="${card.id}"]`);
    b.ui.focusBack = opener ? focusKey(opener) : null;
    toggleSelect(b, card.id);
  };
  buttons.push(h("button", { class: "pk-btn pk-close", onclick: close }, L.close));
  let note = card.can_catch ? L.affordable : L.not_affordable;
  if (card.tier !== "normal") note += ` · ${L.rare_needs_master}`;
  return h(
    "section",
    { class: "pk-section pk-selected-panel", dataset: { cardId: card.id } },
    h(
      "div",
      { class: "pk-selected-head" },
      h("span", { class: "pk-selected-name" }, cardName(card, lang)),
      h("span", { class: "pk-selected-note" }, note)
    ),
    // "You pay" shows the engine's own payment (card.payment, the rule a catch pays by: regular
    // tokens first, Master Balls for the rest and for SP-A5); a card out of reach shows its cost.
    card.payment ? h(
      "div",
      { class: "pk-selected-cost pk-selected-payment" },
      h("span", { class: "pk-label" }, L.you_pay),
      paymentBalls(card.payment, view.token_colours, L)
    ) : h("div", { class: "pk-selected-cost" }, h("span", { class: "pk-label" }, L.cost), costBalls(card, L, true)),
    h("div", { class: "pk-buttons" }, buttons)
  );
}
function supplyRow(b, view, L, myTurn) {
  const { ui, intent, schedule } = b;
  const picking = myTurn && view.phase === "main";
  const balls = view.token_colours.map((colour) => {
    const count = view.supply[colour];
    return h(
      "button",
      {
        class: `pk-supply-token ${count ? "" : "pk-empty"}`,
        dataset: { colour, count },
        title: L.colour[colour],
        disabled: !picking,
        onclick: () => {
          if (ui.picks.length >= 3) return;
          ui.picks.push(colour);
          schedule();
        }
      },
      ball(colour, count),
      h("span", { class: "pk-token-name" }, L.colour[colour])
    );
  });
  const tray = h(
    "div",
    { class: "pk-tray" },
    h("span", { class: "pk-label" }, L.picked),
    h(
      "span",
      { class: "pk-picks" },
      ui.picks.length ? ui.picks.map(
        (colour, i) => h(
          "button",
          {
            class: "pk-pick",
            dataset: { colour },
            onclick: () => {
              ui.picks.splice(i, 1);
              schedule();
            }
          },
          ball(colour, "")
        )
      ) : h("span", { class: "pk-muted" }, L.none)
    ),
    h(
      "button",
      {
        class: "pk-btn pk-primary pk-take",
        disabled: !picking || !ui.picks.length,
        onclick: () => intent({ kind: "take", colours: ui.picks.slice() })
      },
      L.take
    ),
    h(
      "button",
      {
        class: "pk-btn pk-clear",
        disabled: !ui.picks.length,
        onclick: () => {
          ui.picks = [];
          schedule();
        }
      },
      L.clear
    )
  );
  return h(
    "section",
    { class: "pk-section pk-supply-section" },
    h("div", { class: "pk-section-title" }, L.supply),
    h("div", { class: "pk-supply" }, balls),
    picking ? tray : null
  );
}
function phasePanel(b, view, L, lang, me, myTurn) {
  const { ui, intent, schedule } = b;
  if (!myTurn) return null;
  const parts = [];
  if (view.phase === "return") {
    const chosen = Object.values(ui.returning).reduce((a, b2) => a + b2, 0);
    parts.push(
      h("div", { class: "pk-label" }, fmt(L.return_hint, { n: view.must_return })),
      h(
        "div",
        { class: "pk-return-choices" },
        view.token_colours.filter((c) => me.tokens[c] > 0).map(
          (colour) => h(
            "button",
            {
              class: "pk-return-token",
              dataset: { colour },
              onclick: () => {
                const n = ui.returning[colour] || 0;
                if (n < me.tokens[colour] && chosen < view.must_return) {
                  ui.returning[colour] = n + 1;
                  schedule();
                }
              }
            },
            ball(colour, me.tokens[colour] - (ui.returning[colour] || 0))
          )
        )
      ),
      h(
        "div",
        { class: "pk-tray" },
        h("span", { class: "pk-label" }, `${L.return}: ${chosen}/${view.must_return}`),
        Object.entries(ui.returning).flatMap(
          ([colour, n]) => Array.from(
            { length: n },
            () => h(
              "button",
              {
                class: "pk-pick",
                dataset: { colour },
                onclick: () => {
                  ui.returning[colour] -= 1;
                  if (!ui.returning[colour]) delete ui.returning[colour];
                  schedule();
                }
              },
              ball(colour, "")
            )
          )
        ),
        h(
          "button",
          {
            class: "pk-btn pk-primary pk-return",
            disabled: !chosen,
            onclick: () => intent({ kind: "return", tokens: { ...ui.returning } })
          },
          L.return
        )
      )
    );
  }
  if (view.phase === "after_main" && view.moves.evolve.length) {
    parts.push(
      h(
        "div",
        { class: "pk-buttons" },
        view.moves.evolve.map(([base, into]) => {
          const b2 = me.captured.find((c) => c.id === base);
          const target = view.display.find((c) => c.id === into) || me.reserved.find((c) => c.id === into);
          return h(
            "button",
            {
              class: "pk-btn pk-evolve",
              dataset: { base, into },
              onclick: () => intent({ kind: "evolve", base, into })
            },
            fmt(L.evolve_from, {
              base: b2 ? cardName(b2, lang) : `#${base}`,
              into: target ? cardName(target, lang) : `#${into}`
            })
          );
        })
      )
    );
  }
  const buttons = [];
  if (view.moves.end_turn) {
    buttons.push(
      h("button", { class: "pk-btn pk-primary pk-end-turn", onclick: () => intent({ kind: "end_turn" }) }, L.end_turn)
    );
  }
  if (view.moves.pass) {
    buttons.push(h("button", { class: "pk-btn pk-pass", onclick: () => intent({ kind: "pass" }) }, L.pass));
  }
  if (buttons.length) parts.push(h("div", { class: "pk-buttons" }, buttons));
  return parts.length ? h("section", { class: "pk-section pk-phase-panel" }, parts) : null;
}

// widgets/js/splendor/header.js
function header(b, view, L, lang) {
  const { model, ui, send } = b;
  let status;
  if (view.over) {
    status = view.result_text;
  } else if (view.bot_failure) {
    status = L.bot_failed;
  } else if (view.bot_to_move) {
    status = fmt(L.thinking, { name: view.players[view.to_move].name });
  } else if (view.table ? view.to_move === view.human : (view.humans || []).length > 1) {
    status = view.table ? L.your_turn : fmt(L.turn_of_seat, { name: view.players[view.to_move].name, seat: view.to_move + 1 });
  } else if (view.table) {
    status = fmt(L.table_waiting, { name: view.players[view.to_move].name, seat: view.to_move + 1 });
  } else if (view.to_move === view.human || view.seats.filter((s) => !s.bot).length === 1) {
    status = L.your_turn;
  } else {
    status = fmt(L.turn_of, { name: view.players[view.to_move].name });
  }
  const seedValue = ui.seedDraft !== null ? ui.seedDraft : String(model.get("seed"));
  return h(
    "div",
    { class: "pk-header" },
    h("div", { class: "pk-title" }, L.title),
    h(
      "div",
      { class: "pk-round" },
      fmt(L.round, { n: view.round }),
      view.ending && !view.over ? h("span", { class: "pk-last-round" }, L.last_round) : null
    ),
    h(
      "div",
      {
        class: `pk-status ${view.over ? "pk-status-over" : view.bot_to_move ? "pk-status-bot" : "pk-status-you"}`
      },
      status
    ),
    h(
      "div",
      { class: "pk-controls" },
      h(
        "button",
        {
          class: "pk-btn pk-undo",
          disabled: !model.get("can_undo"),
          onclick: () => send({ type: "undo" })
        },
        "↶ " + L.undo
      ),
      h(
        "label",
        { class: "pk-seed", style: view.table ? "display:none" : null },
        L.seed,
        h("input", {
          class: "pk-seed-input",
          type: "number",
          min: "0",
          value: seedValue,
          oninput: (e) => {
            ui.seedDraft = e.target.value;
          }
        })
      ),
      h(
        "button",
        {
          class: "pk-btn pk-new-game",
          hidden: Boolean(view.table),
          onclick: () => {
            const draft = ui.seedDraft;
            ui.seedDraft = null;
            const n = Number(draft);
            const msg = { type: "new_game" };
            if (draft !== null && draft !== "" && Number.isInteger(n) && n !== model.get("seed")) {
              msg.seed = n;
            }
            send(msg);
          }
        },
        L.new_game
      ),
      h(
        "button",
        {
          class: "pk-btn pk-lang",
          onclick: () => send({ type: "set_lang", lang: L.lang_next })
        },
        L.lang_switch
      )
    )
  );
}
function tablePanel(b, view, L) {
  const { send } = b;
  const t = view.table;
  if (!t) return null;
  const u = t.pending_undo;
  const rows = [
    h("p", { class: "pk-table-id", dataset: { testid: "table-code" } }, fmt(L.table_code, { code: t.code }), " · ", fmt(L.table_seat, { seat: t.seat + 1, name: view.players[t.seat].name })),
    t.token ? h("p", { class: "pk-table-token", dataset: { testid: "table-token" } }, fmt(L.table_token, { token: t.token })) : null
    // none on a hub
  ];
  if (u && u.asked_by !== t.seat && u.waiting.includes(t.seat)) {
    rows.push(h(
      "p",
      { role: "alert" },
      fmt(L.table_undo_asked, { name: view.players[u.asked_by].name }),
      h("button", { class: "pk-btn pk-primary", dataset: { testid: "undo-yes" }, onclick: () => send({ type: "undo_answer", yes: true }) }, L.table_undo_yes),
      h("button", { class: "pk-btn", dataset: { testid: "undo-no" }, onclick: () => send({ type: "undo_answer", yes: false }) }, L.table_undo_no)
    ));
  } else if (u) {
    rows.push(h("p", {}, L.table_undo_waiting));
  }
  for (const seat of t.idle || []) {
    rows.push(h(
      "button",
      { class: "pk-btn", dataset: { testid: `to-bot-${seat}` }, onclick: () => send({ type: "hand_to_bot", seat }) },
      fmt(L.table_to_bot, { seat: seat + 1, name: view.players[seat].name })
    ));
  }
  return h("div", { class: "pk-message pk-table-info", dataset: { testid: "table" } }, rows);
}
function messageBar(b, view, L, lang) {
  const { model, send } = b;
  const error = model.get("error") || {};
  if (error.text) {
    return h(
      "div",
      // (no role "alert": redrawn with the board, it would be read again; ../lib/refusal.js reads each refusal once)
      { class: "pk-message pk-error", dataset: { rule: error.rule || "" } },
      error.rule ? h("span", { class: "pk-rule" }, `${L.rule} ${error.rule}`) : h("span", { class: "pk-rule" }, L.problem),
      h("span", { class: "pk-reason" }, error.text),
      view.bot_failure ? h("button", { class: "pk-btn pk-retry", onclick: () => send({ type: "retry" }) }, L.retry) : null
    );
  }
  let hint = fmt(L.goal, { n: view.end_points });
  if (!view.over && !view.bot_to_move) {
    if (view.phase === "after_main") hint = L.after_main;
    else if (view.phase === "return") hint = fmt(L.return_hint, { n: view.must_return });
    else hint = L.pick_hint;
  }
  return h("div", { class: "pk-message pk-hint" }, hint);
}

// widgets/js/splendor/players.js
function playerPanel(b, view, p, L, lang) {
  const seat = view.seats[p.index];
  const classes = ["pk-player", p.is_current && !view.over ? "pk-current" : "", p.is_you ? "pk-you" : ""];
  const winner = view.over && view.result && view.result.winners.includes(p.index);
  return h(
    "div",
    {
      class: classes.filter(Boolean).join(" "),
      dataset: { seat: p.index, points: p.points, tokens: p.token_count },
      style: `--pk-seat: ${SEATS[p.index % SEATS.length]}`
    },
    h(
      "div",
      { class: "pk-player-head" },
      h("span", { class: "pk-player-name" }, p.name),
      seat.bot ? h("span", { class: "pk-tag" }, `${L.bot} · ${seat.bot_title}`) : view.table ? p.index === view.human ? h("span", { class: "pk-tag pk-tag-you" }, L.you) : null : p.named_you ? null : (view.humans || []).length > 1 ? null : h("span", { class: "pk-tag pk-tag-you" }, L.you),
      winner ? h("span", { class: "pk-crown" }, L.won_badge) : null,
      h(
        "span",
        { class: "pk-player-points", dataset: { points: p.points } },
        p.points,
        h("small", {}, ` / ${view.end_points} ${L.points}`)
      )
    ),
    h(
      "div",
      { class: "pk-row" },
      h(
        "span",
        { class: `pk-label ${p.token_count > view.token_limit ? "pk-over-limit" : ""}` },
        `${L.tokens} ${p.token_count}/${view.token_limit}`
      ),
      h(
        "span",
        { class: "pk-holdings" },
        view.token_colours.map(
          (colour) => ball(colour, p.tokens[colour], {
            class: p.tokens[colour] ? "pk-small" : "pk-small pk-zero",
            dataset: { colour, count: p.tokens[colour] },
            title: L.colour[colour]
          })
        )
      )
    ),
    h(
      "div",
      { class: "pk-row" },
      h("span", { class: "pk-label" }, L.discounts),
      h(
        "span",
        { class: "pk-holdings" },
        view.colours.map(
          (colour) => h(
            "span",
            {
              class: `pk-discount pk-${colour} ${p.discounts[colour] ? "" : "pk-zero"}`,
              dataset: { colour, count: p.discounts[colour] },
              title: `${L.discounts}: ${L.colour[colour]}`,
              role: "img",
              "aria-label": `${L.discounts}: ${L.colour[colour]} ${p.discounts[colour]}`
            },
            p.discounts[colour],
            colourMark(colour)
          )
        )
      )
    ),
    h(
      "div",
      { class: "pk-row pk-row-cards" },
      h("span", { class: "pk-label" }, `${L.captured} ${p.captured.length}`),
      h(
        "span",
        { class: "pk-mini-cards pk-captured" },
        p.captured.length ? p.captured.map((c) => cardView(b, c, L, lang, { small: true })) : h("span", { class: "pk-muted" }, L.none)
      )
    ),
    h(
      "div",
      { class: "pk-row pk-row-cards" },
      h("span", { class: "pk-label" }, `${L.reserved} ${p.reserved.length}/3`),
      h(
        "span",
        { class: "pk-mini-cards pk-reserved" },
        p.reserved.length ? p.reserved.map(
          (c) => cardView(b, c, L, lang, {
            small: true,
            showCost: true,
            onclick: p.index === view.viewer ? () => toggleSelect(b, c.id) : null
          })
        ) : h("span", { class: "pk-muted" }, L.none)
      )
    )
  );
}
var entryKey = (e) => e ? `${e.seat}|${e.text}` : "";
function logEntry(e, lang) {
  return h(
    "li",
    { class: `pk-log-entry ${e.bot ? "pk-log-bot" : ""}`, dataset: { seat: e.seat } },
    h("span", { class: "pk-log-who", style: `border-left: 4px solid ${SEATS[e.seat % SEATS.length]}` }, e.who),
    " ",
    e.text
  );
}
function logPanel(b, view, L, lang) {
  const { model } = b;
  const entries = model.get("log") || [];
  if (!b.logBox.section) {
    b.logBox.title = h("div", { class: "pk-section-title" });
    b.logBox.list = h("ol", { class: "pk-log-list", tabindex: "0" });
    b.logBox.section = h("section", { class: "pk-section pk-log" }, b.logBox.title, b.logBox.list);
  }
  const list = b.logBox.list;
  const atBottom = b.logBox.shown === 0 || list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  const sameStart = b.logBox.shown > 0 && entryKey(entries[b.logBox.shown - 1]) === b.logBox.last;
  if (b.logBox.lang !== lang || entries.length < b.logBox.shown || !sameStart) {
    fill(list, entries.map((e) => logEntry(e, lang)));
    if (!entries.length) fill(list, h("li", { class: "pk-muted" }, L.no_moves));
  } else {
    for (const e of entries.slice(b.logBox.shown)) list.append(logEntry(e, lang));
  }
  if (entries.length !== b.logBox.shown && atBottom) b.logBox.scroll = true;
  b.logBox.shown = entries.length;
  b.logBox.last = entryKey(entries[entries.length - 1]);
  b.logBox.lang = lang;
  b.logBox.title.textContent = `${L.log} (${entries.length})`;
  b.logBox.list.setAttribute("aria-label", L.log);
  return b.logBox.section;
}

// widgets/js/splendor/index.js
function positionKey(view) {
  const me = view.players[view.viewer] || {};
  const ids = (cards) => (cards || []).map((c) => c.id);
  return JSON.stringify([
    view.to_move,
    view.current_player,
    view.phase,
    view.round,
    view.over,
    view.supply,
    ids(view.display),
    me.tokens,
    ids(me.captured),
    ids(me.reserved),
    view.can_move
  ]);
}
function render({ model, el }) {
  const root = h("div", { class: "pk-board pk-splendor", tabindex: "-1", "data-lm-suppress-shortcuts": "true" });
  const live = h("div", { class: "pk-sr-only", role: "status", "aria-live": "polite", dataset: { testid: "live" } });
  el.appendChild(root);
  el.appendChild(live);
  const redraw = redrawScheduler(root, () => draw(), () => mark("held", { revision: model.get("revision") }));
  const schedule = redraw.schedule;
  const client = boardClient(model, root, {
    live,
    keyOf: focusKey,
    prefix: "pk",
    row: (c) => c.closest(".pk-tray, .pk-buttons, .pk-supply, .pk-display, .pk-controls, .pk-return-choices"),
    sent: (msg) => mark(msg.type === "step" ? "step" : "send", { type: msg.type, revision: model.get("revision") }),
    replied: (msg) => {
      mark("reply", { id: msg.id, ok: msg.ok, kernel_ms: msg.kernel_ms });
      if (!msg.ok) schedule();
    }
  });
  const { send, intent } = client;
  const coach = mountCoach({ model, send, seats: SEATS });
  const ui = {
    picks: [],
    selected: null,
    // card id
    selectedWhere: null,
    // where that card was when its panel was drawn: "display" or "reserve"
    focusBack: null,
    // the focus key of the control to focus when the focused one goes (a panel's card)
    returning: {},
    seedDraft: null,
    revision: -1,
    position: null
  };
  const b = { model, ui, send, intent, schedule, logBox: { section: null, title: null, list: null, shown: 0, last: "", lang: null, scroll: false } };
  const logBox = b.logBox;
  const events = ["change:view", "change:error", "change:log", "change:lang", "change:can_undo"];
  for (const ev of events) model.on(ev, schedule);
  function draw() {
    const started = performance.now();
    const view = model.get("view") || {};
    const L = view.labels;
    if (!L) return;
    const lang = model.get("lang");
    setColours(view.marks, L.colour);
    const activeKey = heldKey(root, focusKey);
    if (view.revision !== ui.revision) {
      ui.revision = view.revision;
      const position = positionKey(view);
      if (position !== ui.position) {
        ui.position = position;
        ui.picks = [];
        ui.returning = {};
      }
      const now = findSelected(b, view);
      if (!now || ui.selectedWhere !== null && now.where !== ui.selectedWhere) ui.selected = null;
    }
    ui.selectedWhere = ui.selected === null ? null : (findSelected(b, view) || {}).where ?? null;
    const me = view.players[view.viewer];
    const myTurn = !view.over && !view.bot_to_move && view.can_move;
    root.setAttribute("lang", lang === "zh" ? "zh-CN" : lang);
    Object.assign(root.dataset, {
      revision: view.revision,
      toMove: view.to_move === null ? "" : view.to_move,
      human: view.human,
      viewer: view.viewer,
      phase: view.over ? "over" : view.phase,
      over: view.over ? "true" : "false",
      lang,
      myTurn: myTurn ? "true" : "false"
    });
    fill(
      root,
      header(b, view, L, lang),
      messageBar(b, view, L, lang),
      tablePanel(b, view, L),
      h(
        "div",
        { class: "pk-table" },
        h(
          "div",
          { class: "pk-centre" },
          displayRow(b, view, L, lang, myTurn),
          selectedPanel(b, view, L, lang, myTurn),
          supplyRow(b, view, L, myTurn),
          phasePanel(b, view, L, lang, me, myTurn)
        ),
        h("div", { class: "pk-side" }, logPanel(b, view, L, lang))
      ),
      h(
        "div",
        { class: "pk-lower" },
        h("div", { class: "pk-players" }, view.players.map((p) => playerPanel(b, view, p, L, lang))),
        coach.node
      )
    );
    coach.draw();
    client.place(model.get("error"), L.rule);
    if (activeKey !== null) {
      restoreFocus(root, [activeKey, ui.focusBack], focusKey, [".pk-primary", ".pk-supply-token"]);
    }
    ui.focusBack = null;
    for (const e of client.fresh()) client.say(fmt(L.announce, { who: e.who, text: e.text }));
    if (((view.humans || []).length > 1 || view.table) && !view.over && ui.turnSaid !== view.to_move) {
      ui.turnSaid = view.to_move;
      client.say(fmt(L.turn_of_seat, { name: view.players[view.to_move].name, seat: view.to_move + 1 }));
    }
    const revision = view.revision;
    mark("render", { revision, dt: performance.now() - started });
    requestAnimationFrame(() => {
      if (logBox.scroll) {
        logBox.scroll = false;
        logBox.list.scrollTop = logBox.list.scrollHeight;
      }
      mark("paint", { revision });
    });
    client.step(view);
  }
  draw();
  return () => {
    redraw.destroy();
    client.destroy();
    for (const ev of events) model.off(ev, schedule);
    coach.destroy();
  };
}
var index_default = { render };
export {
  index_default as default
};
