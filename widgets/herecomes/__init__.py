"""The Here Comes Pokémon! board (``board``) and its parts: the hand and its odds, the figure, intents, log, rounds, pass-and-play curtain, teacher's view, words and coach."""
