"""The web layer's services: what the blueprints call to find, change and draw games and rounds.

- `games`: the table's use cases (find a game, start one, play a move, answer, play again);
- `clock`: the server's time, each game's clock, ending games whose time is up;
- `rounds` and `board`: a class round's tables and their games;
- `views`, `table_practice`, `practice_view`: what the templates draw;
- `speech`: the clip cache and the addresses of its clips; `dealing`: seeds for new deals.
"""
