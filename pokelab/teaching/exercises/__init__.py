"""Every lesson's exercises, registered on import (one module per group of lessons)."""

from pokelab.teaching.exercises import (
    herecomes,
    probability,
    probability_37_38,
    probability_39_40,
    probability_41_42,
    probability_43,
    probability_b,
    splendor,
)

__all__ = ["herecomes", "probability", "probability_37_38", "probability_39_40", "probability_41_42", "probability_43", "probability_b", "splendor"]
