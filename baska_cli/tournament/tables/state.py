"""Each table's state in a round, as the hall shows it: new, playing n/N, waiting for
confirmation, confirmed, disputed or walk-out — from its ledger, its paper sheet, the
walk-outs and the confirmations (confirmations.py); and whether a table key may write (its
JSON: render/tournament/status.py)."""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from baska_cli.errors import TournamentInputError
from baska_cli.files.kind import NotRegularFile, open_regular_binary
from baska_cli.files.replace import identity
from baska_cli.i18n import _
from baska_cli.tournament.confirmations import ACCEPT, DISAGREE, Words, standing
from baska_cli.tournament.folder import (
    CONFIRMATIONS,
    RESULTS,
    WALKOUTS,
    Tournament,
    ledger_name,
    load,
    read_confirmations,
    read_results,
    read_walkouts,
    table_players,
)
from baska_cli.tournament.ledgers import LedgerCheck, check_ledger
from baska_cli.tournament.results import current
from baska_cli.tournament.typed import waiting
from baska_cli.tournament.walkouts import counting

NEW, PLAYING, WAITING = "new", "playing", "waiting"
CONFIRMED, DISPUTED, WALKOUT = "confirmed", "disputed", "walkout"
LEDGER, SHEET, NONE, FIXED = "ledger", "sheet", "none", "walkout"  # FIXED: a walk-out's


@dataclass(frozen=True, slots=True)
class TableState:
    """One table of a round: its players, how far it is, its totals and who confirmed them."""

    round: int
    table: int
    players: tuple[str, ...]  # the four, by seat
    status: str  # NEW, PLAYING, WAITING, CONFIRMED, DISPUTED or WALKOUT
    dealt: int  # hands recorded
    deals: int  # the series length
    totals: tuple[int, ...] | None  # the table's current four totals (ledger or sheet)
    source: str  # LEDGER, SHEET or NONE
    confirmed_by: tuple[str, ...]  # players whose agreement counts at the current totals
    disputes: tuple[tuple[str, str], ...]  # (player, note) at the current totals
    version: str = ""  # the digest of the table's ledger and sheet that words are given for
    accepted: bool = False  # the organiser accepted the result
    sheet: bool = False  # the table has a paper sheet's result (its entry not corrected)
    walked_out: tuple[str, ...] = ()  # who walked out (a WALKOUT's totals are then fixed)
    short: bool = False  # fewer hands than the series, all in its own ledger, no sheet
    typed: tuple[tuple[int, ...], ...] = ()  # paper entries waiting for one alike (typed.py)

    @property
    def cut(self) -> bool:
        """Whether the table's result is the deals it played short of its series (cut by
        the clock), accepted by the organiser."""
        return self.short and self.status == CONFIRMED

    @property
    def conflict(self) -> bool:
        """Whether the table has hands and a paper result both: neither counts until the
        organiser keeps one of them (`tournament check` says so too)."""
        return self.sheet and self.dealt > 0

    @property
    def complete(self) -> bool:
        """Whether the table has a result to confirm (a full series or a sheet)."""
        return self.status in (WAITING, CONFIRMED, DISPUTED)


def closed_refusal(round_number: int) -> str:
    """Why a table's key and the players' words change nothing in a closed round."""
    return _("round {round} is closed; the organiser corrects its tables").format(
        round=round_number
    )


def write_refusal(state: TableState, hands: bool = False) -> str | None:
    """Why a table's key may not write to the table now (None: it may): a confirmed
    result is the organiser's to correct; with `hands` (a hand recorded, undone, voided or
    amended), a table whose result is its paper sheet's or a walk-out's records no hand."""
    if state.status == CONFIRMED:
        return _("the result is confirmed; the organiser corrects it")
    if not hands:
        return None
    where = {"round": state.round, "table": state.table}
    if state.status == WALKOUT:
        return _(
            "round {round}, table {table} has a walk-out: its result is fixed and no more "
            "hands are recorded; the organiser tells the table what comes next"
        ).format(**where)
    if state.sheet:
        return _(
            "round {round}, table {table} entered its final totals from the paper sheet: "
            "no hands are recorded; a player of each side confirms the totals"
        ).format(**where)
    return None


