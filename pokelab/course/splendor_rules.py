"""Exercises of the Splendor: Pokémon lessons (10–15): answers computed from the engine and the shipped data."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

import pokelab.splendor as sp
from pokelab.analysis import win_probability
from pokelab.course._build import board, choice, explain, number, predict, value
from pokelab.course.registry import Idea, Option
from pokelab.sim import play
from pokelab.sim.balance import load
from pokelab.splendor.names import pokemon_name
from pokelab.stats import wilson_interval
from pokelab.words import Text, _, _n, _p

L10 = "splendor/10-components-and-setup.ipynb"
L11 = "splendor/11-taking-tokens.ipynb"
L12 = "splendor/12-reserve-catch-discounts.ipynb"
L13 = "splendor/13-evolution-and-the-end.ipynb"
L14 = "splendor/14-full-game-vs-bots.ipynb"
L15 = "splendor/15-strategy-lab.ipynb"


def _sp() -> Any:
    return sp


def _rule_of(state: Any, move: str) -> str:
    sp = _sp()
    try:
        sp.apply(state, sp.parse_action(move))
    except sp.IllegalAction as err:
        return err.rule
    return "allowed"


# -- 10 components -------------------------------------------------------------------------------

def _master_ball_only(_params: Any) -> int:
    """The cards that can be caught only by spending a Master Ball: every rare and legendary card (SP-A5)."""
    return sum(c.tier in ("rare", "legendary") for c in _sp().CARDS.values())


number("10-1", L10, _("How many of the 90 cards can be caught only by spending a Master Ball?"), _master_ball_only,
       [_("Which tiers does SP-A5 name?"), _("Add up those rows of the table by tier and stage.")])


def smallest_cost_with_two_point_values() -> int:
    """The smallest total cost shared by two cards that give different points (the card list is data).

    >>> smallest_cost_with_two_point_values()
    4
    """
    points: dict[int, set[int]] = {}
    for c in _sp().CARDS.values():
        points.setdefault(sum(c.cost), set()).add(c.points)
    return min(cost for cost, values in points.items() if len(values) > 1)


number("10-2", L10, _("A dearer card never gives fewer points in this card list, yet cost does not fix the points. What "
                      "is the smallest total cost at which two cards give different points?"),
       lambda p: smallest_cost_with_two_point_values(),
       [_("In the plot, look for a total cost with dots at two heights."),
        _("Start from the cheapest cards and move right.")])
number("10-3", L10, _("One token is picked at random from the full supply at the start of a game. What is the "
                      "probability that it is a Master Ball? (a fraction)"),
       lambda p: Fraction(_sp().new_game(["A", "B"], seed=2).sup[-1], sum(_sp().new_game(["A", "B"], seed=2).sup)),
       [_("How many tokens are in the supply, and how many of them are Master Balls?"),
        _("Every token is equally likely: favourable ÷ all.")])

# -- 11 taking tokens ----------------------------------------------------------------------------


def _lesson11() -> Any:
    return _sp().scenario(2, tokens={0: {"red": 4, "blue": 3, "green": 2}, 1: {"yellow": 4}}, seed=1)


def _no_black() -> Any:
    """A two-player game whose black pile is empty (Player 2 holds all 7 black) and whose other four piles are full."""
    return _sp().scenario(2, tokens={1: {"black": 7}}, seed=3)


def _after_your_take() -> Any:
    """The lesson's position after section 2: Player 1 took red, blue and green and gave back two green."""
    sp = _sp()
    took = sp.apply(_lesson11(), sp.parse_action("TakeDifferent(red, blue, green)"))
    return sp.apply(took, sp.parse_action("ReturnTokens(green, green)"))


# 11-1 is not the lesson's own position, whose list of moves prints all ten ways to take three colours: the pupil
# counts combinations of the four colours left, C(4, 3), where order does not matter.
number("11-1", L11, _("The black pile is empty; the other four piles all have tokens. How many different moves take "
                      "three different colours?"),
       lambda p: sum(str(a).startswith("TakeDifferent") for a in _sp().legal_actions(_no_black())),
       [_("Only colours that still have tokens can be chosen: how many are there?"),
        _("Choose 3 colours out of those 4; order does not matter.")],
       mistakes=lambda p: [(10, _("that counts black too, but its pile is empty: choose from the other four colours.")),
                           (24, _("that counts the order: taking red, blue, green is the same move as green, blue, red."))])
