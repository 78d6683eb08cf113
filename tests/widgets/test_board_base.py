"""The board foundation (widgets.board.base.Board), exercised with a tiny game of Nim.

Messages are delivered by ``conftest.deliver`` (imported here as ``send``).

Messages go through ipywidgets' own entry point (``Widget._handle_msg`` with a
``custom`` comm message), exactly as they arrive from the front end's
``model.send(...)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from pokelab.core.game import Game
from pokelab.errors import IllegalAction
from pokelab.words import _
from tests.widgets.conftest import in_lang, said
from widgets._words import Said
from widgets.board.base import Board
from widgets.board.errors import BadIntent


@dataclass(frozen=True)
class Nim:
    pile: int
    to_move: int


class NimGame(Game):
    """Take 1 to 3 stones; whoever takes the last stone wins (a sequential game, no chance)."""

    name = "nim"

    def new_game(self, players: Any, seed: int, options: Any) -> Nim:
        return Nim(options["pile"] + seed % 3, 0)

    def is_over(self, state: Nim) -> bool:
        return state.pile == 0

    def actors(self, state: Nim) -> tuple[int, ...]:
        return () if state.pile == 0 else (state.to_move,)

    def legal_actions(self, state: Nim, player: int) -> list[int]:
        return [n for n in (1, 2, 3) if n <= state.pile]

    def apply(self, state: Nim, action: int) -> Nim:
        if action not in self.legal_actions(state, state.to_move):
            # a text of the kit's catalogue, so the fake game's refusal has its Chinese too
            raise IllegalAction("NIM-1", _("pick at most 3 tokens"))
        return Nim(state.pile - action, 1 - state.to_move)

    def observe(self, state: Nim, player: int) -> dict[str, int]:
        return {"pile": state.pile}


class NimBoard(Board):
    """The Nim game on a board: only the drawing hooks are the board's own."""

    _esm = "export default { render() {} }"

    def __init__(self, pile: int = 7, **options: Any) -> None:
        super().__init__(
            NimGame(), Nim(pile, 0), names=["Ann", "Bot"], options={"pile": pile}, **options
        )
        self._start()

    def _make_view(self, state: Nim) -> dict[str, Any]:
        return {"pile": state.pile}

    def _parse_intent(self, action: Any) -> int:
        if not isinstance(action, dict) or not isinstance(action.get("take"), int):
            raise BadIntent(_("the message has no {key}", key="'take'"))
        return action["take"]

    def _log_lines(self, seat: int, action: int, before: Nim, after: Nim) -> list[dict[str, str]]:
        return [{"text": Said(lambda lang: f"拿 {action} 颗" if lang == "zh" else f"takes {action}")}]


class Always:
    """A bot that takes as many stones as it is told (used to test a misbehaving bot)."""

    name = "always"

    def __init__(self, n: int) -> None:
        self.n = n

    def choose(self, view: Any, legal: list[int], rng: Any) -> int:
        return self.n


def test_intent_applies_the_move_and_bumps_the_revision(send: Any) -> None:
    board = NimBoard(bots={1: Always(1)})
    revision = board.revision
    reply = send(board, {"type": "intent", "id": 5, "action": {"take": 2}})
    assert reply.pop("kernel_ms") >= 0
    assert reply == {"type": "reply", "id": 5, "ok": True, "error": None}
    assert board.state == Nim(5, 1)
    assert board.view["pile"] == 5 and board.view["revision"] == board.revision > revision
    assert board.view["bot_to_move"] is True and board.view["to_move"] == 1
    assert board.log == [{"seat": 0, "who": "Ann", "bot": False, "text": "takes 2"}]
    assert in_lang(board, "zh")["log"] == ["拿 2 颗"]


def test_illegal_intent_answers_with_the_rule_in_both_languages(send: Any) -> None:
    board = NimBoard(lang="zh")
    reply = send(board, {"type": "intent", "action": {"take": 5}})
    assert reply["ok"] is False
    assert reply["error"]["rule"] == "NIM-1"
    assert board.error["text"] == "最多只能选 3 颗" and said(board, "en") == "pick at most 3 tokens"
    assert board.state == Nim(7, 0) and board.log == []
    # the same mistake twice still changes the trait, so the page shows it again
    first = board.error["n"]
    send(board, {"type": "intent", "action": {"take": 5}})
    assert board.error["n"] == first + 1
    # a good move clears the error
    send(board, {"type": "intent", "action": {"take": 1}})
    assert board.error == {}


