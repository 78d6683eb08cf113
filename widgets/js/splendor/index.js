// The Splendor: Pokémon board's front end (anywidget ES module).
//
// What the front end receives (the `view` trait, built by widgets/splendor/board.py):
/**
 * @typedef {Object} SplendorCard  a card as pokelab.splendor.observe gives it, plus what you may do with it
 * @property {number} id
 * @property {string} name  the Pokémon's name in the board's language
 * @property {"normal"|"rare"|"legendary"} tier
 * @property {number} stage            0 basic, 1, 2
 * @property {Object<string, number>} cost
 * @property {string|null} discount   the colour it gives
 * @property {number} points
 * @property {number|null} evolves_from
 * @property {string} [from_name]  the name of the card it evolves from
 * @property {boolean} [can_catch]      display and your reserved cards only
 * @property {boolean} [can_reserve]
 * @property {number[]} [evolve_from]   your cards that may evolve into it
 *
 * @typedef {Object} SplendorView
 * @property {number} revision          bumped on every change; a `step` names it
 * @property {number} round
 * @property {number} viewer            whose eyes the board shows
 * @property {number|null} to_move      null once over
 * @property {boolean} over
 * @property {boolean} ending           the last round is being played
 * @property {number} human
 * @property {boolean} bot_to_move      the page asks the bot to move after bot_delay ms
 * @property {{rule: null, text: string, bot_seat: number}|null} bot_failure  a bot failed (the reason in the board's
 *                                      language; the `error` trait shows it too): offer "retry"
 * @property {{seat: number, name: string, bot: string|null}[]} seats
 * @property {Object[]} players         per seat: name, tokens, discounts, captured, reserved, points …
 * @property {SplendorCard[]} display
 * @property {SplendorCard[]} discard
 * @property {Object<string, number>} supply  colour -> tokens left
 * @property {number} deck_size
 * @property {number} end_points
 * @property {string} phase             "main", "after_main", "return"
 * @property {number} must_return
 * @property {boolean} can_move         the viewer has a move to make now (the engine's legal moves are shipped
 *                                      as what the page reads: card.can_catch / can_reserve / evolve_from, moves)
 * @property {{pass: boolean, end_turn: boolean, evolve: number[][]}} moves
 * @property {Object|null} result       {winners, scores, stalled} once over
 * @property {Object<string, *>} labels  every word shown, in the board's language (widgets/splendor/text.py)
 * @property {string[]} colours
 * @property {string[]} token_colours
 * @property {Object<string, {symbol: string, path: string, ink: string}>} marks  each colour's symbol
 *                                      (widgets/tokens.py): colour is never the only cue
 */
//
// A thin view: it draws the `view` trait (pokelab.splendor.observe plus labels and the
// legal moves) and sends intents through the board's message client (../lib/client.js); Python
// answers with a new view or with an error naming the rule (the `error` trait: {rule, text, n},
// `rule` null when no rule was broken). Nothing here decides what is legal.
//
// For tests and latency measurement every board records timing marks (./timing.js).
//
// The modules: this one (the board's state, messages and redraw), ./header.js, ./centre.js,
// ./players.js, ./pieces.js and the coach panel ./coach/; bundled into one ES module,
// widgets/static/splendor.js, by scripts/build_js.py (esbuild).

import { boardClient } from "../lib/client.js";
import { fill, h } from "../lib/dom.js";
import { heldKey, restoreFocus } from "../lib/focus.js";
import { redrawScheduler } from "../lib/redraw.js";
import { fmt } from "../lib/text.js";
import { mountCoach } from "./coach/index.js";
import { displayRow, findSelected, phasePanel, selectedPanel, supplyRow } from "./centre.js";
import { header, messageBar, tablePanel } from "./header.js";
import { SEATS, focusKey, setColours } from "./pieces.js";
import { logPanel, playerPanel } from "./players.js";
import { mark } from "./timing.js";

// What a choice in progress depends on: whose turn and which phase, the supply, the cards in view and
// the viewer's own tokens and cards. Equal keys: a pick made on the one is still a pick on the other.
function positionKey(view) {
  const me = view.players[view.viewer] || {};
  const ids = (cards) => (cards || []).map((c) => c.id);
  return JSON.stringify([
    view.to_move, view.current_player, view.phase, view.round, view.over, view.supply,
    ids(view.display), me.tokens, ids(me.captured), ids(me.reserved), view.can_move,
  ]);
}

