"""A board for any registered game: the ``Game`` protocol alone draws it (its view, its legal moves as text, its log).

``GameBoard(game, players=..., bots=...)`` plays a game that has no board of its
own — the toy game of ``pokelab.toy``, or a pupil's new game — through the
same ``Board`` as Splendor and Here Comes: chance, simultaneous bots, undo,
bot failures. The page shows the human seat's ``observe`` view and one button
per legal move; a move comes back as its text (``{"action": "Choose(0, bank)"}``)
and is read with the game's ``parse_action``.

>>> from pokelab.toy import ToyGame, register
>>> name = register()   # the toy game and its random bot, by name
>>> board = GameBoard(ToyGame(), players=["Ann", "Bot"], bots={1: "random"}, seed=3)
>>> board.view["legal"], board.view["to_move"]
(['Choose(0, bank)', 'Choose(0, risk)'], 0)
>>> board.handle_message({"type": "intent", "action": "Fly(away)"})["error"]["text"]
"cannot read that move: cannot read 'Fly(away)' as a toy action: Roll(1..3) or Choose(seat, bank|risk)"
>>> GameBoard(ToyGame(), players=["A", "B", "C", "D"])
Traceback (most recent call last):
...
ValueError: toy takes 1 to 3 players, not 4
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pokelab.core.game import Game
from pokelab.core.registry import get_game
from pokelab.words import _
from widgets._words import Said, reason_of
from widgets.board.base import Board
from widgets.board.errors import BadIntent
from widgets.board.turns import DrawChance

__all__ = ["GameBoard"]

_ESM = """
function render({ model, el }) {
  const draw = () => {
    const v = model.get("view");
    el.innerHTML = "";
    const pre = document.createElement("pre");
    pre.textContent = JSON.stringify(v.observation, null, 1);
    el.appendChild(pre);
    for (const text of v.legal || []) {
      const b = document.createElement("button");
      b.textContent = text;
      b.onclick = () => model.send({ type: "intent", action: text });
      el.appendChild(b);
    }
    if (v.bot_to_move) model.send({ type: "step", revision: v.revision });
  };
  model.on("change:view", draw);
  draw();
}
export default { render };
"""


class GameBoard(Board):
    """A board of any ``pokelab.core.Game`` (a registered name or a ``Game``): its view, its moves as text."""

    _esm = _ESM

    def __init__(
        self,
        game: str | Game,
        *,
        players: Sequence[str] | None = None,
        bots: Mapping[int, Any] | None = None,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        **board: Any,
    ) -> None:
        made = get_game(game)
        lang = board.get("lang", "en")
        names = list(players) if players is not None else [_("You").render(lang), _("Bot").render(lang)]
        if not made.min_players <= len(names) <= made.max_players:
            raise ValueError(f"{made.name} takes {made.min_players} to {made.max_players} players, not {len(names)}")
        state = made.new_game(names, seed, dict(options or {}))
        super().__init__(made, state, names=names, bots=bots, seed=seed, options=options, **board)
        self._start()

    def _make_view(self, state: Any) -> dict[str, Any]:
        game, seat = self._game, self._human
        mine = not game.is_over(state) and not game.is_chance(state) and seat in game.actors(state)
        return {
            "game": game.name,
            "observation": game.observe(state, seat),
            "legal": [game.action_text(a) for a in self._turns.legal(state, seat)] if mine else [],
            "draw": game.is_chance(state) and game.chance_actor(state) == seat,
        }

    def _parse_intent(self, action: Any) -> Any:
        if action == "draw":
            return DrawChance()
        try:
            return self._game.parse_action(action)
        except (TypeError, ValueError) as err:
            raise BadIntent(_("cannot read that move: {err}", err=reason_of(err))) from None

    def _log_lines(self, seat: int, action: Any, before: Any, after: Any) -> list[dict[str, Any]]:
        game = self._game
        if isinstance(action, DrawChance):
            return [{"text": _("draws")}]
        return [{"text": Said(lambda lang: game.describe(action, lang))}]
