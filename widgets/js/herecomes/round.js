// The Here Comes Pokémon! board's bottom: the last round's summary, the teacher's view (every
// hand, face-down choice and bot reasoning) and the log.

import { h } from "../lib/dom.js";
import { fmt, num } from "../lib/text.js";
import { actionButton, cardName, chance, nameOf, token } from "./pieces.js";

// The round just checked, under the prompt (widgets/herecomes/round.py): whether the redraw
// happened, what each seat scored, and — when a bot leads the next round — "Start round N".
export function roundEnd(ctx) {
  const end = ctx.view.round_end;
  if (!end) return null;
  return [
    h("h4", {}, end.title),
    h("p", { class: "hc-roundend-redraw", dataset: { testid: "round-end-redraw" } }, end.redraw),
    h("ul", { class: "hc-roundend-seats" }, end.seats.map((line) => h("li", {}, line))),
    end.confirm ? actionButton("hc-primary", "hc-next-round", { msg: { type: "next_round" } }, end.button) : null,
  ];
}

export function summary(ctx) {
  const { view, lang, L } = ctx;
  const teacher = view.teacher;
  const last = (teacher && teacher.last_round) || view.hc.last_round;
  if (!last) return null;
  const toks = last.tokens.map((c, i) => token(c, L, i === last.tokens.length - 1 ? "hc-big hc-lasttok" : ""));
  const returned = last.returned.length
    ? [" ", h("small", {}, "↩ ", last.returned.map((c) => token(c, L)), ` ${L.returned}`)]
    : null;
  const seats = last.seats.map((s) => {
    const checked = (s.checked || []).map((c) =>
      h(
        "div",
        { class: `hc-check ${c.achieved ? "hc-ok" : "hc-no"}` },
        `${c.achieved ? "✔" : "✘"} `,
        h("b", {}, cardName(c.card, lang)),
        ` — ${c.card.condition_text}: `,
        h("i", {}, c.why),
        s.kept === c.card.id ? [" ", h("span", { class: "hc-kept" }, `★ ${L.kept}`)] : null,
      ),
    );
    const result = s.kept_card ? `${L.kept}: ${cardName(s.kept_card, lang)} (${s.gained_text})` : L.nothing;
    return h(
      "div",
      { class: "hc-sum-seat", dataset: { testid: `summary-${s.seat}` } },
      h("div", {}, h("b", {}, nameOf(view, s.seat)), ` — ${result}`),
      checked,
    );
  });
  const events = (last.events || []).map((e) => h("li", {}, e.text));
  return [
    h("h4", {}, fmt(L.summary, { round: last.round })),
    " ",
    h("div", { class: "hc-sum-tokens" }, `${L.tokens}: `, toks, returned),
    events.length ? [" ", h("ul", { class: "hc-events" }, events)] : null,
    " ",
    h("div", { class: "hc-sum-seats" }, seats),
  ];
}

export function teacher(ctx) {
  const { view, lang, L } = ctx;
  const tv = view.teacher;
  if (!tv) return null;
  const seats = tv.seats.map((s) => {
    const hand = s.hand.map((r) =>
      h("span", { class: `hc-chip hc-kind-${r.kind}`, title: r.p_text }, `${r.id} ${chance(r.p_float)}${r.set_aside ? " ✂" : ""}`),
    );
    const pend = s.pending
      ? Object.entries(s.pending).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => `${L.pending[k] ?? k}: ${v}`).join("; ")
      : "";
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
        h("small", {}, `${L.odds_then}: ${oddsThen}${adv}`),
      );
    }
    return h(
      "div",
      { class: "hc-teacher-seat", dataset: { testid: `teacher-${s.seat}` } },
      h("b", {}, nameOf(view, s.seat)),
      s.bot ? [" ", h("small", { class: "hc-bot" }, s.bot_title)] : null,
      " ",
      h("div", {}, `${L.hand}: `, hand),
      pend ? h("div", {}, `${L.pending_choice}: `, h("code", {}, pend)) : null,
      reason,
    );
  });
  return [h("h4", {}, L.teacher), h("div", { class: "hc-teacher-seats" }, seats)];
}

export function logParts(ctx) {
  const { model, lang, L } = ctx;
  const log = model.get("log") || [];
  const items = log.slice(-40).map((e) => h("li", { class: e.bot ? "hc-log-bot" : "hc-log-me" }, e.text));
  return [h("summary", {}, `${L.log} (${log.length})`), h("ol", { class: "hc-log-list" }, items)];
}
