// The Here Comes Pokémon! board: draws the kernel's view, sends intents back.
// A thin view: every rule is checked in Python; this file only renders and asks. Every
// word it shows comes from `view.labels` (widgets/_herecomes_text.py), in the board's language.
//
// What the front end receives (the `view` trait, built by widgets/herecomes_board.py):
/**
 * @typedef {Object} HcOddsRow  one card of your hand (pokelab.odds.hand.hand_odds)
 * @property {string} id
 * @property {string} kind
 * @property {number} points
 * @property {number} value           points, or 10 for a legend
 * @property {number} p_float         the exact chance now
 * @property {string} p_text          the same as a fraction, "3/10"
 * @property {number} ev              expected points
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
 * @property {{power: string, target: (string|number|null), en: string, zh: string}[]} trainer_actions
 * @property {Object|null} teacher    every seat's hand, face-down choice and bot reasoning (teacher mode)
 * @property {{redraw: string}} rules
 * @property {Object<string, *>} labels  every word shown, with {placeholders}
 * @property {string[]} colours       the token colours in bag order
 * @property {number[]} waves         tokens per order card, [4, 3, 2, 1]
 * @property {number|null} to_move
 * @property {boolean} over
 * @property {number} human
 * @property {boolean} bot_to_move    the page asks the bot to move after bot_delay ms
 * @property {{en: string, zh: string, bot_seat: number}|null} bot_failure  a bot failed: offer "retry"
 * @property {{seat: number, name: string, bot: string|null}[]} seats
 * @property {Object<string, {symbol: string, path: string, ink: string}>} marks  each colour's symbol
 *                                    (widgets/tokens.py): colour is never the only cue
 *
 * The `log` trait: [{seat, who, bot, en, zh}], only what your seat may know (teacher: everything).
 * The `figure` trait: a plotly {data, layout, meta: {revision, tokens, round, overlays}}.
 */

function fmt(template, values) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (_, k) => (k in values ? values[k] : `{${k}}`));
}
function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
function pct(p) {
  if (p === null || p === undefined) return "";
  if (p > 0 && p < 0.005) return "<1%";
  return `${Math.round(p * 100)}%`;
}
function num(x, d = 2) { return (Math.round(x * 10 ** d) / 10 ** d).toFixed(d); }
function intentAttr(obj) { return esc(JSON.stringify(obj)); }

// ----------------------------------------------------------------- small pieces
// Each colour's symbol, from the view (widgets/tokens.py); the same for every board on the page.
let MARKS = {};
function markSvg(colour) {
  const m = MARKS[colour];
  return m ? `<svg class="tok-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${esc(m.path)}" fill="${esc(m.ink)}"/></svg>` : "";
}
function token(colour, L, extra = "") {
  const name = esc(L.colour[colour] ?? colour);
  return `<span class="hc-tok hc-${esc(colour)} ${extra}" role="img" aria-label="${name}" title="${name}" data-symbol="${esc((MARKS[colour] || {}).symbol || "")}">${markSvg(colour)}</span>`;
}
// Reduced motion: no animation, and a bot's move never flashes by faster than this.
const REDUCED_MOTION_MIN_DELAY = 800;
function reducedMotion() {
  return Boolean(globalThis.matchMedia && globalThis.matchMedia("(prefers-reduced-motion: reduce)").matches);
}
// The element to focus again after a redraw: the same control, found by what it does.
const FOCUS_KEYS = ["testid", "intent", "cmd", "lang", "toggle"];
function focusKey(node) {
  if (!node || !node.dataset) return null;
  for (const k of FOCUS_KEYS) if (node.dataset[k] !== undefined) return [k, node.dataset[k]];
  return null;
}

function condIcons(code, composition, L) {
  return code.split("&").map((part) => {
    const [kind, colour] = part.trim().split(":");
    const cname = L.colour[colour] || colour;
    if (kind === "last") {
      return `<span class="hc-ic hc-ic-last" title="${esc(fmt(L.last_is, { colour: cname }))}"><b>4</b>${token(colour, L)}</span>`;
    }
    if (kind === "never") {
      return `<span class="hc-ic hc-ic-never" title="${esc(fmt(L.never, { colour: cname }))}">${token(colour, L, "hc-struck")}</span>`;
    }
    const n = composition[colour] ?? "";
    return `<span class="hc-ic hc-ic-all" title="${esc(fmt(L.all, { colour: cname, n }))}">${token(colour, L)}<b>×${n}</b></span>`;
  }).join("");
}

