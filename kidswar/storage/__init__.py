"""Layer 3, storage: games and class rounds kept in SQLite (the default) or PostgreSQL."""
