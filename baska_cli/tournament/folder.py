"""A tournament's directory, the only module that reads and writes it.

    DIR/tournament.toml   the settings (plan.py): rounds, deals, rules, seed, tie-breaks
    DIR/players.csv       name, club, entered (first round), withdrawn (first round missed)
    DIR/results.csv       paper sheets' final totals (results.py); corrections kept
    DIR/lots.csv          drawings of lots: round, player, lot (1 places highest)
    DIR/rN/seating.csv    round N's draw: table, seat, player (`out` for sitting out)
    DIR/rN/tK.csv         table K's ledger: an ordinary `baska` ledger
    DIR/rN/*.html         the printable seating plan and table sheets

Every change holds the lock of `tournament.toml` (ledger/store.py's lock) and replaces each
file whole through a synced temporary file; a round's directory is made under a temporary
name and renamed into place once its ledgers and seating are written.
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
import shutil
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from baska_cli.errors import BaskaError, TournamentError
from baska_cli.evening.totals import Deltas
from baska_cli.game.rules import RuleSet
from baska_cli.i18n import _, ngettext, os_reason
from baska_cli.ledger.format import Meta, rules_lines
from baska_cli.ledger.store import create as create_ledger
from baska_cli.ledger.store import locked, replace_text, sync_folder
from baska_cli.tournament.draw import Draw
from baska_cli.tournament.plan import Plan, format_plan, parse_plan
from baska_cli.tournament.players import Player, format_players, parse_players
from baska_cli.tournament.results import TableResult, format_results, parse_results

if TYPE_CHECKING:
    from baska_cli.tournament.ledgers import LedgerCheck

SETTINGS, PLAYERS, RESULTS, LOTS = "tournament.toml", "players.csv", "results.csv", "lots.csv"
SEATING = "seating.csv"
OUT = "out"
LOTS_HEADER = ("round", "player", "lot")


def round_dir(round_number: int) -> str:
    """A round's directory inside the tournament's (`r3`)."""
    return f"r{round_number}"


def ledger_name(round_number: int, table: int) -> str:
    """A table's ledger, relative to the tournament's directory (`r3/t12.csv`)."""
    return f"{round_dir(round_number)}/t{table}.csv"


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong in a tournament: where (`file:line` or `round R/table T`) and what."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


@dataclass(frozen=True, slots=True)
class Tournament:
    """A tournament's directory read: settings, players, drawn rounds, sheets and lots."""

    path: str
    plan: Plan
    rules: RuleSet
    players: tuple[Player, ...]
    draws: tuple[Draw, ...]
    sheets: tuple[TableResult, ...]
    lots: dict[int, dict[str, int]]

    def file(self, relative: str) -> str:
        """A path inside the directory, as the user named the directory."""
        return os.path.join(self.path, relative)

    @property
    def next_round(self) -> int:
        """The round the next draw seats."""
        return len(self.draws) + 1


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8-sig", newline="") as stream:
            return stream.read()
    except FileNotFoundError:
        raise TournamentError(_("the file is missing"), path) from None
    except (OSError, UnicodeDecodeError) as error:
        reason = os_reason(error) if isinstance(error, OSError) else _("not UTF-8 text")
        raise TournamentError(
            _("cannot read the file: {reason}").format(reason=reason), path
        ) from None


@contextlib.contextmanager
def lock(path: str) -> Iterator[None]:
    """Hold the tournament's lock while changing its directory."""
    with locked(os.path.join(path, SETTINGS)):
        yield


def create(path: str, plan: Plan, players: list[Player]) -> None:
    """Make a new tournament directory (refused if it exists and is not empty)."""
    if os.path.exists(path) and (not os.path.isdir(path) or os.listdir(path)):
        raise TournamentError(_("exists already and is not an empty directory"), path)
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as error:
        raise TournamentError(
            _("cannot make the directory: {reason}").format(reason=os_reason(error)), path
        ) from None
    with lock(path):
        replace_text(os.path.join(path, PLAYERS), format_players(players))
        replace_text(os.path.join(path, RESULTS), format_results([]))
        replace_text(os.path.join(path, LOTS), ",".join(LOTS_HEADER) + "\n")
        replace_text(os.path.join(path, SETTINGS), format_plan(plan))


