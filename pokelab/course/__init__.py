"""The course: each lesson's maths, helpers and exercises in one module named by its topic.

Importing any part of ``pokelab.course`` loads every lesson module below, and each registers
its exercises (``pokelab.course.registry``); ``pokelab.teaching`` (check, choice, the answer
key) reads them from there.

======================  =======  =======================================================
module                  lessons  what it holds
======================  =======  =======================================================
``herecomes_rounds``    00 20 21 Here Comes Pokémon! rounds and a full game
``splendor_rules``      10–15    Splendor: Pokémon components, actions, the end, strategy
``counting``            30       counting and the last token
``never_and_all``       31       "never" and "all"
``conditional``         32       conditional probability over the waves
``expected_value``      33       expected value and discards
``large_numbers``       34       the law of large numbers
``fair_scoring``        35       is the scoring fair?
``deck_odds``           36       deck odds in Splendor
``hypergeometric``      37       the hypergeometric law of a bag and of a deck
``independence``        38       AND, OR and independence
``bayes``               39       Bayes and inference about the bag
``risk``                40       risk: the points distribution, not only the mean
``trainer_value``       41       what a redraw and a trainer are worth
``game_length``         42       how long a game lasts (a Markov chain)
``expectimax_by_hand``  43       thinking ahead: expectimax by hand
``beat_the_bot``        44       write a bot that beats the expected-points bot
======================  =======  =======================================================

The engine's odds (``pokelab.odds``) keep what the games, the bots and the boards need;
what only a lesson needs lives here, with that lesson.

>>> from pokelab.course.registry import all_exercises
>>> sorted({e.lesson.split("/")[0] for e in all_exercises()})
['00-start-here.ipynb', 'herecomes', 'probability', 'splendor']
"""

from pokelab.course import (
    bayes,
    beat_the_bot,
    conditional,
    counting,
    deck_odds,
    expected_value,
    expectimax_by_hand,
    fair_scoring,
    game_length,
    herecomes_rounds,
    hypergeometric,
    independence,
    large_numbers,
    never_and_all,
    risk,
    splendor_rules,
    trainer_value,
)

__all__ = [
    "bayes",
    "beat_the_bot",
    "conditional",
    "counting",
    "deck_odds",
    "expected_value",
    "expectimax_by_hand",
    "fair_scoring",
    "game_length",
    "herecomes_rounds",
    "hypergeometric",
    "independence",
    "large_numbers",
    "never_and_all",
    "risk",
    "splendor_rules",
    "trainer_value",
]
