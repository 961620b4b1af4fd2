"""One table's hands scored once each: by their text, and across tables by their shape."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from baska_cli.errors import BaskaError
from baska_cli.evening.totals import Deltas
from baska_cli.game.model import SEATS, Contract
from baska_cli.game.notation import format_hand, parse_hand
from baska_cli.game.rules import RuleSet
from baska_cli.game.scoring import score
from baska_cli.game.vocabulary import COUNTED_FORMS, MAX_TOKEN, PENALTY_WORD


class Scored(NamedTuple):
    """A hand's text read with the session's names: each seat's change, its canonical text."""

    deltas: Deltas
    text: str  # format_hand of the hand read: what baska writes for it


# A canonical hand's text with its names read as seats, and the seats renumbered: the side's
# seats first, in seat order, then the others in seat order (see `_ranks`).
Shape = tuple[object, ...]
Ranks = tuple[int, int, int, int]  # each seat's number in a shape


def _ranks(named: int) -> Ranks:
    """Each seat's number in a shape whose side is the seats in the bit mask `named`: those
    first in seat order, then the others in seat order."""
    order = [s for s in range(SEATS) if named >> s & 1]
    order += [s for s in range(SEATS) if not named >> s & 1]
    ranks = [0] * SEATS
    for number, seat in enumerate(order):
        ranks[seat] = number
    return (ranks[0], ranks[1], ranks[2], ranks[3])


_new = tuple.__new__  # (a NamedTuple made without the call of its __new__: hits are many)
_RANKS = tuple(_ranks(named) for named in range(1 << SEATS))
# every side a hand can name, one seat or two: its seats, their bit mask, their numbers
_SIDES = [
    (
        seats,
        (
            seats,
            sum(1 << s for s in seats),
            tuple(_RANKS[sum(1 << s for s in seats)][s] for s in seats),
        ),
    )
    for seats in [(s,) for s in range(SEATS)]
    + [(a, b) for a in range(SEATS) for b in range(SEATS) if a != b]
]
_CODES = frozenset(c.value for c in Contract)
_LITERALS = frozenset((*COUNTED_FORMS.values(), PENALTY_WORD))
_POINTS = re.compile(r"[0-9]{0,3}(?:/[0-9]{1,2})?\Z")


def _reads_as_a_name(name: str) -> bool:
    """Whether a player's name can never be read as another word of a hand (`k`, `61`)."""
    known = _NAMES.get(name)
    if known is None:
        known = not (
            name in _CODES or name in _LITERALS or name.startswith("k:") or _POINTS.match(name)
        )
        if len(_NAMES) < _NAMES_KEPT:
            _NAMES[name] = known
    return known


_NAMES: dict[str, bool] = {}  # the names seen and whether each reads only as a name
_NAMES_KEPT = 10_000


class Scorer:
    """parse_hand + score with one table's names and rules, cached by the hand's text.

    With `shared` (one dict for every table scored under the same rules), a canonical hand
    is also cached by its shape, so that a tournament's thousand tables score
    `zw Ania+Celina 61` and `zw Jan+Ola 61` once: a hit needs the same contract, the same
    words after the side, the side's seats in the same order relative to each other, and
    any callers at the same seats relative to the side (the seats renumbered, see `Shape`);
    its changes are the stored ones given back to the seats.
    This holds because a hand's score and canonical text depend on its seats only through
    which seat is which player and, for `zw`, their order (tests/test_scorer.py scores
    every hand under every seating of its names). Only texts that format_hand writes back
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
        safe = all(map(_reads_as_a_name, self.players))
        self.shared = shared if safe else None
        self.seat_of = {name: seat for seat, name in enumerate(self.players)}
        # each side as written (`Ania`, `Ania+Celina`): its seats, their bit mask, and their
        # numbers in the hand's shape; a side that parse_hand would refuse as too long a word
        # is left out
        self.sides: dict[str, tuple[tuple[int, ...], int, tuple[int, ...]]] = {}
        names = self.players
        for seats, side in _SIDES:
            text = names[seats[0]] if len(seats) == 1 else f"{names[seats[0]]}+{names[seats[1]]}"
            if len(text) <= MAX_TOKEN:
                self.sides[text] = side

    def shape(self, text: str) -> tuple[Shape, Ranks] | None:
        """A hand as its shape and the numbers its seats have in it, or None where it has
        none: a hand whose side is not one or two of this table's names as written.

        The shape of `zw Ania+Celina 61 k` is its contract, the side's seats renumbered and
        the rest of its words as they are; callers (`k:Bartek,Ania`) are read as seats and
        numbered the same way. Only canonical texts are stored under their shape, so a text
        that is not canonical never finds one: the words after the side are the same as a
        stored text's, with no name among them but the callers', or the shape differs.
        """
        parts = text.split(" ", 2)
        if len(parts) < 2:
            return None
        side = self.sides.get(parts[1])
        if side is None:
            return None
        if len(parts) == 2:
            return (parts[0], side[2]), _RANKS[side[1]]
        if "k:" in parts[2]:
            return self._with_callers(parts[0], side[2], side[1], parts[2])
        return (parts[0], side[2], parts[2]), _RANKS[side[1]]

    def _with_callers(
        self, code: str, numbered: tuple[int, ...], named: int, rest: str
    ) -> tuple[Shape, Ranks] | None:
        """The shape of a hand whose words after the side name callers (`61 k:Bartek,Ania`):
        the callers numbered as the side's seats number them, the words before and after
        the callers' word as they are."""
        before, _mark, after = rest.rpartition("k:")
        callers, _space, after = after.partition(" ")
        if len(callers) + 2 > MAX_TOKEN:
            return None
        ranks = _RANKS[named]
        seat_of = self.seat_of
        found = []
        for name in callers.split(","):
            seat = seat_of.get(name)
            if seat is None:
                return None
            found.append(ranks[seat])
        return (code, numbered, before, tuple(found), after), ranks

    def known(self, text: str) -> Deltas | None:
        """The changes of a canonical hand whose shape was scored before, at any table (its
        text is then canonical too), or None: ask the Scorer itself."""
        shared = self.shared
        shaped = None if shared is None else self.shape(text)
        if shaped is None or shared is None:
            return None
        found = shared.get(shaped[0])
        if found is None:
            return None
        r = shaped[1]
        return (found[r[0]], found[r[1]], found[r[2]], found[r[3]])

    def __call__(self, text: str) -> Scored | BaskaError:
        """The scored hand, or the error that parsing or scoring raised (never raises it)."""
        found = self.cache.get(text)
        if found is not None:
            return found
        shared = self.shared
        shaped = None if shared is None else self.shape(text)
        result: Scored | BaskaError
        known = None if shaped is None or shared is None else shared.get(shaped[0])
        if known is not None:
            assert shaped is not None
            r = shaped[1]
            result = _new(Scored, ((known[r[0]], known[r[1]], known[r[2]], known[r[3]]), text))
        else:
            try:
                entry = parse_hand(text, self.players)
                outcome = score(entry, self.rules, self.players)
                result = Scored(outcome.deltas, format_hand(entry, self.players))
            except BaskaError as error:
                result = error
            if (
                shaped is not None
                and shared is not None
                and isinstance(result, Scored)
                and result.text == text
                and len(shared) < self.limit
            ):
                shape, r = shaped
                numbered = [0] * SEATS
                for seat, change in enumerate(result.deltas):
                    numbered[r[seat]] = change
                shared[shape] = (numbered[0], numbered[1], numbered[2], numbered[3])
        if len(self.cache) < self.limit:
            self.cache[text] = result
        return result
