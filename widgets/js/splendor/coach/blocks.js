// The coach panel's blocks: win chances, a past position, card odds, Suggest and Review.
// `c` is the panel (model, send, seats, uid, live, said) of ./index.js.

import { fill, h } from "../../lib/dom.js";
import { fmt, pct, shares } from "../../lib/text.js";

const range = (e) => `${pct(e.low)}–${pct(e.high)}`;

export function oddsBlock(c, data, C) {
  const { seats, live, model } = c;
  const odds = data.odds;
  const status = odds.final
    ? C.final
    : odds.playouts >= odds.target
      ? fmt(C.playouts_done, { n: odds.playouts })
      : fmt(C.computing, { n: odds.playouts, target: odds.target });
  const entries = odds.seats || data.names.map((name, seat) => ({ seat, name }));
  // the seats' chances to win share one whole: shown so that they add to 100%
  const shown = entries.some((e) => e.rate === undefined) ? entries.map(() => "…") : shares(entries.map((e) => e.rate));
  const players = (model.get("view") || {}).players || [];
  const rows = entries.map((e, k) =>
    h(
      "div",
      { class: `pk-odds-row ${e.seat === data.viewer ? "pk-odds-you" : ""}`, dataset: { seat: e.seat } },
      // "(you)" beside your seat, unless its name already says "You" (players.js does the same)
      h("span", { class: "pk-odds-name" }, e.name, e.seat === data.viewer && !(players[e.seat] || {}).named_you ? ` (${C.you})` : ""),
      h(
        "span",
        {
          class: "pk-odds-bar",
          role: "img",
          "aria-label": e.rate === undefined ? fmt(C.pending_for, { name: e.name }) : fmt(C.chance_of, { name: e.name, p: shown[k], range: range(e) }),
          style: `--pk-seat: ${seats[e.seat % seats.length]}`,
        },
        e.rate === undefined
          ? null
          : [
              h("span", { class: "pk-odds-band", style: `left:${e.low * 100}%;width:${(e.high - e.low) * 100}%` }),
              h("span", { class: "pk-odds-fill", style: `width:${e.rate * 100}%` }),
            ],
      ),
      h("span", { class: "pk-odds-value", dataset: { rate: e.rate === undefined ? "" : e.rate } },
        e.rate === undefined ? "…" : `${shown[k]} (${range(e)})`),
    ),
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
    h("div", { class: "pk-coach-note", dataset: { testid: "odds-status" } }, status),
  );
}

export function pointView(c, data, C) {
  const { model, send } = c;
  const pt = data.point;
  if (!pt) return null;
  const pos = pt.position;
  const who = pt.seat === null || pt.seat === undefined ? C.end_of_game : data.names[pt.seat];
  const moves = pt.moves.join("; ") || C.no_move_yet;
  const colour = (c) => (model.get("view").labels.colour || {})[c] || c;
  const rates = pt.rates ? shares(pt.rates) : null;  // the seats' chances, adding to 100%
  return h(
    "div",
    { class: "pk-point-view", role: "region", "aria-label": fmt(C.position_of, { n: pt.index + 1 }), dataset: { testid: "point-view", index: pt.index } },
    h("div", { class: "pk-coach-title" }, fmt(C.position_of, { n: pt.index + 1 }), ` · ${fmt(C.round, { n: pt.round })}`, ` · ${C.read_only}`),
    h("div", {}, h("b", {}, `${who}: `), moves),
    rates ? h("div", { class: "pk-coach-note" }, data.names.map((name, s) => `${name} ${rates[s]}`).join(" · ")) : null,
    h("div", {}, h("b", {}, `${C.display}: `), pos.display.map((c) => c.name).join(", ") || "—"),
    h(
      "ul",
      { class: "pk-point-players" },
      pos.players.map((p) =>
        h(
          "li",
          {},
          h("b", {}, `${p.name} · ${fmt(C.points, { n: p.points })}`),
          " · ",
          Object.entries(p.tokens).filter(([, v]) => v).map(([c, v]) => `${colour(c)} ${v}`).join(", ") || C.no_tokens,
          p.captured.length ? ` · ${C.caught}: ${p.captured.join(", ")}` : "",
          p.reserved.length ? ` · ${C.reserved}: ${p.reserved.join(", ")}` : "",
        ),
      ),
    ),
    h("button", { class: "pk-btn pk-point-back", "data-key": "point-back", onclick: () => send({ type: "coach_point", index: null }) }, C.back),
  );
}

