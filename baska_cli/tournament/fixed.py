"""The fixed results the standings add: each walk-out's and each sit-out's, from the rule
system's walk-out settings (pure: it reads a Tournament already loaded)."""

from __future__ import annotations

from baska_cli.tournament.folder import Tournament
from baska_cli.tournament.standings import SAT_OUT, WALKED_OUT, WALKOUT, TablePlace, fixed_place
from baska_cli.tournament.walkouts import counting


def fixed_results(t: Tournament, up_to: int) -> list[tuple[str, TablePlace]]:
    """Each walk-out's and sit-out's result up to round `up_to`, from the rule system:
    the players left at the table, the one who walked out, the one without a full table
    (a sit-out whose result is 0 and 0 gets no line: the round is only noted)."""
    rules = t.rules.walkout
    found: list[tuple[str, TablePlace]] = []
    gone = counting(t.walkouts)
    for draw in t.draws[:up_to]:
        for number, members in enumerate(draw.tables, 1):
            left = gone.get((draw.round, number))
            if left is None:
                continue
            for name in members:
                if name in left:
                    found.append((name, fixed_place(draw.round, number, WALKED_OUT, rules.left)))
                else:
                    found.append((name, fixed_place(draw.round, number, WALKOUT, rules.others)))
        if rules.sitout != (0, 0):
            found += [
                (n, fixed_place(draw.round, 0, SAT_OUT, rules.sitout)) for n in draw.sitting_out
            ]
    return found