# 11-2 asks about the position after the pupil's own move (section 2), not the lesson's first one, whose list of
# "take 2" moves is printed above the exercise.
value("11-2", L11, _("After your move in section 2 (you took red, blue and green and gave back two green), may Player 2 "
                     "take two blue tokens? Answer True or False."),
      lambda p: "TakeSame(blue)" in [str(a) for a in _sp().legal_actions(_after_your_take())],
      [_("How many blue tokens were in the supply before your move, and how many did you take?"),
       _("Taking two of one colour needs at least 4 in the pile before taking.")])
value("11-3", L11, _("Which rule ID forbids taking two Master Balls? (a string like 'SP-A1')"),
      lambda p: _rule_of(_lesson11(), "TakeSame(master)"),
      [_('Run attempt(state, "take 2 Master Ball") and read the rule ID it prints.')])

#: Lesson 11's board task: at most this many tokens of any one regular colour when the turn ends.
MOST_OF_A_COLOUR = 3


def _ten_tokens(state: Any, p: Any) -> list[Text]:
    held = sum(state.players[0].tok)
    missing = []
    if held != 10:
        missing.append(_n("Player 1 holds {count} token, not 10", "Player 1 holds {count} tokens, not 10", held))
    if max(state.players[0].tok[:5]) > MOST_OF_A_COLOUR:
        missing.append(_("Player 1 holds more than {most} tokens of one colour", most=MOST_OF_A_COLOUR))
    if state.current_player == 0:
        missing.append(_("Player 1's turn is not over yet (take tokens, then give back the extras)"))
    return missing


# 11-4 is not the move section 2 plays (red, blue, green, then two green back: that leaves 5 red): the pupil chooses
# what to take and what to give back.
board("11-4", L11, _("On the board, take tokens and give back what is over the limit, so that your turn ends with "
      "exactly 10 tokens and no more than 3 of any one colour."),
      _ten_tokens, [_("You hold 4 red: at least one red must go back. Which colours do you take, and how many tokens "
                      "must go back in all (SP-T3)?")])

# -- 12 reserving, catching, discounts -----------------------------------------------------------


def _lesson12() -> Any:
    sp = _sp()
    ids = [sp.card_by_name(n).id for n in ("Vulpix", "Ninetales", "Magmar", "Charmeleon")]
    return sp.scenario(2, tokens={0: {"blue": 3, "green": 3, "yellow": 3, "red": 1}}, captured={0: ["Charmander"]},
                       display=ids, seed=1)


def _effective_red(card: str) -> int:
    """The red the lesson's seat 0 (one red discount, Charmander) pays for ``card``: a card not in the display,
    so the lesson's list of effective costs does not print the answer."""
    sp = _sp()
    discounts = _lesson12().players[0].dsc
    return sp.card_view(sp.card_by_name(card).id, discounts)["effective_cost"]["red"]


number("12-1", L12, _("With the Charmander discount, what is the effective red cost of Starmie for you?"),
       lambda p: _effective_red("Starmie"),
       [_("Look at Starmie's printed red cost: {code} (red comes first).", code="card_by_name(\"Starmie\").cost"),
        _("Subtract one for each red-discount card you hold.")])
#: Lesson 12's exercise 2: a later turn, the red spent and a Master Ball gained (a reserve brought it).
HAND_12_2 = {"blue": 3, "green": 3, "yellow": 3, "master": 1}


def lesson12_with_ball() -> Any:
    """The lesson's display on a later turn, seat 0 holding ``HAND_12_2``: a Master Ball, unlike in the lesson."""
    sp = _sp()
    return sp.scenario(2, tokens={0: HAND_12_2}, captured={0: ["Charmander"]},
                       display=[sp.card_by_name(n).id for n in ("Vulpix", "Ninetales", "Magmar", "Charmeleon")], seed=1)


