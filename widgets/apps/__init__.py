"""The classroom apps: each app is one object whose ``.ui`` a notebook in ``apps/`` displays.

The app notebooks are a few lines each (``make app`` / ``pokelab app`` opens
them full screen with Voilà, no code showing); the layout and the buttons live
here, inside the installable package, so ``pip install pokelab[lab]`` users get
them and they can be tested without a browser. Every
label is a catalogue text (every language the kit speaks) and the language switch relabels the whole app.
No rule and no probability is computed here: the boards use the engines, the
class experiment uses ``pokelab.classroom`` and ``pokelab.odds``.

- ``ClassExperiment`` (``class_experiment``): the whole-class "draw from the
  bag" experiment on one screen.
- ``StudentPage`` (``class_student``) and ``TeacherDashboard`` (``class_teacher``),
  sharing ``class_live``: the same experiment
  for the whole class at once — each group on its own device, the teacher's
  dashboard updating by itself — over one class database (``ClassStore``).
- ``MisconceptionDashboard`` (``class_misconceptions``): the teacher's live
  picture of a lesson from the pupils' recorded answers (``pokelab.teaching.join_class``).
- ``LeagueStandings`` (``league_standings``): the class bot league's standings,
  live, for the teacher's projector and a pupil's notebook (``pokelab.league``).
- ``OddsLab`` (``odds_lab``): the Here Comes Pokémon! board with its odds beside
  the hand, a bag editor and the odds of all 60 target cards for that bag.
- ``SplendorApp`` (``splendor_app``): Splendor: Pokémon against the bots.
- ``site_board``: how a saved board reads on the course website (a picture, a Binder link).

Voilà's settings for serving them (``make app``, ``pokelab app``, Binder) are in ``serve/voila.py``.
"""

from widgets.apps._common import lang_switch, page_options
from widgets.apps.class_experiment import ClassExperiment
from widgets.apps.class_live import class_link
from widgets.apps.class_misconceptions import MisconceptionDashboard
from widgets.apps.class_student import StudentPage
from widgets.apps.class_teacher import TeacherDashboard
from widgets.apps.league_standings import LeagueStandings, league_link
from widgets.apps.odds_lab import OddsLab
from widgets.apps.splendor_app import SplendorApp

__all__ = [
    "ClassExperiment",
    "LeagueStandings",
    "MisconceptionDashboard",
    "OddsLab",
    "SplendorApp",
    "StudentPage",
    "TeacherDashboard",
    "class_link",
    "lang_switch",
    "league_link",
    "page_options",
]
