"""widgets."""

from widgets.herecomes_board import HereComesBoard as HereComesBoard