def magmar_with_ball_12_2() -> tuple[str | None, str | None]:
    """The rule that refuses reserving, then catching, Magmar with a Master Ball in hand (None: no rule refuses it).

    No cell of the lesson plays either move in this position: the pupil answers from the rules (SP-A3, SP-A5).

    >>> magmar_with_ball_12_2()
    ('SP-A3', None)
    """
    magmar = _sp().card_by_name("Magmar").id
    rules = (_rule_of(lesson12_with_ball(), f"Reserve({magmar})"), _rule_of(lesson12_with_ball(), f"Catch({magmar})"))
    return tuple(None if rule == "allowed" else rule for rule in rules)


value("12-2", L12, _("A later turn: you still hold Charmander, and now 3 blue, 3 green, 3 yellow and 1 Master Ball. "
                     "Before you try either move: "
                     "which rule ID refuses reserving Magmar now, and which refuses catching it? Answer with a pair, "
                     "writing `None` for a move no rule refuses, for example `(None, \"SP-A6\")`."),
      lambda p: magmar_with_ball_12_2(),
      [_("Which cards does the reserve rule allow? Does holding a Master Ball change which cards they are?"),
       _("For the catch: compare Magmar's effective cost with your tokens colour by colour, then read what SP-A5 asks "
         "of a rare card.")],
      mistakes=lambda p: [
          (("SP-A5", None), _("SP-A5 is the catching rule; which rule says which cards can be reserved?")),
          ((None, None), _("a Master Ball does not make a rare card one you may reserve: SP-A3 allows only "
                           "normal cards.")),
          (("SP-A3", "SP-A5"), _("SP-A5 asks for at least one Master Ball, and you hold one now; check the other "
                                 "colours one by one."))])


#: Lesson 12's exercise 3: seat 0 holds Charmander (a red discount) and these tokens, and catches Ninetales.
HAND_12_3 = {"red": 1, "blue": 1, "green": 2, "yellow": 2, "master": 3}


def _hand_12_3() -> Any:
    return _sp().scenario(2, tokens={0: HAND_12_3}, captured={0: ["Charmander"]},
                          display=[_sp().card_by_name(n).id for n in ("Vulpix", "Ninetales", "Magmar", "Charmeleon")], seed=1)


def master_balls_spent_12_3() -> int:
    """The Master Balls seat 0 spends catching Ninetales with ``HAND_12_3``: one blue and one yellow short.

    >>> master_balls_spent_12_3()
    2
    """
    sp = _sp()
    state = _hand_12_3()
    after = sp.apply(state, sp.parse_action(f"Catch({sp.card_by_name('Ninetales').id})"))
    return state.players[0].tok[-1] - after.players[0].tok[-1]


number("12-3", L12, _("You hold Charmander and 1 red, 1 blue, 2 green, 2 yellow and 3 Master Balls. How many Master "
                      "Balls does catching Ninetales cost you?"), lambda p: master_balls_spent_12_3(),
       [_("Work colour by colour: Ninetales' printed cost, minus your discount of that colour, never below 0."),
        _("Compare each colour's effective cost with the tokens of that colour you hold: Master Balls cover only the "
          "shortfall (SP-A6).")])


def _caught(card: str) -> Any:
    def goal(state: Any, p: Any) -> list[Text]:
        sp = _sp()
        wanted = sp.card_by_name(card)
        if wanted.id in state.players[0].captured:
            return []
        return [_("{name} is not in Player 1's collection yet", name=pokemon_name(wanted.name_en))]

    return goal


board("12-4", L12, _("On the board, catch Vulpix for Player 1 (you play Player 2's turns too)."), _caught("Vulpix"),
      [_("Player 1 cannot pay for Vulpix this turn: which token is missing, and which two ways are there to get one?"),
       _("Your catch can come on a later turn: play any move for Player 2 in between.")])

# -- 13 evolution and the end --------------------------------------------------------------------


def _lesson13() -> Any:
    return _sp().scenario(["Ash", "Misty"], tokens={0: {"blue": 3, "green": 3}},
                          captured={0: ["Charmander", "Vulpix", "Charizard", "Blastoise", "Venusaur", "Magmar", "Lapras"],
                                    1: ["Squirtle"]},
                          display=["Charmeleon", "Pikachu", "Ninetales", "Wartortle"], seed=1)


