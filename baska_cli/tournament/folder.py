"""A tournament's directory read and written (its table ledgers are read in scores/counted.py).

    DIR/tournament.toml   the settings (plan.py): rounds, deals, rules, seed, tie-breaks
    DIR/players.csv       name, club, entered (first round), withdrawn (first round missed)
    DIR/roster.csv        full name, id, team, category, stand-in (details.py), if any
    DIR/results.csv       paper sheets' final totals (results.py); corrections kept
    DIR/lots.csv          drawings of lots: round, player, lot (1 places highest)
    DIR/walkouts.csv      walk-outs: round, table, player, status (walkouts.py), if any
    DIR/confirmations.csv the players' words on tables' results, the organiser's acceptances
    DIR/desk.csv          the registration desk's marks (tournament/desk/store.py), if any
    DIR/rN/seating.csv    round N's draw: table, seat, player (`out` for sitting out)
    DIR/rN/tK.csv         table K's ledger: an ordinary `baska` ledger
    DIR/rN/*.html         the printable seating plan and table sheets
    DIR/rN/closed         there once the organiser closed round N: its tables' keys write no more
    DIR/.checked.csv      table ledgers checked before (scores/counted.py)
    DIR/.standings.json   the final standings kept, by the stamps of every file (scores/kept.py)

Every change holds the lock of `tournament.toml` (ledger/store.py's lock) and replaces each
file whole through a synced temporary file; a round's directory is made under a temporary
name and renamed into place once its ledgers and seating are written.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass

from baska_cli.errors import BaskaError, TournamentError, TournamentInputError
from baska_cli.files.outputs import write_output
from baska_cli.game.rules import RuleSet
from baska_cli.i18n import _, ngettext, os_reason
from baska_cli.ledger.format import Meta, rules_lines
from baska_cli.ledger.store import create as create_ledger
from baska_cli.ledger.store import locked, replace_text, sync_folder
from baska_cli.tournament.confirmations import (
    Confirmation,
    format_confirmations,
    parse_confirmations,
)
from baska_cli.tournament.csvrows import format_seating, parse_seating
from baska_cli.tournament.details import DETAILS, format_details, has_details, with_details
from baska_cli.tournament.draw import Draw
from baska_cli.tournament.lots import format_lots, parse_lots
from baska_cli.tournament.players import Entrant, format_players, parse_players
from baska_cli.tournament.results import TableResult, format_results, parse_results
from baska_cli.tournament.settings import Plan, format_plan, parse_plan
from baska_cli.tournament.texts import read_if_there, read_needed
from baska_cli.tournament.typed_store import TYPED, read_typed
from baska_cli.tournament.walkouts import Walkout, format_walkouts, parse_walkouts

SETTINGS, PLAYERS, RESULTS, LOTS = "tournament.toml", "players.csv", "results.csv", "lots.csv"
SEATING, WALKOUTS, CONFIRMATIONS = "seating.csv", "walkouts.csv", "confirmations.csv"
CLOSED = "closed"  # rN/closed: the organiser closed round N
DESK = "desk.csv"  # the registration desk's marks (desk/store.py reads and writes it)
ROUND_DIR = re.compile(r"r([1-9][0-9]*)")  # a round's directory: r1, r2 …
LOCK = f".{SETTINGS}.lock"  # ledger/store.py's lock of the settings: the tournament's lock


def round_dir(round_number: int) -> str:
    """A round's directory inside the tournament's (`r3`)."""
    return f"r{round_number}"


def ledger_name(round_number: int, table: int) -> str:
    """A table's ledger, relative to the tournament's directory (`r3/t12.csv`)."""
    return f"{round_dir(round_number)}/t{table}.csv"


@dataclass(frozen=True, slots=True)
class Tournament:
    """A tournament's directory read: settings, players, drawn rounds, sheets and lots."""

    path: str
    plan: Plan
    rules: RuleSet
    players: tuple[Entrant, ...]
    draws: tuple[Draw, ...]
    sheets: tuple[TableResult, ...]
    lots: dict[int, dict[str, int]]
    walkouts: tuple[Walkout, ...] = ()
    confirmations: tuple[Confirmation, ...] = ()
    closed: frozenset[int] = frozenset()  # the rounds the organiser closed
    typed: tuple[TableResult, ...] = ()  # the paper sheets' entries typed (typed.py)

    def file(self, relative: str) -> str:
        """A path inside the directory, as the user named the directory."""
        return os.path.join(self.path, relative)

    @property
    def name(self) -> str:
        """The name printed on the pages (title_of)."""
        return title_of(self.path, self.plan)

    @property
    def next_round(self) -> int:
        """The round the next draw seats."""
        return len(self.draws) + 1


def title_of(path: str, plan: Plan) -> str:
    """The name printed on a tournament's pages: its title, else its directory's own name."""
    return plan.title or os.path.basename(os.path.normpath(path)) or path


