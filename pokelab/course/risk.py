"""Risk, not only the average: the exact spread of a round's points and the chance to finish in time.

Lesson 40's mathematics. A player who keeps two cards scores at most one of them
(HC-R6), so a round's points are a small random variable: 0, or the points of the
card that came true (the better one when both did). Its **distribution**, **mean**
and **variance** come from the exact joint chances of the two cards
(``joint_outcomes``). Near the end of a game the average is the wrong thing to
maximise: what counts is the chance of reaching the target (10 points, HC-G2) soon.

- ``points_distribution(hand, shown=)`` — P(points = x) for a kept hand of 1 or 2 cards;
- ``mean_and_variance(distribution)`` and ``chance_at_least(distribution, need)``;
- ``finish_chance(options, target=, rounds=, choose=)`` — a Markov chain over the score:
  every round the player picks one of ``options`` (name -> points distribution);
  ``choose="mean"`` always takes the option with the best average, ``choose="reach"``
  the option that maximises the chance of reaching ``target`` within ``rounds``
  (dynamic programming, exact);
- ``reach_choice(options, score=, rounds_left=, target=)`` — the option ``"reach"`` picks;
- ``average_threshold(options, rounds_left=, target=)`` — up to how many points needed
  ``"reach"`` still keeps the best-average option: the criterion is points needed
  *against* rounds left.

The chain has the **Markov property**: a round's points depend only on the option
taken, never on the earlier rounds, so the best choice depends on (score, rounds left)
only and one backward table (``_reach_table``) holds it.

>>> dist = points_distribution([("last:red", 1), ("last:purple", 3)])
>>> dist
{0: Fraction(3, 5), 1: Fraction(3, 10), 3: Fraction(1, 10)}
>>> mean_and_variance(dist)
(Fraction(3, 5), Fraction(21, 25))
>>> points_distribution([])
Traceback (most recent call last):
...
ValueError: a kept hand has 1 or 2 cards, got 0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations
from numbers import Rational
from typing import Any

from pokelab.course._build import choice, explain, number, predict
from pokelab.course.registry import Idea, Option
from pokelab.herecomes import TARGETS
from pokelab.herecomes.bag import DEFAULT_BAG, draw_round
from pokelab.odds.advice import SHOWN_9
from pokelab.odds.exact import joint_outcomes, probability, redraw_probability
from pokelab.odds.inputs import LEGEND_VALUE, card_condition, card_value
from pokelab.sim.balance import load
from pokelab.words import Text, _, _p

__all__ = [
    "average_threshold", "chance_at_least", "finish_chance", "mean_and_variance", "points_distribution", "reach_choice",
]

Distribution = Mapping[Any, Fraction]
CHOICES = ("mean", "reach")


def _tidy(points: Fraction) -> Fraction | int:
    return int(points) if points.denominator == 1 else points


def points_distribution(
    hand: Sequence[Any],
    *,
    shown: Sequence[str] = (),
    bag: Mapping[str, int] | None = DEFAULT_BAG,
    redraw: bool = False,
    legend_value: Fraction | int = LEGEND_VALUE,
) -> dict[Any, Fraction]:
    """The exact distribution of the points a kept hand of 1 or 2 cards scores this round (HC-R5, HC-R6).

    Cards are target cards or ``(condition, points)`` pairs; a legend card is
    worth ``legend_value``. With two cards achieved the better one scores.
    ``shown``: tokens already drawn; ``redraw=True``: the last token is redrawn (HC-R4).

    >>> points_distribution([("never:purple", 2)])
    {0: Fraction(29, 38), 2: Fraction(9, 38)}
    >>> points_distribution([("last:red", 1), ("last:red", 2), ("last:red", 3)])
    Traceback (most recent call last):
    ...
    ValueError: a kept hand has 1 or 2 cards, got 3
    """
    if isinstance(hand, (str, bytes)) or len(hand) not in (1, 2):
        raise ValueError(f"a kept hand has 1 or 2 cards, got {len(hand)}")
    values = [Fraction(card_value(card, legend_value)) for card in hand]
    if len(hand) == 1:
        chance = redraw_probability if redraw else probability
        p = chance(card_condition(hand[0]), bag=bag, shown=shown)
        outcomes = [(Fraction(0), 1 - p), (values[0], p)]
    else:
        joint = joint_outcomes(hand[0], hand[1], bag=bag, shown=shown, redraw=redraw)
        outcomes = [(Fraction(0), joint.neither), (values[0], joint.only_a), (values[1], joint.only_b),
                    (max(values), joint.both)]
    result: dict[Fraction, Fraction] = {}
    for points, p in outcomes:
        if p:
            result[points] = result.get(points, Fraction(0)) + p
    return {_tidy(points): result[points] for points in sorted(result)}


def _check_distribution(distribution: Distribution) -> dict[Fraction, Fraction]:
    if not isinstance(distribution, Mapping) or not distribution:
        raise ValueError(f"a distribution maps points -> probability, got {distribution!r}")
    clean = {}
    for points, p in distribution.items():
        if not isinstance(points, Rational) or not isinstance(p, Rational) or p < 0:
            raise ValueError(f"points and probabilities must be exact numbers >= 0, got {points!r}: {p!r}")
        clean[Fraction(points)] = Fraction(p)
    if sum(clean.values()) != 1:
        raise ValueError(f"the probabilities add up to {sum(clean.values())}, not 1")
    return clean


def mean_and_variance(distribution: Distribution) -> tuple[Fraction, Fraction]:
    """The mean (expected points) and the variance E[(X − mean)²] of a points distribution, exact.

    >>> mean_and_variance({0: Fraction(1, 2), 2: Fraction(1, 2)})
    (Fraction(1, 1), Fraction(1, 1))
    >>> mean_and_variance({0: Fraction(1, 2)})
    Traceback (most recent call last):
    ...
    ValueError: the probabilities add up to 1/2, not 1
    """
    clean = _check_distribution(distribution)
    mean = sum((x * p for x, p in clean.items()), Fraction(0))
    variance = sum(((x - mean) ** 2 * p for x, p in clean.items()), Fraction(0))
    return mean, variance


def chance_at_least(distribution: Distribution, need: int | Fraction) -> Fraction:
    """P(points >= ``need``): the chance that this round scores enough.

    >>> chance_at_least({0: Fraction(3, 5), 1: Fraction(3, 10), 3: Fraction(1, 10)}, 2)
    Fraction(1, 10)
    >>> chance_at_least({0: 1}, "two")
    Traceback (most recent call last):
    ...
    ValueError: need is a number of points, got 'two'
    """
    if not isinstance(need, Rational):
        raise ValueError(f"need is a number of points, got {need!r}")
    clean = _check_distribution(distribution)
    return sum((p for x, p in clean.items() if x >= need), Fraction(0))


def _check_options(options: Mapping[str, Distribution], target: Any, rounds: Any) -> dict[str, dict]:
    if not isinstance(options, Mapping) or not options:
        raise ValueError("options maps a name to a points distribution; give at least one")
    for name, value in (("target", target), ("rounds", rounds)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"{name} must be a whole number >= 1, got {value!r}")
    return {name: _check_distribution(dist) for name, dist in options.items()}


def _reach_table(options: dict[str, dict], target: int, rounds: int) -> list[dict[int, tuple[Fraction, str]]]:
    """table[n][score] = (best chance to reach target within n more rounds, the option that gets it)."""
    table: list[dict[int, tuple[Fraction, str]]] = [{s: (Fraction(0), "") for s in range(target)}]
    for _i in range(rounds):
        before, now = table[-1], {}
        for score in range(target):
            best: tuple[Fraction, str] | None = None
            for name, dist in options.items():
                value = sum((p * (1 if score + x >= target else before[int(score + x)][0])
                             for x, p in dist.items()), Fraction(0))
                if best is None or value > best[0]:
                    best = (value, name)
            now[score] = best  # type: ignore[assignment]
        table.append(now)
    return table


def _best_mean(options: dict[str, dict]) -> str:
    means = {name: mean_and_variance(dist)[0] for name, dist in options.items()}
    return max(means, key=lambda name: means[name])  # the first listed wins a tie


def finish_chance(
    options: Mapping[str, Distribution], *, target: int = 10, rounds: int = 10, choose: str = "mean"
) -> Fraction:
    """The exact chance of reaching ``target`` points within ``rounds`` rounds, starting from 0.

    Every round the player takes one of ``options`` (name -> points distribution,
    whole points): ``choose="mean"`` always the best average (ties: the first
    listed), ``choose="reach"`` the option that maximises this very chance given
    the score and the rounds left (a Markov chain solved by dynamic programming).

    >>> coin = {"safe": {0: Fraction(1, 4), 1: Fraction(3, 4)}, "bold": {0: Fraction(7, 10), 3: Fraction(3, 10)}}
    >>> finish_chance(coin, target=2, rounds=2), finish_chance(coin, target=2, rounds=2, choose="reach")
    (Fraction(51, 100), Fraction(51, 80))
    >>> finish_chance(coin, target=2, rounds=2, choose="luck")
    Traceback (most recent call last):
    ...
    ValueError: choose is 'mean' or 'reach', got 'luck'
    """
    if choose not in CHOICES:
        raise ValueError(f"choose is 'mean' or 'reach', got {choose!r}")
    clean = _check_options(options, target, rounds)
    if choose == "reach":
        return _reach_table(clean, target, rounds)[rounds][0][0]
    dist = clean[_best_mean(clean)]
    spread = {0: Fraction(1)}  # the score's distribution, scores below target only
    done = Fraction(0)
    for _i in range(rounds):
        after: dict[int, Fraction] = {}
        for score, p in spread.items():
            for x, q in dist.items():
                if score + x >= target:
                    done += p * q
                else:
                    after[int(score + x)] = after.get(int(score + x), Fraction(0)) + p * q
        spread = after
    return done


def reach_choice(options: Mapping[str, Distribution], *, score: int, rounds_left: int, target: int = 10) -> str:
    """The option ``finish_chance(choose="reach")`` takes at ``score`` points with ``rounds_left`` rounds to go.

    >>> coin = {"safe": {0: Fraction(1, 4), 1: Fraction(3, 4)}, "bold": {0: Fraction(7, 10), 3: Fraction(3, 10)}}
    >>> reach_choice(coin, score=1, rounds_left=1, target=2), reach_choice(coin, score=0, rounds_left=1, target=2)
    ('safe', 'bold')
    >>> reach_choice(coin, score=5, rounds_left=1, target=2)
    Traceback (most recent call last):
    ...
    ValueError: score must be between 0 and 1 (below the target 2), got 5
    """
    clean = _check_options(options, target, rounds_left)
    if not isinstance(score, int) or not 0 <= score < target:
        raise ValueError(f"score must be between 0 and {target - 1} (below the target {target}), got {score!r}")
    return _reach_table(clean, target, rounds_left)[rounds_left][score][1]


def average_threshold(options: Mapping[str, Distribution], *, rounds_left: int, target: int = 10) -> int:
    """The most points needed (1 to ``target``) up to which ``"reach"`` keeps the best-average option every time.

    With ``rounds_left`` rounds to go and ``need`` points needed, for every ``need`` up to
    the result 10 points can still be reached and the reach policy keeps the option with
    the best average; at the next ``need`` it does not. 0 if it never does.

    >>> coin = {"safe": {0: Fraction(1, 4), 1: Fraction(3, 4)}, "bold": {0: Fraction(4, 5), 3: Fraction(1, 5)}}
    >>> [average_threshold(coin, rounds_left=n, target=3) for n in (1, 2, 3)]
    [1, 2, 3]
    >>> average_threshold(coin, rounds_left=0)
    Traceback (most recent call last):
    ...
    ValueError: rounds must be a whole number >= 1, got 0
    """
    clean = _check_options(options, target, rounds_left)
    table, average = _reach_table(clean, target, rounds_left)[rounds_left], _best_mean(clean)
    kept = 0
    for need in range(1, target + 1):
        chance, name = table[target - need]
        if chance == 0 or name != average:
            break
        kept = need
    return kept


L40 = "probability/40-risk-not-only-the-average.ipynb"

# -- 40 risk, not only the average ---------------------------------------------------------------

#: Lesson 40's hand after wave 3 (the nine tokens ``SHOWN_9``): Bulbasaur, Pikachu, Gastly.
HAND_40 = ("G09", "G13", "G17")
#: The gray cards a pupil's pair is drawn from in exercise 40-2.
GRAY_40 = ("G01", "G05", "G09", "G13", "G17")


def _name(card_id: str) -> str:
    """A target card's English name: a question shows it through the catalogue (``pokelab.course.fields``)."""
    return TARGETS[card_id].name_en


