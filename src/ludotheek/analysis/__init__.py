"""Reviewing a game with the engine: each seat's standing over the game, each
decision marked by what it lost against the best move found.

- :mod:`.review`: what a game declares (``games/<game>/review.py``): its player,
  scale and thresholds;
- :mod:`.plan`: the positions of a record that are studied;
- :mod:`.measure`: studying one position (what the computer pool runs);
- :mod:`.result`: the analysis put together (standings, marks, counts);
- :mod:`.annotate`: the text record with the analysis in it;
- :mod:`.local`: analysing a record here or in worker processes.
"""
