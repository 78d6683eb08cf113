// The Splendor board's coach panel: live win chances, the win-probability line, card odds,
// Suggest and Review (issue 23). Bundled in front of splendor.js (widgets/_splendor_coach.py
// joins the two files), so it defines one function, mountCoach, and no imports or exports.
//
// It draws the `coach` trait (built by widgets/_splendor_coach.py) into its own node, which
// the board places beside the players; it redraws only on change:coach and change:view,
// never blocks the board, and sends coach_suggest / coach_review / coach_point messages.
// Every word comes from view.labels.coach (widgets/_splendor_text.py).

// eslint-disable-next-line no-unused-vars
function mountCoach({ model, h, fmt, send, mark, seats }) {
  const SVGNS = "http://www.w3.org/2000/svg";
  // Each seat's line differs by dash and marker shape as well as colour.
  const DASH = ["", "7 4", "2 3", "10 3 2 3"];
  const SHAPE = ["circle", "square", "triangle", "diamond"];
  const node = h("section", { class: "pk-section pk-coach", dataset: { testid: "coach" } });
  const live = h("div", { class: "pk-sr-only", role: "status", "aria-live": "polite", dataset: { testid: "coach-live" } });
  let spoken = "";

  const pct = (x) => `${Math.round(x * 100)}%`;
  const range = (e) => `${pct(e.low)}–${pct(e.high)}`;
  const pick = (pair, lang) => (pair ? (lang === "zh" ? pair.zh : pair.en) : "");

  function svg(tag, attrs, ...children) {
    const n = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) n.setAttribute(k, String(v));
    for (const c of children.flat()) if (c) n.append(c instanceof Node ? c : document.createTextNode(String(c)));
    return n;
  }

  function marker(shape, x, y, r, attrs) {
    if (shape === "square") return svg("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, ...attrs });
    if (shape === "triangle") return svg("path", { d: `M${x},${y - r * 1.2}L${x + r * 1.1},${y + r * 0.8}L${x - r * 1.1},${y + r * 0.8}Z`, ...attrs });
    if (shape === "diamond") return svg("path", { d: `M${x},${y - r * 1.3}L${x + r * 1.2},${y}L${x},${y + r * 1.3}L${x - r * 1.2},${y}Z`, ...attrs });
    return svg("circle", { cx: x, cy: y, r, ...attrs });
  }

  function oddsBlock(data, C, lang) {
    const odds = data.odds;
    const status = odds.final
      ? C.final
      : odds.playouts >= odds.target
        ? fmt(C.playouts_done, { n: odds.playouts })
        : fmt(C.computing, { n: odds.playouts, target: odds.target });
    const rows = (odds.seats || data.names.map((name, seat) => ({ seat, name }))).map((e) =>
      h(
        "div",
        { class: `pk-odds-row ${e.seat === data.viewer ? "pk-odds-you" : ""}`, dataset: { seat: e.seat } },
        h("span", { class: "pk-odds-name" }, e.name, e.seat === data.viewer ? ` (${C.you})` : ""),
        h(
          "span",
          {
            class: "pk-odds-bar",
            role: "img",
            "aria-label": e.rate === undefined ? fmt(C.pending_for, { name: e.name }) : fmt(C.chance_of, { name: e.name, p: pct(e.rate), range: range(e) }),
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
          e.rate === undefined ? "…" : `${pct(e.rate)} (${range(e)})`),
      ),
    );
    const me = (odds.seats || []).find((e) => e.seat === data.viewer);
    const done = odds.final || odds.playouts >= odds.target;
    if (me && done) {
      const text = fmt(C.announce, { p: pct(me.rate), range: range(me) });
      if (text !== spoken) {
        spoken = text;
        live.replaceChildren(h("p", {}, text));
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

  function graph(data, C, lang) {
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
      const moves = pt.moves.map((m) => pick(m, lang)).join("; ") || C.no_move_yet;
      const chances = pt.rates ? data.names.map((name, s) => `${name} ${pct(pt.rates[s])}`).join(", ") : C.pending;
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

  function pointView(data, C, lang) {
    const pt = data.point;
    if (!pt) return null;
    const pos = pt.position;
    const who = pt.seat === null || pt.seat === undefined ? C.end_of_game : data.names[pt.seat];
    const moves = pt.moves.map((m) => pick(m, lang)).join("; ") || C.no_move_yet;
    const colour = (c) => (model.get("view").labels.colour || {})[c] || c;
    return h(
      "div",
      { class: "pk-point-view", role: "region", "aria-label": fmt(C.position_of, { n: pt.index + 1 }), dataset: { testid: "point-view", index: pt.index } },
      h("div", { class: "pk-coach-title" }, fmt(C.position_of, { n: pt.index + 1 }), ` · ${fmt(C.round, { n: pt.round })}`, ` · ${C.read_only}`),
      h("div", {}, h("b", {}, `${who}: `), moves),
      pt.rates ? h("div", { class: "pk-coach-note" }, data.names.map((name, s) => `${name} ${pct(pt.rates[s])}`).join(" · ")) : null,
      h("div", {}, h("b", {}, `${C.display}: `), pos.display.map((c) => pick(c.name, lang)).join(", ") || "—"),
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
            p.captured.length ? ` · ${C.caught}: ${p.captured.map((c) => pick(c, lang)).join(", ")}` : "",
            p.reserved.length ? ` · ${C.reserved}: ${p.reserved.map((c) => pick(c, lang)).join(", ")}` : "",
          ),
        ),
      ),
      h("button", { class: "pk-btn pk-point-back", "data-key": "point-back", onclick: () => send({ type: "coach_point", index: null }) }, C.back),
    );
  }

  function cardsBlock(data, C, lang) {
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
              h("th", { scope: "row" }, pick(r.name, lang)),
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
              h("li", { dataset: { cardId: r.id } }, fmt(C.needed_line, { card: pick(r.name, lang), base: pick(r.from, lang), p1: pct(r.within["1"]), p4: pct(r.within["4"]) })),
            ),
          )
        : h("div", { class: "pk-coach-note" }, C.needed_none),
      (data.threats || []).map((t) => h("div", { class: "pk-coach-note pk-threat" }, fmt(C.threat_line, { name: t.name, p: pct(t.next) }))),
    );
  }

  function coachBlock(data, C, lang, view) {
    const myTurn = !view.over && !view.bot_to_move && (view.legal || []).length > 0;
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
                  h("div", {}, h("b", {}, pick(s.move, lang)), ` · ${fmt(C.wins, { p: pct(s.estimate.rate), range: range(s.estimate) })}`),
                  h("div", { class: "pk-reason" }, pick(s.reason, lang)),
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
      if (rev && !rev.pending) parts.push(reviewList(data, rev, C, lang));
    }
    return h("div", { class: "pk-coach-box", dataset: { testid: "coach-box" } }, parts);
  }

  function reviewList(data, rev, C, lang) {
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
            fmt(C.review_line, { who: data.names[m.seat], move: pick(m.move, lang), before: pct(m.before.rate), after: pct(m.after.rate) }),
            m.better
              ? h("div", { class: "pk-reason" }, fmt(C.better, { move: pick(m.better.move, lang), p: pct(m.better.estimate.rate) }), " — ", pick(m.better.reason, lang))
              : null,
            m.turn !== null && m.turn !== undefined
              ? h("button", { class: "pk-btn pk-soft pk-review-show", "data-key": `review-${m.index}`, onclick: () => send({ type: "coach_point", index: m.turn }) }, C.show)
              : null,
          ),
        ),
      ),
    );
  }

  const uid = Math.random().toString(36).slice(2, 8);

  // The control that had the focus (its data-key), so a redraw — the panel's or the board's,
  // which detaches this node for a moment — puts the focus back; a click elsewhere forgets it.
  let focusKey = null;
  node.addEventListener("focusin", (e) => {
    focusKey = e.target.getAttribute ? e.target.getAttribute("data-key") : null;
  });
  node.addEventListener("focusout", (e) => {
    if (e.relatedTarget && !node.contains(e.relatedTarget)) focusKey = null;
  });
  const forget = (e) => {
    if (!node.contains(e.target)) focusKey = null;
  };
  document.addEventListener("pointerdown", forget, true);
  function restoreFocus() {
    const now = document.activeElement;
    if (!focusKey || (now && now !== document.body && now.isConnected)) return;
    const again = node.querySelector(`[data-key="${focusKey}"]`);
    if (again) again.focus({ preventScroll: true });
  }

  // Drawn by the board's own redraw and on change:coach; the same data and view are drawn once.
  let drawn = { data: null, view: null, lang: null };
  function draw() {
    const started = performance.now();
    const data = model.get("coach") || {};
    const view = model.get("view") || {};
    if (drawn.data === data && drawn.view === view && drawn.lang === model.get("lang") && node.isConnected) {
      restoreFocus();
      return;
    }
    drawn = { data, view, lang: model.get("lang") };
    const L = view.labels;
    const C = L && L.coach;
    if (!C || (!data.odds_on && !data.coach_on)) {
      node.hidden = true;
      node.replaceChildren();
      return;
    }
    const lang = model.get("lang");
    node.hidden = false;
    node.setAttribute("aria-label", C.panel);
    node.setAttribute("lang", lang === "zh" ? "zh-CN" : "en");
    const blocks = [
      data.odds_on && data.odds ? oddsBlock(data, C, lang) : null,
      data.odds_on ? graph(data, C, lang) : null,
      data.odds_on ? pointView(data, C, lang) : null,
      data.odds_on && !data.over ? cardsBlock(data, C, lang) : null,
      data.coach_on ? coachBlock(data, C, lang, view) : null,
      live,
    ];
    node.replaceChildren(...blocks.filter(Boolean));  // (replaceChildren would write a null as "null")
    restoreFocus();
    mark("coach-render", { revision: data.revision, dt: performance.now() - started });
  }

  // The panel redraws after the board has painted, at most once a frame: a click's own repaint
  // never waits for the graph. The board's redraw only puts the focus back at once.
  let pending = false;
  function later() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        pending = false;
        draw();
      }, 0),
    );
  }
  function attach() {
    restoreFocus();
    later();
  }

  model.on("change:coach", later);
  draw();
  return {
    node,
    draw: attach,
    destroy: () => {
      model.off("change:coach", later);
      document.removeEventListener("pointerdown", forget, true);
    },
  };
}