def _evolve(state: Any, old: str, new: str) -> Any:
    sp = _sp()
    return sp.apply(state, sp.parse_action(f"Evolve({sp.card_by_name(old).id}, {sp.card_by_name(new).id})"))


number("13-1", L13, _("Ash holds Charmeleon. He evolves it into Charizard: by how many points does his score go up?"),
       lambda p: _sp().card_by_name("Charizard").points - _sp().card_by_name("Charmeleon").points,
       [_("Read both cards' points in the family table."), _("Where does Charmeleon go when it evolves (SP-E2)?")])
number("13-2", L13, _("After Ash's evolution, how many Pokémon in Ash's collection are evolved (stage 1 or more)?"),
       lambda p: sum(_sp().CARDS[c].stage >= 1 for c in _evolve(_lesson13(), "Charmander", "Charmeleon").players[0].captured),
       [_("List evolved.players[0].captured."), _("Count the cards whose stage is 1 or 2.")])


def race13() -> Any:
    """Lesson 13's exercise 3: a new game at 17–17, Ash (seat 0) to move first in the round, Misty last."""
    return _sp().scenario(["Ash", "Misty"], tokens={0: {"blue": 3, "green": 3}, 1: {"red": 2}},
                          captured={0: ["Charmander", "Charizard", "Blastoise", "Venusaur", "Magmar", "Lapras"],
                                    1: ["Vulpix", "Cyndaquil", "Scyther", "Snorlax", "Heracross", "Feraligatr", "Arcanine"]},
                          display=["Charmeleon", "Ninetales", "Quilava", "Pikachu"], seed=1)


def race13_end(misty_evolves: str) -> Any:
    """``race13()`` played to its end: Ash evolves Charmander (18 points) and takes tokens; Misty evolves
    ``misty_evolves`` ("Vulpix" into Ninetales, or "Cyndaquil" into Quilava) and takes tokens.

    >>> [(r.scores, r.winners) for r in (result_of(race13_end("Vulpix")), result_of(race13_end("Cyndaquil")))]
    [((18, 19), (1,)), ((18, 18), (0,))]
    """
    sp = _sp()
    into = {"Vulpix": "Ninetales", "Cyndaquil": "Quilava"}[misty_evolves]
    state = _evolve(race13(), "Charmander", "Charmeleon")
    state = sp.apply(state, sp.parse_action("TakeDifferent(red, yellow, black)"))
    state = _evolve(state, misty_evolves, into)
    return sp.apply(state, sp.parse_action("TakeDifferent(blue, green, black)"))


def result_of(state: Any) -> Any:
    """The engine's result of a finished game."""
    return _sp().result(state)


number("13-3", L13, _("In the new game below, Ash evolves Charmander and reaches 18 points; then Misty evolves Vulpix "
                      "into Ninetales. Who wins? Give the player's number, as the board shows it (1 or 2)."),
       lambda p: result_of(race13_end("Vulpix")).winners[0] + 1,  # seats count from 0, players from 1
       [_("Does the game end when Ash reaches 18 (SP-G1)?"), _("Compare the two scores once the round is complete.")])


def most_points_this_turn(state: Any) -> int:
    """The most points the player to move can end this turn with: every main action, with or without one evolution,
    before or after it (SP-T1), and any tokens to give back (SP-T3).

    >>> most_points_this_turn(_lesson13())
    20
    """
    sp = _sp()
    seat = state.current_player

    def best(st: Any) -> int:
        if st.current_player != seat or st.over:
            return sp.scores(st)[seat]
        return max(best(sp.apply(st, a)) for a in sp.legal_actions(st))

    return best(state)


def _most_points(state: Any, p: Any) -> list[Text]:
    points, most = _sp().scores(state)[0], most_points_this_turn(_lesson13())
    if points >= most and state.current_player != 0:
        return []
    missing = []
    if points < most:
        missing.append(_n("Ash has {count} point; more can be reached this turn",
                          "Ash has {count} points; more can be reached this turn", points))
    if state.current_player == 0:
        missing.append(_("Ash's turn is not over yet"))
    return missing


