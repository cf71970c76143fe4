"""ludotheek: four board games brought back to life, with computer opponents.

The public game API lives in :mod:`ludotheek.games`; computer players in
:mod:`ludotheek.ai.players`.
"""

from ludotheek.core.errors import BadOption, BadRecord, IllegalMove, LudotheekError, UnknownGame

__version__ = "0.1.0"

__all__ = ["BadOption", "BadRecord", "IllegalMove", "LudotheekError", "UnknownGame", "__version__"]
