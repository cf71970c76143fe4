"""Rated games: ratings for the people who play, against each other and the levels.

- :mod:`.people`: a person's rating after a game, on the one scale of :mod:`ludotheek.rated.scale`;
- :mod:`.outcome`: the places of a finished game's seats, by the rules of docs/ratings.md
  (who left, resigned, abandoned; pure);
- :mod:`.levels`: the fixed ratings of the computer levels;
- :mod:`.rater`: rating a finished game once, in one transaction, and the retries.

The tables are in ``ludotheek.store.schema`` (profiles, ratings, rated_games, rated_seats),
their queries in ``ludotheek.store.profiles`` and ``ludotheek.store.ratings``.
"""
