"""A session's arithmetic: dealer rotation, running totals, places and place points (pure)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from baska_cli.errors import BaskaError
from baska_cli.model import SEATS, Contract
from baska_cli.notation import COUNTED_FORMS, PENALTY_WORD, format_hand, parse_hand
from baska_cli.rules import RuleSet
from baska_cli.scoring import score
from baska_cli.spelling import fold

Deltas = tuple[int, int, int, int]


def dealer_of(first_dealer: int, n: int) -> int:
    """The seat that deals hand n (1-based): the deal moves one seat clockwise each hand."""
    return (first_dealer + n - 1) % SEATS


def leader_of(dealer: int) -> int:
    """The seat that leads: the player left of the dealer, i.e. the next seat clockwise."""
    return (dealer + 1) % SEATS


def next_turn(first_dealer: int, dealt: int) -> tuple[int, int]:
    """Who deals and who leads the next hand after `dealt` hands: (dealer, leader) seats."""
    dealer = dealer_of(first_dealer, dealt + 1)
    return dealer, leader_of(dealer)


def add(totals: Sequence[int], deltas: Sequence[int]) -> Deltas:
    """Running totals after one more hand."""
    return (
        totals[0] + deltas[0],
        totals[1] + deltas[1],
        totals[2] + deltas[2],
        totals[3] + deltas[3],
    )


def places(totals: Sequence[float]) -> list[int]:
    """Each player's place (1 = best); equal totals share the best place they cover (1, 1, 3, 4)."""
    return [1 + sum(1 for other in totals if other > mine) for mine in totals]


def _shared(table: Sequence[float], place: int, count: int) -> float:
    """The average of a table's entries for the `count` places starting at `place`."""
    covered = [table[i] if i < len(table) else 0 for i in range(place - 1, place - 1 + count)]
    return sum(covered) / count


def place_points(
    totals: Sequence[float], table: Sequence[float], bonus: Sequence[float] = ()
) -> list[float] | None:
    """Place points per player, ties averaged; `bonus` by place only for a positive total."""
    if not table:
        return None
    ranks = places(totals)
    result = []
    for mine, place in zip(totals, ranks, strict=True):
        count = ranks.count(place)
        points = _shared(table, place, count)
        if bonus and mine > 0:
            points += _shared(bonus, place, count)
        result.append(points)
    return result


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in the standings."""

    name: str
    total: int
    place: int
    place_points: float | None
    hands: int = 0
    sessions: int = 1


def standings(
    names: Sequence[str], totals: Sequence[int], rules: RuleSet, hands: int = 0
) -> list[Standing]:
    """The table's standings, best first (seat order among equals)."""
    ranks = places(totals)
    points = place_points(totals, rules.place_points, rules.positive_bonus)
    rows = [
        Standing(name, total, rank, None if points is None else points[i], hands)
        for i, (name, total, rank) in enumerate(zip(names, totals, ranks, strict=True))
    ]
    return sorted(rows, key=lambda s: s.place)


SEASON_ORDER = ("place_points", "total")  # how a season's standings are ordered (README)


def season(
    sessions: Sequence[Sequence[Standing]], aliases: Mapping[str, str] | None = None
) -> list[Standing]:
    """Several sessions' standings summed by player (names compared case- and accent-blind;
    `aliases` maps a folded name to the name it is merged into), ordered by place points,
    then by total; players equal on both share a place."""
    merged: dict[str, Standing] = {}
    for table in sessions:
        for s in table:
            if aliases and fold(s.name) in aliases:
                s = Standing(aliases[fold(s.name)], s.total, s.place, s.place_points, s.hands)
            key = fold(s.name)
            old = merged.get(key)
            if old is None:
                merged[key] = Standing(s.name, s.total, 0, s.place_points, s.hands, 1)
                continue
            pp: float | None = None
            if old.place_points is not None or s.place_points is not None:
                pp = (old.place_points or 0) + (s.place_points or 0)
            merged[key] = Standing(
                old.name, old.total + s.total, 0, pp, old.hands + s.hands, old.sessions + 1
            )
    rows = list(merged.values())
    keys = [((s.place_points or 0), s.total) for s in rows]
    ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
    ranked = [
        Standing(s.name, s.total, rank, s.place_points, s.hands, s.sessions)
        for s, rank in zip(rows, ranks, strict=True)
    ]
    return sorted(ranked, key=lambda s: (s.place, s.name))