function cardName(card, lang) { return lang === "zh" ? card.name_zh : card.name_en; }

function cardHtml(card, ctx, opts = {}) {
  const { lang, view, L } = ctx;
  const comp = view.hc.composition;
  const kind = lang === "zh" ? card.kind_zh : card.kind;
  const cond = lang === "zh" ? card.condition_zh : card.condition_en;
  const odds = opts.odds;
  const classes = ["hc-card", `hc-kind-${card.kind}`];
  if (opts.state) classes.push(`hc-${opts.state}`);
  if (opts.best) classes.push("hc-best");
  if (opts.setAside) classes.push("hc-set-aside");
  if (opts.small) classes.push("hc-small");
  const pts = card.points === 1 ? L.point : L.points;
  let oddsLine = "";
  if (odds) {
    const trend = odds.prev === null || odds.prev === undefined ? ""
      : odds.p_float > odds.prev + 1e-9 ? `<span class="hc-up">▲</span>`
      : odds.p_float < odds.prev - 1e-9 ? `<span class="hc-down">▼</span>` : "";
    oddsLine = `<div class="hc-card-odds" title="${esc(odds.p_text)}"><b data-testid="odds-${esc(card.id)}">${pct(odds.p_float)}</b>${trend}
      <span class="hc-ev">${num(odds.ev)} ${esc(L.points)}</span></div>`;
  }
  const buttons = (opts.buttons || []).map((b) =>
    `<button class="hc-btn ${b.cls || ""}" data-testid="${esc(b.testid)}" data-intent="${intentAttr(b.intent)}">${esc(b.label)}</button>`).join("");
  return `<div class="${classes.join(" ")}" data-card="${esc(card.id)}">
    <div class="hc-card-top"><span class="hc-kind">${esc(kind)}</span><span class="hc-pts">${card.points}<small>${esc(pts)}</small></span></div>
    <div class="hc-card-name">${esc(cardName(card, lang))} <small class="hc-id">${esc(card.id)}</small></div>
    ${opts.small ? "" : `<div class="hc-cond">${condIcons(card.condition, comp, L)}</div>`}
    <div class="hc-cond-words">${esc(cond)}</div>
    ${card.kind === "legend" && !opts.small ? `<div class="hc-legend-note">${esc(L.legend_note)}</div>` : ""}
    ${oddsLine}
    ${opts.why ? `<div class="hc-why">${esc(opts.why)}</div>` : ""}
    ${buttons ? `<div class="hc-card-actions">${buttons}</div>` : ""}
  </div>`;
}

function nameOf(view, seat) {
  const p = view.hc.players[seat];
  return p ? p.name : `#${seat}`;
}

// ----------------------------------------------------------------- sections
function headHtml(ctx) {
  const { view, lang, model, L } = ctx;
  const hc = view.hc;
  const status = fmt(L.status, { round: hc.round, wave: Math.min(hc.wave, 4), phase: L.phase[hc.phase] || hc.phase });
  const toggle = (name, label) =>
    `<label class="hc-toggle"><input type="checkbox" data-toggle="${name}" ${model.get(name) ? "checked" : ""}/> ${esc(label)}</label>`;
  return `<div class="hc-title">${esc(L.title)} <span class="hc-status" data-testid="status">${esc(status)}</span></div>
    <div class="hc-controls">
      ${view.table ? "" : toggle("show_odds", L.show_odds) + toggle("advisor", L.advisor) + toggle("monte_carlo", L.mc)}
      <span class="hc-lang">
        <button class="hc-btn hc-flat ${lang === "en" ? "hc-on" : ""}" data-lang="en">${esc(L.lang_en)}</button><button class="hc-btn hc-flat ${lang === "zh" ? "hc-on" : ""}" data-lang="zh">${esc(L.lang_zh)}</button>
      </span>
      <button class="hc-btn hc-flat" data-cmd="undo" ${model.get("can_undo") ? "" : "disabled"}>↶ ${esc(L.undo)}</button>
      ${view.table ? "" : `<button class="hc-btn hc-flat" data-cmd="new_game">${esc(L.new_game)}</button>`}
    </div>${tableInfoHtml(view, L)}`;
}

