"""The web layer's services: what the blueprints call to find, change and draw games and rounds.

They only load, call the game, save and draw; each takes the request's `Context` (`context`:
the database, the clock, the settings, the translations, the addresses) and imports no Flask.

- `games`: the table's use cases (find a game, start one, play a move, answer, play again);
- `clock`: each game's clock, ending games whose time is up, the table's rules of a game;
- `rounds` and `board`: a class round, its tables and their games; `limits`: join limits;
- `views`, `table_views`, `table_cards`, `table_practice`, `practice_view`: the typed views
  the templates draw;
- `housekeeper`: the clean-up of old games and rounds, on a thread of each app process;
- `availability`: the database not answering, which the error pages answer with 503.
"""