def load(path: str) -> Tournament:
    """Read a tournament's directory (a TournamentError naming the file that is broken)."""
    settings = os.path.join(path, SETTINGS)
    if not os.path.isdir(path) or not os.path.exists(settings):
        raise TournamentError(
            _(
                "not a tournament directory (no {file}); make one with `baska tournament new`"
            ).format(file=SETTINGS),
            path,
        )
    plan = parse_plan(_read(settings), settings)
    rules = plan.rules(settings)
    players = parse_players(_read(os.path.join(path, PLAYERS)), os.path.join(path, PLAYERS))
    sheets = parse_results(_read(os.path.join(path, RESULTS)), os.path.join(path, RESULTS))
    lots = _parse_lots(_read(os.path.join(path, LOTS)), os.path.join(path, LOTS))
    draws = []
    round_number = 1
    while os.path.isdir(os.path.join(path, round_dir(round_number))):
        seating = os.path.join(path, round_dir(round_number), SEATING)
        draws.append(parse_seating(_read(seating), seating, round_number))
        round_number += 1
    return Tournament(path, plan, rules, tuple(players), tuple(draws), tuple(sheets), lots)


def _parse_lots(text: str, origin: str) -> dict[int, dict[str, int]]:
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or tuple(c.strip() for c in rows[0]) != LOTS_HEADER:
        raise TournamentError(
            _("expected the header {header}").format(header=",".join(LOTS_HEADER)), origin, 1
        )
    lots: dict[int, dict[str, int]] = {}
    for line, row in enumerate(rows[1:], 2):
        if not any(c.strip() for c in row):
            continue
        try:
            lots.setdefault(int(row[0]), {})[row[1].strip()] = int(row[2])
        except (ValueError, IndexError):
            raise TournamentError(_("expected round,player,lot"), origin, line) from None
    return lots


def format_seating(draw: Draw) -> str:
    """The text of a round's `seating.csv`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["table", "seat", "player"])
    for t, members in enumerate(draw.tables, 1):
        for s, name in enumerate(members, 1):
            writer.writerow([t, s, name])
    for name in draw.sitting_out:
        writer.writerow([OUT, "", name])
    return out.getvalue()


def parse_seating(text: str, origin: str, round_number: int) -> Draw:
    """Read a round's `seating.csv` back (repeats are left to the caller: see draw.history)."""
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or [c.strip() for c in rows[0]] != ["table", "seat", "player"]:
        raise TournamentError(_("expected the header table,seat,player"), origin, 1)
    tables: dict[int, dict[int, str]] = {}
    out: list[str] = []
    for line, row in enumerate(rows[1:], 2):
        if not any(c.strip() for c in row):
            continue
        cells = [c.strip() for c in [*row, "", "", ""][:3]]
        if cells[0] == OUT and cells[2]:
            out.append(cells[2])
            continue
        try:
            table, seat = int(cells[0]), int(cells[1])
            if not cells[2] or seat not in (1, 2, 3, 4) or seat in tables.get(table, {}):
                raise ValueError
        except ValueError:
            raise TournamentError(
                _("expected a table number, a seat 1–4 not taken yet and a name (or out,,NAME)"),
                origin,
                line,
            ) from None
        tables.setdefault(table, {})[seat] = cells[2]
    if sorted(tables) != list(range(1, len(tables) + 1)) or any(
        len(s) != 4 for s in tables.values()
    ):
        raise TournamentError(
            _("the tables must be numbered 1, 2, 3 … with four seats each"), origin
        )
    seated = tuple(tuple(tables[t][s] for s in (1, 2, 3, 4)) for t in sorted(tables))
    return Draw(round_number, seated, tuple(out), ())


def write_round(tournament: Tournament, draw: Draw, pages: dict[str, str]) -> None:
    """Write a drawn round: each table's ledger, the seating, and printable pages; the round's
    directory appears only when all of them are written. Call under `lock`."""
    final = tournament.file(round_dir(draw.round))
    temp = tournament.file(f".{round_dir(draw.round)}.tmp")
    if os.path.exists(final):
        raise TournamentError(_("round {round} is drawn already").format(round=draw.round), final)
    shutil.rmtree(temp, ignore_errors=True)  # left by a draw that was stopped
    try:
        os.mkdir(temp)
        rules = tournament.rules
        for t, members in enumerate(draw.tables, 1):
            meta = Meta(
                (members[0], members[1], members[2], members[3]),
                rules.name,
                rules_lines(rules),
                0,
                tournament.plan.deals,
                (("round", str(draw.round)), ("table", str(t))),
            )
            create_ledger(os.path.join(temp, f"t{t}.csv"), meta, sync=False)
        for name, text in pages.items():
            replace_text(os.path.join(temp, name), text)
        replace_text(os.path.join(temp, SEATING), format_seating(draw))
        sync_folder(temp)  # every ledger's name, once, before the round appears
        os.rename(temp, final)
        sync_folder(tournament.path)
    except OSError as error:
        shutil.rmtree(temp, ignore_errors=True)
        raise TournamentError(
            _("cannot write round {round}: {reason}").format(
                round=draw.round, reason=os_reason(error)
            ),
            final,
        ) from None
    except BaskaError:
        shutil.rmtree(temp, ignore_errors=True)
        raise