@cache
def keep_options_40(
    shown: tuple[str, ...] = SHOWN_9, hand: tuple[str, ...] = HAND_40
) -> dict[tuple[str, str], dict[Any, Fraction]]:
    """Each pair of the three-card ``hand`` (lesson 40's by default) a player can keep after the wave-3 tokens ``shown``.

    >>> keep_options_40()[("G09", "G17")]
    {0: Fraction(6, 11), 1: Fraction(3, 11), 3: Fraction(2, 11)}
    """
    return {pair: points_distribution([TARGETS[c] for c in pair], shown=shown) for pair in combinations(hand, 2)}


def best_reach_40(need: int, shown: tuple[str, ...] = SHOWN_9, hand: tuple[str, ...] = HAND_40) -> Fraction:
    """The best chance, over the three pairs of ``hand``, of scoring at least ``need`` points this round.

    >>> best_reach_40(1), best_reach_40(4), best_reach_40(2, hand=("G01", "G05", "G09"))
    (Fraction(5, 11), Fraction(0, 1), Fraction(0, 1))
    >>> best_reach_40(1, ("red",) * 9)
    Traceback (most recent call last):
    ...
    pokelab.errors.InputError: the shown tokens hold 9 red but the bag has only 6
    """
    return max(chance_at_least(dist, need) for dist in keep_options_40(shown, hand).values())


