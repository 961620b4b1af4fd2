"""Each drawn table's result that counts — from its ledger or its paper sheet — and what
keeps a table out; ledgers that passed are remembered in `.checked.csv`."""

from __future__ import annotations

import contextlib
import csv
import io
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass

from baska_cli.errors import BaskaError
from baska_cli.files.kind import NotRegularFile, read_text
from baska_cli.files.outputs import write_output
from baska_cli.files.stamps import settled, stamp
from baska_cli.game.model import Deltas
from baska_cli.i18n import _, ngettext
from baska_cli.ledger.format import rules_lines
from baska_cli.tournament.folder import Tournament, ledger_name
from baska_cli.tournament.ledgers import LedgerCheck, check_ledgers
from baska_cli.tournament.results import TableResult
from baska_cli.tournament.tables.state import accepted_short, disputes_of
from baska_cli.tournament.walkouts import counting


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong in a tournament: where (`file:line` or `round R/table T`) and what;
    `playing`: only that the table of round `round` is still being played (progress, not a
    problem, while its round is open)."""

    where: str
    message: str
    round: int = 0
    playing: bool = False

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


CHECKED = ".checked.csv"  # table ledgers checked before, by identity (see table_results)
CHECKED_HEADER = ("ledger", "device", "inode", "size", "mtime_ns", "ctime_ns", "slots",
                  "total 1", "total 2", "total 3", "total 4",
                  "player 1", "player 2", "player 3", "player 4")  # fmt: skip
Checked = tuple[tuple[int, ...], int, Deltas, tuple[str, ...]]  # stamp, slots, totals, players


def _read_checked(path: str) -> dict[str, Checked]:
    """The ledgers checked by an earlier run; an unreadable record is simply not used."""
    found: dict[str, Checked] = {}
    with contextlib.suppress(
        OSError, UnicodeDecodeError, csv.Error, ValueError, IndexError, NotRegularFile
    ):
        rows = list(csv.reader(io.StringIO(read_text(path, "utf-8", newline=""))))
        if rows and tuple(rows[0]) == CHECKED_HEADER:
            for row in rows[1:]:
                numbers = [int(c) for c in row[1:11]]
                totals = (numbers[6], numbers[7], numbers[8], numbers[9])
                found[row[0]] = (tuple(numbers[:5]), numbers[5], totals, tuple(row[11:15]))
    return found


def _write_checked(path: str, checked: dict[str, Checked]) -> None:
    """Keep what this run checked for the next (best effort: it is only a cache)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CHECKED_HEADER)
    for name, (stamps, slots, totals, players) in sorted(checked.items()):
        writer.writerow([name, *stamps, slots, *totals, *players])
    with contextlib.suppress(BaskaError):  # (never through a link planted in its place)
        write_output(path, [out.getvalue()], own=True)


def _ledger_problems(
    path: str,
    ledger: LedgerCheck,
    members: Sequence[str],
    own_rules: tuple[str, ...],
    rules_name: str,
) -> list[Problem]:
    """What keeps a checked table ledger out of the results: its own problems, or players
    or rules other than the seating's and the tournament's."""
    if ledger.problems:
        return [Problem(where, message) for where, message in ledger.problems]
    if ledger.players != tuple(members):
        return [
            Problem(
                path,
                _("its players are {found}, but the seating has {seated}").format(
                    found=", ".join(ledger.players), seated=", ".join(members)
                ),
            )
        ]
    if ledger.rules_lines != own_rules:
        return [
            Problem(
                path,
                _("it is scored under {found}, but the tournament plays {rules}").format(
                    found=ledger.rules_name, rules=rules_name
                ),
            )
        ]
    return []