board("13-4", L13, _("On the board, end Ash's turn with as many points as you can."), _most_points,
      [_("A turn is one main action and at most one evolution (SP-T1): what can each of them add?")])

# -- 14 a full game ------------------------------------------------------------------------------


@cache
def _bot_game(seed: int) -> Any:
    return play("splendor", ["greedy", "mcts-easy"], seed=seed)


def turns_after_eighteen(record: Any) -> int:
    """How many turns a bot game went on after a player first ended a turn with 18 or more points (SP-G1).

    A turn is a run of one seat's actions (a main action, perhaps an evolution or a return).
    The game ends once the round is complete, so this is the number of players still to move
    in that round: 0 when the last seat of the round reached 18, more when an earlier seat did.

    >>> turns_after_eighteen(_bot_game(3))  # seat 1 moved first and reached 18: seat 0 still had its turn
    1

    A game in which nobody reached 18 (a stalled one, SP-G4) has no such turn: ``ValueError``.
    """
    states = list(record.states())
    actions = record.actions
    ends = [i + 1 for i, (seat, _a) in enumerate(actions) if i + 1 == len(actions) or actions[i + 1][0] != seat]
    reached = [k for k, end in enumerate(ends) if max(_sp().scores(states[end])) >= 18]
    if not reached:
        raise ValueError("nobody ended a turn with 18 or more points in this game")
    return len(ends) - 1 - reached[0]


number("14-1", L14, _("In the bots' game (greedy against mcts-easy, seed 3), after a player first ended a turn with 18 "
                      "or more points, how many more turns were played before the game ended?"),
       lambda p: turns_after_eighteen(_bot_game(3)),
       [_("SP-G1: reaching 18 does not end the game at once; the round is completed, so every player has had as many "
          "turns."),
        _("Who moved first in this game, so who moves last in every round? Which player reached 18?")])
number("14-2", L14, _("First predict, then check with the game's log: how many actions did Player 2 (mcts-easy) play "
                      "in that game? (A turn is one main action, and perhaps an evolution or returned tokens.)"),
       lambda p: sum(1 for seat, _a in _bot_game(3).actions if seat == 1),
       [_("record.rounds gives the rounds, and every player has one turn a round (SP-G1): that is the number of turns."),
        _("A turn can add an evolution (SP-E1) or a return of tokens (SP-T3) to its main action: count those of Player 2 "
          "in record.actions, where code counts from 0: Player 2's moves carry the number 1 there.")])

#: Lesson 14's coach position: the bots' game (seed 3) after its first six moves, seat 1 (mcts-easy) to move, 0–0.
COACH_MOVE = 6


def coach_position() -> Any:
    """The position of lesson 14's coach exercises (the seed-3 bots' game after six moves): seat 1 to move at 0–0.

    >>> from pokelab.splendor import scores
    >>> state = coach_position()
    >>> state.current_player, scores(state)
    (1, (0, 0))
    """
    return list(_bot_game(3).states())[COACH_MOVE]


@cache
def coach_chance() -> float:
    """Seat 1's win chance in ``coach_position()``, the seated bots playing it out (300 playouts, seed 1)."""
    state = coach_position()
    return win_probability(state, state.current_player, bots=_bot_game(3).bots, playouts=300, seed=1).rate


predict("14-3", L14, _("Before the playouts: what is the chance that Player 2 (mcts-easy), to move at 0–0, wins this game?"),
        lambda p: coach_chance(), [_("Three turns each and still 0–0: the position is close to a new game. Start from how "
                                      "often mcts-easy beat greedy in the ladder's 400 games, then ask whether the cards "
                                      "in view help Player 2.")], tolerance=0.1)
