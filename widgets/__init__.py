"""The interactive boards and lesson widgets of pokelab (anywidget classes with their .js/.css beside them).

Boards: ``HereComesBoard``, ``SplendorBoard``, and ``GameBoard`` for any registered game. Lesson widgets: ``ProbabilityTree`` (the tree of a
small round, see ``widgets.probability_tree``) and ``BagExplorer`` (the hypergeometric law beside a
live simulation, see ``widgets.bag_explorer``).

>>> from widgets import SplendorBoard
>>> SplendorBoard(seed=1).players
['You', 'Greedy']
"""

from widgets.bag_explorer import BagExplorer
from widgets.game_board import GameBoard
from widgets.herecomes.board import HereComesBoard
from widgets.probability_tree import ProbabilityTree
from widgets.splendor.board import SplendorBoard

__all__ = ["BagExplorer", "GameBoard", "HereComesBoard", "ProbabilityTree", "SplendorBoard"]
