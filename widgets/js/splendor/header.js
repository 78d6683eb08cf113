// The Splendor board's top: the header (status, undo, seed, new game, language), a shared
// table's panel and the message bar (an error naming the rule, or the hint).

import { h } from "../lib/dom.js";
import { fmt } from "../lib/text.js";

// ------------------------------------------------------------------ header
export function header(b, view, L, lang) {
  const { model, ui, send } = b;
  let status;
  if (view.over) {
    status = view.result_text;  // the kernel's sentence: "You win!", "Ben wins!", a shared victory
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
          onclick: () => send({ type: "set_lang", lang: L.lang_next }),
        },
        L.lang_switch,
      ),
    ),
  );
}

// A shared table (widgets/board/table.py): its code, my seat and token, undo consent, idle seats.
export function tablePanel(b, view, L) {
  const { send } = b;
  const t = view.table;
  if (!t) return null;
  const u = t.pending_undo;
  const rows = [
    h("p", { class: "pk-table-id", dataset: { testid: "table-code" } }, fmt(L.table_code, { code: t.code }), " · ", fmt(L.table_seat, { seat: t.seat + 1, name: view.players[t.seat].name })),
    t.token ? h("p", { class: "pk-table-token", dataset: { testid: "table-token" } }, fmt(L.table_token, { token: t.token })) : null, // none on a hub
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

export function messageBar(b, view, L, lang) {
  const { model, send } = b;
  const error = model.get("error") || {};
  if (error.text) {
    return h(
      "div",
      // (no role "alert": redrawn with the board, it would be read again; ../lib/refusal.js reads each refusal once)
      { class: "pk-message pk-error", dataset: { rule: error.rule || "" } },
      error.rule ? h("span", { class: "pk-rule" }, `${L.rule} ${error.rule}`) : h("span", { class: "pk-rule" }, L.problem),
      h("span", { class: "pk-reason" }, error.text),
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