#: The coach's first move in lesson 14's position (level "medium", seed 0): asserted in the lesson and in the tests.
choice("14-4", L14, _("Which move will the coach put first for Player 2?"), (
           Option("a", _("Take red, green and yellow: next turn it can catch Feraligatr (3 pts)."),
                  why=_("points later are not sure points: the other player may catch the card first, and a turn is spent waiting")),
           Option("b", _("Catch Croconaw now."), correct=True,
                  why=_("The coach's playouts rank it first, clearly ahead of its second move: their intervals do not "
                        "overlap. Exercise 5 asks you why.")),
           Option("c", _("Reserve Feraligatr to gain a Master Ball."),
                  why=_("a reserved card and a Master Ball are only promises: a card caught now already counts")),
       ))
explain("14-5", L14, _("Why does the coach put catching Croconaw first?"),
        _("Croconaw can be caught now, before the other player, who could afford it next turn. Feraligatr in view "
          "evolves from it, and one free evolution a turn may follow the main action (SP-E1): this very turn Player 2 "
          "has Feraligatr's 3 points and a permanent blue discount, for Croconaw's cost, instead of waiting a turn to "
          "catch Feraligatr. The coach does not guess: it plays the position out many times after each move and this "
          "move wins the most playouts."),
        [Idea(_("before the other player"), _p("words a pupil may write", "before|first|opponent|other player")),
         Idea(_("a permanent discount"), _p("words a pupil may write", "discount|cheaper|bonus")),
         Idea(_("Feraligatr evolves from it"), _p("words a pupil may write", "evolve|Feraligatr"))],
        misconceptions=[Idea(_("the coach's move is sure to win"),
                             _p("words a pupil may write", "sure to win|certain to win|always wins|guaranteed"))])

# -- 15 the strategy lab -------------------------------------------------------------------------


def _summary() -> dict[str, Any]:
    return load("splendor_summary")


def _first_player_options() -> tuple[Option, ...]:
    fpa = _summary()["first_player_advantage"]
    fair = fpa["ci_low"] <= 0.5 <= fpa["ci_high"]
    return (
        Option("a", _("The first player wins more often: the win rate is above 1/2."),
               correct=not fair and fpa["win_rate"] > 0.5,
               why=_("a rate a little above 1/2 proves nothing while its interval still contains 1/2 "
                     "(the misconception: the rate decides, whatever its interval)")),
        Option("b", _("These games show no measurable first-player advantage: the interval contains 1/2."), correct=fair,
               why=(_("the interval contains 1/2: a rate this close to 1/2 is what chance alone gives in this many games")
                    if fair else _("the interval excludes 1/2, so the games do show a difference"))),
        Option("c", _("The first player has no advantage at all, exactly 1/2."),
               why=_("an interval that contains 1/2 cannot prove exactly 1/2 "
                     "(the misconception: no evidence of a difference is evidence of none)")),
    )


choice("15-1", L15, _("The shipped experiment gives the first player's win rate with a 95% interval. What does it show?"), _first_player_options())
def _largest_advantage_slips(_params: Any) -> list[tuple[float, Text]]:
    fpa = _summary()["first_player_advantage"]
    return [((fpa["win_rate"] - 0.5) * 100, _("that is the advantage these games measured; the interval still allows "
                                              "more, up to its upper end.")),
            (fpa["ci_high"] * 100, _("that is the first player's wins in 100 games at the interval's upper end; take "
                                     "away the even 50.")),
            ((0.5 - fpa["ci_low"]) * 100, _("that is how far the interval reaches below 1/2: the largest advantage of "
                                            "the player who moves second."))]


# 15-2 asks what the interval still allows, not the rate the table prints: "no measurable advantage" is not "none".
number("15-2", L15, _("The shipped interval contains 1/2, so these games show no measurable first-player advantage. What "
                        "is the largest advantage they still leave possible, in games won in every 100 beyond an even "
                        "50? (a number, within 0.5)"),
       lambda p: (_summary()["first_player_advantage"]["ci_high"] - 0.5) * 100,
       [_("Which end of the 95% interval gives the first player the most wins?"),
        _("A win rate times 100 is the wins in 100 games; take away the even 50.")], tolerance=0.5,
       mistakes=_largest_advantage_slips)
#: Lesson 15's new match for 15-3: mcts-medium beats mcts-easy by these wins in these games.
NEW_MATCH_WINS, NEW_MATCH_GAMES = 7, 10


