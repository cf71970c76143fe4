"""Who counts against whom in a rated game: farming must not pay (issue 34; the rules in
docs/ratings.md, "Farming", DECISION).

The attack: ten throwaway profiles, each resigning a rated game against the farmer at once,
took a new profile from 1500 to 1951. The rules here, applied to each profile's rating after
a game (pure: they work on the rated games before it, :class:`Ledger`):

1. **Established.** A profile's rating of a game is *established* once the computer levels
   have placed it: :data:`ESTABLISHED` rated games of that game against a level whose fixed
   rating was within :data:`PLACING` points of the profile's rating before the game (a game
   against a level far above or below says little of it: ICC's rule for provisional
   players, who may play only within 300 points until established, for the same reason).
2. **Counted.** In a rated game a profile's result counts against the computer levels
   always, and against another profile only when both are established; a person seat
   without a profile counts for nobody. A profile with nothing that counts keeps its rating.
   Between established profiles, and against the levels, the update is exactly the model's
   (:func:`ludotheek.rated.people.rate`), as it was before these rules.
3. **Less each time.** Among the games a profile played in the :data:`WINDOW_HOURS` before
   this one, the k-th earlier one against the same opponent, or (when the opponent is a
   newcomer, established less than :data:`NEWCOMER_DAYS` ago) against any newcomer, makes
   this game count 1/(k+1): the rating moves that part of the way from before to after.
   Ten newly established throwaways in a day give the farmer 1 + 1/2 + ... + 1/10, under
   three games' worth, and one throwaway beaten again and again much the same.

>>> from ludotheek.rated.people import Rating
>>> ledger = Ledger()
>>> after_game([Seat("a"), Seat("b")], [1, 2], [Rating(1500, 246), Rating(1500, 246)],
...            ledger, at=0.0)  # two new profiles: nothing counts
[Rating(mu=1500, sigma=246), Rating(mu=1500, sigma=246)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ludotheek.rated.people import Rating, rate
from ludotheek.store.ratings import PastGame

#: placing games against the computer levels that establish a profile's rating of a game
ESTABLISHED = 10
#: a level places a profile when its rating is at most this far from the profile's
PLACING = 300.0
#: the hours before a game in which repeated pairings (and newcomers) count less
WINDOW_HOURS = 24.0
#: a profile established less than this many days before a game is a newcomer in it
NEWCOMER_DAYS = 7.0


@dataclass(frozen=True)
class Seat:
    """A seat of a rated game as the rules see it: its profile, or its level (neither: a
    person without a profile)."""

    profile_id: str | None = None
    level: str | None = None


@dataclass
class Ledger:
    """The rated games of one game (Wari's, Akwaier's, ...) so far, oldest first:
    each profile's placing games, when it became established, and its recent games."""

    placing: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    established_at: dict[str, float] = field(default_factory=dict)
    games: dict[str, list[PastGame]] = field(default_factory=lambda: defaultdict(list))

    @classmethod
    def of(cls, games: Iterable[PastGame]) -> Ledger:
        ledger = cls()
        for g in sorted(games, key=lambda g: (g.at, g.game_id)):
            ledger.add(g)
        return ledger

    def add(self, game: PastGame) -> None:
        """Take in the next rated game (rated after every one before)."""
        levels = [s.mu_before for s in game.seats if s.level is not None]
        for s in game.seats:
            pid = s.profile_id
            if pid is None:
                continue
            self.games[pid].append(game)
            if any(abs(mu - s.mu_before) <= PLACING for mu in levels):
                self.placing[pid] += 1
                if self.placing[pid] == ESTABLISHED:
                    self.established_at[pid] = game.at

    def established(self, pid: str) -> bool:
        """Whether ``pid``'s rating was established by the games so far."""
        return pid in self.established_at

    def newcomer(self, pid: str, at: float) -> bool:
        """Whether ``pid`` was established less than NEWCOMER_DAYS before ``at``."""
        since = self.established_at.get(pid)
        return since is not None and 0.0 <= at - since < NEWCOMER_DAYS * 86400.0

    def weight(self, pid: str, opponent: str, at: float) -> float:
        """How much a game at ``at`` of ``pid`` against the profile ``opponent`` counts:
        1/(k+1), k its earlier games in the window against ``opponent`` or, when the
        opponent is a newcomer, against any newcomer."""
        since = at - WINDOW_HOURS * 3600.0
        fresh = self.newcomer(opponent, at)
        k = 0
        for g in reversed(self.games.get(pid, [])):
            if g.at < since:
                break
            others = {s.profile_id for s in g.seats if s.profile_id not in (None, pid)}
            if opponent in others or (fresh and any(self.newcomer(o, g.at) for o in others
                                                    if o is not None)):
                k += 1
        return 1.0 / (k + 1)


def _toward(before: Rating, after: Rating, weight: float) -> Rating:
    """``weight`` of the way from ``before`` to ``after``."""
    if weight >= 1.0:
        return after
    return Rating(before.mu + weight * (after.mu - before.mu),
                  before.sigma + weight * (after.sigma - before.sigma))


def after_game(seats: Sequence[Seat], places: Sequence[int], before: Sequence[Rating],
               ledger: Ledger, at: float) -> list[Rating]:
    """Every seat's rating after a rated game with ``places``, by the rules above:
    ``before`` is each seat's rating before it (a level's fixed one, a person's without a
    profile a newcomer's), ``ledger`` the rated games of this game before this one. Levels
    and seats without a profile keep theirs."""
    out = []
    for i, seat in enumerate(seats):
        pid = seat.profile_id
        if pid is None or seat.level is not None:
            out.append(before[i])
            continue
        mine = ledger.established(pid)
        counted = [j for j, other in enumerate(seats) if j != i and (
            other.level is not None or (mine and other.profile_id is not None
                                        and ledger.established(other.profile_id)))]
        if not counted:
            out.append(before[i])
            continue
        table = sorted([i, *counted])  # in seat order: with every seat counted, the very
        full = rate([before[j] for j in table], [places[j] for j in table],  # model's call
                    fixed=[j != i for j in table])[table.index(i)]
        weight = min((ledger.weight(pid, opponent, at) for j in counted
                      if (opponent := seats[j].profile_id) is not None), default=1.0)
        out.append(_toward(before[i], full, weight))
    return out
