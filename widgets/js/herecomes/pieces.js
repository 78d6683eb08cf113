// The Here Comes Pokémon! board's small pieces: tokens (with each colour's symbol), a card's
// condition as icons, a card, and the formats its numbers take.

import { h, markSvg } from "../lib/dom.js";
import { fmt, pct } from "../lib/text.js";

// A chance as the board shows it: a whole percentage, "<1%" for a tiny one (../lib/text.js).
export const chance = (p) => pct(p);

// Each colour's symbol, from the view (widgets/tokens.py); the same for every board on the page.
let MARKS = {};
export function setMarks(marks) {
  MARKS = marks || MARKS;
}

export function token(colour, L, extra = "") {
  const name = L.colour[colour] ?? colour;
  return h(
    "span",
    { class: `hc-tok hc-${colour} ${extra}`, role: "img", "aria-label": name, title: name, dataset: { symbol: (MARKS[colour] || {}).symbol || "" } },
    markSvg(MARKS[colour]),
  );
}

// The element to focus again after a redraw: the same control, found by what it does.
const FOCUS_KEYS = ["testid", "intent", "cmd", "lang", "toggle"];
export function focusKey(node) {
  if (!node || !node.dataset) return null;
  for (const k of FOCUS_KEYS) if (node.dataset[k] !== undefined) return [k, node.dataset[k]];
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

export function cardName(card, lang) {
  return card.name;
}

export function nameOf(view, seat) {
  const p = view.hc.players[seat];
  return p ? p.name : `#${seat}`;
}

// A button that sends `intent` (an action) or `msg` (a message) when clicked: the board listens
// for clicks once and reads these data attributes.
export function actionButton(cls, testid, { intent, msg }, label) {
  return h(
    "button",
    {
      class: `hc-btn ${cls || ""}`,
      dataset: { testid, intent: intent && JSON.stringify(intent), msg: msg && JSON.stringify(msg) },
    },
    label,
  );
}

export function cardView(card, ctx, opts = {}) {
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
  const pts = card.points_unit ?? L.points;  // the unit's plural form comes from the kernel
  let oddsLine = null;
  if (odds) {
    const trend = odds.prev === null || odds.prev === undefined ? null
      : odds.p_float > odds.prev + 1e-9 ? h("span", { class: "hc-up" }, "▲")
      : odds.p_float < odds.prev - 1e-9 ? h("span", { class: "hc-down" }, "▼") : null;
    oddsLine = h(
      "div",
      { class: "hc-card-odds", title: odds.p_text },
      h("b", { dataset: { testid: `odds-${card.id}` } }, chance(odds.p_float)),
      trend,
      " ",
      h("span", { class: "hc-ev" }, `${odds.ev_text} ${L.points}`),
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
    buttons.length ? h("div", { class: "hc-card-actions" }, buttons) : null,
  );
}
