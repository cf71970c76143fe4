"""The contract every game keeps.

A :class:`Game` makes states; a :class:`State` is one immutable position:
``play`` returns a new state and leaves the old one as it was. Moves are
strings in the game's own notation. All chance comes from a seeded generator
kept inside the state, so options + seed + moves replay a game exactly.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Generic

from typing_extensions import TypeVar

from ludotheek.core.errors import IllegalMove
from ludotheek.core.options import Option, check_options
from ludotheek.core.rng import Rng

JSON = dict[str, Any]


class State(ABC):
    """One position of a game."""

    #: the game this state belongs to (set by each game's state class)
    game: Game

    # --- who decides -------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """Index of the seat that decides now; ``None`` once the game is over."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats."""

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    @abstractmethod
    def options(self) -> Mapping[str, Any]:
        """The options the game was created with (checked, defaults filled in)."""

    @property
    @abstractmethod
    def seed(self) -> int:
        """The seed the game was created with."""

    # --- moves -------------------------------------------------------
    @abstractmethod
    def legal_moves(self) -> list[str]:
        """Every legal move of the seat to move, in the game's notation."""

    @abstractmethod
    def play(self, move: str) -> State:
        """The state after ``move``; raises :class:`IllegalMove` saying why not."""

    def resign(self, seat: int) -> State:
        """The state after ``seat`` resigns (games that allow it override this)."""
        raise IllegalMove(f"{self.game.name} has no resignation", code="move.no_resignation",
                          game=self.game.name)

    def adjudicate(self) -> State:
        """A finished state, scored as the rules score a game stopped here.

        Matches and searches use it when a game reaches the game's move limit.
        """
        raise NotImplementedError

    # --- results -----------------------------------------------------
    @abstractmethod
    def scores(self) -> Sequence[float]:
        """Each seat's score now (final once the game is over), a list by seat."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The seats that share first place once the game is over.

        An empty list means a draw (or a game not over yet).
        """

    @property
    def end_reason(self) -> str | None:
        """Why the game ended, as a short code; ``None`` while it runs."""
        return None

    # --- serialisation -----------------------------------------------
    @abstractmethod
    def to_json(self) -> JSON:
        """The whole state as JSON-compatible data; ``game.from_json`` reverses it."""

    def view(self, seat: int | None) -> JSON:
        """What ``seat`` may see (``None``: a spectator): no secrets, no seed."""
        data = self.to_json()
        data.pop("seed", None)
        data.pop("rng", None)
        return data

    def render(self, seat: int | None = None, lang: str = "en") -> str:
        """A text picture of the position for the terminal."""
        return json.dumps(self.view(seat), indent=1)

    def determinize(self, seat: int, rng: Rng) -> State:
        """A state consistent with what ``seat`` knows, the unknown drawn from ``rng``.

        Games with hidden information override this; with none it is the state itself.
        """
        return self

    def heuristic(self, seat: int) -> float:
        """A quick estimate of how well ``seat`` stands (default: score lead)."""
        s = self.scores()
        others = [v for i, v in enumerate(s) if i != seat]
        return s[seat] - (max(others) if others else 0.0)

    def describe_move(self, move: str, lang: str = "en") -> str:
        """A sentence saying what ``move`` did or does (for logs)."""
        return move

    # --- typed moves: a text read once into the game's own small move (as python-chess
    # reads "e2e4" into a Move), written back in the notation, played without reading it
    def parse_move(self, text: str) -> Any:
        """``text`` as this game's typed move, legal here; :class:`IllegalMove` (the
        game's own refusal) otherwise. A game without a typed move keeps the text."""
        self.play(text)
        return text

    def format_move(self, move: Any) -> str:
        """A typed move of this state in the game's notation, as ``legal_moves`` lists it."""
        return str(move)

    def apply(self, move: Any) -> State:
        """The state after ``move``, a typed move :meth:`parse_move` gave for this state."""
        return self.play(self.format_move(move))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.game is other.game and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(json.dumps(self.to_json(), sort_keys=True))


