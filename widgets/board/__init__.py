"""The one board every game's board is: its base class, its message protocol, its seat sources (its own game or a shared table), its log and refusals."""