def table_results(
    tournament: Tournament, up_to: int | None = None, remember: bool = False
) -> tuple[list[TableResult], list[Problem]]:
    """Every table's result that counts, from its ledger (all planned deals played, no
    more; fewer once the organiser accepted the deals played, the table cut by the clock)
    or from a paper sheet (when the ledger has no hand); what is missing or wrong as
    problems. A table with a walk-out is neither (its result is fixed: walkouts.py).

    Every table ledger is checked as `baska check` checks it, on every core where there are
    many (tournament/ledgers.py). With `remember`, the totals of
    a ledger that passed are kept in `.checked.csv` with its device, inode, size,
    modification and change time, and a later run takes them from there while all five are
    the same (any write to a file changes its change time; a file changed in the last two
    seconds is not kept, so a write within the clock's tick is never missed); `baska
    tournament check` never takes them.
    """
    record = tournament.file(CHECKED)
    before = _read_checked(record) if remember else {}
    checked: dict[str, Checked] = {}
    now = time.time_ns()
    found: list[TableResult] = []
    problems: list[Problem] = []
    deals = tournament.plan.deals
    own_rules = tuple(rules_lines(tournament.rules))
    draws = [d for d in tournament.draws if up_to is None or d.round <= up_to]
    walked_out = counting(tournament.walkouts)  # (their tables' results are fixed)
    sheets: dict[tuple[int, int], TableResult] = {}  # each table's first sheet that counts
    for s in tournament.sheets:
        if not s.status:
            sheets.setdefault((s.round, s.table), s)
    stats: dict[str, os.stat_result | None] = {}
    kept: dict[str, Checked] = {}
    for draw in draws:
        for t, members in enumerate(draw.tables, 1):
            if (draw.round, t) in walked_out:
                continue
            name = ledger_name(draw.round, t)
            try:
                st: os.stat_result | None = os.stat(tournament.file(name))
            except OSError:
                st = None
            stats[name] = st
            known = before.get(name)
            if (
                st is not None
                and known is not None
                and known[0] == stamp(st)
                and known[3] == tuple(members)
            ):
                kept[name] = known
    unknown = [name for name in stats if name not in kept]
    fresh = dict(zip(unknown, check_ledgers([tournament.file(n) for n in unknown]), strict=True))
    for draw in draws:
        for t, members in enumerate(draw.tables, 1):
            if (draw.round, t) in walked_out:
                continue
            where = _("round {round}/table {table}").format(round=draw.round, table=t)
            sheet = sheets.get((draw.round, t))
            name = ledger_name(draw.round, t)
            path = tournament.file(name)
            st = stats[name]
            if name in kept:
                slots, totals = kept[name][1], kept[name][2]
                checked[name] = kept[name]
            else:
                ledger = fresh[name]
                wrong = _ledger_problems(path, ledger, members, own_rules, tournament.rules.name)
                if wrong:
                    problems += wrong
                    continue
                slots, totals = ledger.slots, ledger.totals
                same = st is not None and ledger.identity == (
                    st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns
                )  # fmt: skip
                if remember and st is not None and same and settled(st, now):
                    checked[name] = (stamp(st), slots, totals, tuple(members))
            if slots and sheet is not None:
                problems.append(
                    Problem(
                        where,
                        ngettext(
                            "has a result from a sheet and {count} hand in its ledger; "
                            "keep one of them",
                            "has a result from a sheet and {count} hands in its ledger; "
                            "keep one of them",
                            slots,
                        ).format(count=slots),
                    )
                )
                continue
            disputed = disputes_of(tournament, draw.round, t)
            if disputed and (sheet is not None or slots == deals):
                names = ", ".join(name for name, _note in disputed)
                problems.append(
                    Problem(
                        where,
                        _(
                            "disputed: {names} disagreed with the totals; the organiser "
                            "corrects the table or accepts its result"
                        ).format(names=names),
                    )
                )
                continue
            if sheet is not None:
                if tuple(sheet.players) != tuple(members):
                    problems.append(
                        Problem(
                            where,
                            _("the result names {found}, but the seating has {seated}").format(
                                found=", ".join(sheet.players), seated=", ".join(members)
                            ),
                        )
                    )
                    continue
                found.append(sheet)
            elif slots == deals:
                found.append(TableResult(draw.round, t, tuple(members), tuple(totals)))
            elif slots > deals:
                problems.append(
                    Problem(
                        path,
                        ngettext(
                            "{count} deals played, but the series has {deals} deal; "
                            "undo the extra ones",
                            "{count} deals played, but the series has {deals} deals; "
                            "undo the extra ones",
                            deals,
                        ).format(count=slots, deals=deals),
                    )
                )
            elif slots and accepted_short(tournament, draw.round, t):
                found.append(TableResult(draw.round, t, tuple(members), tuple(totals)))
            elif slots:
                problems.append(
                    Problem(
                        path,
                        ngettext(
                            "{count} of {deals} deal played",
                            "{count} of {deals} deals played",
                            deals,
                        ).format(count=slots, deals=deals),
                        draw.round,
                        playing=True,
                    )
                )
            else:
                problems.append(Problem(where, _("no result yet"), draw.round, playing=True))
    if remember and checked != before:
        _write_checked(record, checked)
    return found, problems