class SeededState(State):
    """A state that keeps its options and seed in the slots ``_options`` and ``_seed``.

    Most games do; a game that keeps them elsewhere implements the two properties itself.
    """

    __slots__ = ()

    _options: dict[str, Any]
    _seed: int

    @property
    def options(self) -> Mapping[str, Any]:
        return self._options

    @property
    def seed(self) -> int:
        return self._seed


#: the state class a game makes (a bare ``Game`` makes some ``State``); only returned, so a
#: ``Game[WariState]`` is a ``Game``
S = TypeVar("S", bound=State, default=State, covariant=True)


class Game(ABC, Generic[S]):
    """A registered game: it makes new states and reads them back from JSON."""

    name: str = ""
    title: Mapping[str, str] = {}
    min_players: int = 2
    max_players: int = 2
    option_specs: Sequence[Option] = ()
    #: whether ``State.resign`` is available
    resignable: bool = False
    #: matches and searches stop a game after this many moves (``adjudicate``)
    max_moves: int = 10_000
    #: whether the seed tells a player something hidden (the bag order, future draws):
    #: then records of a game in progress are shared without it
    secret_seed: bool = False
    #: whether a person's move may be taken back when the other people agree (a takeback
    #: between people, docs/web.md): only where taking it back reveals nothing new. True
    #: for a game in which chance decides nothing after its setup; a game in which chance
    #: or a hidden draw follows some moves says so move by move (:meth:`can_take_back`)
    takebacks: bool = False
    #: whether each seat sees something the others do not (a hand of tiles): such a game
    #: can be played at a table, one screen showing everyone the public board and each
    #: player their own hand on their phone (docs/web.md, "Table mode")
    hidden_hands: bool = False

    def can_take_back(self, before: State, after: State) -> bool:
        """Whether the move that led from ``before`` to ``after`` can be taken back without
        anyone having learnt something by it (no tile drawn, no die cast): by default
        :attr:`takebacks`, the same for every move."""
        return self.takebacks

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options with defaults filled in; :class:`BadOption` if any is wrong."""
        return check_options(self.option_specs, options, self.name)

    def new(self, seed: int = 0, **options: Any) -> S:
        """A new game. Unknown or out-of-range options raise :class:`BadOption`."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise IllegalMove(f"the seed must be a whole number, not {seed!r}", code="game.seed")
        return self._new(seed, self.check_options(options))

    @abstractmethod
    def _new(self, seed: int, options: dict[str, Any]) -> S: ...

    @abstractmethod
    def from_json(self, data: JSON | str) -> S:
        """Read back a state written by ``State.to_json`` (a dict or a JSON text)."""

    def num_players(self, options: Mapping[str, Any]) -> int:
        """How many seats a game with these options has."""
        return self.min_players

    def seat_names(self, options: Mapping[str, Any], lang: str = "en") -> list[str]:
        """The names of the seats, in order."""
        return [f"{i + 1}" for i in range(self.num_players(options))]

    def adopt_seat_names(self, options: Mapping[str, Any], names: Sequence[str | None]
                         ) -> tuple[dict[str, Any], list[str | None]]:
        """Seats given names when a game is made (the server's ``{"name": …}``): the
        options that carry them, and the name each seat shows (None: its own name).

        Games whose options name the seats (Akwaier's ``names``) override this so that
        both say the same; by default the options stay and each seat keeps its name.
        """
        return dict(options), list(names)

    def describe(self) -> JSON:
        """A JSON description for the lobby and the API."""
        return {
            "name": self.name,
            "title": dict(self.title),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [o.describe() for o in self.option_specs],
            "resignable": self.resignable,
            "takebacks": self.takebacks,
            "hidden_hands": self.hidden_hands,
        }

    def __repr__(self) -> str:
        return f"<game {self.name}>"


def load_json(data: JSON | str) -> JSON:
    """Accept a state as a dict or as JSON text."""
    if isinstance(data, str):
        loaded = json.loads(data)
        if not isinstance(loaded, dict):
            raise ValueError("a game state must be a JSON object")
        return loaded
    return data