// A shared table (widgets/_board_table.py): its code, my seat and token, undo consent, idle seats.
function tableInfoHtml(view, L) {
  const t = view.table;
  if (!t) return "";
  const u = t.pending_undo;
  let undo = "";
  if (u && u.asked_by !== t.seat && u.waiting.includes(t.seat)) {
    undo = `<p role="alert">${esc(fmt(L.table_undo_asked, { name: nameOf(view, u.asked_by) }))}
      <button class="hc-btn hc-primary" data-testid="undo-yes" data-msg="${intentAttr({ type: "undo_answer", yes: true })}">${esc(L.table_undo_yes)}</button>
      <button class="hc-btn" data-testid="undo-no" data-msg="${intentAttr({ type: "undo_answer", yes: false })}">${esc(L.table_undo_no)}</button></p>`;
  } else if (u) {
    undo = `<p>${esc(L.table_undo_waiting)}</p>`;
  }
  const idle = (t.idle || []).map((seat) => `<button class="hc-btn" data-testid="to-bot-${seat}" data-msg="${intentAttr({ type: "hand_to_bot", seat })}">${esc(fmt(L.table_to_bot, { seat: seat + 1, name: nameOf(view, seat) }))}</button>`).join("");
  return `<div class="hc-table-info" data-testid="table"><p data-testid="table-code">${esc(fmt(L.table_code, { code: t.code }))} · ${esc(fmt(L.table_seat, { seat: t.seat + 1, name: nameOf(view, t.seat) }))}</p>
    <p data-testid="table-token">${esc(fmt(L.table_token, { token: t.token }))}</p>${undo}${idle}</div>`;
}

function promptHtml(ctx) {
  const { view, L } = ctx;
  const hc = view.hc;
  const me = view.human;
  const leaderName = nameOf(view, hc.leader);
  const others = (hc.waiting_for || []).filter((s) => s !== me).map((s) => nameOf(view, s));
  let text = "";
  let buttons = "";
  if (view.curtain) {  // pass-and-play: the hand stays hidden until its own player taps
    text = fmt(L.pass_to, { name: view.curtain.name });
    buttons = `<button class="hc-btn hc-primary" data-testid="hc-show-hand" data-cmd="show_hand">${esc(fmt(L.show_hand, { name: view.curtain.name }))}</button>`;
  } else if (view.table && hc.is_chance && hc.leader !== me && !hc.is_over) {
    text = fmt(L.table_waiting, { name: leaderName, seat: hc.leader + 1 });
  } else if (view.bot_failure) {
    text = L.bot_failed;
    buttons = `<button class="hc-btn hc-primary" data-testid="hc-retry" data-cmd="retry">${esc(L.retry)}</button>`;
  } else if (hc.is_over) {
    const res = hc.result || { winners: [] };
    text = `${L.over} ${fmt(L.winners, { names: res.winners.map((s) => nameOf(view, s)).join(L.list_sep) })}${res.by_legend ? ` — ${L.by_legend}` : ""}`;
    buttons = `<button class="hc-btn hc-primary" data-cmd="new_game">${esc(L.new_game)}</button>`;
  } else if (hc.is_chance) {
    const redraw = hc.phase === "redraw";
    if (hc.leader === me) {
      const shown = hc.tokens.length;
      const waves = view.waves;
      const need = waves[hc.wave - 1] - (shown - waves.slice(0, hc.wave - 1).reduce((a, b) => a + b, 0));
      text = L.you_lead;
      const label = redraw ? L.draw_redraw : fmt(need === 1 ? L.draw_wave_1 : L.draw_wave, { wave: hc.wave, n: need });
      buttons = `<button class="hc-btn hc-primary" data-testid="hc-draw" data-intent="${intentAttr({ kind: "draw" })}">${esc(label)}</button>`;
    } else {
      text = redraw ? fmt(L.bot_redraws, { who: leaderName }) : fmt(L.bot_draws, { who: leaderName, wave: hc.wave });
    }
  } else if (hc.phase === "discard") {
    text = hc.must_act ? fmt(L.choose_discard, { wave: hc.wave }) : L.you_discarded;
    if (!hc.must_act && others.length) text += " " + fmt(L.waiting_for, { names: others.join(L.list_sep) });
  } else if (hc.phase === "vote") {
    if (hc.must_act) {
      text = `${L.vote} ${view.rules.redraw === "all" ? L.vote_all : L.vote_leader}`;
      buttons = `<button class="hc-btn hc-primary" data-testid="hc-vote-yes" data-intent="${intentAttr({ kind: "vote", agree: true })}">${esc(L.yes)}</button>
        <button class="hc-btn" data-testid="hc-vote-no" data-intent="${intentAttr({ kind: "vote", agree: false })}">${esc(L.no)}</button>`;
    } else {
      text = hc.my_choice && hc.my_choice.vote ? L.you_voted_for : L.you_voted_against;
    }
  } else if (hc.phase === "keep") {
    text = hc.must_act ? L.keep_two : fmt(L.waiting_for, { names: others.join(L.list_sep) });
  }
  const trainerButtons = (view.trainer_actions || []).filter((a) => a.power !== "extra_discard").map((a) =>
    `<button class="hc-btn hc-trainer-btn" data-testid="trainer-${esc(a.power)}-${esc(a.target ?? "")}" data-intent="${intentAttr({ kind: "trainer", power: a.power, target: a.target })}">${esc(ctx.lang === "zh" ? a.zh : a.en)}</button>`).join("");
  return `<div class="hc-prompt-text">${esc(text)}</div><div class="hc-prompt-buttons">${buttons}${trainerButtons}</div>`;
}