def best_mean_pair_40(shown: tuple[str, ...] = SHOWN_9, hand: tuple[str, ...] = HAND_40) -> tuple[str, str]:
    """The pair of ``hand`` with the highest expected points after the tokens ``shown`` (a tie: the first listed).

    >>> best_mean_pair_40()
    ('G13', 'G17')
    """
    options = keep_options_40(shown, hand)
    return max(options, key=lambda pair: mean_and_variance(options[pair])[0])


choice("40-1", L40, _("You play solo and have 9 points. After wave 3 (the nine tokens above) you hold Bulbasaur, Pikachu and Gastly. "
       "Which card should you discard to give yourself the best chance of reaching 10 points this round?"), (
           Option("a", _("Bulbasaur: it is worth the fewest points."),
                  why=_("playing solo you need one point, and points beyond it add nothing; with opponents they matter only if "
                      "one of them could overtake you this round (the misconception: more points are always better)")),
           Option("b", _("Pikachu or Gastly (either): keep Bulbasaur, the likeliest card."), correct=True,
                  why=_("with Bulbasaur kept, 5 of the 11 tokens left make you score")),
           Option("c", _("Bulbasaur, because the advisor's expected points are highest without it."),
                  why=_("the best average is not the best chance of getting the one point you need "
                      "(the misconception: the best average is the goal)")),
       ), hints=(_("Count, for each pair you could keep, the tokens left that make you score at least 1 point."),))