@pytest.mark.parametrize(
    "content",
    [
        None,
        "take 2",
        [1, 2],
        {},
        {"type": "explode"},
        {"type": "intent"},
        {"type": "intent", "action": "two"},
        {"type": "step"},
        {"type": "step", "revision": "12"},
        {"type": "new_game", "seed": -1},
        {"type": "new_game", "seed": True},
        {"type": "new_game", "seed": "3"},
        {"type": "set_lang", "lang": "fr"},
        {"type": "set_lang"},
        {"type": "undo"},
    ],
)
def test_malformed_messages_are_answered_and_change_nothing(content: Any, send: Any) -> None:
    board = NimBoard(lang="en", bots={1: Always(1)})
    before = (board.state, list(board.log), board.lang, board.seed)
    reply = send(board, content)
    assert reply["ok"] is False
    assert reply["error"]["rule"] is None
    assert reply["error"]["text"] and said(board, "zh")
    assert board.error == reply["error"]
    assert (board.state, list(board.log), board.lang, board.seed) == before
    # the board still plays afterwards
    assert send(board, {"type": "intent", "action": {"take": 1}})["ok"] is True


def test_a_bug_in_a_hook_is_answered_not_raised(send: Any) -> None:
    board = NimBoard()

    def broken(action: Any) -> int:
        raise RuntimeError("oops")

    board._parse_intent = broken  # type: ignore[method-assign]
    reply = send(board, {"type": "intent", "action": {"take": 1}})
    assert reply["ok"] is False and "RuntimeError" in reply["error"]["text"]
    assert board.state == Nim(7, 0)


def test_step_plays_one_bot_turn_only_for_the_current_revision(send: Any) -> None:
    board = NimBoard(bots={1: Always(3)})
    send(board, {"type": "intent", "action": {"take": 1}})
    stale = send(board, {"type": "step", "revision": board.revision - 1})
    assert stale["ok"] and stale["stale"] and board.state == Nim(6, 1)
    reply = send(board, {"type": "step", "revision": board.revision})
    assert reply["stepped"] is True and board.state == Nim(3, 0)
    assert board.log[-1] == {"seat": 1, "who": "Bot", "bot": True, "text": "takes 3"}
    # nothing to step when the human is to move
    assert send(board, {"type": "step", "revision": board.revision})["stepped"] is False


def test_intent_when_a_bot_is_to_move_is_refused(send: Any) -> None:
    board = NimBoard(bots={1: Always(1)})
    send(board, {"type": "intent", "action": {"take": 1}})
    reply = send(board, {"type": "intent", "action": {"take": 1}})
    assert reply["ok"] is False and "Bot" in reply["error"]["text"]
    assert board.state == Nim(6, 1)


def test_a_bot_that_breaks_the_rules_is_reported_and_the_game_kept(send: Any) -> None:
    board = NimBoard(bots={1: Always(9)})
    send(board, {"type": "intent", "action": {"take": 1}})
    reply = send(board, {"type": "step", "revision": board.revision})
    assert reply["ok"] is False and "always" in reply["error"]["text"]
    assert board.state == Nim(6, 1)


def test_undo_goes_back_to_the_humans_previous_decision(send: Any) -> None:
    board = NimBoard(pile=9, bots={1: Always(1)})
    assert board.can_undo is False
    send(board, {"type": "intent", "action": {"take": 2}})
    board.run_bots()
    send(board, {"type": "intent", "action": {"take": 3}})
    board.run_bots()
    assert board.state == Nim(2, 0) and len(board.log) == 4 and board.can_undo
    send(board, {"type": "undo"})
    assert board.state == Nim(6, 0) and len(board.log) == 2
    send(board, {"type": "undo"})
    assert board.state == Nim(9, 0) and board.log == [] and board.can_undo is False


