// The Splendor: Pokémon board's front end (anywidget ES module).
//
// What the front end receives (the `view` trait, built by widgets/splendor.py):
/**
 * @typedef {Object} SplendorCard  a card as pokelab.splendor.observe gives it, plus what you may do with it
 * @property {number} id
 * @property {string} name_en
 * @property {string} name_zh
 * @property {"normal"|"rare"|"legendary"} tier
 * @property {number} stage            0 basic, 1, 2
 * @property {Object<string, number>} cost
 * @property {string|null} discount   the colour it gives
 * @property {number} points
 * @property {number|null} evolves_from
 * @property {{en: string, zh: string}} [from_name]  the name of the card it evolves from
 * @property {boolean} [can_catch]      display and your reserved cards only
 * @property {boolean} [can_reserve]
 * @property {number[]} [evolve_from]   your cards that may evolve into it
 *
 * @typedef {Object} SplendorView
 * @property {number} revision          bumped on every change; a `step` names it
 * @property {number} round
 * @property {number} viewer            whose eyes the board shows
 * @property {number|null} to_move      null once over
 * @property {boolean} over
 * @property {boolean} ending           the last round is being played
 * @property {number} human
 * @property {boolean} bot_to_move      the page asks the bot to move after bot_delay ms
 * @property {{en: string, zh: string, bot_seat: number}|null} bot_failure  a bot failed: offer "retry"
 * @property {{seat: number, name: string, bot: string|null}[]} seats
 * @property {Object[]} players         per seat: name, tokens, discounts, captured, reserved, points …
 * @property {SplendorCard[]} display
 * @property {SplendorCard[]} discard
 * @property {Object<string, number>} supply  colour -> tokens left
 * @property {number} deck_size
 * @property {number} end_points
 * @property {string} phase             "main", "after_main", "return"
 * @property {number} must_return
 * @property {string[]} legal           the viewer's legal actions as text
 * @property {{take_different: boolean, take_same: string[], pass: boolean, end_turn: boolean, evolve: number[][]}} moves
 * @property {Object|null} result       {winners, scores, stalled} once over
 * @property {Object<string, *>} labels  every word shown, in the board's language (widgets/_splendor_text.py)
 * @property {string[]} colours
 * @property {string[]} token_colours
 * @property {Object<string, {symbol: string, path: string, ink: string}>} marks  each colour's symbol
 *                                      (widgets/tokens.py): colour is never the only cue
 */
//
// A thin view: it draws the `view` trait (pokelab.splendor.observe plus labels and the
// legal moves) and sends intents with model.send(); Python answers with a new view or
// with an error naming the rule. Nothing here decides what is legal.
//
// For tests and latency measurement every board records timing marks in
// window.__pokelab.marks: {kind: "send" | "step" | "reply" | "render" | "paint" | "held", t, revision,
// type, dt, kernel_ms}
// ("render": the DOM is rebuilt, dt is how long that took; "paint": the next animation frame;
// "held": a redraw waits for a pointer to be released).

const SEATS = ["#ff7043", "#42a5f5", "#66bb6a", "#ab47bc"];

function h(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "style") node.setAttribute("style", value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function fmt(template, values) {
  return String(template).replace(/\{(\w+)\}/g, (_, k) => (k in values ? values[k] : `{${k}}`));
}

function marks() {
  const g = (globalThis.__pokelab = globalThis.__pokelab || { marks: [] });
  return g.marks;
}

function mark(kind, extra) {
  const list = marks();
  list.push({ kind, t: performance.now(), ...extra });
  if (list.length > 2000) list.splice(0, list.length - 2000);
}

// Each colour's symbol and name, from the view (widgets/tokens.py); the same for every board on the page.
let MARKS = {};
let NAMES = {};
const SVG_NS = "http://www.w3.org/2000/svg";
function markSvg(colour) {
  const m = MARKS[colour];
  if (!m) return null;
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", "tok-mark");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", m.path);
  path.setAttribute("fill", m.ink);
  svg.append(path);
  return svg;
}

