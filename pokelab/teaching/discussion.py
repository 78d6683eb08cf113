"""The discussion question for each misconception a multiple-choice option stands for (the teacher's guide, §3).

When many pupils pick the same wrong option, the teacher stops and asks the
class one question that makes the misconception visible. The questions live
here once, as catalogue texts (English and Chinese); the teacher's guide
prints the same words and the class misconceptions dashboard shows the one for
the class's most-chosen misconception. A misconception without its own
question (an anticipated slip, an explanation) gets the general one.

>>> question("32-3", "a").render("en")  # doctest: +ELLIPSIS
'Two of the five tokens shown are red. How many reds are left...'
>>> question("30-1", "slip-1") == GENERAL
True
>>> question("32-3", "")
Traceback (most recent call last):
...
ValueError: a misconception id is a non-empty text such as 'b' or 'slip-1', not ''
"""

from __future__ import annotations

from pokelab.words import Text, _

__all__ = ["GENERAL", "QUESTIONS", "question"]

#: The question for a misconception the guide has no question of its own for.
GENERAL = _("Ask a pupil who gave this answer to explain how they got it; then ask the class for a case where "
            "that reasoning gives the wrong result.")

#: (exercise id, wrong option) -> the question to put to the class.
QUESTIONS: dict[tuple[str, str], Text] = {
    ("14-4", "a"): _("Taking three tokens now to catch a 3-point card next turn sounds strong. What could the "
                     "opponent do in between, and what does catching now give at once?"),
    ("14-4", "c"): _("A Master Ball is a wildcard, but a reserve spends a whole turn. When is a turn better spent "
                     "catching than reserving?"),
    ("15-1", "a"): _("The win rate is a little above 1/2, but the interval contains 1/2. Could a fair game give "
                     "this rate? What would convince you it is not fair?"),
    ("15-1", "c"): _("If the interval contains 1/2, does that prove the game is exactly fair? What could a "
                     "small advantage hide inside?"),
    ("15-3", "a"): _("Two evenly matched bots play 10 games. How often would one of them still win 7 or more? How "
                     "many games would you want before you decide?"),
    ("15-3", "c"): _("Seven wins in ten games: how sure are you that the rate is 0.7? What would 400 games give, "
                     "and what does the shipped ladder show?"),
    ("15-5", "a"): _("The greedy and the mcts-hard rows above were the same position too, yet their chances differed. "
                     "What changed between them, and what changes now?"),
    ("15-5", "c"): _("Whose chance is it? Which seat does mcts-hard play now, and what did it do to the chance of the "
                     "seat it played against?"),
    ("21-3", "a"): _("Can the better player lose or draw one game? How many games would show which bot is better?"),
    ("21-3", "c"): _("The tokens are luck, but the discards are choices. How would you find out whether choices "
                     "change the score over many games?"),
    ("31-4", "b"): _("Round A draws more tokens, round B fewer. Which tokens does round A leave in the bag, how many, "
                     "and what must they hold when A draws no purple?"),
    ("31-4", "c"): _("The curves compare the two cards at one number of tokens drawn; these two rounds draw 12 and 8. "
                     "Where on the curves are the two chances, and what does the mirror trick say about them?"),
    ("32-3", "a"): _("Two of the five tokens shown are red. How many reds are left for the last token, and out of "
                     "how many tokens? Is that share bigger or smaller than 6 out of 20?"),
    ("32-3", "b"): _("When is it true that the bag has no memory? Do the tokens go back into the bag during a round?"),
    ("32-5", "b"): _("Does one token drawn change what is left in the bag? Count the reds left and the tokens left "
                     "after one red and four others."),
    ("32-5", "c"): _("Reds left ÷ tokens left now, or 6/20 before the round: which is bigger? What if the five "
                     "tokens shown held no red at all?"),
    ("33-3", "a"): _("Play each card 10 times in your head: how many points does each bring in total?"),
    ("33-3", "c"): _("If you played each card every round for a whole game, which would give you more points on "
                     "average? What single number says that?"),
    ("35-4", "b"): _("A ratio of two expected values: what is wrong with it here — the ratio, or the two cards "
                     "it picks?"),
    ("35-4", "c"): _("Is a card that often comes true but is worth 1 point a better deal than a rare 5-point "
                     "card? What would make two cards equally fair?"),
    ("37-4", "b"): _("Draw the chart of how many yellow tokens a round draws from this bag. Is 2 more likely than 1?"),
    ("37-4", "c"): _("The game's bag gave 1 and 2 yellow the same chance, and this bag has the same mean. Does the same "
                     "mean force the same chart? Compare the two charts."),
    ("37-4", "d"): _("Can a round draw 0 or 3 yellow tokens from this bag? How often? What does the mean say about a "
                     "single round?"),
    ("38-2", "a"): _("Why are two rounds of the real game independent? Which rule makes them so (HC-R7), and does it "
                     "still hold under this house rule?"),
    ("38-2", "b"): _("Round 1 drew no purple. Where are the two purple tokens now, and which tokens does round 2 draw?"),
    ("39-3", "a"): _("Why would a player vote no? Which hands vote no more often, and what does that tell you "
                     "about the hand behind this vote?"),
    ("39-3", "c"): _("Can a player who does not score yet still vote no? When would a redraw not help them?"),
    ("40-1", "a"): _("You need one point. Is a 3-point card worth more to you than a 1-point card right now?"),
    ("40-1", "c"): _("The best average and the best chance of reaching 10: are they the same goal? When do "
                     "they differ?"),
    ("41-1", "a"): _("What can a redraw take away from you? Which of your cards already scores now?"),
    ("41-1", "c"): _("The blue token goes back into the bag. Does it still count as drawn for the purple and "
                     "orange cards (HC-C2)?"),
    ("41-4", "a"): _("How often in a game can Erika swap, and how often can Brock redraw? What is each worth "
                     "over a whole game?"),
    ("41-4", "c"): _("Erika picks from tokens she sees, Brock draws blind. Do the two moves change the last "
                     "token in the same way?"),
    ("42-4", "a"): _("Look at the spread of game lengths. How many games end within one round of the mean?"),
    ("42-4", "c"): _("Could a game last three times the mean? What would have to happen, and is its chance zero?"),
    ("43-2", "b"): _("Does the advice give exact fractions or estimates? How would you tell a simulation's "
                     "answer from an exact one?"),
    ("43-2", "c"): _("Does the best discard now depend on the later discards and the redraw? How far ahead "
                     "must the search look?"),
    ("43-2", "d"): _("Two cards that need the same tokens: is the pair worth the sum of their expected points?"),
    ("43-5", "b"): _("Judge the pair you keep, not each card alone: which last tokens does each pair cover?"),
    ("43-5", "c"): _("A and B score 4 on a red. What do they score on a blue and on a purple, and what is that on "
                     "average?"),
    ("43-5", "d"): _("The first token is red. Would you discard the same card if it were purple?"),
    ("44-3", "a"): _("A scores more on average. Could B still win most of their games against each other? Think "
                     "of the steady and the bold player: what decides a game, the average or who gets to 10 first?"),
    ("44-3", "c"): _("Is a bot with fewer points per round always the weaker one? What would B have to do "
                     "differently near the end to win more of its games?"),
}


def question(exercise: str, misconception: str) -> Text:
    """The question for ``misconception`` (an option key or a slip id) of ``exercise``; ``GENERAL`` when none."""
    if not isinstance(misconception, str) or not misconception:
        raise ValueError(f"a misconception id is a non-empty text such as 'b' or 'slip-1', not {misconception!r}")
    return QUESTIONS.get((exercise, misconception), GENERAL)
