// The Here Comes Pokémon! board's top half: the header (status, switches, language, undo), a
// shared table's panel, the prompt (what to do now) and the table (the bag and order cards).

import { h } from "../lib/dom.js";
import { fmt } from "../lib/text.js";
import { actionButton, nameOf, token } from "./pieces.js";

export function head(ctx) {
  const { view, lang, model, L } = ctx;
  const hc = view.hc;
  const status = fmt(L.status, { round: hc.round, wave: Math.min(hc.wave, 4), phase: L.phase[hc.phase] || hc.phase });
  const toggle = (name, label) =>
    h("label", { class: "hc-toggle" }, h("input", { type: "checkbox", dataset: { toggle: name }, checked: Boolean(model.get(name)) }), ` ${label}`);
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
      view.table ? null : [" ", h("button", { class: "hc-btn hc-flat", dataset: { cmd: "new_game" } }, L.new_game)],
    ),
    tableInfo(view, L),
  ];
}

// A shared table (widgets/board/table.py): its code, my seat and token, undo consent, idle seats.
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
      actionButton("", "undo-no", { msg: { type: "undo_answer", yes: false } }, L.table_undo_no),
    );
  } else if (u) {
    undo = h("p", {}, L.table_undo_waiting);
  }
  const idle = (t.idle || []).map((seat) =>
    actionButton("", `to-bot-${seat}`, { msg: { type: "hand_to_bot", seat } }, fmt(L.table_to_bot, { seat: seat + 1, name: nameOf(view, seat) })),
  );
  return h(
    "div",
    { class: "hc-table-info", dataset: { testid: "table" } },
    h("p", { dataset: { testid: "table-code" } }, `${fmt(L.table_code, { code: t.code })} · ${fmt(L.table_seat, { seat: t.seat + 1, name: nameOf(view, t.seat) })}`),
    " ",
    t.token ? h("p", { dataset: { testid: "table-token" } }, fmt(L.table_token, { token: t.token })) : null, // none on a hub: the login is the seat
    undo,
    idle,
  );
}

export function prompt(ctx) {
  const { view, L } = ctx;
  const hc = view.hc;
  const me = view.human;
  const leaderName = nameOf(view, hc.leader);
  const others = (hc.waiting_for || []).filter((s) => s !== me).map((s) => nameOf(view, s));
  const cmd = (testid, name, label) => h("button", { class: "hc-btn hc-primary", dataset: { testid, cmd: name } }, label);
  let text = "";
  let buttons = null;
  if (view.curtain) {  // pass-and-play: the hand stays hidden until its own player taps
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
    buttons = cmd(undefined, "new_game", L.new_game);
  } else if (hc.is_chance) {
    const redraw = hc.phase === "redraw";
    if (hc.leader === me) {
      text = L.you_lead;
      const label = redraw ? L.draw_redraw : hc.draw_text;  // "Draw wave 2 (3 tokens)", plural from the kernel
      buttons = actionButton("hc-primary", "hc-draw", { intent: { kind: "draw" } }, label);
    } else {
      const waits = view.round_end && view.round_end.confirm;  // the bot leader waits for "Start round N"
      text = redraw ? fmt(L.bot_redraws, { who: leaderName })
        : waits ? fmt(L.bot_waits, { who: leaderName }) : fmt(L.bot_draws, { who: leaderName, wave: hc.wave });
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
        actionButton("", "hc-vote-no", { intent: { kind: "vote", agree: false } }, L.no),
      ];
    } else {
      text = hc.my_choice && hc.my_choice.vote ? L.you_voted_for : L.you_voted_against;
    }
  } else if (hc.phase === "keep") {
    text = hc.must_act ? L.keep_two : fmt(L.waiting_for, { names: others.join(L.list_sep) });
  }
  const trainerButtons = (view.trainer_actions || []).filter((a) => a.power !== "extra_discard").map((a) =>
    actionButton("hc-trainer-btn", `trainer-${a.power}-${a.target ?? ""}`, { intent: { kind: "trainer", power: a.power, target: a.target } }, a.text),
  );
  return [h("div", { class: "hc-prompt-text" }, text), h("div", { class: "hc-prompt-buttons" }, buttons, trainerButtons)];
}

export function table(ctx) {
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
    const slots = Array.from({ length: size }, (_, j) => (j < toks.length ? token(toks[j], L, "hc-big") : h("span", { class: "hc-slot" })));
    const current = !hc.is_over && Math.min(hc.wave, 4) === i + 1 ? "hc-current" : "";
    const ret = i === 3 && hc.returned.length
      ? h("div", { class: "hc-returned" }, "↩ ", hc.returned.map((c) => token(c, L)), " ", h("small", {}, L.returned))
      : null;
    return h(
      "div",
      { class: `hc-order ${current}`, dataset: { testid: `order-${i + 1}`, tokens: toks.join(",") } },
      h("div", { class: "hc-order-num" }, i + 1),
      h("div", { class: "hc-order-slots" }, slots),
      ret,
    );
  });
  return [
    h("div", { class: "hc-bag", dataset: { testid: "bag" } }, h("h4", {}, `${L.bag} `, h("small", {}, `${hc.bag_total} ${L.left}`)), bag),
    " ",
    h("div", { class: "hc-orders" }, h("h4", {}, `${L.order_card} 1–4`), h("div", { class: "hc-order-row" }, cards)),
  ];
}