function ball(colour, text, extra) {
  const shown = text === undefined || text === "" ? "" : String(text);
  const name = NAMES[colour] || colour;
  const props = Object.assign(
    {
      class: `pk-ball pk-${colour}${shown ? " pk-has-text" : ""}`,
      dataset: { colour, symbol: (MARKS[colour] || {}).symbol || "" },
      role: "img",
      "aria-label": shown ? `${name} ${shown}` : name,
    },
    extra || {},
  );
  if (extra && extra.class) props.class = `pk-ball pk-${colour}${shown ? " pk-has-text" : ""} ${extra.class}`;
  return h("span", props, shown, markSvg(colour));
}

// Reduced motion: no animation, and a bot's move never flashes by faster than this.
const REDUCED_MOTION_MIN_DELAY = 800;
function reducedMotion() {
  return Boolean(globalThis.matchMedia && globalThis.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

// A control's identity across redraws (the board is rebuilt on every change): what it is and
// what it acts on, not its state, so the keyboard focus can come back to it.
const STATE_CLASSES = new Set(["pk-btn", "pk-primary", "pk-soft", "pk-selected", "pk-affordable", "pk-clickable", "pk-empty"]);
function focusKey(node) {
  if (!node || !node.classList) return null;
  const cls = [...node.classList].filter((c) => !STATE_CLASSES.has(c) && !/^pk-(d|tier)-/.test(c)).join(".");
  const data = Object.entries(node.dataset || {}).filter(([k]) => k !== "count" && k !== "affordable");
  return `${node.tagName}|${cls}|${data.map(([k, v]) => `${k}=${v}`).join(",")}`;
}

// Enter or Space on a non-button control (a card) acts like a click.
function pressable(action) {
  return (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      action();
    }
  };
}

function cardName(card, lang) {
  return lang === "zh" ? card.name_zh : card.name_en;
}

function costBalls(card, L, useEffective) {
  const out = [];
  for (const colour of Object.keys(card.cost)) {
    const full = card.cost[colour];
    if (!full) continue;
    const eff = useEffective && card.effective_cost ? card.effective_cost[colour] : full;
    const cls = eff < full ? (eff === 0 ? "pk-cost-free" : "pk-cost-cut") : "";
    out.push(
      h(
        "span",
        { class: `pk-cost-item ${cls}`, title: `${L.colour[colour]} ${eff}/${full}` },
        ball(colour, eff),
        eff < full ? h("s", { class: "pk-cost-was" }, full) : null,
      ),
    );
  }
  if (!out.length) out.push(h("span", { class: "pk-cost-none" }, L.free));
  return out;
}

// What a choice in progress depends on: whose turn and which phase, the supply, the cards in view and
// the viewer's own tokens and cards. Equal keys: a pick made on the one is still a pick on the other.
function positionKey(view) {
  const me = view.players[view.viewer] || {};
  const ids = (cards) => (cards || []).map((c) => c.id);
  return JSON.stringify([
    view.to_move, view.current_player, view.phase, view.round, view.over, view.supply,
    ids(view.display), me.tokens, ids(me.captured), ids(me.reserved), view.legal,
  ]);
}

function render({ model, el }) {
  const root = h("div", { class: "pk-board pk-splendor", tabindex: "-1", "data-lm-suppress-shortcuts": "true" });
  // The polite live region: each new move, in the board's language (kept outside the redrawn part).
  const live = h("div", { class: "pk-sr-only", role: "status", "aria-live": "polite", dataset: { testid: "live" } });
  el.appendChild(root);
  el.appendChild(live);
  // The coach panel (splendor_coach.js, bundled in front of this module): odds, line, Suggest, Review.
  const coach = typeof mountCoach === "function" ? mountCoach({ model, h, fmt, send: (c) => send(c), mark, seats: SEATS }) : null;
  let announced = null;
  function announce(L, lang) {
    const log = model.get("log") || [];
    if (announced === null || announced > log.length) announced = log.length;  // no history read aloud
    for (const e of log.slice(announced)) {
      live.append(h("p", {}, fmt(L.announce, { who: e.who, text: lang === "zh" ? e.zh : e.en })));
    }
    announced = log.length;
    while (live.childElementCount > 6) live.firstElementChild.remove();
  }
  const ui = {
    picks: [],
    selected: null, // card id
    returning: {},
    seedDraft: null,
    revision: -1,
    stepFor: -1,
    stepTimer: null,
    position: null,
  };
  let msgId = 0;
  let scheduled = false;
  // A redraw rebuilds the board's buttons. One that lands between a press and its release eats the
  // click (pressed on the old button, released on its new twin), which a loaded machine makes likely
  // when another device's move arrives just then: while a pointer is down on the board a redraw waits,
  // and runs after the release's click (a task later).
  let pressed = false;
  let held = false;
  const onPress = () => {
    pressed = true;
  };
  const onRelease = () => {
    if (!pressed) return;
    pressed = false;
    setTimeout(() => {
      if (!held) return;
      held = false;
      schedule();
    }, 0);
  };
  root.addEventListener("pointerdown", onPress, true);
  window.addEventListener("pointerup", onRelease, true);
  window.addEventListener("pointercancel", onRelease, true);

  function send(content) {
    content.id = ++msgId;
    mark(content.type === "step" ? "step" : "send", {
      type: content.type,
      revision: model.get("revision"),
    });
    model.send(content);
  }

  function intent(action) {
    send({ type: "intent", action });
  }

  function schedule() {
    if (pressed) {
      if (!held) mark("held", { revision: model.get("revision") });
      held = true;
      return;
    }
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      draw();
    });
  }

  function onReply(msg) {
    if (!msg || msg.type !== "reply") return;
    mark("reply", { id: msg.id, ok: msg.ok, kernel_ms: msg.kernel_ms });
    if (msg.ok) return;
    schedule();
  }

  const events = ["change:view", "change:error", "change:log", "change:lang", "change:can_undo"];
  for (const ev of events) model.on(ev, schedule);
  model.on("msg:custom", onReply);

  function maybeStep(view) {
    if (!view.bot_to_move || view.over || view.bot_failure) return;  // after a failure: the retry button
    if (ui.stepFor === view.revision) return;
    ui.stepFor = view.revision;
    clearTimeout(ui.stepTimer);
    const rev = view.revision;
    const delay = Math.max(0, model.get("bot_delay") || 0);
    ui.stepTimer = setTimeout(() => {
      if (model.get("revision") === rev) send({ type: "step", revision: rev });
    }, reducedMotion() ? Math.max(delay, REDUCED_MOTION_MIN_DELAY) : delay);
  }

  function draw() {
    const started = performance.now();
    const view = model.get("view") || {};
    const L = view.labels;
    if (!L) return;
    const lang = model.get("lang");
    MARKS = view.marks || MARKS;
    NAMES = L.colour || NAMES;
    const active = root.contains(document.activeElement) ? document.activeElement : null;
    const activeKey = focusKey(active);
    if (view.revision !== ui.revision) {
      ui.revision = view.revision;
      // A new revision that leaves the position as it was (a classmate sat down, an undo was asked)
      // keeps the tokens picked and the tokens to return: only a real change of position clears them.
      const position = positionKey(view);
      if (position !== ui.position) {
        ui.position = position;
        ui.picks = [];
        ui.returning = {};
      }
      const keep =
        ui.selected !== null &&
        [...view.display, ...view.players[view.viewer].reserved].some((c) => c.id === ui.selected);
      if (!keep) ui.selected = null;
    }
    const me = view.players[view.viewer];
    const myTurn = !view.over && !view.bot_to_move && view.legal.length > 0;
    root.setAttribute("lang", lang === "zh" ? "zh-CN" : "en");
    Object.assign(root.dataset, {
      revision: view.revision,
      toMove: view.to_move === null ? "" : view.to_move,
      human: view.human,
      viewer: view.viewer,
      phase: view.over ? "over" : view.phase,
      over: view.over ? "true" : "false",
      lang,
      myTurn: myTurn ? "true" : "false",
    });
    root.replaceChildren(
      header(view, L, lang),
      messageBar(view, L, lang),
      tablePanel(view, L),
      h(
        "div",
        { class: "pk-table" },
        h(
          "div",
          { class: "pk-centre" },
          displayRow(view, L, lang, myTurn),
          selectedPanel(view, L, lang, myTurn),
          supplyRow(view, L, myTurn),
          phasePanel(view, L, lang, me, myTurn),
        ),
        h("div", { class: "pk-side" }, logPanel(view, L, lang)),
      ),
      h(
        "div",
        { class: "pk-lower" },
        h("div", { class: "pk-players" }, view.players.map((p) => playerPanel(view, p, L, lang))),
        coach ? coach.node : null,
      ),
    );
    if (coach) coach.draw();
    // (the coach panel puts its own focus back when it redraws: only a focus lost to the redraw moves)
    if (active && !root.contains(document.activeElement)) refocus(activeKey);
    announce(L, lang);
    if (((view.humans || []).length > 1 || view.table) && !view.over && ui.turnSaid !== view.to_move) {
      ui.turnSaid = view.to_move;  // say whose turn it is when it changes hands
      live.append(h("p", {}, fmt(L.turn_of_seat, { name: view.players[view.to_move].name, seat: view.to_move + 1 })));
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
    maybeStep(view);
  }

  // After a redraw: the same control if it is still there, else the next useful one.
  function refocus(key) {
    const controls = [...root.querySelectorAll("button, [tabindex='0']")].filter((n) => !n.disabled);
    const next =
      controls.find((n) => focusKey(n) === key) ||
      controls.find((n) => n.classList.contains("pk-primary")) ||
      controls.find((n) => n.classList.contains("pk-supply-token")) ||
      root;
    next.focus({ preventScroll: true });
  }

  // ------------------------------------------------------------------ header
  function header(view, L, lang) {
    let status;
    if (view.over) {
      const r = view.result || { winners: [], stalled: false };
      const names = r.winners.map((i) => view.players[i].name).join(", ");
      status = r.stalled
        ? L.stalled
        : `${L.game_over} — ${fmt(r.winners.length > 1 ? L.winners : L.winner, { names })}`;
    } else if (view.bot_failure) {
      status = L.bot_failed;
    } else if (view.bot_to_move) {
      status = fmt(L.thinking, { name: view.players[view.to_move].name });
    } else if (view.table ? view.to_move === view.human : (view.humans || []).length > 1) {
      // a shared table: my seat; pass-and-play: name the seat, never the colour alone
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
        view.ending && !view.over ? h("span", { class: "pk-last-round" }, L.last_round) : null,
      ),
      h(
        "div",
        {
          class: `pk-status ${view.over ? "pk-status-over" : view.bot_to_move ? "pk-status-bot" : "pk-status-you"}`,
        },
        status,
      ),
      h(
        "div",
        { class: "pk-controls" },
        h(
          "button",
          {
            class: "pk-btn pk-undo",
            disabled: !model.get("can_undo"),
            onclick: () => send({ type: "undo" }),
          },
          "↶ " + L.undo,
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
            },
          }),
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
            },
          },
          L.new_game,
        ),
        h(
          "button",
          {
            class: "pk-btn pk-lang",
            onclick: () => send({ type: "set_lang", lang: lang === "zh" ? "en" : "zh" }),
          },
          L.lang_switch,
        ),
      ),
    );
  }

  // A shared table (widgets/_board_table.py): its code, my seat and token, undo consent, idle seats.
  function tablePanel(view, L) {
    const t = view.table;
    if (!t) return null;
    const u = t.pending_undo;
    const rows = [
      h("p", { class: "pk-table-id", dataset: { testid: "table-code" } }, fmt(L.table_code, { code: t.code }), " · ", fmt(L.table_seat, { seat: t.seat + 1, name: view.players[t.seat].name })),
      h("p", { class: "pk-table-token", dataset: { testid: "table-token" } }, fmt(L.table_token, { token: t.token })),
    ];
    if (u && u.asked_by !== t.seat && u.waiting.includes(t.seat)) {
      rows.push(h("p", { role: "alert" }, fmt(L.table_undo_asked, { name: view.players[u.asked_by].name }),
        h("button", { class: "pk-btn pk-primary", dataset: { testid: "undo-yes" }, onclick: () => send({ type: "undo_answer", yes: true }) }, L.table_undo_yes),
        h("button", { class: "pk-btn", dataset: { testid: "undo-no" }, onclick: () => send({ type: "undo_answer", yes: false }) }, L.table_undo_no)));
    } else if (u) {
      rows.push(h("p", {}, L.table_undo_waiting));
    }
    for (const seat of t.idle || []) {
      rows.push(h("button", { class: "pk-btn", dataset: { testid: `to-bot-${seat}` }, onclick: () => send({ type: "hand_to_bot", seat }) },
        fmt(L.table_to_bot, { seat: seat + 1, name: view.players[seat].name })));
    }
    return h("div", { class: "pk-message pk-table-info", dataset: { testid: "table" } }, rows);
  }

  function messageBar(view, L, lang) {
    const error = model.get("error") || {};
    if (error.en) {
      return h(
        "div",
        { class: "pk-message pk-error", role: "alert", dataset: { rule: error.rule || "" } },
        error.rule ? h("span", { class: "pk-rule" }, `${L.rule} ${error.rule}`) : h("span", { class: "pk-rule" }, L.problem),
        h("span", { class: "pk-reason" }, lang === "zh" ? error.zh : error.en),
        view.bot_failure
          ? h("button", { class: "pk-btn pk-retry", onclick: () => send({ type: "retry" }) }, L.retry)
          : null,
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

  // ------------------------------------------------------------------ cards
  function cardView(card, L, lang, opts) {
    const o = opts || {};
    const classes = [
      "pk-card",
      `pk-d-${card.discount || "none"}`,
      `pk-tier-${card.tier}`,
      o.small ? "pk-card-small" : "",
      card.can_catch ? "pk-affordable" : "",
      ui.selected === card.id && !o.small ? "pk-selected" : "",
      o.onclick ? "pk-clickable" : "",
    ];
    const badge =
      card.tier === "legendary" ? "★★" : card.tier === "rare" ? "★" : "";
    const fromName = card.from_name ? card.from_name[lang] : null;
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
        onkeydown: o.onclick ? pressable(o.onclick) : null,
      },
      h(
        "div",
        { class: "pk-card-top" },
        h("span", { class: `pk-points ${card.points ? "" : "pk-points-zero"}` }, card.points || ""),
        badge ? h("span", { class: "pk-tier-badge" }, badge) : null,
        card.discount ? ball(card.discount, "", { class: "pk-gem", title: `+1 ${L.colour[card.discount]}` }) : null,
      ),
      h("div", { class: "pk-card-name" }, cardName(card, lang)),
      o.small
        ? null
        : h(
            "div",
            { class: "pk-card-sub" },
            `#${card.id} · ${L.stage[String(card.stage)]}`,
            card.tier !== "normal" ? ` · ${L.tier[card.tier]}` : "",
          ),
      !o.small && fromName ? h("div", { class: "pk-card-from" }, `← ${fromName}`) : null,
      o.small && !o.showCost ? null : h("div", { class: "pk-cost" }, costBalls(card, L, true)),
    );
  }

  function toggleSelect(id) {
    ui.selected = ui.selected === id ? null : id;
    schedule();
  }

  function displayRow(view, L, lang) {
    const deck = h(
      "div",
      { class: "pk-deck", title: L.deck },
      h("div", { class: "pk-deck-label" }, L.deck),
      h("div", { class: "pk-deck-count", dataset: { count: view.deck_size } }, view.deck_size),
      h("div", { class: "pk-deck-sub" }, fmt(L.cards_left, { n: view.deck_size })),
    );
    return h(
      "section",
      { class: "pk-section pk-display-section" },
      h("div", { class: "pk-section-title" }, L.display),
      h(
        "div",
        { class: "pk-display" },
        deck,
        view.display.map((c) => cardView(c, L, lang, { onclick: () => toggleSelect(c.id) })),
      ),
    );
  }

  function findSelected(view) {
    if (ui.selected === null) return null;
    const inDisplay = view.display.find((c) => c.id === ui.selected);
    if (inDisplay) return { card: inDisplay, where: "display" };
    const mine = view.players[view.viewer].reserved.find((c) => c.id === ui.selected);
    return mine ? { card: mine, where: "reserve" } : null;
  }

  function selectedPanel(view, L, lang, myTurn) {
    const found = findSelected(view);
    if (!found) return null;
    const { card, where } = found;
    const me = view.players[view.viewer];
    const nameOf = (id) => {
      const c = me.captured.find((x) => x.id === id);
      return c ? cardName(c, lang) : `#${id}`;
    };
    const buttons = [
      h(
        "button",
        {
          class: `pk-btn pk-catch ${card.can_catch ? "pk-primary" : "pk-soft"}`,
          disabled: !myTurn,
          onclick: () => intent({ kind: "catch", card: card.id }),
        },
        L.catch,
      ),
    ];
    if (where === "display") {
      buttons.push(
        h(
          "button",
          {
            class: `pk-btn pk-reserve ${card.can_reserve ? "" : "pk-soft"}`,
            disabled: !myTurn,
            onclick: () => intent({ kind: "reserve", card: card.id }),
          },
          L.reserve,
        ),
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
            onclick: () => intent({ kind: "evolve", base, into: card.id }),
          },
          fmt(L.evolve_from, { base: nameOf(base), into: cardName(card, lang) }),
        ),
      );
    }
    buttons.push(h("button", { class: "pk-btn pk-close", onclick: () => toggleSelect(card.id) }, L.close));
    let note = card.can_catch ? L.affordable : L.not_affordable;
    if (card.tier !== "normal") note += ` · ${L.rare_needs_master}`;
    return h(
      "section",
      { class: "pk-section pk-selected-panel", dataset: { cardId: card.id } },
      h(
        "div",
        { class: "pk-selected-head" },
        h("span", { class: "pk-selected-name" }, cardName(card, lang)),
        h("span", { class: "pk-selected-note" }, note),
      ),
      h(
        "div",
        { class: "pk-selected-cost" },
        h("span", { class: "pk-label" }, L.you_pay),
        costBalls(card, L, true),
      ),
      h("div", { class: "pk-buttons" }, buttons),
    );
  }

  // ------------------------------------------------------------------ supply
  function supplyRow(view, L, myTurn) {
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
          },
        },
        ball(colour, count),
        h("span", { class: "pk-token-name" }, L.colour[colour]),
      );
    });
    const tray = h(
      "div",
      { class: "pk-tray" },
      h("span", { class: "pk-label" }, L.picked),
      h(
        "span",
        { class: "pk-picks" },
        ui.picks.length
          ? ui.picks.map((colour, i) =>
              h(
                "button",
                {
                  class: "pk-pick",
                  dataset: { colour },
                  onclick: () => {
                    ui.picks.splice(i, 1);
                    schedule();
                  },
                },
                ball(colour, ""),
              ),
            )
          : h("span", { class: "pk-muted" }, L.none),
      ),
      h(
        "button",
        {
          class: "pk-btn pk-primary pk-take",
          disabled: !picking || !ui.picks.length,
          onclick: () => intent({ kind: "take", colors: ui.picks.slice() }),
        },
        L.take,
      ),
      h(
        "button",
        {
          class: "pk-btn pk-clear",
          disabled: !ui.picks.length,
          onclick: () => {
            ui.picks = [];
            schedule();
          },
        },
        L.clear,
      ),
    );
    return h(
      "section",
      { class: "pk-section pk-supply-section" },
      h("div", { class: "pk-section-title" }, L.supply),
      h("div", { class: "pk-supply" }, balls),
      picking ? tray : null,
    );
  }

  function phasePanel(view, L, lang, me, myTurn) {
    if (!myTurn) return null;
    const parts = [];
    if (view.phase === "return") {
      const chosen = Object.values(ui.returning).reduce((a, b) => a + b, 0);
      parts.push(
        h("div", { class: "pk-label" }, fmt(L.return_hint, { n: view.must_return })),
        h(
          "div",
          { class: "pk-return-choices" },
          view.token_colours
            .filter((c) => me.tokens[c] > 0)
            .map((colour) =>
              h(
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
                  },
                },
                ball(colour, me.tokens[colour] - (ui.returning[colour] || 0)),
              ),
            ),
        ),
        h(
          "div",
          { class: "pk-tray" },
          h("span", { class: "pk-label" }, `${L.return}: ${chosen}/${view.must_return}`),
          Object.entries(ui.returning).flatMap(([colour, n]) =>
            Array.from({ length: n }, () =>
              h(
                "button",
                {
                  class: "pk-pick",
                  dataset: { colour },
                  onclick: () => {
                    ui.returning[colour] -= 1;
                    if (!ui.returning[colour]) delete ui.returning[colour];
                    schedule();
                  },
                },
                ball(colour, ""),
              ),
            ),
          ),
          h(
            "button",
            {
              class: "pk-btn pk-primary pk-return",
              disabled: !chosen,
              onclick: () => intent({ kind: "return", tokens: { ...ui.returning } }),
            },
            L.return,
          ),
        ),
      );
    }
    if (view.phase === "after_main" && view.moves.evolve.length) {
      parts.push(
        h(
          "div",
          { class: "pk-buttons" },
          view.moves.evolve.map(([base, into]) => {
            const b = me.captured.find((c) => c.id === base);
            const target =
              view.display.find((c) => c.id === into) || me.reserved.find((c) => c.id === into);
            return h(
              "button",
              {
                class: "pk-btn pk-evolve",
                dataset: { base, into },
                onclick: () => intent({ kind: "evolve", base, into }),
              },
              fmt(L.evolve_from, {
                base: b ? cardName(b, lang) : `#${base}`,
                into: target ? cardName(target, lang) : `#${into}`,
              }),
            );
          }),
        ),
      );
    }
    const buttons = [];
    if (view.moves.end_turn) {
      buttons.push(
        h("button", { class: "pk-btn pk-primary pk-end-turn", onclick: () => intent({ kind: "end_turn" }) }, L.end_turn),
      );
    }
    if (view.moves.pass) {
      buttons.push(h("button", { class: "pk-btn pk-pass", onclick: () => intent({ kind: "pass" }) }, L.pass));
    }
    if (buttons.length) parts.push(h("div", { class: "pk-buttons" }, buttons));
    return parts.length ? h("section", { class: "pk-section pk-phase-panel" }, parts) : null;
  }

  // ------------------------------------------------------------------ players
  function playerPanel(view, p, L, lang) {
    const seat = view.seats[p.index];
    const classes = ["pk-player", p.is_current && !view.over ? "pk-current" : "", p.is_you ? "pk-you" : ""];
    const winner = view.over && view.result && view.result.winners.includes(p.index);
    return h(
      "div",
      {
        class: classes.filter(Boolean).join(" "),
        dataset: { seat: p.index, points: p.points, tokens: p.token_count },
        style: `--pk-seat: ${SEATS[p.index % SEATS.length]}`,
      },
      h(
        "div",
        { class: "pk-player-head" },
        h("span", { class: "pk-player-name" }, p.name),
        seat.bot ? h("span", { class: "pk-tag" }, `${L.bot} · ${seat.bot_title}`)
          : view.table && p.index !== view.human ? null  // a classmate's seat at a shared table
          : h("span", { class: "pk-tag pk-tag-you" }, L.you),
        winner ? h("span", { class: "pk-crown" }, L.won_badge) : null,
        h(
          "span",
          { class: "pk-player-points", dataset: { points: p.points } },
          p.points,
          h("small", {}, ` / ${view.end_points} ${L.points}`),
        ),
      ),
      h(
        "div",
        { class: "pk-row" },
        h(
          "span",
          { class: `pk-label ${p.token_count > view.token_limit ? "pk-over-limit" : ""}` },
          `${L.tokens} ${p.token_count}/${view.token_limit}`,
        ),
        h(
          "span",
          { class: "pk-holdings" },
          view.token_colours.map((colour) =>
            ball(colour, p.tokens[colour], {
              class: p.tokens[colour] ? "pk-small" : "pk-small pk-zero",
              dataset: { colour, count: p.tokens[colour] },
              title: L.colour[colour],
            }),
          ),
        ),
      ),
      h(
        "div",
        { class: "pk-row" },
        h("span", { class: "pk-label" }, L.discounts),
        h(
          "span",
          { class: "pk-holdings" },
          view.colours.map((colour) =>
            h(
              "span",
              {
                class: `pk-discount pk-${colour} ${p.discounts[colour] ? "" : "pk-zero"}`,
                dataset: { colour, count: p.discounts[colour] },
                title: `${L.discounts}: ${L.colour[colour]}`,
                role: "img",
                "aria-label": `${L.discounts}: ${L.colour[colour]} ${p.discounts[colour]}`,
              },
              p.discounts[colour],
              markSvg(colour),
            ),
          ),
        ),
      ),
      h(
        "div",
        { class: "pk-row pk-row-cards" },
        h("span", { class: "pk-label" }, `${L.captured} ${p.captured.length}`),
        h(
          "span",
          { class: "pk-mini-cards pk-captured" },
          p.captured.length ? p.captured.map((c) => cardView(c, L, lang, { small: true })) : h("span", { class: "pk-muted" }, L.none),
        ),
      ),
      h(
        "div",
        { class: "pk-row pk-row-cards" },
        h("span", { class: "pk-label" }, `${L.reserved} ${p.reserved.length}/3`),
        h(
          "span",
          { class: "pk-mini-cards pk-reserved" },
          p.reserved.length
            ? p.reserved.map((c) =>
                cardView(c, L, lang, {
                  small: true,
                  showCost: true,
                  onclick: p.index === view.viewer ? () => toggleSelect(c.id) : null,
                }),
              )
            : h("span", { class: "pk-muted" }, L.none),
        ),
      ),
    );
  }

  // ------------------------------------------------------------------ log
  // The log is kept between draws and only appended to, so a long game stays cheap to draw.
  const logBox = { section: null, title: null, list: null, shown: 0, last: "", lang: null, scroll: false };
  const entryKey = (e) => (e ? `${e.seat}|${e.en}` : "");

  function logEntry(e, lang) {
    return h(
      "li",
      { class: `pk-log-entry ${e.bot ? "pk-log-bot" : ""}`, dataset: { seat: e.seat } },
      h("span", { class: "pk-log-who", style: `border-left: 4px solid ${SEATS[e.seat % SEATS.length]}` }, e.who),
      " ",
      lang === "zh" ? e.zh : e.en,
    );
  }

  function logPanel(view, L, lang) {
    const entries = model.get("log") || [];
    if (!logBox.section) {
      logBox.title = h("div", { class: "pk-section-title" });
      logBox.list = h("ol", { class: "pk-log-list", tabindex: "0" });
      logBox.section = h("section", { class: "pk-section pk-log" }, logBox.title, logBox.list);
    }
    const list = logBox.list;
    const atBottom =
      logBox.shown === 0 || list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    const sameStart = logBox.shown > 0 && entryKey(entries[logBox.shown - 1]) === logBox.last;
    if (logBox.lang !== lang || entries.length < logBox.shown || !sameStart) {
      list.replaceChildren(...entries.map((e) => logEntry(e, lang)));
      if (!entries.length) list.replaceChildren(h("li", { class: "pk-muted" }, L.no_moves));
    } else {
      for (const e of entries.slice(logBox.shown)) list.append(logEntry(e, lang));
    }
    if (entries.length !== logBox.shown && atBottom) logBox.scroll = true;
    logBox.shown = entries.length;
    logBox.last = entryKey(entries[entries.length - 1]);
    logBox.lang = lang;
    logBox.title.textContent = `${L.log} (${entries.length})`;
    logBox.list.setAttribute("aria-label", L.log);
    return logBox.section;
  }

  draw();
  return () => {
    clearTimeout(ui.stepTimer);
    root.removeEventListener("pointerdown", onPress, true);
    window.removeEventListener("pointerup", onRelease, true);
    window.removeEventListener("pointercancel", onRelease, true);
    for (const ev of events) model.off(ev, schedule);
    model.off("msg:custom", onReply);
    if (coach) coach.destroy();
  };
}

export default { render };
