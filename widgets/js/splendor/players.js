// The Splendor board's players (tokens, discounts, cards) and the move log, kept between
// draws and only appended to.

import { fill, h } from "../lib/dom.js";
import { SEATS, ball, cardView, colourMark } from "./pieces.js";
import { toggleSelect } from "./centre.js";

// ------------------------------------------------------------------ players
export function playerPanel(b, view, p, L, lang) {
  const seat = view.seats[p.index];
  const classes = ["pk-player", p.is_current && !view.over ? "pk-current" : "", p.is_you ? "pk-you" : ""];
  const winner = view.over && view.result && view.result.winners.includes(p.index);
  return h(
    "div",
    {
      class: classes.filter(Boolean).join(" "),
      dataset: { seat: p.index, points: p.points, tokens: p.token_count },
      style: `--pk-seat: ${SEATS[p.index % SEATS.length]}`,
    },
    h(
      "div",
      { class: "pk-player-head" },
      h("span", { class: "pk-player-name" }, p.name),
      seat.bot ? h("span", { class: "pk-tag" }, `${L.bot} · ${seat.bot_title}`)
        : view.table ? (p.index === view.human ? h("span", { class: "pk-tag pk-tag-you" }, L.you) : null)  // a shared table: my seat only
        : p.named_you ? null  // a seat already named "You" needs no "(you)" tag
        : (view.humans || []).length > 1 ? null  // pass-and-play (or a replay with no bots): every seat is someone's, none is "you"
        : h("span", { class: "pk-tag pk-tag-you" }, L.you),
      winner ? h("span", { class: "pk-crown" }, L.won_badge) : null,
      h(
        "span",
        { class: "pk-player-points", dataset: { points: p.points } },
        p.points,
        h("small", {}, ` / ${view.end_points} ${L.points}`),
      ),
    ),
    h(
      "div",
      { class: "pk-row" },
      h(
        "span",
        { class: `pk-label ${p.token_count > view.token_limit ? "pk-over-limit" : ""}` },
        `${L.tokens} ${p.token_count}/${view.token_limit}`,
      ),
      h(
        "span",
        { class: "pk-holdings" },
        view.token_colours.map((colour) =>
          ball(colour, p.tokens[colour], {
            class: p.tokens[colour] ? "pk-small" : "pk-small pk-zero",
            dataset: { colour, count: p.tokens[colour] },
            title: L.colour[colour],
          }),
        ),
      ),
    ),
    h(
      "div",
      { class: "pk-row" },
      h("span", { class: "pk-label" }, L.discounts),
      h(
        "span",
        { class: "pk-holdings" },
        view.colours.map((colour) =>
          h(
            "span",
            {
              class: `pk-discount pk-${colour} ${p.discounts[colour] ? "" : "pk-zero"}`,
              dataset: { colour, count: p.discounts[colour] },
              title: `${L.discounts}: ${L.colour[colour]}`,
              role: "img",
              "aria-label": `${L.discounts}: ${L.colour[colour]} ${p.discounts[colour]}`,
            },
            p.discounts[colour],
            colourMark(colour),
          ),
        ),
      ),
    ),
    h(
      "div",
      { class: "pk-row pk-row-cards" },
      h("span", { class: "pk-label" }, `${L.captured} ${p.captured.length}`),
      h(
        "span",
        { class: "pk-mini-cards pk-captured" },
        p.captured.length ? p.captured.map((c) => cardView(b, c, L, lang, { small: true })) : h("span", { class: "pk-muted" }, L.none),
      ),
    ),
    h(
      "div",
      { class: "pk-row pk-row-cards" },
      h("span", { class: "pk-label" }, `${L.reserved} ${p.reserved.length}/3`),
      h(
        "span",
        { class: "pk-mini-cards pk-reserved" },
        p.reserved.length
          ? p.reserved.map((c) =>
              cardView(b, c, L, lang, {
                small: true,
                showCost: true,
                onclick: p.index === view.viewer ? () => toggleSelect(b, c.id) : null,
              }),
            )
          : h("span", { class: "pk-muted" }, L.none),
      ),
    ),
  );
}

// ------------------------------------------------------------------ log
// The log is kept between draws and only appended to, so a long game stays cheap to draw.
const entryKey = (e) => (e ? `${e.seat}|${e.text}` : "");

function logEntry(e, lang) {
  return h(
    "li",
    { class: `pk-log-entry ${e.bot ? "pk-log-bot" : ""}`, dataset: { seat: e.seat } },
    h("span", { class: "pk-log-who", style: `border-left: 4px solid ${SEATS[e.seat % SEATS.length]}` }, e.who),
    " ",
    e.text,
  );
}

export function logPanel(b, view, L, lang) {
  const { model } = b;
  const entries = model.get("log") || [];
  if (!b.logBox.section) {
    b.logBox.title = h("div", { class: "pk-section-title" });
    b.logBox.list = h("ol", { class: "pk-log-list", tabindex: "0" });
    b.logBox.section = h("section", { class: "pk-section pk-log" }, b.logBox.title, b.logBox.list);
  }
  const list = b.logBox.list;
  const atBottom =
    b.logBox.shown === 0 || list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  const sameStart = b.logBox.shown > 0 && entryKey(entries[b.logBox.shown - 1]) === b.logBox.last;
  if (b.logBox.lang !== lang || entries.length < b.logBox.shown || !sameStart) {
    fill(list, entries.map((e) => logEntry(e, lang)));
    if (!entries.length) fill(list, h("li", { class: "pk-muted" }, L.no_moves));
  } else {
    for (const e of entries.slice(b.logBox.shown)) list.append(logEntry(e, lang));
  }
  if (entries.length !== b.logBox.shown && atBottom) b.logBox.scroll = true;
  b.logBox.shown = entries.length;
  b.logBox.last = entryKey(entries[entries.length - 1]);
  b.logBox.lang = lang;
  b.logBox.title.textContent = `${L.log} (${entries.length})`;
  b.logBox.list.setAttribute("aria-label", L.log);
  return b.logBox.section;
}