def tournament_of(ledger: str) -> str | None:
    """The tournament's directory a table ledger (`DIR/rN/tK.csv`) belongs to, else None."""
    real = os.path.dirname(os.path.realpath(ledger))
    if not ROUND_DIR.fullmatch(os.path.basename(real)):
        return None
    if not os.path.exists(os.path.join(os.path.dirname(real), SETTINGS)):
        return None
    typed = os.path.dirname(os.path.dirname(os.path.normpath(ledger))) or "."
    return typed if os.path.realpath(typed) == os.path.dirname(real) else os.path.dirname(real)


def table_players(t: Tournament, round_number: int, table: int) -> tuple[str, ...]:
    """The players of a drawn table in seat order, or an error naming what exists."""
    if not 1 <= round_number <= len(t.draws):
        raise TournamentInputError(
            _("round {round} is not drawn yet ({count} drawn)").format(
                round=round_number, count=len(t.draws)
            )
        )
    tables = t.draws[round_number - 1].tables
    if not 1 <= table <= len(tables):
        raise TournamentInputError(
            _("round {round} has tables 1 to {count}, not {table}").format(
                round=round_number, count=len(tables), table=table
            )
        )
    return tables[table - 1]


@contextlib.contextmanager
def lock(path: str) -> Iterator[None]:
    """Hold the tournament's lock while changing its directory."""
    with locked(os.path.join(path, SETTINGS)):
        yield


def _used(path: str) -> bool:
    """Whether the directory holds anything but the lock of `tournament.toml`."""
    return any(name != LOCK for name in os.listdir(path))


def create(path: str, plan: Plan, players: list[Entrant]) -> None:
    """Make a new tournament directory (refused if it exists and is not empty). Under the
    lock the directory is looked at again: of two `new` racing for one directory, the one
    that locks second finds the other's files and is refused."""
    used = _("exists already and is not an empty directory")
    if os.path.exists(path) and (not os.path.isdir(path) or _used(path)):
        raise TournamentError(used, path)
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as error:
        raise TournamentError(
            _("cannot make the directory: {reason}").format(reason=os_reason(error)), path
        ) from None
    with lock(path):
        if _used(path):
            raise TournamentError(used, path)
        replace_text(os.path.join(path, PLAYERS), format_players(players))
        if has_details(players):
            replace_text(os.path.join(path, DETAILS), format_details(players))
        replace_text(os.path.join(path, RESULTS), format_results([]))
        replace_text(os.path.join(path, LOTS), format_lots({}))
        replace_text(os.path.join(path, SETTINGS), format_plan(plan))


def _no_round_missing(path: str) -> None:
    """Refuse a round directory missing before the last drawn one (r2 gone, r3 there): it is
    missing, not a round still to draw."""
    try:
        names = os.listdir(path)
    except OSError as error:
        raise TournamentError(
            _("cannot read the directory: {reason}").format(reason=os_reason(error)), path
        ) from None
    drawn = {
        int(found.group(1))
        for name in names
        if (found := ROUND_DIR.fullmatch(name)) and os.path.isdir(os.path.join(path, name))
    }
    last = max(drawn, default=0)
    missing = [n for n in range(1, last + 1) if n not in drawn]
    if missing:
        raise TournamentError(
            ngettext(
                "the directory of round {missing} is missing, but round {last} is drawn "
                "({folder} is there); put it back from a copy",
                "the directories of rounds {missing} are missing, but round {last} is drawn "
                "({folder} is there); put them back from a copy",
                len(missing),
            ).format(missing=", ".join(str(n) for n in missing), last=last, folder=round_dir(last)),
            path,
        )


def read_plan(path: str) -> Plan:
    """A tournament's settings only (a TournamentError naming the file, as `load` gives)."""
    settings = os.path.join(path, SETTINGS)
    if not os.path.isdir(path) or not os.path.exists(settings):
        raise TournamentError(
            _(
                "not a tournament directory (no {file}); make one with `baska tournament new`"
            ).format(file=SETTINGS),
            path,
        )
    return parse_plan(read_needed(settings), settings)


def load(path: str) -> Tournament:
    """Read a tournament's directory (a TournamentError naming the file that is broken)."""
    settings = os.path.join(path, SETTINGS)
    plan = read_plan(path)
    rules = plan.rules(settings)
    _no_round_missing(path)
    players = parse_players(read_needed(os.path.join(path, PLAYERS)), os.path.join(path, PLAYERS))
    details = os.path.join(path, DETAILS)
    if os.path.exists(details):
        players = with_details(players, read_needed(details), details)
    sheets = read_results(path)
    lots = parse_lots(read_needed(os.path.join(path, LOTS)), os.path.join(path, LOTS))
    gone = read_walkouts(path)
    said = read_confirmations(path)
    draws = []
    round_number = 1
    while os.path.isdir(os.path.join(path, round_dir(round_number))):
        seating = os.path.join(path, round_dir(round_number), SEATING)
        draws.append(parse_seating(read_needed(seating), seating, round_number))
        round_number += 1
    closed = frozenset(n for n in range(1, round_number) if round_closed(path, n))
    return Tournament(
        path, plan, rules, tuple(players), tuple(draws), tuple(sheets), lots, tuple(gone),
        confirmations=tuple(said), closed=closed, typed=tuple(read_typed(path)),
    )  # fmt: skip


