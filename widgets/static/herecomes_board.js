// widgets/static/herecomes_board.js: built by scripts/build_js.py (esbuild 0.28.2) from widgets/js/herecomes/index.js; do not edit. sources-sha256: 99ac9bde83d74083bc5aa16defb21061ecec804096c11583960c952cf7d58ad8

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
function markSvg(mark) {
  if (!mark) return null;
  return svg(
    "svg",
    { class: "tok-mark", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: mark.path, fill: mark.ink })
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

// widgets/js/lib/plotly.js
function loadPlotly(model) {
  if (globalThis.Plotly) return Promise.resolve(globalThis.Plotly);
  if (!globalThis.__pokelabPlotly) {
    globalThis.__pokelabPlotly = new Promise((resolve, reject) => {
      const onMsg = (msg, buffers) => {
        if (!msg || msg.type !== "plotly_js") return;
        model.off("msg:custom", onMsg);
        try {
          const buf = buffers && buffers[0];
          const bytes = buf instanceof DataView ? new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) : new Uint8Array(buf.buffer ? buf.buffer : buf);
          const source = new TextDecoder().decode(bytes);
          const module = { exports: {} };
          new Function("module", "exports", source)(module, module.exports);
          resolve(globalThis.Plotly || module.exports);
        } catch (err) {
          globalThis.__pokelabPlotly = null;
          reject(err);
        }
      };
      model.on("msg:custom", onMsg);
      model.send({ type: "plotly_js" });
    });
  }
  return globalThis.__pokelabPlotly;
}
function plotlyLoader(model, { ready, failed }) {
  let plotly = null;
  let asked = false;
  return {
    get() {
      if (plotly || asked) return plotly;
      asked = true;
      loadPlotly(model).then(
        (P) => {
          plotly = P;
          ready(P);
        },
        (err) => {
          asked = false;
          failed(err);
        }
        // the next figure asks again
      );
      return null;
    }
  };
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
function num(x, d = 2) {
  return (Math.round(x * 10 ** d) / 10 ** d).toFixed(d);
}

// widgets/js/herecomes/coach.js
function why(ctx) {
  const coach = ctx.view.coach;
  if (!ctx.model.get("advisor") || !coach || !coach.why) return null;
  return h("p", { class: "hc-why", dataset: { testid: "advice-why" } }, coach.why);
}
function review(ctx) {
  const coach = ctx.view.coach;
  if (!ctx.model.get("advisor") || !coach || !coach.review) return null;
  const r = coach.review;
  const [summary2, ...rows] = r.lines;
  return h(
    "div",
    { class: "hc-review", dataset: { testid: "review", round: r.round, cost: r.cost } },
    h("h4", {}, r.title),
    h("p", { class: "hc-review-sum" }, summary2),
    h("ul", {}, rows.map((line, i) => h("li", { class: Number(r.costs[i]) === 0 ? "" : "hc-review-loss", dataset: { cost: r.costs[i] } }, line)))
  );
}

// widgets/js/herecomes/pieces.js
var chance = (p) => pct(p);
var MARKS = {};
function setMarks(marks) {
  MARKS = marks || MARKS;
}
function token(colour, L, extra = "") {
  const name = L.colour[colour] ?? colour;
  return h(
    "span",
    { class: `hc-tok hc-${colour} ${extra}`, role: "img", "aria-label": name, title: name, dataset: { symbol: (MARKS[colour] || {}).symbol || "" } },
    markSvg(MARKS[colour])
  );
}
var FOCUS_KEYS = ["testid", "intent", "cmd", "lang", "toggle"];
function focusKey(node) {
  if (!node || !node.dataset) return null;
  for (const k of FOCUS_KEYS) if (node.dataset[k] !== void 0) return [k, node.dataset[k]];
  return null;
}
function condIcons(code, composition, L) {
  return code.split("&").map((part) => {
    const [kind, colour] = part.trim().split(":");
    const cname = L.colour[colour] || colour;
    if (kind === "last") {
      return h("span", { class: "hc-ic hc-ic-last", title: fmt(L.last_is, { colour: cname }) }, h("b", {}, "4"), token(colour, L));
    }
    if (kind === "never") {
      return h("span", { class: "hc-ic hc-ic-never", title: fmt(L.never, { colour: cname }) }, token(colour, L, "hc-struck"));
    }
    const n = composition[colour] ?? "";
    return h("span", { class: "hc-ic hc-ic-all", title: fmt(L.all, { colour: cname, n }) }, token(colour, L), h("b", {}, `×${n}`));
  });
}
function cardName(card, lang) {
  return card.name;
}
function nameOf(view, seat) {
  const p = view.hc.players[seat];
  return p ? p.name : `#${seat}`;
}
function actionButton(cls, testid, { intent, msg }, label) {
  return h(
    "button",
    {
      class: `hc-btn ${cls || ""}`,
      dataset: { testid, intent: intent && JSON.stringify(intent), msg: msg && JSON.stringify(msg) }
    },
    label
  );
}
function cardView(card, ctx, opts = {}) {
  const { lang, view, L } = ctx;
  const comp = view.hc.composition;
  const kind = card.kind_text ?? card.kind;
  const cond = card.condition_text;
  const odds = opts.odds;
  const classes = ["hc-card", `hc-kind-${card.kind}`];
  if (opts.state) classes.push(`hc-${opts.state}`);
  if (opts.best) classes.push("hc-best");
  if (opts.setAside) classes.push("hc-set-aside");
  if (opts.small) classes.push("hc-small");
  const pts = card.points_unit ?? L.points;
  let oddsLine = null;
  if (odds) {
    const trend = odds.prev === null || odds.prev === void 0 ? null : odds.p_float > odds.prev + 1e-9 ? h("span", { class: "hc-up" }, "▲") : odds.p_float < odds.prev - 1e-9 ? h("span", { class: "hc-down" }, "▼") : null;
    oddsLine = h(
      "div",
      { class: "hc-card-odds", title: odds.p_text },
      h("b", { dataset: { testid: `odds-${card.id}` } }, chance(odds.p_float)),
      trend,
      " ",
      h("span", { class: "hc-ev" }, `${odds.ev_text} ${L.points}`)
    );
  }
  const buttons = (opts.buttons || []).map((b) => actionButton(b.cls, b.testid, { intent: b.intent }, b.label));
  return h(
    "div",
    { class: classes.join(" "), dataset: { card: card.id } },
    h("div", { class: "hc-card-top" }, h("span", { class: "hc-kind" }, kind), h("span", { class: "hc-pts" }, card.points, h("small", {}, pts))),
    h("div", { class: "hc-card-name" }, `${cardName(card, lang)} `, h("small", { class: "hc-id" }, card.id)),
    opts.small ? null : h("div", { class: "hc-cond" }, condIcons(card.condition, comp, L)),
    h("div", { class: "hc-cond-words" }, cond),
    card.kind === "legend" && !opts.small ? h("div", { class: "hc-legend-note" }, L.legend_note) : null,
    oddsLine,
    opts.why ? h("div", { class: "hc-why" }, opts.why) : null,
    buttons.length ? h("div", { class: "hc-card-actions" }, buttons) : null
  );
}

// widgets/js/herecomes/hand.js
function handTitle(view, L) {
  return (view.humans || []).length ? L.your_hand : fmt(L.seat_hand, { name: nameOf(view, view.human) });
}
function hand(ctx) {
  const { view, L } = ctx;
  const hc = view.hc;
  const odds = {};
  (view.odds || []).forEach((o) => {
    odds[o.id] = o;
  });
  const advice2 = view.advice;
  const misty = {};
  (view.trainer_actions || []).filter((a) => a.power === "extra_discard").forEach((a) => {
    misty[a.target] = a;
  });
  const extra = hc.my_choice && hc.my_choice.extra_discard;
  const chosen = hc.my_choice && (hc.my_choice.discard || hc.my_choice.keep);
  if (view.curtain) {
    return [h("h4", {}, handTitle(view, L)), h("div", { class: "hc-hand hc-muted", dataset: { testid: "hand" } }, fmt(L.hand_hidden, { name: view.curtain.name }))];
  }
  const cards = hc.hand.map((card) => {
    const buttons = [];
    if (hc.phase === "discard" && hc.must_act && card.id !== extra) {
      buttons.push({ label: L.discard, testid: `discard-${card.id}`, intent: { kind: "discard", card: card.id }, cls: "hc-primary" });
    }
    if (misty[card.id]) {
      buttons.push({ label: L.set_aside, testid: `misty-${card.id}`, intent: { kind: "trainer", power: "extra_discard", target: card.id }, cls: "hc-trainer-btn" });
    }
    if (hc.phase === "keep" && hc.must_act && hc.keep_options.includes(card.id)) {
      buttons.push({ label: L.keep, testid: `keep-${card.id}`, intent: { kind: "keep", card: card.id }, cls: "hc-primary" });
    }
    let state = "";
    if (hc.tokens.length === 10 && odds[card.id]) state = odds[card.id].p_float === 1 ? "achieved" : "failed";
    if (chosen === card.id) state = "chosen";
    const best = advice2 && (advice2.kind === "discard" || advice2.kind === "keep") && advice2.best === card.id;
    let adviceLine = "";
    if (advice2 && advice2.kind === "discard") {
      const o = advice2.options.find((x) => x.card === card.id);
      if (o) adviceLine = best ? `${L.best}: ${num(o.value)}` : `${L.cost} ${num(o.cost, 3)}`;
    }
    return cardView(card, ctx, { odds: odds[card.id], buttons, state, best, setAside: extra === card.id, why: adviceLine });
  });
  const empty = hc.hand.length ? null : h("div", { class: "hc-muted" }, L.none);
  return [h("h4", { dataset: { testid: "hand-title" } }, handTitle(view, L)), h("div", { class: "hc-hand", dataset: { testid: "hand" } }, cards, empty)];
}
function advice(ctx) {
  const { view, lang, L } = ctx;
  const a = view.advice;
  if (!ctx.model.get("advisor") || !a) return null;
  let body = null;
  const byId = {};
  view.hc.hand.forEach((c) => {
    byId[c.id] = c;
  });
  if (a && a.kind === "discard") {
    const rows = a.options.map(
      (o) => h(
        "tr",
        { class: o.card === a.best ? "hc-best-row" : "" },
        h("td", {}, byId[o.card] ? cardName(byId[o.card], lang) : o.card),
        h("td", {}, num(o.value, 3)),
        h("td", {}, o.cost === 0 ? "✓" : "−" + num(o.cost, 3))
      )
    );
    body = [
      h("div", {}, fmt(L.advice_discard, { card: byId[a.best] ? cardName(byId[a.best], lang) : a.best, value: num(a.value) })),
      // why this figure is not the one on any card (widgets/herecomes/text.py advice_value_note)
      h("p", { class: "hc-advice-note", dataset: { testid: "advice-note" } }, L.advice_value_note),
      " ",
      h(
        "table",
        { class: "hc-table-advice" },
        h("thead", {}, h("tr", {}, h("th", {}, L.discard), h("th", {}, L.expected), h("th", {}, L.cost))),
        h("tbody", {}, rows)
      )
    ];
  } else if (a && a.kind === "vote") {
    const gain = Number(num(a.gain, 3));
    body = fmt(gain > 0 ? L.advice_vote_yes : L.advice_vote_no, { gain });
  } else if (a && a.kind === "keep") {
    body = fmt(L.advice_keep, { card: byId[a.best] ? cardName(byId[a.best], lang) : a.best });
  }
  return h("div", { class: "hc-advice", dataset: { testid: "advice" } }, h("h4", {}, L.advice), body, why(ctx));
}
function seen(ctx) {
  const { view, lang, L } = ctx;
  const list = view.hc.seen_discards || [];
  if (!list.length) return null;
  return h(
    "div",
    { class: "hc-seen" },
    `${L.seen}: `,
    list.map((s, i) => [i ? "; " : null, `${nameOf(view, s.player)} → `, h("b", {}, cardName(s.card, lang))])
  );
}
function players(ctx) {
  const { view, lang, L } = ctx;
  const hc = view.hc;
  return hc.players.map((p) => {
    const seat = view.seats[p.seat] || {};
    const waiting = (hc.waiting_for || []).includes(p.seat);
    const stepOpen = !hc.is_chance && !hc.is_over && (hc.waiting_for || []).length > 0;
    const status = stepOpen ? waiting ? h("span", { class: "hc-wait" }, `… ${L.thinking}`) : h("span", { class: "hc-done" }, `✓ ${L.chosen}`) : null;
    const tr = p.trainer;
    const trText = tr ? tr.text : "";
    const key = `trainer-${p.seat}`;
    const open = Boolean(ctx.expanded && ctx.expanded.has(key));
    const trainer = tr ? h(
      "div",
      { class: "hc-trainer" },
      h("span", { class: "hc-tag" }, L.trainer),
      ` ${tr.name} `,
      h("small", {}, tr.rule),
      " ",
      tr.uses_this_round || tr.per_game && tr.uses_this_game ? h("small", { class: "hc-used" }, tr.per_game ? L.used_game : L.used_round) : null,
      h(
        "button",
        {
          type: "button",
          class: "hc-trainer-text",
          title: trText,
          "aria-expanded": String(open),
          dataset: { testid: `trainer-text-${p.seat}`, expand: key }
        },
        h("span", { class: "hc-trainer-words" }, trText),
        h("span", { class: "hc-trainer-more", "aria-hidden": "true" }, open ? "▴" : "▾")
      )
    ) : null;
    const scored = p.scored.map(
      (c) => h("span", { class: `hc-chip hc-kind-${c.kind}`, title: c.condition_text }, `${cardName(c, lang)} ${c.points}`)
    );
    return h(
      "div",
      { class: `hc-player ${p.seat === view.human ? "hc-me" : ""} ${p.is_leader ? "hc-leader" : ""}`, dataset: { testid: `player-${p.seat}` } },
      h(
        "div",
        { class: "hc-player-head" },
        h("b", {}, p.name),
        p.seat === view.human && !seat.bot && p.name !== L.you_name ? [" ", h("small", {}, `(${L.you})`)] : null,
        // a bot is never "you"
        seat.bot ? [" ", h("small", { class: "hc-bot" }, seat.bot_title)] : null,
        " ",
        p.is_leader ? [h("span", { class: "hc-crown", title: L.leader }, L.leader), " "] : null,
        h("span", { class: "hc-score", dataset: { testid: `points-${p.seat}` } }, p.points_text)
      ),
      h("div", { class: "hc-player-sub" }, p.hand_size_text, " ", status),
      trainer,
      h("div", { class: "hc-scored" }, scored)
    );
  });
}

// widgets/js/herecomes/round.js
function roundEnd(ctx) {
  const end = ctx.view.round_end;
  if (!end) return null;
  return [
    h("h4", {}, end.title),
    h("p", { class: "hc-roundend-redraw", dataset: { testid: "round-end-redraw" } }, end.redraw),
    h("ul", { class: "hc-roundend-seats" }, end.seats.map((line) => h("li", {}, line))),
    end.confirm ? actionButton("hc-primary", "hc-next-round", { msg: { type: "next_round" } }, end.button) : null
  ];
}
function summary(ctx) {
  const { view, lang, L } = ctx;
  const teacher2 = view.teacher;
  const last = teacher2 && teacher2.last_round || view.hc.last_round;
  if (!last) return null;
  const toks = last.tokens.map((c, i) => token(c, L, i === last.tokens.length - 1 ? "hc-big hc-lasttok" : ""));
  const returned = last.returned.length ? [" ", h("small", {}, "↩ ", last.returned.map((c) => token(c, L)), ` ${L.returned}`)] : null;
  const seats = last.seats.map((s) => {
    const checked = (s.checked || []).map(
      (c) => h(
        "div",
        { class: `hc-check ${c.achieved ? "hc-ok" : "hc-no"}` },
        `${c.achieved ? "✔" : "✘"} `,
        h("b", {}, cardName(c.card, lang)),
        ` — ${c.card.condition_text}: `,
        h("i", {}, c.why),
        s.kept === c.card.id ? [" ", h("span", { class: "hc-kept" }, `★ ${L.kept}`)] : null
      )
    );
    const result = s.kept_card ? `${L.kept}: ${cardName(s.kept_card, lang)} (${s.gained_text})` : L.nothing;
    return h(
      "div",
      { class: "hc-sum-seat", dataset: { testid: `summary-${s.seat}` } },
      h("div", {}, h("b", {}, nameOf(view, s.seat)), ` — ${result}`),
      checked
    );
  });
  const events = (last.events || []).map((e) => h("li", {}, e.text));
  return [
    h("h4", {}, fmt(L.summary, { round: last.round })),
    " ",
    h("div", { class: "hc-sum-tokens" }, `${L.tokens}: `, toks, returned),
    events.length ? [" ", h("ul", { class: "hc-events" }, events)] : null,
    " ",
    h("div", { class: "hc-sum-seats" }, seats)
  ];
}
function teacher(ctx) {
  const { view, lang, L } = ctx;
  const tv = view.teacher;
  if (!tv) return null;
  const seats = tv.seats.map((s) => {
    const hand2 = s.hand.map(
      (r) => h("span", { class: `hc-chip hc-kind-${r.kind}`, title: r.p_text }, `${r.id} ${chance(r.p_float)}${r.set_aside ? " ✂" : ""}`)
    );
    const pend = s.pending ? Object.entries(s.pending).filter(([, v]) => v !== null && v !== void 0).map(([k, v]) => `${L.pending[k] ?? k}: ${v}`).join("; ") : "";
    let reason = null;
    if (s.reason) {
      const r = s.reason;
      const oddsThen = r.odds.map((o) => `${o.id} ${chance(o.p_float)}`).join(", ");
      let adv = "";
      if (r.advice && r.advice.kind === "discard") adv = ` · ${L.advice}: ${L.discard} ${r.advice.best} (${num(r.advice.value)})`;
      if (r.advice && r.advice.kind === "vote") adv = ` · ${L.advice}: ${num(r.advice.gain, 3)}`;
      reason = h(
        "div",
        { class: "hc-reason" },
        `${L.reason}: `,
        h("b", {}, r.text),
        h("br"),
        h("small", {}, `${L.odds_then}: ${oddsThen}${adv}`)
      );
    }
    return h(
      "div",
      { class: "hc-teacher-seat", dataset: { testid: `teacher-${s.seat}` } },
      h("b", {}, nameOf(view, s.seat)),
      s.bot ? [" ", h("small", { class: "hc-bot" }, s.bot_title)] : null,
      " ",
      h("div", {}, `${L.hand}: `, hand2),
      pend ? h("div", {}, `${L.pending_choice}: `, h("code", {}, pend)) : null,
      reason
    );
  });
  return [h("h4", {}, L.teacher), h("div", { class: "hc-teacher-seats" }, seats)];
}
function logParts(ctx) {
  const { model, lang, L } = ctx;
  const log = model.get("log") || [];
  const items = log.slice(-40).map((e) => h("li", { class: e.bot ? "hc-log-bot" : "hc-log-me" }, e.text));
  return [h("summary", {}, `${L.log} (${log.length})`), h("ol", { class: "hc-log-list" }, items)];
}

// widgets/js/herecomes/top.js
function head(ctx) {
  const { view, lang, model, L } = ctx;
  const hc = view.hc;
  const status = fmt(L.status, { round: hc.round, wave: Math.min(hc.wave, 4), phase: L.phase[hc.phase] || hc.phase });
  const toggle = (name, label) => h("label", { class: "hc-toggle" }, h("input", { type: "checkbox", dataset: { toggle: name }, checked: Boolean(model.get(name)) }), ` ${label}`);
  const langButton = (code, label) => h("button", { class: `hc-btn hc-flat ${lang === code ? "hc-on" : ""}`, dataset: { lang: code } }, label);
  return [
    h("div", { class: "hc-title" }, `${L.title} `, h("span", { class: "hc-status", dataset: { testid: "status" } }, status)),
    h(
      "div",
      { class: "hc-controls" },
      view.table ? null : [toggle("show_odds", L.show_odds), toggle("advisor", L.advisor), toggle("monte_carlo", L.mc)],
      " ",
      h("span", { class: "hc-lang" }, (L.languages || []).map((x) => langButton(x.lang, x.name))),
      " ",
      h("button", { class: "hc-btn hc-flat", dataset: { cmd: "undo" }, disabled: !model.get("can_undo") }, `↶ ${L.undo}`),
      view.table ? null : [" ", h("button", { class: "hc-btn hc-flat", dataset: { cmd: "new_game" } }, L.new_game)]
    ),
    tableInfo(view, L)
  ];
}
function tableInfo(view, L) {
  const t = view.table;
  if (!t) return null;
  const u = t.pending_undo;
  let undo = null;
  if (u && u.asked_by !== t.seat && u.waiting.includes(t.seat)) {
    undo = h(
      "p",
      { role: "alert" },
      fmt(L.table_undo_asked, { name: nameOf(view, u.asked_by) }),
      " ",
      actionButton("hc-primary", "undo-yes", { msg: { type: "undo_answer", yes: true } }, L.table_undo_yes),
      " ",
      actionButton("", "undo-no", { msg: { type: "undo_answer", yes: false } }, L.table_undo_no)
    );
  } else if (u) {
    undo = h("p", {}, L.table_undo_waiting);
  }
  const idle = (t.idle || []).map(
    (seat) => actionButton("", `to-bot-${seat}`, { msg: { type: "hand_to_bot", seat } }, fmt(L.table_to_bot, { seat: seat + 1, name: nameOf(view, seat) }))
  );
  return h(
    "div",
    { class: "hc-table-info", dataset: { testid: "table" } },
    h("p", { dataset: { testid: "table-code" } }, `${fmt(L.table_code, { code: t.code })} · ${fmt(L.table_seat, { seat: t.seat + 1, name: nameOf(view, t.seat) })}`),
    " ",
    t.token ? h("p", { dataset: { testid: "table-token" } }, fmt(L.table_token, { token: t.token })) : null,
    // none on a hub: the login is the seat
    undo,
    idle
  );
}
function prompt(ctx) {
  const { view, L } = ctx;
  const hc = view.hc;
  const me = view.human;
  const leaderName = nameOf(view, hc.leader);
  const others = (hc.waiting_for || []).filter((s) => s !== me).map((s) => nameOf(view, s));
  const cmd = (testid, name, label) => h("button", { class: "hc-btn hc-primary", dataset: { testid, cmd: name } }, label);
  let text = "";
  let buttons = null;
  if (view.curtain) {
    text = fmt(L.pass_to, { name: view.curtain.name });
    buttons = cmd("hc-show-hand", "show_hand", fmt(L.show_hand, { name: view.curtain.name }));
  } else if (view.table && hc.is_chance && hc.leader !== me && !hc.is_over) {
    text = fmt(L.table_waiting, { name: leaderName, seat: hc.leader + 1 });
  } else if (view.bot_failure) {
    text = L.bot_failed;
    buttons = cmd("hc-retry", "retry", L.retry);
  } else if (hc.is_over) {
    const res = hc.result || { winners: [] };
    text = `${L.over} ${fmt(L.winners, { names: res.winners.map((s) => nameOf(view, s)).join(L.list_sep) })}${res.by_legend ? ` — ${L.by_legend}` : ""}`;
    buttons = cmd(void 0, "new_game", L.new_game);
  } else if (hc.is_chance) {
    const redraw = hc.phase === "redraw";
    if (hc.leader === me) {
      text = L.you_lead;
      const label = redraw ? L.draw_redraw : hc.draw_text;
      buttons = actionButton("hc-primary", "hc-draw", { intent: { kind: "draw" } }, label);
    } else {
      const waits = view.round_end && view.round_end.confirm;
      text = redraw ? fmt(L.bot_redraws, { who: leaderName }) : waits ? fmt(L.bot_waits, { who: leaderName }) : fmt(L.bot_draws, { who: leaderName, wave: hc.wave });
    }
  } else if (hc.phase === "discard") {
    text = hc.must_act ? fmt(L.choose_discard, { wave: hc.wave }) : L.you_discarded;
    if (!hc.must_act && others.length) text += " " + fmt(L.waiting_for, { names: others.join(L.list_sep) });
  } else if (hc.phase === "vote") {
    if (hc.must_act) {
      text = `${L.vote} ${view.rules.redraw === "all" ? L.vote_all : L.vote_leader}`;
      buttons = [
        actionButton("hc-primary", "hc-vote-yes", { intent: { kind: "vote", agree: true } }, L.yes),
        " ",
        actionButton("", "hc-vote-no", { intent: { kind: "vote", agree: false } }, L.no)
      ];
    } else {
      text = hc.my_choice && hc.my_choice.vote ? L.you_voted_for : L.you_voted_against;
    }
  } else if (hc.phase === "keep") {
    text = hc.must_act ? L.keep_two : fmt(L.waiting_for, { names: others.join(L.list_sep) });
  }
  const trainerButtons = (view.trainer_actions || []).filter((a) => a.power !== "extra_discard").map(
    (a) => actionButton("hc-trainer-btn", `trainer-${a.power}-${a.target ?? ""}`, { intent: { kind: "trainer", power: a.power, target: a.target } }, a.text)
  );
  return [h("div", { class: "hc-prompt-text" }, text), h("div", { class: "hc-prompt-buttons" }, buttons, trainerButtons)];
}
function table(ctx) {
  const { view, L } = ctx;
  const hc = view.hc;
  const bag = view.colours.filter((c) => hc.composition[c] > 0).map((c) => {
    const left = hc.bag[c];
    const total = hc.composition[c];
    const dots = Array.from({ length: total }, (_, i) => token(c, L, i < left ? "" : "hc-gone"));
    return h("div", { class: "hc-bag-row", dataset: { colour: c, left } }, h("span", { class: "hc-bag-dots" }, dots), h("b", {}, left), h("small", {}, `/${total}`));
  });
  const cards = view.waves.map((size, i) => {
    const toks = hc.order_cards[i] || [];
    const slots = Array.from({ length: size }, (_, j) => j < toks.length ? token(toks[j], L, "hc-big") : h("span", { class: "hc-slot" }));
    const current = !hc.is_over && Math.min(hc.wave, 4) === i + 1 ? "hc-current" : "";
    const ret = i === 3 && hc.returned.length ? h("div", { class: "hc-returned" }, "↩ ", hc.returned.map((c) => token(c, L)), " ", h("small", {}, L.returned)) : null;
    return h(
      "div",
      { class: `hc-order ${current}`, dataset: { testid: `order-${i + 1}`, tokens: toks.join(",") } },
      h("div", { class: "hc-order-num" }, i + 1),
      h("div", { class: "hc-order-slots" }, slots),
      ret
    );
  });
  return [
    h("div", { class: "hc-bag", dataset: { testid: "bag" } }, h("h4", {}, `${L.bag} `, h("small", {}, `${hc.bag_total} ${L.left}`)), bag),
    " ",
    h("div", { class: "hc-orders" }, h("h4", {}, `${L.order_card} 1–4`), h("div", { class: "hc-order-row" }, cards))
  ];
}

// widgets/js/herecomes/index.js
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
        h("div", { class: "hc-odds-hint" })
      )
    ),
    h("section", { class: "hc-players" }),
    h("section", { class: "hc-summary", dataset: { testid: "summary" } }),
    h("section", { class: "hc-teacher", dataset: { testid: "teacher" } }),
    h("details", { class: "hc-log" })
  );
  el.append(root);
  const part = (sel) => root.querySelector(sel);
  const keyOf = (n) => {
    const k = focusKey(n);
    return k ? k.join("=") : null;
  };
  const client = boardClient(model, root, {
    live: part(".hc-sr-only"),
    keyOf,
    prefix: "hc",
    row: (c) => c.closest(".hc-card-actions, .hc-prompt-buttons, .hc-controls, .hc-table-info"),
    busy: "hc-busy",
    holdStep: (view) => Boolean(view.round_end && view.round_end.confirm),
    replied: (msg) => {
      if (!msg.ok) drawError();
    }
    // the refusal goes beside the control that caused it
  });
  const { send } = client;
  const plotDiv = part(".hc-plot");
  let plotly = null;
  let lastFigure = null;
  const plotlyLoad = plotlyLoader(model, {
    ready: () => {
      plotDiv.replaceChildren();
      delete plotDiv.dataset.loading;
      drawFigure();
    },
    failed: (err) => {
      fill(plotDiv, h("div", { class: "hc-error" }, fmt(labelsNow().plotly_failed, { error: err })));
    }
  });
  const lang = () => model.get("lang") || "en";
  const labelsNow = () => (model.get("view") || {}).labels || {};
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
    const out = { ...layout, font: { ...layout.font || {}, color: fg, family } };
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
      if (curtain || show && !fig.data) {
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
    const data = fig.data.map((t) => t.type === "bar" && t.text ? { ...t, outsidetextfont: { color: fg, size: 11 } } : t.mode === "markers+text" ? { ...t, textfont: { color: fg, size: 11 } } : t);
    plotly.react(plotDiv, data, themedLayout(fig.layout), { displayModeBar: false }).then(() => {
      if (lastFigure === fig) {
        root.hcTiming.plotted = performance.now();
        plotDiv.dataset.rev = String(meta.revision);
        plotDiv.dataset.tokens = String(meta.tokens);
      }
    });
  }
  function drawLegend(fig) {
    const seen2 = /* @__PURE__ */ new Set();
    const items = [];
    const overlays = new Set(fig.meta && fig.meta.overlays || []);
    for (const trace of fig.data) {
      if (!overlays.has(trace.name) || seen2.has(trace.name) || !trace.x || !trace.x.some((x) => x)) continue;
      seen2.add(trace.name);
      const faint = trace.type === "bar";
      const colour = faint ? "var(--hc-fg2)" : trace.marker && trace.marker.color || "#888";
      const shape = faint ? "hc-lg-bar" : trace.marker && trace.marker.symbol === "diamond" ? "hc-lg-diamond" : "hc-lg-dot";
      items.push(h("span", { class: "hc-lg" }, h("i", { class: shape, style: `background:${colour}` }), trace.name));
    }
    fill(part(".hc-legend"), items);
  }
  let saidCurtain = "";
  let saidEnd = "";
  let shownEnd = null;
  const expanded = /* @__PURE__ */ new Set();
  function announce(L, l) {
    const fresh = client.fresh();
    const view = model.get("view") || {};
    const curtain = view.curtain ? fmt(L.pass_to, { name: view.curtain.name }) : "";
    if (curtain !== saidCurtain) client.say(curtain);
    saidCurtain = curtain;
    const end = view.round_end;
    const endKey = end ? `${end.round}:${l}` : "";
    if (end && endKey !== saidEnd) client.say(`${end.title} ${end.redraw}`);
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
    part(".hc-prompt").classList.toggle("hc-act", Boolean(hc.must_act || hc.is_chance && hc.leader === view.human));
    const end = part(".hc-roundend");
    fill(end, roundEnd(ctx));
    end.hidden = !view.round_end;
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
    if (had) {
      restoreFocus(root, [key], keyOf, [".hc-roundend .hc-primary", ".hc-prompt .hc-primary", ".hc-hand .hc-primary"]);
    }
    client.step(view);
    root.hcTiming.drawn = performance.now();
  }
  function drawError() {
    const err = model.get("error") || {};
    const box = part(".hc-error");
    const beside = client.place(err, labelsNow().rule);
    if (!err.text || beside) {
      box.hidden = true;
      box.textContent = "";
      return;
    }
    box.hidden = false;
    fill(box, err.rule ? [h("b", {}, `${labelsNow().rule} ${err.rule}`), " "] : null, err.text);
  }
  function onClick(event) {
    const target = event.target.closest("button, input");
    if (!target || !root.contains(target) || target.disabled) return;
    if (target.dataset.expand) {
      const key = target.dataset.expand;
      if (expanded.has(key)) expanded.delete(key);
      else expanded.add(key);
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
  root.hcTiming = {};
  const redrawing = redrawScheduler(root, () => draw());
  const requestDraw = () => {
    root.hcTiming = { received: performance.now() };
    redrawing.schedule();
  };
  const redraw = () => {
    draw();
    drawFigure();
  };
  model.on("change:view", requestDraw);
  model.on("change:log", requestDraw);
  model.on("change:error", drawError);
  model.on("change:lang", redraw);
  model.on("change:figure", drawFigure);
  model.on("change:show_odds", drawFigure);
  model.on("change:can_undo", requestDraw);
  let lastWidth = 0;
  const resize = new ResizeObserver((entries) => {
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
var index_default = { render };
export {
  index_default as default
};
