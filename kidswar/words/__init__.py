"""Layer 2, words: sentences about the game, the rules texts, the catalogs."""
