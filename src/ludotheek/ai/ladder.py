"""Kept for one release: where a game's rating plan was declared.

``RatingPlan`` moved to :mod:`ludotheek.ai.players` (beside ``Level``), the runner that
rates the levels to :mod:`ludotheek.rated.ladder` (issue 35). A game's plug-in written for
0.1.0 imports ``RatingPlan`` from here, and one installed by its entry point
(``ludotheek.games``) must go on working; this module only re-exports it. Nothing in
ludotheek imports it (``tests/test_old_names.py``); it goes in the release after 0.1.0.
"""

from ludotheek.ai.players import RatingPlan

__all__ = ["RatingPlan"]
