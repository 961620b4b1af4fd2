"""The seating draw of one round: seeded, reproducible, avoiding repeated table-mates (pure).

Who sits out: when the players are not a multiple of four, the remainder sits out, taken
from those who have had the fewest free results — a round sat out, or a table someone
walked out of, both paid alike (PSB §9: 3 place points and 35 small points) — so each player
gets one free result before anyone gets a second; among equals by the seeded lot; a player
with a fixed table sits out only when no one else can.

Who sits with whom: a pair costs a lot if the two have met at a table before (more for each
meeting) and more still if they asked not to sit together (a family, a club); the draw starts
from a seeded shuffle and swaps players between tables while a swap lowers the cost, from a
fixed number of seeded starts, and keeps the cheapest seating. Everything depends on the seed
and the round alone (no clock): the same directory draws the same seating again.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from baska_cli.errors import TournamentInputError
from baska_cli.i18n import _, ngettext

SEATS = 4
REPEAT = 1_000  # a pair that met before (plus 1 for each meeting)
APART = 100_000  # a pair that asked not to sit together
STARTS_SMALL, STARTS_LARGE = 60, 4  # seeded starts: many for a few tables, a few for many


Pair = tuple[str, str]


def pair(a: str, b: str) -> Pair:
    """A pair of names in a fixed order."""
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True, slots=True)
class Draw:
    """One round's seating: tables of four in seat order, who sits out, and the pairs that
    sit together again (or despite asking not to); `absent`: the players left out because
    the desk had not marked them present (tournament/desk/)."""

    round: int
    tables: tuple[tuple[str, ...], ...]
    sitting_out: tuple[str, ...]
    repeats: tuple[Pair, ...]
    apart_broken: tuple[Pair, ...] = ()
    absent: tuple[str, ...] = ()


def choose_sitting_out(
    names: Sequence[str], sat_out: Mapping[str, int], fixed: Mapping[str, int], rng: random.Random
) -> list[str]:
    """The players who sit out this round (see the module's docstring)."""
    count = len(names) % SEATS
    lots = {name: rng.random() for name in names}
    order = sorted(names, key=lambda n: (n in fixed, sat_out.get(n, 0), lots[n]))
    return order[:count]


class _Seating:
    """Players (indices) at tables, with the cost of each pair that sits together."""

    def __init__(self, weights: list[dict[int, int]], tables: list[list[int]]) -> None:
        self.w = weights
        self.tables = tables
        self.table_of = {p: t for t, members in enumerate(tables) for p in members}

    def cost_at(self, p: int, t: int, leaving: int) -> int:
        """What p costs at table t, with `leaving` gone from it."""
        w = self.w[p]
        return sum(w.get(x, 0) for x in self.tables[t] if x != leaving and x != p)

    def cost(self) -> int:
        """The whole seating's cost."""
        return sum(self.cost_at(p, t, -1) for t, ps in enumerate(self.tables) for p in ps) // 2

    def improve(self, movable: Sequence[int], rng: random.Random) -> None:
        """Swap players between tables while a swap lowers the cost."""
        changed = True
        while changed:
            changed = False
            troubled = [p for p in movable if self.cost_at(p, self.table_of[p], -1)]
            rng.shuffle(troubled)
            for p in troubled:
                a = self.table_of[p]
                here = self.cost_at(p, a, -1)
                if not here:
                    continue
                best, best_q = 0, -1
                for q in movable:
                    b = self.table_of[q]
                    if b == a:
                        continue
                    delta = (
                        self.cost_at(q, a, p) - here + self.cost_at(p, b, q) - self.cost_at(q, b, q)
                    )
                    if delta < best:
                        best, best_q = delta, q
                if best_q >= 0:
                    b = self.table_of[best_q]
                    self.tables[a][self.tables[a].index(p)] = best_q
                    self.tables[b][self.tables[b].index(best_q)] = p
                    self.table_of[p], self.table_of[best_q] = b, a
                    changed = True


def draw_round(
    round_number: int,
    seed: str,
    names: Sequence[str],
    met: Mapping[Pair, int],
    sat_out: Mapping[str, int],
    apart: Sequence[Pair] = (),
    fixed: Mapping[str, int] | None = None,
) -> Draw:
    """Seat the players of one round (see the module's docstring)."""
    fixed = dict(fixed or {})
    if len(names) < SEATS:
        raise TournamentInputError(
            ngettext(
                "{count} player cannot fill a table of four",
                "{count} players cannot fill a table of four",
                len(names),
            ).format(count=len(names))
        )
    rng = random.Random(f"{seed}/round {round_number}")
    out = choose_sitting_out(names, sat_out, fixed, rng)
    seated = [n for n in names if n not in set(out)]
    tables = len(seated) // SEATS
    pinned: dict[int, list[int]] = {}
    for i, name in enumerate(seated):
        if name in fixed:
            t = fixed[name]
            if not 1 <= t <= tables:
                raise TournamentInputError(
                    ngettext(
                        "{name} asked for table {table}, but round {round} has {count} table",
                        "{name} asked for table {table}, but round {round} has {count} tables",
                        tables,
                    ).format(name=name, table=t, round=round_number, count=tables)
                )
            pinned.setdefault(t - 1, []).append(i)
            if len(pinned[t - 1]) > SEATS:
                raise TournamentInputError(
                    _("more than four players asked for table {table}").format(table=t)
                )
    index = {name: i for i, name in enumerate(seated)}
    weights: list[dict[int, int]] = [{} for _ in seated]
    for (a, b), times in met.items():
        if a in index and b in index and times:
            weights[index[a]][index[b]] = weights[index[b]][index[a]] = REPEAT + times
    apart_pairs = {pair(a, b) for a, b in apart if a in index and b in index}
    for a, b in apart_pairs:
        i, j = index[a], index[b]
        weights[i][j] = weights[j][i] = weights[i].get(j, 0) + APART
    movable = [i for i, name in enumerate(seated) if name not in fixed]
    best: list[list[int]] | None = None
    best_cost = -1
    for _start in range(STARTS_SMALL if tables <= 8 else STARTS_LARGE):
        free = movable[:]
        rng.shuffle(free)
        layout = []
        for t in range(tables):
            members = list(pinned.get(t, []))
            while len(members) < SEATS:
                members.append(free.pop())
            layout.append(members)
        seating = _Seating(weights, layout)
        seating.improve(movable, rng)
        cost = seating.cost()
        if best is None or cost < best_cost:
            best, best_cost = [list(m) for m in seating.tables], cost
        if cost == 0:
            break
    assert best is not None
    result: list[tuple[str, ...]] = []
    for indices in best:
        rng.shuffle(indices)
        result.append(tuple(seated[i] for i in indices))
    return annotated(Draw(round_number, tuple(result), tuple(out), ()), met, sorted(apart_pairs))


def annotated(draw: Draw, met: Mapping[Pair, int], apart: Sequence[Pair]) -> Draw:
    """The draw with the pairs that meet again and those seated together despite asking
    not to be (`met`: the meetings of the rounds before it)."""
    wanted_apart = {pair(a, b) for a, b in apart}
    repeats, broken = [], []
    for members in draw.tables:
        for x in range(len(members)):
            for y in range(x + 1, len(members)):
                p = pair(members[x], members[y])
                if met.get(p):
                    repeats.append(p)
                if p in wanted_apart:
                    broken.append(p)
    return replace(draw, repeats=tuple(sorted(repeats)), apart_broken=tuple(sorted(broken)))


def history(rounds: Sequence[Draw]) -> tuple[dict[Pair, int], dict[str, int]]:
    """How often each pair has sat at one table, and how often each player has sat out."""
    met: dict[Pair, int] = {}
    sat_out: dict[str, int] = {}
    for done in rounds:
        for members in done.tables:
            for x in range(len(members)):
                for y in range(x + 1, len(members)):
                    p = pair(members[x], members[y])
                    met[p] = met.get(p, 0) + 1
        for name in done.sitting_out:
            sat_out[name] = sat_out.get(name, 0) + 1
    return met, sat_out


def free_results(
    rounds: Sequence[Draw], walked_out: Mapping[tuple[int, int], Sequence[str]]
) -> dict[str, int]:
    """How many free results each player has had: rounds sat out, and tables of `rounds`
    someone walked out of (`walked_out`: (round, table) -> who left), for the others there."""
    _met, free = history(rounds)
    for (number, table), gone in walked_out.items():
        if number <= len(rounds) and table <= len(rounds[number - 1].tables):
            for name in rounds[number - 1].tables[table - 1]:
                if name not in gone:
                    free[name] = free.get(name, 0) + 1
    return free
