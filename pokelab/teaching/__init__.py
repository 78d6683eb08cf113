"""Exercises a teacher can trust: the answer is never in the pupil's cell, and each pupil can get their own numbers.

Every exercise is registered once, in its lesson's module (``pokelab.course``): how the engine
computes its answer, its hints (catalogue texts, :mod:`pokelab.words`), and its kind. A lesson only
names the exercise and passes the pupil's answer:

- ``check("31-2", answer)`` — a number or a word: a hint after a wrong try, the next hint
  after the next, the answer after three tries (or with ``reveal=True``);
- ``choice("32-3", "b")`` — multiple choice; a wrong option names its misconception;
- ``predict("34-3", guess)`` before an experiment, ``predict("34-3")`` after it, to compare;
- ``explain("31-5", "because …")`` — the model answer after an attempt;
- ``board_task("12-4", board)`` — reads ``board.state`` and says what is still missing.

``join_class(join_code, "Mei")`` records every answer for the teacher's class dashboard
(``classlink``; the teacher decides whether ``reveal`` is allowed). ``exercise("31-3", student="Mei")`` (or ``set_student("Mei")`` for the whole notebook)
hands out that student's own numbers (a seed from the name and the exercise id: anti-copying,
not security); ``answer_key`` and ``export_nbgrader`` are the teacher's side
(``pokelab teacher answer-key roster.csv``, ``pokelab teacher nbgrader OUTDIR``).

>>> reset()
>>> check("31-1", "1/2").status
'wrong'
>>> print(check("31-1", "1/2"))
Not yet. Hint 2: Then take 1 minus that. — 还不对。提示 2：再用 1 减去它。
>>> exercise("30-3").colour
'purple'
>>> check("30-3", "1/5").ok
True
>>> check("31-2", 1, 2)
Traceback (most recent call last):
...
TypeError: check() takes 2 positional arguments but 3 were given
"""

from pokelab.course.registry import ExerciseDef, Idea, Option, all_exercises, get, personal_seed
from pokelab.teaching.answers import matches
from pokelab.teaching.classlink import ClassLink, join_class, leave_class
from pokelab.teaching.feedback import MARKS, Feedback, as_number, show
from pokelab.teaching.grading import (
    answer_key,
    export_nbgrader,
    grade,
    nbgrader_source,
    read_roster,
)
from pokelab.teaching.language import LANGUAGES, LessonError, language, say, set_language, tr
from pokelab.teaching.session import (
    STRICT_ENV,
    board_task,
    check,
    choice,
    exercise,
    explain,
    predict,
    reset,
    set_student,
    student_of,
)
from pokelab.teaching.task import Task

__all__ = [
    "LANGUAGES",
    "MARKS",
    "STRICT_ENV",
    "ClassLink",
    "ExerciseDef",
    "Feedback",
    "Idea",
    "LessonError",
    "Option",
    "Task",
    "all_exercises",
    "answer_key",
    "as_number",
    "board_task",
    "check",
    "choice",
    "exercise",
    "explain",
    "export_nbgrader",
    "get",
    "grade",
    "join_class",
    "language",
    "leave_class",
    "matches",
    "nbgrader_source",
    "personal_seed",
    "predict",
    "read_roster",
    "reset",
    "say",
    "set_language",
    "set_student",
    "show",
    "student_of",
    "tr",
]