@dataclass(frozen=True, slots=True)
class Scored:
    """A hand's text read with the session's names: each seat's change, its canonical text."""

    deltas: Deltas
    text: str  # format_hand of the hand read: what baska writes for it


Shape = tuple[object, ...]  # a canonical hand's text with its names read as seats


_CODES = frozenset(c.value for c in Contract)
_LITERALS = frozenset((*COUNTED_FORMS.values(), PENALTY_WORD))
_POINTS = re.compile(r"[0-9]{0,3}(?:/[0-9]{1,2})?\Z")
_TOKENS: dict[str, bool] = {}  # a hand's other tokens seen: whether each is a literal one
_TOKENS_KEPT = 10_000


def _shape(text: str, seat_of: dict[str, int], sides: dict[str, tuple[int, ...]]) -> Shape | None:
    """A hand in canonical form (`zw Ania+Celina 61 k:Bartek`) as its contract, its seats and
    its literal tokens, or None for anything else (penalties, adjustments, other spellings);
    `sides` gives the seats of each side as written (`Ania`, `Ania+Celina`)."""
    parts = text.split(" ")
    if not 2 <= len(parts) <= 5 or parts[0] not in _CODES:
        return None
    side = sides.get(parts[1])
    if side is None:
        return None
    shape: list[object] = [parts[0], side]
    for part in parts[2:]:
        if part[:2] == "k:":
            callers = tuple([seat_of.get(name, -1) for name in part[2:].split(",")])
            if -1 in callers:
                return None
            shape.append(callers)
        else:
            literal = _TOKENS.get(part)
            if literal is None:
                literal = part in _LITERALS or bool(part and _POINTS.match(part))
                if len(_TOKENS) < _TOKENS_KEPT:
                    _TOKENS[part] = literal
            if not literal:
                return None
            shape.append(part)
    return tuple(shape)


class Scorer:
    """parse_hand + score with one table's names and rules, cached by the hand's text.

    With `shared` (one dict for every table scored under the same rules), a canonical hand
    is also cached by its shape, its names read as seats, so that a tournament's thousand
    tables score `zw Ania+Celina 61` and `zw Jan+Ola 61` once: a hit needs the same contract,
    the same seats and the same literal tokens, and only texts that format_hand writes back
    unchanged are stored. Tables whose names could be read as a token of a hand (`k`,
    `61`) never use it.
    """

    def __init__(
        self,
        players: Sequence[str],
        rules: RuleSet,
        limit: int = 100_000,
        shared: dict[Shape, Deltas] | None = None,
    ) -> None:
        self.players = tuple(players)
        self.rules = rules
        self.limit = limit
        self.cache: dict[str, Scored | BaskaError] = {}
        safe = not any(
            p in _CODES or p in _LITERALS or p.startswith("k:") or _POINTS.match(p)
            for p in self.players
        )
        self.shared = shared if safe else None
        self.seat_of = {name: seat for seat, name in enumerate(self.players)}
        self.sides: dict[str, tuple[int, ...]] = {n: (s,) for n, s in self.seat_of.items()}
        self.sides.update(
            (f"{a}+{b}", (self.seat_of[a], self.seat_of[b]))
            for a in self.players
            for b in self.players
            if a != b
        )

    def __call__(self, text: str) -> Scored | BaskaError:
        """The scored hand, or the error that parsing or scoring raised (never raises it)."""
        found = self.cache.get(text)
        if found is not None:
            return found
        shape = None if self.shared is None else _shape(text, self.seat_of, self.sides)
        result: Scored | BaskaError
        known = None if shape is None or self.shared is None else self.shared.get(shape)
        if known is not None:
            result = Scored(known, text)
        else:
            try:
                entry = parse_hand(text, self.players)
                outcome = score(entry, self.rules, self.players)
                result = Scored(outcome.deltas, format_hand(entry, self.players))
            except BaskaError as error:
                result = error
            if (
                shape is not None
                and self.shared is not None
                and isinstance(result, Scored)
                and result.text == text
                and len(self.shared) < self.limit
            ):
                self.shared[shape] = result.deltas
        if len(self.cache) < self.limit:
            self.cache[text] = result
        return result
