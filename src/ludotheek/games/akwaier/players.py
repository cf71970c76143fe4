"""Akwaier's own computer players and the levels the pages offer."""

from __future__ import annotations

from ludotheek.games.akwaier.classic import ClassicPlayer
from ludotheek.players import Level, PlayerInfo

PLAYERS: dict[str, PlayerInfo] = {
    "classic": PlayerInfo("classic", ClassicPlayer,
                          "the computer player of the 1987 program, as the rules file "
                          "describes it"),
}

LEVELS: dict[str, Level] = {
    "easy": Level("easy", "random", {}, 0.0, {"en": "Easy", "nl": "Makkelijk"}),
    "normal": Level("normal", "classic", {}, 0.0, {"en": "Normal", "nl": "Gemiddeld"}),
    "classic": Level("classic", "classic", {}, 0.0,
                     {"en": "1987 (the original)", "nl": "1987 (het origineel)"}),
    "strong": Level("strong", "mcts", {"reward": "score"}, 1.0,
                    {"en": "Strong", "nl": "Sterk"}),
}
