"""pokelab: the engine."""
