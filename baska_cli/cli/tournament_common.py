"""What the `baska tournament` commands share: the directory read, a round, a table, standings."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from baska_cli.cli.common import COUNT, FileProblem, UserInputError, fail, option
from baska_cli.i18n import _

if TYPE_CHECKING:
    from baska_cli.tournament.draw import Draw
    from baska_cli.tournament.folder import Tournament
    from baska_cli.tournament.tables import Problem
    from baska_cli.tournament.standings import StandingLine


_F = TypeVar("_F", bound=Callable[..., object])


def round_option(help_text: str) -> Callable[[_F], _F]:
    """The `--round N` option of a tournament command, with its own help."""
    return option("--round", "round_number", type=COUNT, metavar="N", help=help_text)


def next_round(t: Tournament) -> int:
    """The round to draw (or to enter a player for) next; a FileProblem once all are drawn."""
    if t.next_round > t.plan.rounds:
        raise FileProblem(_("all {rounds} rounds are drawn").format(rounds=t.plan.rounds))
    return t.next_round


def load_or_fail(path: str) -> Tournament:
    """The tournament in DIR, or its error as a message and exit status."""
    from baska_cli.errors import BaskaError
    from baska_cli.tournament.folder import load

    try:
        return load(path)
    except BaskaError as error:
        fail(error)


def tournament_name(t: Tournament) -> str:
    """The name printed on the pages: the directory's own name."""
    import os

    return os.path.basename(os.path.normpath(t.path)) or t.path


def with_history(t: Tournament, draw: Draw) -> Draw:
    """A stored round's draw with its repeats and broken requests worked out again."""
    from baska_cli.tournament.draw import annotated, history

    met, _out = history(t.draws[: draw.round - 1])
    return annotated(draw, met, apart(t))


def apart(t: Tournament) -> list[tuple[str, str]]:
    """The pairs the draw keeps apart (asked for, and by club if so set)."""
    from baska_cli.tournament.players import apart_pairs

    return apart_pairs(t.plan.apart, t.plan.apart_clubs, t.players)


def table_players(t: Tournament, round_number: int, table: int) -> tuple[str, ...]:
    """The players of a drawn table in seat order, or a usage error naming what exists."""
    if round_number > len(t.draws):
        raise UserInputError(
            _("round {round} is not drawn yet ({count} drawn)").format(
                round=round_number, count=len(t.draws)
            )
        )
    tables = t.draws[round_number - 1].tables
    if not 1 <= table <= len(tables):
        raise UserInputError(
            _("round {round} has tables 1 to {count}, not {table}").format(
                round=round_number, count=len(tables), table=table
            )
        )
    return tables[table - 1]


def standings_of(t: Tournament, up_to: int) -> tuple[list[StandingLine], list[Problem]]:
    """The standings after a round, and the tables left out of them."""
    from baska_cli.tournament.tables import table_results
    from baska_cli.tournament.standings import standings

    results, problems = table_results(t, up_to, remember=True)
    sat_out: dict[str, list[int]] = {}
    for d in t.draws:
        for name in d.sitting_out:
            sat_out.setdefault(name, []).append(d.round)
    lines = standings(
        t.players, results, t.rules, t.plan.tie_breaks, t.lots, up_to, sat_out=sat_out
    )
    return lines, problems


def round_or_last(t: Tournament, round_number: int | None) -> int:
    """The round asked for, or the last drawn; an error if it is not drawn."""
    if not t.draws:
        raise FileProblem(_("no round is drawn yet; start with `baska tournament draw`"))
    if round_number is None:
        return len(t.draws)
    if round_number > len(t.draws):
        raise UserInputError(
            _("round {round} is not drawn yet ({count} drawn)").format(
                round=round_number, count=len(t.draws)
            )
        )
    return round_number