def save_players(tournament: Tournament, players: list[Player]) -> None:
    """Replace `players.csv`. Call under `lock`."""
    replace_text(tournament.file(PLAYERS), format_players(players))


def save_results(tournament: Tournament, rows: list[TableResult]) -> None:
    """Replace `results.csv`. Call under `lock`."""
    replace_text(tournament.file(RESULTS), format_results(rows))


def save_lots(tournament: Tournament, lots: dict[int, dict[str, int]]) -> None:
    """Replace `lots.csv`. Call under `lock`."""
    lines = [",".join(LOTS_HEADER)]
    for r in sorted(lots):
        for name, lot in sorted(lots[r].items(), key=lambda kv: kv[1]):
            lines.append(f"{r},{name},{lot}")
    replace_text(tournament.file(LOTS), "\n".join(lines) + "\n")


def save_page(tournament: Tournament, relative: str, text: str) -> None:
    """Write a printable page inside the directory."""
    replace_text(tournament.file(relative), text)


CHECKED = ".checked.csv"  # table ledgers checked before, by identity (see table_results)
CHECKED_HEADER = ("ledger", "device", "inode", "size", "mtime_ns", "ctime_ns", "slots",
                  "total 1", "total 2", "total 3", "total 4",
                  "player 1", "player 2", "player 3", "player 4")  # fmt: skip
Checked = tuple[tuple[int, ...], int, Deltas, tuple[str, ...]]  # stamp, slots, totals, players
_SETTLED = 2_000_000_000  # ns: a file changed this recently is checked again next time


def _stamp(st: os.stat_result) -> tuple[int, ...]:
    """What tells whether a file was written since: any write changes its change time."""
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def _read_checked(path: str) -> dict[str, Checked]:
    """The ledgers checked by an earlier run; an unreadable record is simply not used."""
    found: dict[str, Checked] = {}
    with contextlib.suppress(OSError, UnicodeDecodeError, csv.Error, ValueError, IndexError):
        with open(path, encoding="utf-8", newline="") as stream:
            rows = list(csv.reader(stream))
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
    for name, (stamp, slots, totals, players) in sorted(checked.items()):
        writer.writerow([name, *stamp, slots, *totals, *players])
    with contextlib.suppress(BaskaError):
        replace_text(path, out.getvalue())


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
    """Every table's result that counts, from its ledger (all planned deals played) or from
    a paper sheet (when the ledger has no hand); what is missing or wrong as problems.

    Every table ledger is checked as `baska check` checks it, on every core where there are
    many (tournament/ledgers.py). With `remember`, the totals of
    a ledger that passed are kept in `.checked.csv` with its device, inode, size,
    modification and change time, and a later run takes them from there while all five are
    the same (any write to a file changes its change time; a file changed in the last two
    seconds is not kept, so a write within the clock's tick is never missed); `baska
    tournament check` never takes them.
    """
    from baska_cli.tournament.ledgers import check_ledgers

    record = tournament.file(CHECKED)
    before = _read_checked(record) if remember else {}
    checked: dict[str, Checked] = {}
    now = time.time_ns()
    found: list[TableResult] = []
    problems: list[Problem] = []
    deals = tournament.plan.deals
    own_rules = tuple(rules_lines(tournament.rules))
    draws = [d for d in tournament.draws if up_to is None or d.round <= up_to]
    stats: dict[str, os.stat_result | None] = {}
    kept: dict[str, Checked] = {}
    for draw in draws:
        for t, members in enumerate(draw.tables, 1):
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
                and known[0] == _stamp(st)
                and known[3] == tuple(members)
            ):
                kept[name] = known
    unknown = [name for name in stats if name not in kept]
    fresh = dict(zip(unknown, check_ledgers([tournament.file(n) for n in unknown]), strict=True))
    for draw in draws:
        for t, members in enumerate(draw.tables, 1):
            where = _("round {round}/table {table}").format(round=draw.round, table=t)
            sheet = next(
                (s for s in tournament.sheets
                 if (s.round, s.table) == (draw.round, t) and not s.status),
                None,
            )  # fmt: skip
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
                if remember and st is not None and same and now - st.st_ctime_ns > _SETTLED:
                    checked[name] = (_stamp(st), slots, totals, tuple(members))
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
            elif slots >= deals:
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
                    )
                )
            else:
                problems.append(Problem(where, _("no result yet")))
    if remember and checked != before:
        _write_checked(record, checked)
    return found, problems
