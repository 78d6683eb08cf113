"""The interactive boards of pokelab (anywidget classes with their .js/.css beside them).

>>> from widgets import SplendorBoard
>>> SplendorBoard(seed=1).players
['You', 'Greedy']
"""

from widgets.herecomes_board import HereComesBoard
from widgets.splendor import SplendorBoard

__all__ = ["HereComesBoard", "SplendorBoard"]