export function cardsBlock(c, data, C) {
  const { uid } = c;
  if (!data.cards) return null;
  const turns = (r) => (r.turns === 0 ? C.now : fmt(r.turns === 1 ? C.turn_one : C.turns_many, { n: r.turns }));
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
        data.cards.map((r) =>
          h(
            "tr",
            { dataset: { cardId: r.id, turns: r.turns } },
            h("th", { scope: "row" }, r.name),
            h("td", {}, r.where === "display" ? C.in_display : C.in_reserve),
            h("td", {}, turns(r), r.needs_master ? ` · ${C.needs_master}` : ""),
            h("td", {}, r.points),
          ),
        ),
      ),
    ),
    h("div", { class: "pk-coach-title" }, C.needed_title),
    data.needed && data.needed.length
      ? h(
          "ul",
          { class: "pk-needed" },
          data.needed.map((r) =>
            h("li", { dataset: { cardId: r.id } }, fmt(C.needed_line, { card: r.name, base: r.from, p1: pct(r.within["1"]), p4: pct(r.within["4"]) })),
          ),
        )
      : h("div", { class: "pk-coach-note" }, C.needed_none),
    (data.threats || []).map((t) => h("div", { class: "pk-coach-note pk-threat" }, fmt(C.threat_line, { name: t.name, p: pct(t.next) }))),
  );
}

export function coachBlock(c, data, C, view) {
  const { send } = c;
  const myTurn = !view.over && !view.bot_to_move && Boolean(view.can_move);
  const sug = data.suggest;
  const parts = [
    h("div", { class: "pk-coach-title" }, C.coach_title),
    view.over
      ? null
      : h("button", { class: "pk-btn pk-primary pk-suggest", "data-key": "suggest", disabled: !myTurn || (sug && sug.pending), onclick: () => send({ type: "coach_suggest" }) }, C.suggest),
  ];
  if (sug && sug.pending) parts.push(h("div", { class: "pk-coach-note", role: "status" }, C.thinking));
  if (sug && !sug.pending) {
    parts.push(
      sug.failed
        ? h("div", { class: "pk-coach-note" }, C.coach_failed)
        : h(
            "ol",
            { class: "pk-suggestions", dataset: { testid: "suggestions" }, "aria-label": C.suggestions },
            sug.items.map((s, i) =>
              h(
                "li",
                { class: "pk-suggestion", dataset: { action: s.text } },
                h("div", {}, h("b", {}, s.move), ` · ${fmt(C.wins, { p: pct(s.estimate.rate), range: range(s.estimate) })}`),
                h("div", { class: "pk-reason" }, s.reason),
                myTurn
                  ? h("button", { class: "pk-btn pk-play-suggestion", "data-key": `play-${i}`, onclick: () => send({ type: "intent", action: { kind: "text", text: s.text } }) }, C.play_this)
                  : null,
              ),
            ),
          ),
    );
  }
  if (view.over) {
    const rev = data.review;
    parts.push(
      h("button", { class: "pk-btn pk-primary pk-review", "data-key": "review", disabled: rev && rev.pending, onclick: () => send({ type: "coach_review" }) }, C.review),
    );
    if (rev && rev.pending) parts.push(h("div", { class: "pk-coach-note", role: "status" }, C.reviewing));
    if (rev && !rev.pending) parts.push(reviewList(c, data, rev, C));
  }
  return h("div", { class: "pk-coach-box", dataset: { testid: "coach-box" } }, parts);
}

export function reviewList(c, data, rev, C) {
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
      mistakes.map((m) =>
        h(
          "li",
          { class: "pk-review-move pk-mistake", dataset: { index: m.index, seat: m.seat } },
          h("b", { class: "pk-mistake-tag" }, `! ${C.mistake}`),
          " ",
          fmt(C.review_line, { who: data.names[m.seat], move: m.move, before: pct(m.before.rate), after: pct(m.after.rate) }),
          m.better
            ? h("div", { class: "pk-reason" }, fmt(C.better, { move: m.better.move, p: pct(m.better.estimate.rate) }), " — ", m.better.reason)
            : null,
          m.turn !== null && m.turn !== undefined
            ? h("button", { class: "pk-btn pk-soft pk-review-show", "data-key": `review-${m.index}`, onclick: () => send({ type: "coach_point", index: m.turn }) }, C.show)
            : null,
        ),
      ),
    ),
  );
}
