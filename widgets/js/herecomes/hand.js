// The Here Comes Pokémon! board's middle: your hand (with its odds and buttons), the advisor,
// the discards you have seen, and every player's score, trainer and cards.

import { h } from "../lib/dom.js";
import { fmt, num } from "../lib/text.js";
import { why } from "./coach.js";
import { cardName, cardView, nameOf } from "./pieces.js";

// The hand's heading: yours, or on a board nobody plays (a bots' game shown from its record) the
// hand of the seat it looks from, by name.
export function handTitle(view, L) {
  return (view.humans || []).length ? L.your_hand : fmt(L.seat_hand, { name: nameOf(view, view.human) });
}

export function hand(ctx) {
  const { view, L } = ctx;
  const hc = view.hc;
  const odds = {};
  (view.odds || []).forEach((o) => { odds[o.id] = o; });
  const advice = view.advice;
  const misty = {};
  (view.trainer_actions || []).filter((a) => a.power === "extra_discard").forEach((a) => { misty[a.target] = a; });
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
    const best = advice && (advice.kind === "discard" || advice.kind === "keep") && advice.best === card.id;
    let adviceLine = "";
    if (advice && advice.kind === "discard") {
      const o = advice.options.find((x) => x.card === card.id);
      if (o) adviceLine = best ? `${L.best}: ${num(o.value)}` : `${L.cost} ${num(o.cost, 3)}`;
    }
    return cardView(card, ctx, { odds: odds[card.id], buttons, state, best, setAside: extra === card.id, why: adviceLine });
  });
  const empty = hc.hand.length ? null : h("div", { class: "hc-muted" }, L.none);
  return [h("h4", { dataset: { testid: "hand-title" } }, handTitle(view, L)), h("div", { class: "hc-hand", dataset: { testid: "hand" } }, cards, empty)];
}

export function advice(ctx) {
  const { view, lang, L } = ctx;
  const a = view.advice;
  if (!ctx.model.get("advisor") || !a) return null;
  let body = null;
  const byId = {};
  view.hc.hand.forEach((c) => { byId[c.id] = c; });
  if (a && a.kind === "discard") {
    const rows = a.options.map((o) =>
      h(
        "tr",
        { class: o.card === a.best ? "hc-best-row" : "" },
        h("td", {}, byId[o.card] ? cardName(byId[o.card], lang) : o.card),
        h("td", {}, num(o.value, 3)),
        h("td", {}, o.cost === 0 ? "✓" : "−" + num(o.cost, 3)),
      ),
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
        h("tbody", {}, rows),
      ),
    ];
  } else if (a && a.kind === "vote") {
    const gain = Number(num(a.gain, 3));
    body = fmt(gain > 0 ? L.advice_vote_yes : L.advice_vote_no, { gain });
  } else if (a && a.kind === "keep") {
    body = fmt(L.advice_keep, { card: byId[a.best] ? cardName(byId[a.best], lang) : a.best });
  }
  return h("div", { class: "hc-advice", dataset: { testid: "advice" } }, h("h4", {}, L.advice), body, why(ctx));
}

export function seen(ctx) {
  const { view, lang, L } = ctx;
  const list = view.hc.seen_discards || [];
  if (!list.length) return null;
  return h(
    "div",
    { class: "hc-seen" },
    `${L.seen}: `,
    list.map((s, i) => [i ? "; " : null, `${nameOf(view, s.player)} → `, h("b", {}, cardName(s.card, lang))]),
  );
}

export function players(ctx) {
  const { view, lang, L } = ctx;
  const hc = view.hc;
  return hc.players.map((p) => {
    const seat = view.seats[p.seat] || {};
    const waiting = (hc.waiting_for || []).includes(p.seat);
    const stepOpen = !hc.is_chance && !hc.is_over && (hc.waiting_for || []).length > 0;
    const status = stepOpen
      ? (waiting ? h("span", { class: "hc-wait" }, `… ${L.thinking}`) : h("span", { class: "hc-done" }, `✓ ${L.chosen}`))
      : null;
    const tr = p.trainer;
    const trText = tr ? tr.text : "";
    // The power's words, two lines until tapped, clicked or pressed (Enter/Space): a button that
    // says whether it is open (aria-expanded); the board remembers it across redraws (ctx.expanded).
    const key = `trainer-${p.seat}`;
    const open = Boolean(ctx.expanded && ctx.expanded.has(key));
    const trainer = tr
      ? h(
          "div",
          { class: "hc-trainer" },
          h("span", { class: "hc-tag" }, L.trainer),
          ` ${tr.name} `,
          h("small", {}, tr.rule),
          " ",
          tr.uses_this_round || (tr.per_game && tr.uses_this_game) ? h("small", { class: "hc-used" }, tr.per_game ? L.used_game : L.used_round) : null,
          h(
            "button",
            {
              type: "button",
              class: "hc-trainer-text",
              title: trText,
              "aria-expanded": String(open),
              dataset: { testid: `trainer-text-${p.seat}`, expand: key },
            },
            h("span", { class: "hc-trainer-words" }, trText),
            h("span", { class: "hc-trainer-more", "aria-hidden": "true" }, open ? "▴" : "▾"),
          ),
        )
      : null;
    const scored = p.scored.map((c) =>
      h("span", { class: `hc-chip hc-kind-${c.kind}`, title: c.condition_text }, `${cardName(c, lang)} ${c.points}`),
    );
    return h(
      "div",
      { class: `hc-player ${p.seat === view.human ? "hc-me" : ""} ${p.is_leader ? "hc-leader" : ""}`, dataset: { testid: `player-${p.seat}` } },
      h(
        "div",
        { class: "hc-player-head" },
        h("b", {}, p.name),
        p.seat === view.human && !seat.bot && p.name !== L.you_name ? [" ", h("small", {}, `(${L.you})`)] : null,  // a bot is never "you"
        seat.bot ? [" ", h("small", { class: "hc-bot" }, seat.bot_title)] : null,
        " ",
        p.is_leader ? [h("span", { class: "hc-crown", title: L.leader }, L.leader), " "] : null,
        h("span", { class: "hc-score", dataset: { testid: `points-${p.seat}` } }, p.points_text),
      ),
      h("div", { class: "hc-player-sub" }, p.hand_size_text, " ", status),
      trainer,
      h("div", { class: "hc-scored" }, scored),
    );
  });
}
