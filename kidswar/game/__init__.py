"""Layer 1, the game: cards, rules, the engine and its records; pure Python."""
