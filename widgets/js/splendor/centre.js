// The Splendor board's centre: the display, the selected card's panel, the token supply and
// the phase panel (returning tokens, evolving, ending the turn).

import { h } from "../lib/dom.js";
import { fmt } from "../lib/text.js";
import { ball, cardName, cardView, costBalls, focusKey, paymentBalls } from "./pieces.js";

export function toggleSelect(b, id) {
  const { ui, schedule } = b;
  ui.selected = ui.selected === id ? null : id;
  schedule();
}

export function displayRow(b, view, L, lang) {
  const deck = h(
    "div",
    { class: "pk-deck", title: L.deck },
    h("div", { class: "pk-deck-label" }, L.deck),
    h("div", { class: "pk-deck-count", dataset: { count: view.deck_size } }, view.deck_size),
    h("div", { class: "pk-deck-sub" }, view.deck_text),
  );
  return h(
    "section",
    { class: "pk-section pk-display-section" },
    h("div", { class: "pk-section-title" }, L.display),
    h(
      "div",
      { class: "pk-display" },
      deck,
      view.display.map((c) => cardView(b, c, L, lang, { onclick: () => toggleSelect(b, c.id) })),
    ),
  );
}

export function findSelected(b, view) {
  const { ui } = b;
  if (ui.selected === null) return null;
  const inDisplay = view.display.find((c) => c.id === ui.selected);
  if (inDisplay) return { card: inDisplay, where: "display" };
  const mine = view.players[view.viewer].reserved.find((c) => c.id === ui.selected);
  return mine ? { card: mine, where: "reserve" } : null;
}

export function selectedPanel(b, view, L, lang, myTurn) {
  const { intent } = b;
  const found = findSelected(b, view);
  if (!found) return null;
  const { card, where } = found;
  const me = view.players[view.viewer];
  const nameOf = (id) => {
    const c = me.captured.find((x) => x.id === id);
    return c ? cardName(c, lang) : `#${id}`;
  };
  // Only the moves the engine's legal list holds (card.can_catch, card.can_reserve, card.evolve_from):
  // a button that is offered and then refused teaches nothing; the note says why a card is out of reach.
  const buttons = [];
  if (card.can_catch) {
    buttons.push(
      h(
        "button",
        { class: "pk-btn pk-catch pk-primary", disabled: !myTurn, onclick: () => intent({ kind: "catch", card: card.id }) },
        L.catch,
      ),
    );
  }
  if (where === "display" && card.can_reserve) {
    buttons.push(
      h(
        "button",
        { class: "pk-btn pk-reserve", disabled: !myTurn, onclick: () => intent({ kind: "reserve", card: card.id }) },
        L.reserve,
      ),
    );
  }
  for (const base of card.evolve_from || []) {
    buttons.push(
      h(
        "button",
        {
          class: "pk-btn pk-evolve pk-primary",
          disabled: !myTurn,
          dataset: { base },
          onclick: () => intent({ kind: "evolve", base, into: card.id }),
        },
        fmt(L.evolve_from, { base: nameOf(base), into: cardName(card, lang) }),
      ),
    );
  }
  // Close hands the focus back to the card that opened the panel (issue 42), not to the board's next button.
  const close = (event) => {
    const board = event.currentTarget.closest(".pk-board");
    const opener = board && board.querySelector(`.pk-card.pk-clickable[data-card-id="${card.id}"]`);
    b.ui.focusBack = opener ? focusKey(opener) : null;
    toggleSelect(b, card.id);
  };
  buttons.push(h("button", { class: "pk-btn pk-close", onclick: close }, L.close));
  let note = card.can_catch ? L.affordable : L.not_affordable;
  if (card.tier !== "normal") note += ` · ${L.rare_needs_master}`;
  return h(
    "section",
    { class: "pk-section pk-selected-panel", dataset: { cardId: card.id } },
    h(
      "div",
      { class: "pk-selected-head" },
      h("span", { class: "pk-selected-name" }, cardName(card, lang)),
      h("span", { class: "pk-selected-note" }, note),
    ),
    // "You pay" shows the engine's own payment (card.payment, the rule a catch pays by: regular
    // tokens first, Master Balls for the rest and for SP-A5); a card out of reach shows its cost.
    card.payment
      ? h(
          "div",
          { class: "pk-selected-cost pk-selected-payment" },
          h("span", { class: "pk-label" }, L.you_pay),
          paymentBalls(card.payment, view.token_colours, L),
        )
      : h("div", { class: "pk-selected-cost" }, h("span", { class: "pk-label" }, L.cost), costBalls(card, L, true)),
    h("div", { class: "pk-buttons" }, buttons),
  );
}

