// The advisor's words on the Here Comes Pokémon! board (widgets/herecomes/coach.py): why the
// best discard, and the review of your discards in the last round that is over. Every word comes
// from the kernel's view, already in the board's language.

import { h } from "../lib/dom.js";

// The reason for the best discard, under the advisor's table (null when there is none).
export function why(ctx) {
  const coach = ctx.view.coach;
  if (!ctx.model.get("advisor") || !coach || !coach.why) return null;
  return h("p", { class: "hc-why", dataset: { testid: "advice-why" } }, coach.why);
}

// The round review: a summary line, then one line per discard with what it cost.
export function review(ctx) {
  const coach = ctx.view.coach;
  if (!ctx.model.get("advisor") || !coach || !coach.review) return null;
  const r = coach.review;
  const [summary, ...rows] = r.lines;
  return h(
    "div",
    { class: "hc-review", dataset: { testid: "review", round: r.round, cost: r.cost } },
    h("h4", {}, r.title),
    h("p", { class: "hc-review-sum" }, summary),
    h("ul", {}, rows.map((line, i) => h("li", { class: Number(r.costs[i]) === 0 ? "" : "hc-review-loss", dataset: { cost: r.costs[i] } }, line))),
  );
}
