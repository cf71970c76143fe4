"""Kept for one release: the old name of :mod:`ludotheek.learn.lessons`.

"How to play" and the guided first game moved to ``ludotheek.learn.lessons`` (issue 35).
A game's plug-in written for 0.1.0 imports ``HowTo``, ``Lesson`` and their parts from here,
and one installed by its entry point (``ludotheek.games``) must go on working; this module
only re-exports. Nothing in ludotheek imports it (``tests/test_old_names.py``); it goes in
the release after 0.1.0.
"""

from ludotheek.learn.lessons import *  # noqa: F403
