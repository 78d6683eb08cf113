// The Splendor board's small pieces: tokens (balls), cost rows, cards, and how a control is
// found again after a redraw. `b` is the board (model, ui, send, intent, schedule) of index.js.

import { h, markSvg } from "../lib/dom.js";

export const SEATS = ["#ff7043", "#42a5f5", "#66bb6a", "#ab47bc"];

// Each colour's symbol and name, from the view (widgets/tokens.py); the same for every board on the page.
let MARKS = {};
let NAMES = {};
export function setColours(marks, names) {
  MARKS = marks || MARKS;
  NAMES = names || NAMES;
}
export function colourMark(colour) {
  return markSvg(MARKS[colour]);
}

export function ball(colour, text, extra) {
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
  return h("span", props, shown, colourMark(colour));
}

// A control's identity across redraws (the board is rebuilt on every change): what it is and
// what it acts on, not its state, so the keyboard focus can come back to it.
const STATE_CLASSES = new Set(["pk-btn", "pk-primary", "pk-soft", "pk-selected", "pk-affordable", "pk-clickable", "pk-empty"]);
export function focusKey(node) {
  if (!node || !node.classList) return null;
  const named = node.getAttribute && node.getAttribute("data-key");  // the coach's controls name themselves
  if (named) return `key|${named}`;
  const cls = [...node.classList].filter((c) => !STATE_CLASSES.has(c) && !/^pk-(d|tier)-/.test(c)).join(".");
  const data = Object.entries(node.dataset || {}).filter(([k]) => k !== "count" && k !== "affordable");
  return `${node.tagName}|${cls}|${data.map(([k, v]) => `${k}=${v}`).join(",")}`;
}

// Enter or Space on a non-button control (a card) acts like a click.
export function pressable(action) {
  return (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      action();
    }
  };
}

export function cardName(card, lang) {
  return card.name;
}

export function costBalls(card, L, useEffective) {
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

// The tokens a catch takes ({colour: n} from the view, Master Balls included), in the supply's order.
export function paymentBalls(payment, colours, L) {
  const out = colours
    .filter((colour) => payment[colour])
    .map((colour) =>
      h(
        "span",
        { class: "pk-cost-item pk-pay-item", dataset: { colour, count: payment[colour] }, title: `${L.colour[colour]} ${payment[colour]}` },
        ball(colour, payment[colour]),
      ),
    );
  if (!out.length) out.push(h("span", { class: "pk-cost-none" }, L.free));
  return out;
}

// ------------------------------------------------------------------ cards
export function cardView(b, card, L, lang, opts) {
  const { ui } = b;
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