def _pair_40(p: Any) -> list[Any]:
    return [TARGETS[p["a"]], TARGETS[p["b"]]]


def _variances(p: Any) -> tuple[Fraction, Fraction]:
    """(the pair's variance, the sum of the two cards' variances alone) before any token is drawn."""
    pair = mean_and_variance(points_distribution(_pair_40(p)))[1]
    alone = sum((mean_and_variance(points_distribution([card]))[1] for card in _pair_40(p)), Fraction(0))
    return pair, alone


def _variance_gap(p: Any) -> Fraction:
    """How much the sum of the two cards' variances exceeds the pair's: 2·E[A]·E[B], as A and B never score together.

    >>> _variance_gap({"a": "G01", "b": "G17"})
    Fraction(9, 50)
    """
    pair, alone = _variances(p)
    return alone - pair


def _variance_slips(p: Any) -> list[tuple[Any, Text]]:
    pair, alone = _variances(p)
    slips = [(pair, _("that is the pair's variance itself: the question asks for the classmate's sum minus it.")),
             (alone, _("that is the classmate's sum: subtract the pair's true variance.")),
             (_variance_gap(p) / 2, _("half of it: check E[X²] − (E[X])² for the pair again."))]
    return [slip for slip in slips if slip[0] != _variance_gap(p)]


