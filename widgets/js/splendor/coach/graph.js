// The coach's win-probability line: one line per seat (dash and marker shape as well as colour),
// your band, and one focusable point per turn that opens that position.

import { h, svg } from "../../lib/dom.js";
import { fmt, pct, shares } from "../../lib/text.js";

// Each seat's line differs by dash and marker shape as well as colour.
const DASH = ["", "7 4", "2 3", "10 3 2 3"];
export const SHAPE = ["circle", "square", "triangle", "diamond"];

export function marker(shape, x, y, r, attrs) {
  if (shape === "square") return svg("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, ...attrs });
  if (shape === "triangle") return svg("path", { d: `M${x},${y - r * 1.2}L${x + r * 1.1},${y + r * 0.8}L${x - r * 1.1},${y + r * 0.8}Z`, ...attrs });
  if (shape === "diamond") return svg("path", { d: `M${x},${y - r * 1.3}L${x + r * 1.2},${y}L${x},${y + r * 1.3}L${x - r * 1.2},${y}Z`, ...attrs });
  return svg("circle", { cx: x, cy: y, r, ...attrs });
}

export function graph(c, data, C) {
  const { send, seats, uid } = c;
  const line = data.line || [];
  const W = 320, H = 150, L0 = 34, R0 = 8, T0 = 8, B0 = 22;
  const n = line.length;
  const x = (i) => L0 + (n <= 1 ? 0 : (i * (W - L0 - R0)) / (n - 1));
  const y = (p) => T0 + (1 - p) * (H - T0 - B0);
  const mistakes = new Set(((data.review && data.review.moves) || []).filter((m) => m.mistake).map((m) => m.turn));
  const parts = [];
  for (const p of [0, 0.5, 1]) {
    parts.push(svg("line", { x1: L0, x2: W - R0, y1: y(p), y2: y(p), class: "pk-grid" }));
    parts.push(svg("text", { x: L0 - 4, y: y(p) + 4, "text-anchor": "end", class: "pk-axis" }, pct(p)));
  }
  const me = data.viewer;
  const known = line.filter((pt) => pt.rates);
  if (known.length > 1) {
    const upper = known.map((pt) => `${x(pt.index)},${y(pt.highs[me])}`);
    const lower = known.slice().reverse().map((pt) => `${x(pt.index)},${y(pt.lows[me])}`);
    parts.push(svg("polygon", { points: [...upper, ...lower].join(" "), class: "pk-band", style: `fill: ${seats[me % seats.length]}` }));
  }
  data.names.forEach((_, seat) => {
    const pts = known.map((pt) => `${x(pt.index)},${y(pt.rates[seat])}`);
    if (pts.length > 1) {
      parts.push(svg("polyline", { points: pts.join(" "), class: "pk-line", "stroke-dasharray": DASH[seat % DASH.length] || null, style: `stroke: ${seats[seat % seats.length]}` }));
    }
  });
  // One focusable point per turn, on your line: Enter or a click shows that position.
  for (const pt of line) {
    const rate = pt.rates ? pt.rates[me] : null;
    const who = pt.seat === null || pt.seat === undefined ? C.end_of_game : data.names[pt.seat];
    const moves = pt.moves.join("; ") || C.no_move_yet;
    const rates = pt.rates ? shares(pt.rates) : null;
    const chances = rates ? data.names.map((name, s) => `${name} ${rates[s]}`).join(", ") : C.pending;
    const label = fmt(C.point_label, { n: pt.index + 1, round: pt.round, who, moves, chances });
    const selected = data.point && data.point.index === pt.index;
    const g = svg(
      "g",
      {
        class: `pk-point ${selected ? "pk-point-selected" : ""} ${mistakes.has(pt.index) ? "pk-point-mistake" : ""}`,
        tabindex: "0",
        role: "button",
        "aria-label": label,
        "aria-pressed": selected ? "true" : "false",
        "data-index": pt.index,
        "data-key": `point-${pt.index}`,
      },
      svg("title", {}, label),
      svg("rect", { x: x(pt.index) - 6, y: T0, width: 12, height: H - T0 - B0, class: "pk-point-hit" }),
      data.names.map((_, s) =>
        pt.rates ? marker(SHAPE[s % SHAPE.length], x(pt.index), y(pt.rates[s]), s === me ? 3.6 : 2.6, { class: "pk-mark", style: `fill: ${seats[s % seats.length]}` }) : null,
      ),
      rate === null ? marker("circle", x(pt.index), y(0.5), 2, { class: "pk-mark-pending" }) : null,
      mistakes.has(pt.index) ? svg("text", { x: x(pt.index), y: H - 6, "text-anchor": "middle", class: "pk-mistake-mark" }, "!") : null,
    );
    const open = () => send({ type: "coach_point", index: selected ? null : pt.index });
    g.addEventListener("click", open);
    g.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        open();
      }
    });
    parts.push(g);
  }
  const legend = h(
    "div",
    { class: "pk-legend" },
    data.names.map((name, s) =>
      h(
        "span",
        { class: "pk-legend-item" },
        svg(
          "svg",
          { width: 28, height: 12, viewBox: "0 0 28 12", "aria-hidden": "true" },
          svg("line", { x1: 1, x2: 27, y1: 6, y2: 6, class: "pk-line", "stroke-dasharray": DASH[s % DASH.length] || null, style: `stroke: ${seats[s % seats.length]}` }),
          marker(SHAPE[s % SHAPE.length], 14, 6, 3.4, { style: `fill: ${seats[s % seats.length]}` }),
        ),
        name,
      ),
    ),
    mistakes.size ? h("span", { class: "pk-legend-item" }, h("b", { class: "pk-mistake-key" }, "!"), " ", C.mistake) : null,
  );
  return h(
    "div",
    { class: "pk-graph", dataset: { testid: "graph", points: n } },
    h("div", { class: "pk-coach-title", id: `pk-graph-title-${uid}` }, C.line_title),
    n
      ? svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "pk-graph-svg", role: "group", "aria-labelledby": `pk-graph-title-${uid}` }, parts)
      : h("div", { class: "pk-coach-note" }, C.line_empty),
    n ? legend : null,
    n ? h("div", { class: "pk-coach-note" }, C.line_hint) : null,
  );
}