function tableHtml(ctx) {
  const { view, L } = ctx;
  const hc = view.hc;
  const bag = view.colours.filter((c) => hc.composition[c] > 0).map((c) => {
    const left = hc.bag[c];
    const total = hc.composition[c];
    const dots = Array.from({ length: total }, (_, i) => token(c, L, i < left ? "" : "hc-gone")).join("");
    return `<div class="hc-bag-row" data-colour="${c}" data-left="${left}"><span class="hc-bag-dots">${dots}</span><b>${left}</b><small>/${total}</small></div>`;
  }).join("");
  let start = 0;
  const cards = view.waves.map((size, i) => {
    const toks = hc.order_cards[i] || [];
    const slots = Array.from({ length: size }, (_, j) => j < toks.length
      ? token(toks[j], L, "hc-big")
      : `<span class="hc-slot"></span>`).join("");
    const current = !hc.is_over && Math.min(hc.wave, 4) === i + 1 ? "hc-current" : "";
    const ret = i === 3 && hc.returned.length ? `<div class="hc-returned">↩ ${hc.returned.map((c) => token(c, L)).join("")} <small>${esc(L.returned)}</small></div>` : "";
    start += size;
    return `<div class="hc-order ${current}" data-testid="order-${i + 1}" data-tokens="${esc(toks.join(","))}"><div class="hc-order-num">${i + 1}</div><div class="hc-order-slots">${slots}</div>${ret}</div>`;
  }).join("");
  return `<div class="hc-bag" data-testid="bag"><h4>${esc(L.bag)} <small>${hc.bag_total} ${esc(L.left)}</small></h4>${bag}</div>
    <div class="hc-orders"><h4>${esc(L.order_card)} 1–4</h4><div class="hc-order-row">${cards}</div></div>`;
}

function handHtml(ctx) {
  const { view, L } = ctx;
  const hc = view.hc;
  const odds = {};
  (view.odds || []).forEach((o) => { odds[o.id] = o; });
  const advice = view.advice;
  const misty = {};
  (view.trainer_actions || []).filter((a) => a.power === "extra_discard").forEach((a) => { misty[a.target] = a; });
  const extra = hc.my_choice && hc.my_choice.extra_discard;
  const chosen = hc.my_choice && (hc.my_choice.discard || hc.my_choice.keep);
  if (view.curtain) return `<h4>${esc(L.your_hand)}</h4><div class="hc-hand hc-muted" data-testid="hand">${esc(fmt(L.hand_hidden, { name: view.curtain.name }))}</div>`;
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
    const best = advice && (advice.kind === "discard" || advice.kind === "keep") && advice.best === card.id;
    let adviceLine = "";
    if (advice && advice.kind === "discard") {
      const o = advice.options.find((x) => x.card === card.id);
      if (o) adviceLine = best ? `${L.best}: ${num(o.value)}` : `${L.cost} ${num(o.cost, 3)}`;
    }
    return cardHtml(card, ctx, { odds: odds[card.id], buttons, state, best, setAside: extra === card.id, why: adviceLine });
  }).join("");
  const empty = hc.hand.length ? "" : `<div class="hc-muted">${esc(L.none)}</div>`;
  return `<h4>${esc(L.your_hand)}</h4><div class="hc-hand" data-testid="hand">${cards}${empty}</div>`;
}