def round_closed(path: str, round_number: int) -> bool:
    """Whether the organiser closed a round (one look at the directory: asked per write)."""
    return os.path.exists(os.path.join(path, round_dir(round_number), CLOSED))


def read_confirmations(path: str) -> list[Confirmation]:
    """The confirmations of a tournament's directory (none while `confirmations.csv` is
    missing)."""
    words = os.path.join(path, CONFIRMATIONS)
    text = read_if_there(words)
    return parse_confirmations(text, words) if text is not None else []


def read_results(path: str) -> list[TableResult]:
    """The paper sheets' results of a tournament's directory."""
    results = os.path.join(path, RESULTS)
    return parse_results(read_needed(results), results)


def read_walkouts(path: str) -> list[Walkout]:
    """The walk-outs of a tournament's directory (none while `walkouts.csv` is missing)."""
    walkouts = os.path.join(path, WALKOUTS)
    text = read_if_there(walkouts)
    return parse_walkouts(text, walkouts) if text is not None else []


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
            write_output(os.path.join(temp, name), [text], own=True, mode=page_mode(name))
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


def close_round(tournament: Tournament, round_number: int) -> None:
    """Mark a round closed by the organiser. Call under `lock`."""
    replace_text(tournament.file(f"{round_dir(round_number)}/{CLOSED}"), "")


def remove_round(tournament: Tournament, round_number: int) -> None:
    """Take a drawn round's directory away (its draw taken back), renamed aside before it is
    removed, so that no half of it stays a round. Call under `lock`."""
    final, aside = (
        tournament.file(round_dir(round_number)),
        tournament.file(f".{round_dir(round_number)}.undone"),
    )
    try:
        shutil.rmtree(aside, ignore_errors=True)  # left by an undo that was stopped
        os.rename(final, aside)
        sync_folder(tournament.path)
    except OSError as error:
        raise TournamentError(
            _("cannot take back round {round}: {reason}").format(
                round=round_number, reason=os_reason(error)
            ),
            final,
        ) from None
    shutil.rmtree(aside, ignore_errors=True)


def save_plan(tournament: Tournament, plan: Plan) -> None:
    """Replace `tournament.toml`. Call under `lock`."""
    replace_text(tournament.file(SETTINGS), format_plan(plan))


def save_players(tournament: Tournament, players: list[Entrant]) -> None:
    """Replace `players.csv` (and `roster.csv`, where players have details). Call under `lock`."""
    replace_text(tournament.file(PLAYERS), format_players(players))
    if has_details(players) or os.path.exists(tournament.file(DETAILS)):
        replace_text(tournament.file(DETAILS), format_details(players))


def save_results(tournament: Tournament, rows: list[TableResult]) -> None:
    """Replace `results.csv`. Call under `lock`."""
    replace_text(tournament.file(RESULTS), format_results(rows))


def save_walkouts(tournament: Tournament, rows: list[Walkout]) -> None:
    """Replace `walkouts.csv`. Call under `lock`."""
    replace_text(tournament.file(WALKOUTS), format_walkouts(rows))


def save_confirmations(tournament: Tournament, rows: list[Confirmation]) -> None:
    """Replace `confirmations.csv`. Call under `lock`."""
    replace_text(tournament.file(CONFIRMATIONS), format_confirmations(rows))


def save_lots(tournament: Tournament, lots: dict[int, dict[str, int]]) -> None:
    """Replace `lots.csv`. Call under `lock`."""
    replace_text(tournament.file(LOTS), format_lots(lots))


def save_page(tournament: Tournament, relative: str, text: str) -> None:
    """Write a printable page inside the directory (never through a link planted in its
    place, never over one of the tournament's files)."""
    mode = page_mode(os.path.basename(relative))
    write_output(tournament.file(relative), [text], reading=inputs(tournament), own=True, mode=mode)


KEYED_PAGES = ("sheets.html",)  # a round's pages that hold every table's key


def page_mode(name: str) -> int | None:
    """The mode of a round's printable page: 0o600 for one that holds keys (only the
    organiser reads it), else as write_output makes it."""
    return 0o600 if name in KEYED_PAGES else None


def inputs(tournament: Tournament) -> tuple[str, ...]:
    """Every file of the directory that baska reads: settings, players, results, lots, and
    each round's seating and table ledgers (a page is never written over one of them)."""
    files = [SETTINGS, PLAYERS, RESULTS, LOTS, CONFIRMATIONS, ".checked.csv", DESK, TYPED]
    for draw in tournament.draws:
        files.append(f"{round_dir(draw.round)}/{SEATING}")
        files += [ledger_name(draw.round, t) for t in range(1, len(draw.tables) + 1)]
    return tuple(tournament.file(name) for name in files)
