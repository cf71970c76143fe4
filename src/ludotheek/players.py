"""Kept for one release: the old name of :mod:`ludotheek.ai.players`.

The registry of computer players and levels moved to ``ludotheek.ai.players`` (issue 35).
A game's plug-in written for 0.1.0 imports ``Level``, ``PlayerInfo``, ``level`` and
``LADDER`` from here, and one installed by its entry point (``ludotheek.games``) must go on
working; this module only re-exports. Nothing in ludotheek imports it
(``tests/test_old_names.py``); it goes in the release after 0.1.0.
"""

from ludotheek.ai.players import *  # noqa: F403