function adviceHtml(ctx) {
  const { view, lang, L } = ctx;
  const a = view.advice;
  if (!ctx.model.get("advisor") || !a) return "";
  let body = "";
  const byId = {};
  view.hc.hand.forEach((c) => { byId[c.id] = c; });
  if (a && a.kind === "discard") {
    const rows = a.options.map((o) => `<tr class="${o.card === a.best ? "hc-best-row" : ""}"><td>${esc(byId[o.card] ? cardName(byId[o.card], lang) : o.card)}</td><td>${num(o.value, 3)}</td><td>${o.cost === 0 ? "✓" : "−" + num(o.cost, 3)}</td></tr>`).join("");
    body = `<div>${esc(fmt(L.advice_discard, { card: byId[a.best] ? cardName(byId[a.best], lang) : a.best, value: num(a.value) }))}</div>
      <table class="hc-table-advice"><thead><tr><th>${esc(L.discard)}</th><th>${esc(L.expected)}</th><th>${esc(L.cost)}</th></tr></thead><tbody>${rows}</tbody></table>`;
  } else if (a && a.kind === "vote") {
    const gain = Number(num(a.gain, 3));
    body = esc(fmt(gain > 0 ? L.advice_vote_yes : L.advice_vote_no, { gain }));
  } else if (a && a.kind === "keep") {
    body = esc(fmt(L.advice_keep, { card: byId[a.best] ? cardName(byId[a.best], lang) : a.best }));
  }
  return `<div class="hc-advice" data-testid="advice"><h4>${esc(L.advice)}</h4>${body}</div>`;
}

function playersHtml(ctx) {
  const { view, lang, L } = ctx;
  const hc = view.hc;
  return hc.players.map((p) => {
    const seat = view.seats[p.seat] || {};
    const waiting = (hc.waiting_for || []).includes(p.seat);
    const stepOpen = !hc.is_chance && !hc.is_over && (hc.waiting_for || []).length > 0;
    const status = stepOpen ? (waiting ? `<span class="hc-wait">… ${esc(L.thinking)}</span>` : `<span class="hc-done">✓ ${esc(L.chosen)}</span>`) : "";
    const tr = p.trainer;
    const trainer = tr ? `<div class="hc-trainer" title="${esc(lang === "zh" ? tr.text_zh : tr.text_en)}"><span class="hc-tag">${esc(L.trainer)}</span> ${esc(lang === "zh" ? tr.name_zh : tr.name_en)} <small>${esc(tr.rule)}</small>
        ${tr.uses_this_round || (tr.per_game && tr.uses_this_game) ? `<small class="hc-used">${esc(tr.per_game ? L.used_game : L.used_round)}</small>` : ""}
        <div class="hc-trainer-text">${esc(lang === "zh" ? tr.text_zh : tr.text_en)}</div></div>` : "";
    const scored = p.scored.map((c) => `<span class="hc-chip hc-kind-${c.kind}" title="${esc(lang === "zh" ? c.condition_zh : c.condition_en)}">${esc(cardName(c, lang))} ${c.points}</span>`).join("");
    return `<div class="hc-player ${p.seat === view.human ? "hc-me" : ""} ${p.is_leader ? "hc-leader" : ""}" data-testid="player-${p.seat}">
      <div class="hc-player-head"><b>${esc(p.name)}</b>${p.seat === view.human && p.name !== L.you_name ? ` <small>(${esc(L.you)})</small>` : ""}${seat.bot ? ` <small class="hc-bot">${esc(seat.bot_title)}</small>` : ""}
        ${p.is_leader ? `<span class="hc-crown" title="${esc(L.leader)}">${esc(L.leader)}</span>` : ""}
        <span class="hc-score" data-testid="points-${p.seat}">${p.points} ${esc(L.points)}</span></div>
      <div class="hc-player-sub">${esc(fmt(L.hand_size, { n: p.hand_size }))} ${status}</div>
      ${trainer}
      <div class="hc-scored">${scored}</div>
    </div>`;
  }).join("");
}