// ------------------------------------------------------------------ supply
export function supplyRow(b, view, L, myTurn) {
  const { ui, intent, schedule } = b;
  const picking = myTurn && view.phase === "main";
  const balls = view.token_colours.map((colour) => {
    const count = view.supply[colour];
    return h(
      "button",
      {
        class: `pk-supply-token ${count ? "" : "pk-empty"}`,
        dataset: { colour, count },
        title: L.colour[colour],
        disabled: !picking,
        onclick: () => {
          if (ui.picks.length >= 3) return;
          ui.picks.push(colour);
          schedule();
        },
      },
      ball(colour, count),
      h("span", { class: "pk-token-name" }, L.colour[colour]),
    );
  });
  const tray = h(
    "div",
    { class: "pk-tray" },
    h("span", { class: "pk-label" }, L.picked),
    h(
      "span",
      { class: "pk-picks" },
      ui.picks.length
        ? ui.picks.map((colour, i) =>
            h(
              "button",
              {
                class: "pk-pick",
                dataset: { colour },
                onclick: () => {
                  ui.picks.splice(i, 1);
                  schedule();
                },
              },
              ball(colour, ""),
            ),
          )
        : h("span", { class: "pk-muted" }, L.none),
    ),
    h(
      "button",
      {
        class: "pk-btn pk-primary pk-take",
        disabled: !picking || !ui.picks.length,
        onclick: () => intent({ kind: "take", colours: ui.picks.slice() }),
      },
      L.take,
    ),
    h(
      "button",
      {
        class: "pk-btn pk-clear",
        disabled: !ui.picks.length,
        onclick: () => {
          ui.picks = [];
          schedule();
        },
      },
      L.clear,
    ),
  );
  return h(
    "section",
    { class: "pk-section pk-supply-section" },
    h("div", { class: "pk-section-title" }, L.supply),
    h("div", { class: "pk-supply" }, balls),
    picking ? tray : null,
  );
}

export function phasePanel(b, view, L, lang, me, myTurn) {
  const { ui, intent, schedule } = b;
  if (!myTurn) return null;
  const parts = [];
  if (view.phase === "return") {
    const chosen = Object.values(ui.returning).reduce((a, b) => a + b, 0);
    parts.push(
      h("div", { class: "pk-label" }, fmt(L.return_hint, { n: view.must_return })),
      h(
        "div",
        { class: "pk-return-choices" },
        view.token_colours
          .filter((c) => me.tokens[c] > 0)
          .map((colour) =>
            h(
              "button",
              {
                class: "pk-return-token",
                dataset: { colour },
                onclick: () => {
                  const n = ui.returning[colour] || 0;
                  if (n < me.tokens[colour] && chosen < view.must_return) {
                    ui.returning[colour] = n + 1;
                    schedule();
                  }
                },
              },
              ball(colour, me.tokens[colour] - (ui.returning[colour] || 0)),
            ),
          ),
      ),
      h(
        "div",
        { class: "pk-tray" },
        h("span", { class: "pk-label" }, `${L.return}: ${chosen}/${view.must_return}`),
        Object.entries(ui.returning).flatMap(([colour, n]) =>
          Array.from({ length: n }, () =>
            h(
              "button",
              {
                class: "pk-pick",
                dataset: { colour },
                onclick: () => {
                  ui.returning[colour] -= 1;
                  if (!ui.returning[colour]) delete ui.returning[colour];
                  schedule();
                },
              },
              ball(colour, ""),
            ),
          ),
        ),
        h(
          "button",
          {
            class: "pk-btn pk-primary pk-return",
            disabled: !chosen,
            onclick: () => intent({ kind: "return", tokens: { ...ui.returning } }),
          },
          L.return,
        ),
      ),
    );
  }
  if (view.phase === "after_main" && view.moves.evolve.length) {
    parts.push(
      h(
        "div",
        { class: "pk-buttons" },
        view.moves.evolve.map(([base, into]) => {
          const b = me.captured.find((c) => c.id === base);
          const target =
            view.display.find((c) => c.id === into) || me.reserved.find((c) => c.id === into);
          return h(
            "button",
            {
              class: "pk-btn pk-evolve",
              dataset: { base, into },
              onclick: () => intent({ kind: "evolve", base, into }),
            },
            fmt(L.evolve_from, {
              base: b ? cardName(b, lang) : `#${base}`,
              into: target ? cardName(target, lang) : `#${into}`,
            }),
          );
        }),
      ),
    );
  }
  const buttons = [];
  if (view.moves.end_turn) {
    buttons.push(
      h("button", { class: "pk-btn pk-primary pk-end-turn", onclick: () => intent({ kind: "end_turn" }) }, L.end_turn),
    );
  }
  if (view.moves.pass) {
    buttons.push(h("button", { class: "pk-btn pk-pass", onclick: () => intent({ kind: "pass" }) }, L.pass));
  }
  if (buttons.length) parts.push(h("div", { class: "pk-buttons" }, buttons));
  return parts.length ? h("section", { class: "pk-section pk-phase-panel" }, parts) : null;
}