class _Marked:
    """The tables named in one of a tournament's files (the words, the paper results, the
    walk-outs), read again only when the file is another (it is replaced whole at every
    write: a new inode, size or time), so that a request of a table none of them names
    (every table until its series ends) costs a stat of each."""

    def __init__(self, name: str, read: Callable[[str], Iterable[Any]]) -> None:
        self._name, self._read = name, read
        self._lock = threading.Lock()
        self._known: dict[str, tuple[tuple[int, ...], frozenset[tuple[int, int]]]] = {}

    def tables(self, path: str) -> frozenset[tuple[int, int]]:
        """(round, table) of every table named (read after the stat: never older)."""
        file = os.path.join(path, self._name)
        try:
            st = os.stat(file)
        except FileNotFoundError:
            return frozenset()
        except OSError:
            st = None  # (reading says what is wrong)
        stamp = () if st is None else (*identity(st), st.st_ctime_ns)
        with self._lock:
            known = self._known.get(file)
        if st is not None and known is not None and known[0] == stamp:
            return known[1]
        found = frozenset((row.round, row.table) for row in self._read(path))
        if st is not None:
            with self._lock:
                self._known[file] = (stamp, found)
        return found


_MARKED = (
    _Marked(CONFIRMATIONS, read_confirmations),
    _Marked(RESULTS, read_results),
    _Marked(WALKOUTS, read_walkouts),
)


def refusal_at(path: str, round_number: int, table: int, hands: bool = False) -> str | None:
    """`write_refusal` of a drawn table; for a table that no word, paper result or walk-out
    names (every table until its series ends) only those files' stats are looked at."""
    if not any((round_number, table) in marked.tables(path) for marked in _MARKED):
        return None
    return write_refusal(table_state(path, round_number, table), hands)


class _Ledgers:
    """Each table ledger checked, with the digest of the very bytes checked, kept until the
    file is another (a stat says: every write of a ledger appends, growing it, or replaces
    it, a new inode; its times change too), so that the hall's page, polled every few
    seconds during a round, checks again only the ledgers written since."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._known: dict[str, tuple[tuple[int, ...], LedgerCheck, str]] = {}

    def checked(self, path: str) -> tuple[LedgerCheck, str]:
        """The ledger at `path` checked, and the digest of its bytes (of none if unreadable)."""
        try:
            st = os.stat(path)
        except OSError:
            st = None
        stamp = () if st is None else (*identity(st), st.st_ctime_ns)
        with self._lock:
            known = self._known.get(path)
        if st is not None and known is not None and known[0] == stamp:
            return known[1], known[2]
        checked, data, read_stamp = _read_ledger(path)
        digest = hashlib.sha256(data).hexdigest()
        if read_stamp:
            with self._lock:
                self._known[path] = (read_stamp, checked, digest)
        return checked, digest


_LEDGERS = _Ledgers()


def _read_ledger(path: str) -> tuple[LedgerCheck, bytes, tuple[int, ...]]:
    """A table ledger checked, the very bytes that were checked (read again if the ledger
    was written meanwhile), and the file's stamp when they agree (else none)."""
    checked, data = check_ledger(path), b""
    for _attempt in range(5):
        try:
            with open_regular_binary(path) as stream:
                data = stream.read()
                st = os.fstat(stream.fileno())
        except (OSError, NotRegularFile):
            return checked, b"", ()
        if checked.identity is not None and checked.identity == identity(st):
            return checked, data, (*identity(st), st.st_ctime_ns)
        if checked.identity is None:
            break
        checked = check_ledger(path)
    return checked, data, ()


def table_version(t: Tournament, round_number: int, table: int) -> tuple[LedgerCheck, str]:
    """A table's ledger checked, and the version its words are given for: a digest of its
    ledger and of its sheet's result that counts (any change to either changes it)."""
    checked, ledger_digest = _LEDGERS.checked(t.file(ledger_name(round_number, table)))
    sheet = current(t.sheets, round_number, table)
    digest = hashlib.sha256(ledger_digest.encode())
    if sheet is not None:
        index = t.sheets.index(sheet)
        digest.update(f"\0sheet {index} {sheet.players} {sheet.totals}".encode())
    return checked, digest.hexdigest()[:16]