function render({ model, el }) {
  const root = h("div", { class: "pk-board pk-splendor", tabindex: "-1", "data-lm-suppress-shortcuts": "true" });
  // The polite live region: each new move, in the board's language (kept outside the redrawn part).
  const live = h("div", { class: "pk-sr-only", role: "status", "aria-live": "polite", dataset: { testid: "live" } });
  el.appendChild(root);
  el.appendChild(live);
  // one redraw per batch of changes, and none between a press and its release (../lib/redraw.js)
  const redraw = redrawScheduler(root, () => draw(), () => mark("held", { revision: model.get("revision") }));
  const schedule = redraw.schedule;
  // The messages, their replies, the bot's steps and the live region (../lib/client.js). A refusal
  // goes beside the control that caused it: below the row of buttons or tokens the control sits in,
  // not between two buttons; its reply redraws the board to put it there.
  const client = boardClient(model, root, {
    live,
    keyOf: focusKey,
    prefix: "pk",
    row: (c) => c.closest(".pk-tray, .pk-buttons, .pk-supply, .pk-display, .pk-controls, .pk-return-choices"),
    sent: (msg) => mark(msg.type === "step" ? "step" : "send", { type: msg.type, revision: model.get("revision") }),
    replied: (msg) => {
      mark("reply", { id: msg.id, ok: msg.ok, kernel_ms: msg.kernel_ms });
      if (!msg.ok) schedule();
    },
  });
  const { send, intent } = client;
  // The coach panel (./coach/): odds, line, Suggest, Review.
  const coach = mountCoach({ model, send, seats: SEATS });
  const ui = {
    picks: [],
    selected: null, // card id
    selectedWhere: null, // where that card was when its panel was drawn: "display" or "reserve"
    focusBack: null, // the focus key of the control to focus when the focused one goes (a panel's card)
    returning: {},
    seedDraft: null,
    revision: -1,
    position: null,
  };
  // What the board's parts (./header.js, ./centre.js, ./players.js) act on.
  const b = { model, ui, send, intent, schedule, logBox: { section: null, title: null, list: null, shown: 0, last: "", lang: null, scroll: false } };
  const logBox = b.logBox;

  const events = ["change:view", "change:error", "change:log", "change:lang", "change:can_undo"];
  for (const ev of events) model.on(ev, schedule);

  function draw() {
    const started = performance.now();
    const view = model.get("view") || {};
    const L = view.labels;
    if (!L) return;
    const lang = model.get("lang");
    setColours(view.marks, L.colour);
    const activeKey = heldKey(root, focusKey);
    if (view.revision !== ui.revision) {
      ui.revision = view.revision;
      // A new revision that leaves the position as it was (a classmate sat down, an undo was asked)
      // keeps the tokens picked and the tokens to return: only a real change of position clears them.
      const position = positionKey(view);
      if (position !== ui.position) {
        ui.position = position;
        ui.picks = [];
        ui.returning = {};
      }
      // The card panel stays only while its card is where it was opened: a card reserved (by you
      // from the display, or by anyone) or caught has left, and its panel closes with it (issue 42).
      const now = findSelected(b, view);
      if (!now || (ui.selectedWhere !== null && now.where !== ui.selectedWhere)) ui.selected = null;
    }
    ui.selectedWhere = ui.selected === null ? null : (findSelected(b, view) || {}).where ?? null;
    const me = view.players[view.viewer];
    const myTurn = !view.over && !view.bot_to_move && view.can_move;
    root.setAttribute("lang", lang === "zh" ? "zh-CN" : lang);
    Object.assign(root.dataset, {
      revision: view.revision,
      toMove: view.to_move === null ? "" : view.to_move,
      human: view.human,
      viewer: view.viewer,
      phase: view.over ? "over" : view.phase,
      over: view.over ? "true" : "false",
      lang,
      myTurn: myTurn ? "true" : "false",
    });
    // (fill skips the null of a part not shown: replaceChildren would write it as the text "null")
    fill(
      root,
      header(b, view, L, lang),
      messageBar(b, view, L, lang),
      tablePanel(b, view, L),
      h(
        "div",
        { class: "pk-table" },
        h(
          "div",
          { class: "pk-centre" },
          displayRow(b, view, L, lang, myTurn),
          selectedPanel(b, view, L, lang, myTurn),
          supplyRow(b, view, L, myTurn),
          phasePanel(b, view, L, lang, me, myTurn),
        ),
        h("div", { class: "pk-side" }, logPanel(b, view, L, lang)),
      ),
      h(
        "div",
        { class: "pk-lower" },
        h("div", { class: "pk-players" }, view.players.map((p) => playerPanel(b, view, p, L, lang))),
        coach.node,
      ),
    );
    coach.draw();
    client.place(model.get("error"), L.rule);
    // After a redraw the focus is on the same control if it is still there (a chart point
    // included), else the control the pressed one hands it to (Close: the card), else the next useful one.
    if (activeKey !== null) {
      restoreFocus(root, [activeKey, ui.focusBack], focusKey, [".pk-primary", ".pk-supply-token"]);
    }
    ui.focusBack = null;
    for (const e of client.fresh()) client.say(fmt(L.announce, { who: e.who, text: e.text }));  // each new move
    if (((view.humans || []).length > 1 || view.table) && !view.over && ui.turnSaid !== view.to_move) {
      ui.turnSaid = view.to_move;  // say whose turn it is when it changes hands
      client.say(fmt(L.turn_of_seat, { name: view.players[view.to_move].name, seat: view.to_move + 1 }));
    }
    const revision = view.revision;
    mark("render", { revision, dt: performance.now() - started });
    requestAnimationFrame(() => {
      if (logBox.scroll) {
        logBox.scroll = false;
        logBox.list.scrollTop = logBox.list.scrollHeight;
      }
      mark("paint", { revision });
    });
    client.step(view);  // a bot to move: ask it after bot_delay
  }

  draw();
  return () => {
    redraw.destroy();
    client.destroy();
    for (const ev of events) model.off(ev, schedule);
    coach.destroy();
  };
}

export default { render };