def _new_match_options() -> tuple[Option, ...]:
    low, high = wilson_interval(NEW_MATCH_WINS, NEW_MATCH_GAMES)
    undecided = low <= 0.5 <= high
    return (
        Option("a", _("mcts-medium is the stronger bot: it won 7 of the 10 games."), correct=not undecided,
               why=(_("even two evenly matched bots end 7–3 or more lopsided in about a third of 10-game matches: the "
                      "interval of 7 in 10 still contains 1/2 (the misconception: the wins decide, not the interval)")
                    if undecided else _("The interval of 7 in 10 lies above 1/2."))),
        Option("b", _("This match alone cannot tell: the 95% interval of 7 wins in 10 still contains 1/2."),
               correct=undecided,
               why=(_("Seven in ten still fits two evenly matched bots. The 400-game ladder is the evidence to read, and "
                      "it does separate them.") if undecided
                    else _("the interval of 7 in 10 excludes 1/2, so the match does tell them apart"))),
        Option("c", _("mcts-medium wins 7 games in every 10 against mcts-easy."),
               why=_("seven in ten is only an estimate from ten games: its interval runs from about 0.4 to 0.9 "
                     "(the misconception: a short match's rate is the true rate)")),
    )


choice("15-3", L15, _("A class runs its own 10-game match, seats swapped: mcts-medium beats mcts-easy 7–3. What can "
                      "you conclude?"), _new_match_options())


#: Lesson 15's position: a greedy-against-greedy game (seed 15) after its first 12 moves, seat 0 to move.
SEATED_GAME, SEATED_MOVE = 15, 12


@cache
def seated_chances() -> tuple[Any, Any]:
    """Seat 0's win chance in lesson 15's position with greedy, then mcts-hard, in seat 1 (300 playouts, seed 1)."""
    state = list(play("splendor", ["greedy", "greedy"], seed=SEATED_GAME).states())[SEATED_MOVE]
    return tuple(win_probability(state, 0, bots=["greedy", other], playouts=300, seed=1)
                 for other in ("greedy", "mcts-hard"))


predict("15-4", L15, _("In the same position, predict Player 1's win chance when mcts-hard plays Player 2 instead of greedy."),
        lambda p: seated_chances()[1].rate, [_("The playouts now play mcts-hard's stand-in for Player 2.")], tolerance=0.1)
#: Exercise 15-5's new seating: mcts-hard plays Player 1 and greedy Player 2, in the same position.
SWAPPED_BOTS_15 = ("mcts-hard", "greedy")


@cache
def swapped_chance() -> Any:
    """Seat 0's win chance in lesson 15's position with mcts-hard in seat 0 and greedy in seat 1 (300 playouts, seed 1)."""
    state = list(play("splendor", ["greedy", "greedy"], seed=SEATED_GAME).states())[SEATED_MOVE]
    return win_probability(state, 0, bots=list(SWAPPED_BOTS_15), playouts=300, seed=1)


# 15-5 is a new seating the lesson has not measured: the pupil predicts it from what a win chance belongs to.
choice("15-5", L15, _("Now mcts-hard plays Player 1 and greedy plays Player 2, in the same position. Before it is "
                      "measured: how will Player 1's chance compare with the greedy-against-greedy chance?"), (
           Option("a", _("About the same: the position, its cards and its tokens, has not changed."),
                  why=_("the playouts play the seated players to the end, so a change of player changes the chance "
                        "(the misconception: a win chance belongs to the position alone)")),
           Option("b", _("Far higher: the stronger player now sits in Player 1's seat, and the playouts play it."),
                  correct=True,
                  why=_("A win chance belongs to a position and to who plays it: the bot that cut Player 1's chance as "
                        "the opponent raises it in Player 1's seat.")),
           Option("c", _("Lower again, as in the mcts-hard row: the chance falls whenever mcts-hard is in the game."),
                  why=_("what matters is whose seat the stronger bot plays: the chance is Player 1's, and mcts-hard now "
                        "plays for Player 1 (the misconception: a strong bot lowers everyone's chance)")),
       ))