def _state(t: Tournament, round_number: int, table: int, members: tuple[str, ...]) -> TableState:
    """One drawn table's state."""
    checked, version = table_version(t, round_number, table)
    deals = t.plan.deals
    sheet = current(t.sheets, round_number, table)
    totals: tuple[int, ...] | None = None
    source, complete, short, dealt = NONE, False, False, checked.slots
    if checked.problems:
        status = PLAYING  # a ledger with a problem: `tournament check` says what
    elif dealt:
        source, totals = LEDGER, tuple(checked.totals)
        whole = sheet is None and checked.players == members
        complete, short = whole and dealt == deals, whole and dealt < deals
        status = PLAYING
    elif sheet is not None:
        source, totals = SHEET, sheet.totals
        complete = sheet.players == members
        status = PLAYING
    else:
        status = NEW
    words = standing(t.confirmations, round_number, table, version, members)
    gone = counting(t.walkouts).get((round_number, table), ())
    if gone:
        status, words, source = WALKOUT, Words((), (), False, False), FIXED
        totals = fixed_totals(t, members, gone)
    elif complete:
        if words.accepted or (words.final and not words.disputes):
            status = CONFIRMED
        elif words.disputes:
            status = DISPUTED
        else:
            status = WAITING
    elif short and words.accepted:
        status = CONFIRMED  # (the deals played, accepted by the organiser)
        words = Words((), (), True, True)
    else:
        words = Words((), (), False, False)  # (words of an earlier version are void anyway)
    return TableState(
        round_number, table, members, status, dealt, deals, totals, source,
        words.confirmed_by, words.disputes, version, words.accepted,
        sheet is not None, gone, short and not gone,
        tuple(e.totals for e in waiting(t.typed, round_number, table)),
    )  # fmt: skip


def fixed_totals(t: Tournament, members: tuple[str, ...], gone: tuple[str, ...]) -> tuple[int, ...]:
    """The small points that count at a table with a walk-out, by seat: the rule system's
    for the player who walked out and for those left (PSB §9)."""
    fixed = t.rules.walkout
    return tuple(fixed.left[1] if name in gone else fixed.others[1] for name in members)


def state_of(t: Tournament, round_number: int, table: int) -> TableState:
    """A drawn table's state, from a tournament read."""
    return _state(t, round_number, table, table_players(t, round_number, table))


def states_of(t: Tournament, round_number: int) -> tuple[TableState, ...]:
    """Every table's state in a drawn round, from a tournament read."""
    table_players(t, round_number, 1)
    tables = t.draws[round_number - 1].tables
    return tuple(_state(t, round_number, n, m) for n, m in enumerate(tables, 1))


def round_states(path: str, round_number: int | None = None) -> tuple[int, tuple[TableState, ...]]:
    """Every table's state in a round (default: the newest drawn), and the round's number."""
    t = load(path)
    number = len(t.draws) if round_number is None else round_number
    if number == 0:
        raise TournamentInputError(
            _("no round is drawn yet; draw one with `baska tournament draw {path}`").format(
                path=path
            )
        )
    return number, states_of(t, number)


def table_state(path: str, round_number: int, table: int) -> TableState:
    """One drawn table's state."""
    return state_of(load(path), round_number, table)


def disputes_of(t: Tournament, round_number: int, table: int) -> tuple[tuple[str, str], ...]:
    """The disagreements standing at a table's current version that keep its result out of
    the standings (none if the organiser accepted it); cheap for a table nobody disputed."""
    if not any(
        (c.round, c.table) == (round_number, table) and c.word == DISAGREE for c in t.confirmations
    ):
        return ()
    state = state_of(t, round_number, table)
    return state.disputes if state.status == DISPUTED else ()


def accepted_short(t: Tournament, round_number: int, table: int) -> bool:
    """Whether the organiser accepted the deals a table played short of its series as its
    result (the table as it is now); cheap for a table the organiser accepted nothing of."""
    if not any(
        (c.round, c.table) == (round_number, table) and c.word == ACCEPT for c in t.confirmations
    ):
        return False
    return state_of(t, round_number, table).cut