def _personal_pair(rng: Any) -> dict[str, str]:
    a, b = rng.sample(GRAY_40, 2)
    return {"a": a, "b": b, "a_name": _name(a), "b_name": _name(b)}


number("40-2", L40, _("Before any token is drawn you keep {a_name} ({a}) and {b_name} ({b}). A classmate says the "
       "variance of the points this pair scores in a round is the sum of the two cards' variances. What is the "
       "classmate's number minus the pair's true variance? (An exact fraction; negative if the classmate's number is "
       "too small.)"),
       _variance_gap, [_("Each card alone scores its points x with chance p, else 0: its variance is x²·p·(1 − p)."),
                       _("The pair: P(0), P(points of card A), P(points of card B) — two last-token cards never come true "
                         "together. Variance = E[X²] − (E[X])²; subtract it from the classmate's sum.")],
       mistakes=_variance_slips,
       defaults={"a": "G01", "b": "G17", "a_name": "Charmander", "b_name": "Gastly"},
       personal=_personal_pair)


def _wave3(p: Any) -> tuple[dict[tuple[str, str], dict[Any, Fraction]], tuple[str, str], int]:
    """(the pairs of ``p``'s hand with their points distributions, the pair with the best average, the points needed)."""
    shown, hand = tuple(p["shown"]), tuple(p["hand"])
    return keep_options_40(shown, hand), best_mean_pair_40(shown, hand), 10 - p["score"]


def _average_reach(p: Any) -> Fraction:
    """The chance that the pair with the best average after the tokens ``p["shown"]`` reaches 10 points this round.

    >>> _average_reach({"hand": HAND_40, "shown": SHOWN_9, "score": 9})  # lesson 40's own position: 4/11, not 5/11
    Fraction(4, 11)
    """
    options, average, need = _wave3(p)
    return chance_at_least(options[average], need)


def _average_slips(p: Any) -> list[tuple[Any, Text]]:
    options, average, need = _wave3(p)
    kept = [TARGETS[c] for c in average]
    slips = [(best_reach_40(need, tuple(p["shown"]), tuple(p["hand"])),
              _("that is the best chance over the three pairs: the classmate keeps the pair with the best average, "
                "and here that is another pair.")),
             (mean_and_variance(options[average])[0],
              _("that is the pair's average (expected points), not its chance of reaching 10 points.")),
             (chance_at_least(points_distribution(kept), need),
              _("that chance forgets the nine tokens already out: count only the 11 tokens left in the bag.")),
             (chance_at_least(options[average], 1),
              _("that is the chance of scoring at least one point: count only the cards worth the points you need."))]
    return [slip for slip in slips if slip[0] != _average_reach(p)]


