"""The Splendor: Pokémon board (``board``) and its parts: the view the page draws, the intents it sends, its words and its coach."""