function summaryHtml(ctx) {
  const { view, lang, L } = ctx;
  const teacher = view.teacher;
  const last = (teacher && teacher.last_round) || view.hc.last_round;
  if (!last) return "";
  const toks = last.tokens.map((c, i) => token(c, L, i === last.tokens.length - 1 ? "hc-big hc-lasttok" : "")).join("");
  const returned = last.returned.length ? ` <small>↩ ${last.returned.map((c) => token(c, L)).join("")} ${esc(L.returned)}</small>` : "";
  const seats = last.seats.map((s) => {
    const name = nameOf(view, s.seat);
    const checked = (s.checked || []).map((c) => {
      const achieved = c.achieved;
      const kept = s.kept === c.card.id;
      return `<div class="hc-check ${achieved ? "hc-ok" : "hc-no"}">${achieved ? "✔" : "✘"} <b>${esc(cardName(c.card, lang))}</b> — ${esc(lang === "zh" ? c.card.condition_zh : c.card.condition_en)}: <i>${esc(lang === "zh" ? c.why_zh : c.why_en)}</i>${kept ? ` <span class="hc-kept">★ ${esc(L.kept)}</span>` : ""}</div>`;
    }).join("");
    const result = s.kept_card ? `${esc(L.kept)}: ${esc(cardName(s.kept_card, lang))} (${esc(fmt(L.gained, { n: s.gained }))})` : esc(L.nothing);
    return `<div class="hc-sum-seat" data-testid="summary-${s.seat}"><div><b>${esc(name)}</b> — ${result}</div>${checked}</div>`;
  }).join("");
  const events = (last.events || []).map((e) => `<li>${esc(lang === "zh" ? e.zh : e.en)}</li>`).join("");
  return `<h4>${esc(fmt(L.summary, { round: last.round }))}</h4>
    <div class="hc-sum-tokens">${esc(L.tokens)}: ${toks}${returned}</div>
    ${events ? `<ul class="hc-events">${events}</ul>` : ""}
    <div class="hc-sum-seats">${seats}</div>`;
}

function teacherHtml(ctx) {
  const { view, lang, L } = ctx;
  const tv = view.teacher;
  if (!tv) return "";
  const seats = tv.seats.map((s) => {
    const name = nameOf(view, s.seat);
    const hand = s.hand.map((r) => `<span class="hc-chip hc-kind-${r.kind}" title="${esc(r.p_text)}">${esc(r.id)} ${pct(r.p_float)}${r.set_aside ? " ✂" : ""}</span>`).join("");
    const pend = s.pending ? Object.entries(s.pending).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => `${L.pending[k] ?? k}: ${v}`).join("; ") : "";
    let reason = "";
    if (s.reason) {
      const r = s.reason;
      const oddsThen = r.odds.map((o) => `${o.id} ${pct(o.p_float)}`).join(", ");
      let adv = "";
      if (r.advice && r.advice.kind === "discard") adv = ` · ${L.advice}: ${L.discard} ${r.advice.best} (${num(r.advice.value)})`;
      if (r.advice && r.advice.kind === "vote") adv = ` · ${L.advice}: ${num(r.advice.gain, 3)}`;
      reason = `<div class="hc-reason">${esc(L.reason)}: <b>${esc(lang === "zh" ? r.zh : r.en)}</b><br><small>${esc(L.odds_then)}: ${esc(oddsThen)}${esc(adv)}</small></div>`;
    }
    return `<div class="hc-teacher-seat" data-testid="teacher-${s.seat}"><b>${esc(name)}</b>${s.bot ? ` <small class="hc-bot">${esc(s.bot_title)}</small>` : ""}
      <div>${esc(L.hand)}: ${hand}</div>${pend ? `<div>${esc(L.pending_choice)}: <code>${esc(pend)}</code></div>` : ""}${reason}</div>`;
  }).join("");
  return `<h4>${esc(L.teacher)}</h4><div class="hc-teacher-seats">${seats}</div>`;
}

function logHtml(ctx) {
  const { model, lang, L } = ctx;
  const log = model.get("log") || [];
  const items = log.slice(-40).map((e) => `<li class="${e.bot ? "hc-log-bot" : "hc-log-me"}">${esc(lang === "zh" ? e.zh : e.en)}</li>`).join("");
  return `<summary>${esc(L.log)} (${log.length})</summary><ol class="hc-log-list">${items}</ol>`;
}

function seenHtml(ctx) {
  const { view, lang, L } = ctx;
  const seen = view.hc.seen_discards || [];
  if (!seen.length) return "";
  return `<div class="hc-seen">${esc(L.seen)}: ${seen.map((s) => `${esc(nameOf(view, s.player))} → <b>${esc(cardName(s.card, lang))}</b>`).join("; ")}</div>`;
}