def _wave3_params(hand: tuple[str, ...], shown: tuple[str, ...], score: int) -> dict[str, Any]:
    return {"hand": hand, "cards": tuple(_name(c) for c in hand), "shown": shown, "score": score}


def _average_misleads(p: Any) -> bool:
    """True when one pair has the best average, and another pair a better chance of reaching 10 than it (but not 0)."""
    options, average, need = _wave3(p)
    means = sorted((mean_and_variance(dist)[0] for dist in options.values()), reverse=True)
    chance = chance_at_least(options[average], need)
    return means[0] != means[1] and 0 < chance < best_reach_40(need, tuple(p["shown"]), tuple(p["hand"]))


def _personal_wave3(rng: Any) -> dict[str, Any]:
    """Three gray cards, wave 3's nine tokens and a score of 8 or 9, drawn again until the best average misleads."""
    while True:  # about one draw in ten misleads
        hand = tuple(sorted(rng.sample(GRAY_40, 3)))
        params = _wave3_params(hand, draw_round(None, rng)[:9], rng.choice([8, 9]))
        if _average_misleads(params):
            return params


number("40-3", L40, _("Wave 3 is over: the nine tokens out are {shown}. You hold {cards} and have {score} points. "
       "A classmate keeps the pair with the highest average (expected points) after these tokens. What is that pair's "
       "chance of reaching 10 points this round?"),
       _average_reach, [_("First find the classmate's pair: its average adds, for each card, points × chance on the 11 "
                          "tokens left (two last-token cards never come true together)."),
                        _("Then count the tokens left that give that pair the points you still need (10 − your score): "
                          "only its cards worth that many count.")],
       mistakes=_average_slips,
       defaults=_wave3_params(("G01", "G13", "G17"), ("green", "red", "blue", "green", "purple", "green", "red", "blue",
                                                     "green"), 8),
       personal=_personal_wave3, chance=True)


def policy_games() -> Any:
    """The shipped solo games of the two policies (``scripts/solo_policies.py``), one row per game.

    >>> sorted(policy_games()["policy"].unique())
    ['expected-points', 'heuristic']
    """
    return load("herecomes_policies")


def share_within(policy: str, rounds: int) -> float:
    """The share of the shipped solo games of ``policy`` that reached 10 points within ``rounds`` rounds.

    >>> share_within("expected-points", 10) > share_within("heuristic", 10)
    True
    >>> share_within("random", 10)
    Traceback (most recent call last):
    ...
    ValueError: no games of policy 'random': choose expected-points or heuristic
    """
    games = policy_games()
    games = games[games["policy"] == policy]
    if games.empty:
        raise ValueError(f"no games of policy {policy!r}: choose expected-points or heuristic")
    return float((games["rounds"] <= rounds).mean())


predict("40-4", L40, _("Before reading the table: in what share of 400 solo games did the expected-points bot "
        "reach 10 points within 10 rounds?"), lambda p: share_within("expected-points", 10),
        [_("Its games last about as long on average as the number of rounds asked about.")], tolerance=0.1)
explain("40-5", L40, _("Why is the pair with the best expected points not the best pair to keep at 9 points?"),
        _("At 9 points in a solo game you need only one point. Expected points also count the extra points of Pikachu "
        "and Gastly, which are worth nothing more now (with opponents they would matter only if one of them could "
        "overtake you this round); what matters is the chance of scoring at least one point, and keeping Bulbasaur "
        "gives the most tokens that score."),
        [Idea(_("only one point is needed"), _p("words a pupil may write", "one point|1 point|only need|need 1")),
         Idea(_("extra points are useless"), _p("words a pupil may write", "extra|more points|useless|worth nothing")),
         Idea(_("the chance of scoring, not the average"),
              _p("words a pupil may write", "chance|probability|likely"))],
        misconceptions=[Idea(_("the choice with the highest average is always the best choice"),
                             _p("words a pupil may write", "always the best|always best|highest average is|best average is always"))])
