"""An evening's (or a season's) statistics per player and per pair of players (pure).

Roles: in a solo the soloist is the declarer; in wesele the player who called it is the
declarer and the one called is the partner; in zwykła nobody declares, and both starzy count
as partners (of each other). Everybody else in a hand is an opponent (młodzi). Voided,
amended and undone hands are not counted; `kara` and `adj` entries are counted apart.
Players are matched across ledgers by name, case- and accent-blind (as seasons are).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from baska_cli.game.model import Adjustment, Contract, Entry, Hand, Outcome, Penalty, Side
from baska_cli.game.spelling import fold

DECLARER, PARTNER, OPPONENT = "declarer", "partner", "opponent"
ROLES = (DECLARER, PARTNER, OPPONENT)


@dataclass(slots=True)
class Played:
    """How often something was played, and won."""

    played: int = 0
    won: int = 0

    def add(self, won: bool) -> None:
        """One more, won or not."""
        self.played += 1
        self.won += won


@dataclass(slots=True)
class Player:
    """One player's figures over the hands read."""

    name: str
    hands: int = 0  # hands played (not kara, not adj)
    total: int = 0  # every change, kara and adj included
    roles: dict[str, Played] = field(default_factory=lambda: {r: Played() for r in ROLES})
    contracts: dict[str, Played] = field(default_factory=dict)  # on the declaring side
    solos: Played = field(default_factory=Played)
    contras: Played = field(default_factory=Played)  # doubling calls given (k:… form only)
    best: tuple[int, str, int] | None = None  # (change, file, hand number)
    worst: tuple[int, str, int] | None = None
    win_streak: int = 0  # the longest run of hands won, and lost
    loss_streak: int = 0
    kara: int = 0  # revoke penalties taken (kara entries)
    kara_points: int = 0
    adjusted: int = 0  # referee's adjustments (adj entries): their sum
    _run: int = 0  # the current run: > 0 hands won in a row, < 0 lost

    @property
    def average(self) -> float:
        """The average change per hand played (kara and adj entries included in the sum)."""
        return self.total / self.hands if self.hands else 0.0

    def hand(self, change: int, file: str, n: int) -> None:
        """One hand played: the change, the best and worst hand, the streaks."""
        self.hands += 1
        self.total += change
        if self.best is None or change > self.best[0]:
            self.best = (change, file, n)
        if self.worst is None or change < self.worst[0]:
            self.worst = (change, file, n)
        if change > 0:
            self._run = self._run + 1 if self._run > 0 else 1
            self.win_streak = max(self.win_streak, self._run)
        elif change < 0:
            self._run = self._run - 1 if self._run < 0 else -1
            self.loss_streak = max(self.loss_streak, -self._run)
        else:
            self._run = 0


@dataclass(slots=True)
class Pair:
    """Two players: their hands on one side and the first one's changes in them, and
    their hands on opposite sides and the first one's changes in those."""

    first: str
    second: str
    together: int = 0
    together_points: int = 0
    against: int = 0
    against_points: int = 0


@dataclass(slots=True)
class Stats:
    """Every player's figures, and every pair's (both ways round)."""

    players: dict[str, Player] = field(default_factory=dict)  # by folded name
    pairs: dict[tuple[str, str], Pair] = field(default_factory=dict)  # (first, second) folded
    hands: int = 0
    kara: int = 0
    adj: int = 0

    def player(self, name: str) -> Player:
        """A player by name (the first spelling met is kept)."""
        key = fold(name)
        found = self.players.get(key)
        if found is None:
            found = self.players[key] = Player(name)
        return found

    def pair(self, first: str, second: str) -> Pair:
        """A pair, the first player's way round."""
        key = (fold(first), fold(second))
        found = self.pairs.get(key)
        if found is None:
            found = self.pairs[key] = Pair(self.player(first).name, self.player(second).name)
        return found

    def add(
        self, file: str, n: int, players: Sequence[str], entry: Entry, outcome: Outcome
    ) -> None:
        """One counted entry of a ledger."""
        deltas = outcome.deltas
        if isinstance(entry, Adjustment):
            self.adj += 1
            for name, change in zip(players, deltas, strict=True):
                self.player(name).adjusted += change
                self.player(name).total += change
            return
        if isinstance(entry, Penalty):
            self.kara += 1
            for seat, (name, change) in enumerate(zip(players, deltas, strict=True)):
                player = self.player(name)
                player.total += change
                if seat == entry.offender:
                    player.kara += 1
                    player.kara_points += change
            return
        self._hand(file, n, players, entry, outcome)

    def _hand(
        self, file: str, n: int, players: Sequence[str], hand: Hand, outcome: Outcome
    ) -> None:
        """A played or declared hand: roles, contracts, solos, contras, streaks, pairs."""
        self.hands += 1
        declarers_won = outcome.winner is Side.DECLARERS
        solo = hand.contract.info.side_size == 1
        for seat, name in enumerate(players):
            player = self.player(name)
            player.hand(outcome.deltas[seat], file, n)
            if seat in hand.declarers:
                role = DECLARER if solo or hand.declarers[0] == seat else PARTNER
                if hand.contract is Contract.ZW:
                    role = PARTNER
                player.roles[role].add(declarers_won)
                player.contracts.setdefault(hand.contract.value, Played()).add(declarers_won)
                if solo:
                    player.solos.add(declarers_won)
            else:
                player.roles[OPPONENT].add(not declarers_won)
        for caller in hand.callers or ():
            own_side_won = declarers_won == (caller in hand.declarers)
            self.player(players[caller]).contras.add(own_side_won)
        for a, first in enumerate(players):
            for b, second in enumerate(players):
                if a == b:
                    continue
                pair = self.pair(first, second)
                if (a in hand.declarers) == (b in hand.declarers):
                    pair.together += 1
                    pair.together_points += outcome.deltas[a]
                else:
                    pair.against += 1
                    pair.against_points += outcome.deltas[a]

    def best_partner(self, name: str) -> Pair | None:
        """The player with whom `name` won the most points on one side (None: never paired)."""
        mine = [p for (a, _), p in self.pairs.items() if a == fold(name) and p.together]
        return max(mine, key=lambda p: (p.together_points, -p.together, p.second), default=None)

    def toughest_opponent(self, name: str) -> Pair | None:
        """The player against whom `name` lost the most points (None: never opposed)."""
        mine = [p for (a, _), p in self.pairs.items() if a == fold(name) and p.against]
        return min(mine, key=lambda p: (p.against_points, -p.against, p.second), default=None)


def collect(
    sessions: Iterable[tuple[str, Sequence[str], Iterable[tuple[int, Entry, Outcome]]]],
) -> Stats:
    """The statistics of sessions given as (file, players, counted entries with their
    number and outcome, in file order)."""
    stats = Stats()
    for file, players, entries in sessions:
        for name in players:
            stats.player(name)
        for n, entry, outcome in entries:
            stats.add(file, n, players, entry, outcome)
    return stats