// ----------------------------------------------------------------- the widget
function render({ model, el }) {
  el.classList.add("hc-root");
  el.innerHTML = `<div class="hc-board" data-testid="hc-board" tabindex="-1" data-lm-suppress-shortcuts="true">
    <div class="hc-sr-only" role="status" aria-live="polite" aria-atomic="false" data-testid="live"></div>
    <header class="hc-head"></header>
    <div class="hc-prompt" data-testid="prompt"></div>
    <div class="hc-error" role="alert" data-testid="error" hidden></div>
    <section class="hc-table"></section>
    <section class="hc-main">
      <div class="hc-handbox"><div class="hc-handwrap"></div><div class="hc-seenwrap"></div><div class="hc-advicewrap"></div></div>
      <div class="hc-oddsbox"><h4 class="hc-odds-title"></h4><div class="hc-legend"></div><div class="hc-plot" data-testid="odds-plot"></div><div class="hc-handev"></div><div class="hc-odds-hint"></div></div>
    </section>
    <section class="hc-players"></section>
    <section class="hc-summary" data-testid="summary"></section>
    <section class="hc-teacher" data-testid="teacher"></section>
    <details class="hc-log"></details>
  </div>`;
  const root = el.querySelector(".hc-board");
  const part = (sel) => root.querySelector(sel);
  const plotDiv = part(".hc-plot");
  let stepTimer = null;
  let nextId = 1;
  const pending = new Set();
  let plotly = null;
  let lastFigure = null;

  const lang = () => (model.get("lang") === "zh" ? "zh" : "en");
  const labelsNow = () => (model.get("view") || {}).labels || {};

  function send(msg) {
    const id = nextId++;
    pending.add(id);
    root.classList.add("hc-busy");
    model.send({ ...msg, id });
  }

  function onCustom(msg) {
    if (msg && msg.type === "reply") {
      pending.delete(msg.id);
      if (!pending.size) root.classList.remove("hc-busy");
    }
  }
  model.on("msg:custom", onCustom);
  // For benchmarks: the round trip of a message the kernel answers without changing anything.
  root.hcPing = () => new Promise((resolve) => {
    const id = `ping-${nextId++}`;
    const start = performance.now();
    const onReply = (msg) => {
      if (msg && msg.id === id) { model.off("msg:custom", onReply); resolve(performance.now() - start); }
    };
    model.on("msg:custom", onReply);
    model.send({ type: "step", revision: -1, id });
  });

  function schedule() {
    clearTimeout(stepTimer);
    const view = model.get("view") || {};
    if (view.bot_to_move && !view.over && !view.bot_failure) {  // after a failure: the retry button
      const revision = view.revision;
      const delay = reducedMotion() ? Math.max(model.get("bot_delay"), REDUCED_MOTION_MIN_DELAY) : model.get("bot_delay");
      stepTimer = setTimeout(() => model.send({ type: "step", revision }), delay);
    }
  }

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
        plotDiv.innerHTML = "";
        part(".hc-legend").innerHTML = "";
        lastFigure = null;
      }
      plotDiv.dataset.rev = String((model.get("view") || {}).revision ?? "");
      return;
    }
    if (!plotly) {
      plotDiv.dataset.loading = "1";
      if (!plotDiv.firstChild) plotDiv.innerHTML = `<div class="hc-muted">${esc(labelsNow().loading)}</div>`;
      loadPlotly(model).then((P) => { plotly = P; plotDiv.innerHTML = ""; delete plotDiv.dataset.loading; drawFigure(); })
        .catch((err) => { plotDiv.innerHTML = `<div class="hc-error">${esc(fmt(labelsNow().plotly_failed, { error: err }))}</div>`; });
      return;
    }
    lastFigure = fig;
    const meta = fig.meta || {};
    drawLegend(fig);
    const fg = getComputedStyle(root).getPropertyValue("--jp-ui-font-color1").trim() || "#1f2328";
    const data = fig.data.map((t) => (t.type === "bar" && t.text ? { ...t, outsidetextfont: { color: fg, size: 11 } } : t));
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
      items.push(`<span class="hc-lg"><i class="${shape}" style="background:${esc(colour)}"></i>${esc(trace.name)}</span>`);
    }
    part(".hc-legend").innerHTML = items.join("");
  }

  // The polite live region: each new log line (only what this seat may know), in the board's language.
  let announced = null;
  let saidCurtain = "";
  function announce(L, l) {
    const log = model.get("log") || [];
    if (announced === null || announced > log.length) announced = log.length;  // no history read aloud
    const fresh = log.slice(announced);
    announced = log.length;
    const live = part(".hc-sr-only");
    const view = model.get("view") || {};
    const curtain = view.curtain ? fmt(L.pass_to, { name: view.curtain.name }) : "";
    if (curtain && curtain !== saidCurtain) {  // pass-and-play: say whom to pass the device to
      const line = document.createElement("p");
      line.textContent = curtain;
      live.append(line);
    }
    saidCurtain = curtain;
    if (!fresh.length) return;
    for (const e of fresh) {
      const line = document.createElement("p");
      line.textContent = l === "zh" ? e.zh : e.en;
      live.append(line);
    }
    while (live.childElementCount > 6) live.firstElementChild.remove();
  }

  function draw() {
    const view = model.get("view") || {};
    if (!view.hc) return;
    const l = lang();
    const L = view.labels;
    MARKS = view.marks || MARKS;
    const active = root.contains(document.activeElement) ? document.activeElement : null;
    const key = focusKey(active);
    const ctx = { view, lang: l, model, L };
    const hc = view.hc;
    root.dataset.revision = String(view.revision);
    root.dataset.phase = hc.phase;
    root.dataset.round = String(hc.round);
    root.dataset.wave = String(hc.wave);
    root.dataset.tokens = hc.tokens.join(",");
    root.dataset.lang = l;
    part(".hc-head").innerHTML = headHtml(ctx);
    part(".hc-prompt").innerHTML = promptHtml(ctx);
    part(".hc-prompt").classList.toggle("hc-act", Boolean(hc.must_act || (hc.is_chance && hc.leader === view.human)));
    part(".hc-table").innerHTML = tableHtml(ctx);
    part(".hc-handwrap").innerHTML = handHtml(ctx);
    part(".hc-seenwrap").innerHTML = seenHtml(ctx);
    part(".hc-advicewrap").innerHTML = adviceHtml(ctx);
    part(".hc-odds-title").textContent = L.odds;
    part(".hc-odds-hint").textContent = L.odds_hint;
    part(".hc-handev").textContent = view.hand_ev ? fmt(L.hand_ev, { value: num(view.hand_ev.value) }) : "";
    part(".hc-players").innerHTML = playersHtml(ctx);
    part(".hc-summary").innerHTML = summaryHtml(ctx);
    part(".hc-teacher").innerHTML = teacherHtml(ctx);
    part(".hc-teacher").hidden = !view.teacher;
    const log = part(".hc-log");
    const open = log.open;
    log.innerHTML = logHtml(ctx);
    log.open = open;
    drawError();
    announce(L, l);
    if (active && !root.contains(active)) {  // the focused control was redrawn: focus its successor
      const again = key && [...root.querySelectorAll(`[data-${key[0]}]`)].find((n) => n.dataset[key[0]] === key[1] && !n.disabled);
      const next = again || root.querySelector(".hc-prompt .hc-primary:not([disabled]), .hc-hand .hc-primary:not([disabled])");
      (next || root).focus({ preventScroll: true });
    }
    schedule();
    root.hcTiming.drawn = performance.now();
  }

  function drawError() {
    const err = model.get("error") || {};
    const box = part(".hc-error");
    if (!err.en) { box.hidden = true; box.textContent = ""; return; }
    box.hidden = false;
    const l = lang();
    box.innerHTML = `${err.rule ? `<b>${esc(labelsNow().rule)} ${esc(err.rule)}</b> ` : ""}${esc(l === "zh" ? err.zh : err.en)}`;
  }

  function onClick(event) {
    const target = event.target.closest("button, input");
    if (!target || !root.contains(target) || target.disabled) return;
    if (target.dataset.msg) {
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

  let queued = false;
  root.hcTiming = {};  // for benchmarks: when the last view arrived, was drawn, was plotted
  const requestDraw = () => {  // one redraw for a batch of trait changes
    if (queued) return;
    queued = true;
    root.hcTiming = { received: performance.now() };
    queueMicrotask(() => { queued = false; draw(); });
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
    clearTimeout(stepTimer);
    resize.disconnect();
    model.off("msg:custom", onCustom);
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