def test_new_game_with_and_without_a_seed(send: Any) -> None:
    board = NimBoard(pile=7, seed=0)
    send(board, {"type": "intent", "action": {"take": 1}})
    send(board, {"type": "new_game", "seed": 4})
    assert board.seed == 4 and board.state == Nim(8, 0) and board.log == []
    assert board.can_undo is False
    send(board, {"type": "new_game"})
    assert board.seed == 5 and board.state == Nim(9, 0)


def test_set_lang_message_and_trait(send: Any) -> None:
    board = NimBoard()
    revision = board.revision
    send(board, {"type": "set_lang", "lang": "zh"})
    assert board.lang == "zh" and board.revision > revision
    with pytest.raises(Exception, match="unknown language"):
        board.lang = "fr"
    assert board.lang == "zh"


def test_play_from_python_raises_illegal_action_and_shows_legal_moves() -> None:
    board = NimBoard()
    with pytest.raises(IllegalAction) as info:
        board.play(4)
    assert info.value.rule == "NIM-1"
    board.play(3)
    assert board.state == Nim(4, 1)


def test_run_bots_plays_until_a_human_must_act_or_the_game_ends(send: Any) -> None:
    board = NimBoard(pile=5, bots={0: Always(1), 1: Always(1)})
    assert board.view["bot_to_move"] is True
    assert board.run_bots() == 5
    assert board.view["over"] is True and board.view["to_move"] is None
    reply = send(board, {"type": "intent", "action": {"take": 1}})
    assert reply["ok"] is False and "over" in reply["error"]["text"]


def test_bad_constructor_arguments_are_explained() -> None:
    with pytest.raises(ValueError, match="seat 5 does not exist"):
        NimBoard(bots={5: "random"})
    with pytest.raises(ValueError, match="unknown language"):
        NimBoard(lang="de")
    with pytest.raises(ValueError, match="bot_delay"):
        NimBoard(bot_delay=-1)
    with pytest.raises(ValueError, match="registered name"):
        NimBoard(bots={1: 3.5})


def test_seats_in_view_name_the_bots() -> None:
    board = NimBoard(bots={1: Always(1)})
    assert board.view["seats"] == [
        {"seat": 0, "name": "Ann", "bot": None, "bot_title": None},
        {"seat": 1, "name": "Bot", "bot": "always", "bot_title": "always"},  # a custom bot keeps its name
    ]
    assert board.human == 0 and board.players == ["Ann", "Bot"]


# ----------------------------------------------------------------------------- any game


class ToyBoard(Board):
    """The runner's toy game (chance rolls nobody clicks, simultaneous bank-or-risk) on a board."""

    _esm = "export default { render() {} }"

    def __init__(self, **options: Any) -> None:
        from pokelab.toy import ToyGame

        game = ToyGame()
        super().__init__(game, game.new_game(3, 0, {}), names=["Ann", "Bo", "Cy"], **options)
        self._start()

    def _make_view(self, state: Any) -> dict[str, Any]:
        return {"roll": state.roll, "totals": list(state.totals)}

    def _parse_intent(self, action: Any) -> Any:
        from pokelab.toy import Choose

        return Choose(self.human, str(action))

    def _log_lines(self, seat: int, action: Any, before: Any, after: Any) -> list[dict[str, str]]:
        return [{"text": Said(lambda lang: f"选择 {action.move}" if lang == "zh" else f"chooses {action.move}")}]


def test_a_board_plays_any_game_chance_and_simultaneous_bots(send: Any) -> None:
    """Chance without a chance actor is rolled at once; the bots of a simultaneous step choose at once."""
    from tests.sim.toygame import AlwaysRisk

    board = ToyBoard(bots={1: AlwaysRisk(), 2: AlwaysRisk()}, seed=3)
    s = board.state
    assert s.roll is not None and s.pending[1] == s.pending[2] == "risk"  # rolled, bots chose
    assert board.view["to_move"] == 0 and board.view["bot_to_move"] is False
    assert [e["seat"] for e in board.log] == [1, 2]
    assert send(board, {"type": "intent", "action": "bank"})["ok"]
    assert board.state.round == 1 and board.state.totals[0] == s.roll
    again = ToyBoard(bots={1: AlwaysRisk(), 2: AlwaysRisk()}, seed=3)
    assert again.state == s  # the board's seeded RNG: same seed, same roll
    send(board, {"type": "undo"})
    assert board.state == s
