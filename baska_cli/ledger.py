"""The session ledger: one CSV file per evening; read, check, append, rewrite atomically, lock.

This is the only module that opens ledger files. The format is plain CSV (UTF-8, comma
separated, RFC 4180 quoting) laid out so that a spreadsheet shows a readable score sheet:

    baska ledger,1
    players,Ania,Bartek,Celina,Darek
    rules,plb
    first dealer,Ania
    deals,16

    #,dealer,hand,Ania,Bartek,Celina,Darek,Ania total,Bartek total,Celina total,Darek total,status
    1,Ania,zw Ania+Celina 61 k,2,-2,2,-2,2,-2,2,-2
    2,Bartek,zo Darek 70,-5,-5,-5,15,-3,-7,-3,13
    3,Celina,gr Bartek 53,-5,15,-5,-5,,,,,amended
    3,Celina,gr Bartek 40,10,-30,10,10,7,-37,7,23

Metadata rows come first, as `key,value` cells, until the header row (first cell `#`):

- `baska ledger` — the format version (1);
- `players` — the four names in seat order (seats 1–4 clockwise);
- `rules` — the rule system: a built-in name (plb, mester, pagat) or a house system's name;
- `house rule` — for a house system, one row per setting (`key = value`, TOML), so the file
  carries its own rules and needs no other file;
- `first dealer` — who dealt hand 1; hand n is dealt by the (n−1)-th seat after them;
- `deals` — the planned number of deals (empty: open-ended);
- any other `key,value` row (a date, a place) is kept as it is.

Then one row per hand: its number, the dealer, the hand in canonical notation (the source of
truth: every change is recomputed from it by `baska check`), each player's change, each
player's running total, and a status:

- empty — the hand counts;
- `void` — the hand keeps its number and its deal, but its score is skipped (totals empty);
- `amended` — an earlier text of the hand on the next row with the same number (audit trail);
- `undone` — a hand taken back by `baska undo`; the next hand reuses its number.

Hands that count and void hands are numbered 1, 2, 3 … in file order; `amended` and
`undone` rows carry the number of the hand that follows them. Every row's changes sum to 0.

Reading accepts what a spreadsheet saves back: a UTF-8 BOM, CRLF line ends, quoted cells,
`+2` or `2`, empty trailing cells and empty rows. Lines in messages are physical lines
(a quoted cell may span several). Appends and rewrites hold an exclusive lock on the sidecar
file `.NAME.lock` beside the ledger and re-read the whole file under it; a ledger with any
problem is never written to. Rewrites go to a temporary file in the same directory, are
fsynced and then renamed over the ledger.
"""

from __future__ import annotations

import codecs
import contextlib
import csv
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import islice
from typing import IO, NamedTuple

from baska_cli import halves
from baska_cli.errors import BaskaError, LedgerError
from baska_cli.model import SEATS
from baska_cli.notation import check_player_names, fold
from baska_cli.rules import BUILTIN_NAMES, RuleSet, rules_from_lines
from baska_cli.session import Deltas, Scored, Scorer, add, dealer_of

FORMAT_KEY = "baska ledger"
FORMAT_VERSION = "1"
KEY_PLAYERS = "players"
KEY_RULES = "rules"
KEY_HOUSE = "house rule"
KEY_DEALER = "first dealer"
KEY_DEALS = "deals"
KNOWN_KEYS = (FORMAT_KEY, KEY_PLAYERS, KEY_RULES, KEY_HOUSE, KEY_DEALER, KEY_DEALS)
HEADER_MARK = "#"
VOID = "void"
AMENDED = "amended"
UNDONE = "undone"
SLOT_STATUSES = ("", VOID)  # rows that hold a hand number of their own
STATUSES = ("", VOID, AMENDED, UNDONE)
ROW_CELLS = 12
ROW_CELLS_COUNTED = 11  # a counted hand with its running totals, no status
KNOWN_LIMIT = 100_000  # distinct hand texts a pass remembers (memory stays bounded)
MAX_LINE = 65_536  # characters in one physical line, its line end included; longer is refused


@dataclass(frozen=True, slots=True)
class Meta:
    """A ledger's metadata: players, rule system, first dealer, planned deals."""

    players: tuple[str, str, str, str]
    rules_name: str
    rules_lines: tuple[str, ...]  # a built-in: its name alone; house rules: `key = value` lines
    first_dealer: int = 0
    deals: int | None = None
    extra: tuple[tuple[str, ...], ...] = ()
    newline: str = "\n"
    bom: bool = False

    def header(self) -> list[str]:
        """The header row above the hands."""
        p = self.players
        return [HEADER_MARK, "dealer", "hand", *p, *(f"{name} total" for name in p), "status"]

    def metadata_rows(self) -> list[list[str]]:
        """The rows above the header, ending with an empty row."""
        rows = [[FORMAT_KEY, FORMAT_VERSION], [KEY_PLAYERS, *self.players]]
        rows.append([KEY_RULES, self.rules_name])
        if not self.is_builtin:
            rows.extend([KEY_HOUSE, line] for line in self.rules_lines)
        rows.append([KEY_DEALER, self.players[self.first_dealer]])
        rows.append([KEY_DEALS, "" if self.deals is None else str(self.deals)])
        rows.extend(list(extra) for extra in self.extra)
        rows.append([])
        return rows

    @property
    def is_builtin(self) -> bool:
        """Whether the rules are a built-in system named by one line."""
        return len(self.rules_lines) == 1 and self.rules_lines[0] in BUILTIN_NAMES

    def with_rules(self, rules: RuleSet) -> Meta:
        """The same session recorded under another rule system."""
        return replace(self, rules_name=rules.name, rules_lines=rules_lines(rules))


def rules_lines(rules: RuleSet) -> tuple[str, ...]:
    """How a rule system is kept in a ledger: a built-in's name, or its house settings."""
    from baska_cli.rules import override_lines, toml_value

    if not rules.overrides:
        return (rules.name,)
    lines = override_lines(rules)
    if not any(key == "name" for key, _ in rules.overrides):
        lines.insert(1, f"name = {toml_value(rules.name)}")
    return tuple(lines)


class Row(NamedTuple):
    """One hand row as stored: physical line, number, dealer, text, changes, totals, status."""

    line: int
    n: int
    dealer: str
    hand: str
    deltas: Deltas
    totals: Deltas | None
    status: str


def row_cells(
    n: int, dealer: str, hand: str, deltas: Sequence[int], totals: Sequence[int] | None, status: str
) -> list[str]:
    """A hand row's cells as written (trailing empty cells left out)."""
    cells = [str(n), dealer, hand, *map(str, deltas)]
    cells += ["", "", "", ""] if totals is None else [str(t) for t in totals]
    if status:
        cells.append(status)
    while cells and not cells[-1]:
        cells.pop()
    return cells


@dataclass(slots=True)
class Tally:
    """What a pass over the rows found: hands numbered, hands counted, totals, the last hand."""

    slots: int = 0
    counted: int = 0
    totals: Deltas = (0, 0, 0, 0)
    last: Row | None = None  # the last row holding a number (counted or void)


class _Feed:
    """The lines csv.reader reads: one line handed back by the line-by-line check, then the
    file's own (so a row that starts on that line may go on over the next ones)."""

    __slots__ = ("first", "stream")

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.first: str | None = None

    def __iter__(self) -> _Feed:
        return self

    def __next__(self) -> str:
        first = self.first
        if first is None:
            return next(self.stream)
        self.first = None
        return first


class LedgerReader:
    """An open ledger: its metadata, then its rows one at a time; problems are collected."""

    def __init__(
        self,
        path: str,
        stream: IO[str],
        newline: str,
        bom: bool,
        identity: tuple[int, ...] | None = None,
    ) -> None:
        self.path = path
        self.identity = identity  # the file read, as _identity() gives it
        self.problems: list[LedgerError] = []
        self.tally = Tally()
        self._feed = _Feed(stream)
        self._reader = csv.reader(self._feed)
        self._line = 0  # the last physical line read
        self.meta_lines: dict[str, int] = {}
        self.meta = self._read_meta(newline, bom)

    def problem(self, line: int, message: str) -> None:
        """Record one problem at a physical line."""
        self.problems.append(LedgerError(message, self.path, line))

    def _next(self) -> tuple[int, list[str]] | None:
        """The next non-empty row and the physical line it starts on."""
        reader = self._reader
        while True:
            start = self._line + 1
            try:
                cells = next(reader)
            except StopIteration:
                return None
            except UnicodeDecodeError:
                line = _undecodable_line(self.path) or start
                raise LedgerError("the file is not UTF-8 text", self.path, line) from None
            except csv.Error as exc:
                raise LedgerError(f"not a CSV file: {exc}", self.path, start) from None
            self._line = reader.line_num
            while cells and not cells[-1].strip():
                cells.pop()
            if cells:
                return start, cells

    def _read_meta(self, newline: str, bom: bool) -> Meta:
        """The metadata rows up to and including the header row."""
        values: dict[str, list[str]] = {}
        house: list[str] = []
        extra: list[tuple[str, ...]] = []
        header: tuple[int, list[str]] | None = None
        while header is None:
            got = self._next()
            if got is None:
                break
            line, cells = got
            key = cells[0].strip().lower()
            if key == HEADER_MARK:
                header = got
            elif key == KEY_HOUSE:
                house.append(cells[1].strip() if len(cells) > 1 else "")
                self.meta_lines.setdefault(KEY_HOUSE, line)
            elif key in KNOWN_KEYS:
                if key in values:
                    raise LedgerError(f'"{cells[0]}" is given twice', self.path, line)
                values[key] = [c.strip() for c in cells[1:]]
                self.meta_lines[key] = line
            else:
                extra.append(tuple(cells))
        first_line = 1
        if FORMAT_KEY not in values:
            raise LedgerError(
                f'not a baska ledger: the first row should be "{FORMAT_KEY},{FORMAT_VERSION}" '
                f"(start one with `baska new FILE --players …`)",
                self.path,
                first_line,
            )
        if values[FORMAT_KEY] != [FORMAT_VERSION]:
            raise LedgerError(
                f"ledger format {','.join(values[FORMAT_KEY])!r} is not known; "
                f"this baska reads format {FORMAT_VERSION}",
                self.path,
                self.meta_lines[FORMAT_KEY],
            )
        players = self._players(values.get(KEY_PLAYERS))
        rules_name, lines = self._rules(values.get(KEY_RULES), house)
        first = self._first_dealer(values.get(KEY_DEALER), players)
        deals = self._deals(values.get(KEY_DEALS))
        meta = Meta(players, rules_name, lines, first, deals, tuple(extra), newline, bom)
        if header is None:
            raise LedgerError(
                f'no header row; expected "{",".join(meta.header())}" after the metadata',
                self.path,
                self._line or 1,
            )
        line, cells = header
        want = meta.header()
        got_cells = [c.strip() for c in cells]
        if got_cells not in (want, want[:-1]):
            raise LedgerError(
                f'the header row should be "{",".join(want)}", not "{",".join(got_cells)}"',
                self.path,
                line,
            )
        return meta

    def _players(self, cells: list[str] | None) -> tuple[str, str, str, str]:
        """The `players` row: four valid names."""
        if cells is None:
            raise LedgerError('the "players" row is missing', self.path, 1)
        try:
            names = check_player_names(cells)
        except BaskaError as error:
            raise LedgerError(str(error), self.path, self.meta_lines[KEY_PLAYERS]) from None
        return (names[0], names[1], names[2], names[3])

    def _rules(self, cells: list[str] | None, house: list[str]) -> tuple[str, tuple[str, ...]]:
        """The `rules` row (and `house rule` rows); loading them is checked by `rules()`."""
        if not cells or not cells[0]:
            raise LedgerError(
                'the "rules" row is missing or empty', self.path, self.meta_lines.get(KEY_RULES, 1)
            )
        return cells[0], tuple(house) if house else (cells[0].lower(),)

    def _first_dealer(self, cells: list[str] | None, players: Sequence[str]) -> int:
        """The seat of the `first dealer` (seat 1 when the row is missing)."""
        if not cells or not cells[0]:
            return 0
        folded = [fold(p) for p in players]
        if fold(cells[0]) not in folded:
            raise LedgerError(
                f'the first dealer "{cells[0]}" is not one of the players ({", ".join(players)})',
                self.path,
                self.meta_lines[KEY_DEALER],
            )
        return folded.index(fold(cells[0]))

    def _deals(self, cells: list[str] | None) -> int | None:
        """The planned number of deals, if any."""
        if not cells or not cells[0]:
            return None
        try:
            deals = int(cells[0])
        except ValueError:
            deals = 0
        if deals < 1:
            raise LedgerError(
                f'"deals" must be a whole number of deals, not "{cells[0]}"',
                self.path,
                self.meta_lines[KEY_DEALS],
            )
        return deals

    def rules(self) -> RuleSet:
        """The session's rule system, loaded from the file's own rows."""
        line = self.meta_lines.get(KEY_HOUSE, self.meta_lines.get(KEY_RULES, 1))
        lines = list(self.meta.rules_lines)
        if KEY_HOUSE not in self.meta_lines and lines[0] not in BUILTIN_NAMES:
            raise LedgerError(
                f'the rule system "{self.meta.rules_name}" is not built in '
                f'({", ".join(BUILTIN_NAMES)}) and the file has no "{KEY_HOUSE}" rows',
                self.path,
                line,
            )
        try:
            return rules_from_lines(lines, f"{self.path}:{line}")
        except BaskaError as error:
            message = str(error)
            prefix = f"{self.path}:{line}: "
            message = message[len(prefix) :] if message.startswith(prefix) else message
            raise LedgerError(
                f"the rule system cannot be loaded: {message}", self.path, line
            ) from None

    def rows(self) -> Iterator[Row]:
        """The hand rows that can be read; the others become problems (a tight loop: the
        batch commands read a million rows through it)."""
        reader, to_row = self._reader, self._to_row
        prev = self._line
        skew = prev - reader.line_num  # lines read past csv.reader (none unless scanned)
        try:
            for cells in reader:
                line = prev + 1
                prev = reader.line_num + skew
                row = to_row(line, cells)
                if row is not None:
                    yield row
        except (UnicodeDecodeError, csv.Error) as exc:
            raise self._read_error(exc, prev + 1) from None
        finally:
            self._line = prev

    def _cells_at(self, text: str, line: int) -> tuple[list[str], int]:
        """The cells of the row that starts with the line `text` (physical line `line`; a
        quoted cell may take the next lines too) and the last physical line it takes."""
        reader = self._reader
        before = reader.line_num
        self._feed.first = text
        cells = next(reader)
        return cells, line + reader.line_num - before - 1

    def _read_error(self, exc: UnicodeDecodeError | csv.Error, line: int) -> LedgerError:
        """The error for a file that stops being UTF-8 or CSV at the row starting on `line`."""
        if isinstance(exc, UnicodeDecodeError):  # decoded ahead: find the line of the bytes
            line = _undecodable_line(self.path) or line
            return LedgerError("the file is not UTF-8 text", self.path, line)
        return LedgerError(f"not a CSV file: {exc}", self.path, line)

    def _to_row(self, line: int, cells: list[str]) -> Row | None:
        """One row's cells as rows() reads them (None for an empty or broken row)."""
        if not cells or not cells[-1]:
            while cells and not cells[-1].strip():
                cells.pop()
            if not cells:
                return None
        if len(cells) == 11:
            try:
                return Row(
                    line,
                    int(cells[0]),
                    cells[1],
                    cells[2],
                    (int(cells[3]), int(cells[4]), int(cells[5]), int(cells[6])),
                    (int(cells[7]), int(cells[8]), int(cells[9]), int(cells[10])),
                    "",
                )
            except ValueError:
                pass
        return self._slow_row(line, cells)

    def _slow_row(self, line: int, cells: list[str]) -> Row | None:
        """Any other row: a void or superseded hand, or a broken row (recorded as a problem)."""
        problem = self.problem
        count = len(cells)
        if count > ROW_CELLS:
            problem(line, f"{count} cells; a hand row has at most {ROW_CELLS}")
            return None
        try:
            n = int(cells[0])
            deltas = (int(cells[3]), int(cells[4]), int(cells[5]), int(cells[6]))
        except (ValueError, IndexError):
            problem(line, _bad_row(cells))
            return None
        status = cells[11].strip().lower() if count == ROW_CELLS else ""
        totals: Deltas | None = None
        if count > 7 and not status:
            try:
                totals = (int(cells[7]), int(cells[8]), int(cells[9]), int(cells[10]))
            except (ValueError, IndexError):
                problem(line, f"hand {n}: the running totals must be four whole numbers")
                return None
        return Row(line, n, cells[1].strip(), cells[2].strip(), deltas, totals, status)


def _bad_row(cells: Sequence[str]) -> str:
    """Why a row is not a hand row."""
    if len(cells) < 7:
        return (
            f'"{",".join(cells)}" is not a hand row; expected the number, dealer, hand and '
            f"four players' changes"
        )
    if not cells[0].strip().isdigit():
        return f'"{cells[0]}" is not a hand number'
    return f'hand {cells[0].strip()}: the changes "{",".join(cells[3:7])}" must be whole numbers'


def _undecodable_line(path: str) -> int | None:
    """The physical line (ended by CR, LF or CRLF) of the first bytes that are not UTF-8."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    line, after_cr = 1, False
    try:
        with open(path, "rb") as raw:
            while True:
                piece = raw.read(1 << 16)
                try:
                    decoder.decode(piece, final=not piece)
                except UnicodeDecodeError as exc:
                    head = piece[: max(exc.start - (len(exc.object) - len(piece)), 0)]
                    return line + _line_breaks(head, after_cr)
                if not piece:
                    return None
                line += _line_breaks(piece, after_cr)
                after_cr = piece.endswith(b"\r")
    except OSError:
        return None


TOO_LONG = f"the line is longer than {MAX_LINE - 1} bytes; a ledger line is far shorter"


def _first_long_line(fileno: int) -> int | None:
    """The first physical line longer than MAX_LINE bytes, found without holding it.

    The file is read in windows of MAX_LINE // 2 bytes; each costs a few C-level finds, and
    a line is measured from the last line end seen to the next one.
    """
    size = os.fstat(fileno).st_size
    if size < MAX_LINE:
        return None
    window, pos, begin = MAX_LINE // 2, 0, 0  # begin: where the current line starts
    while pos < size:
        chunk = os.pread(fileno, window, pos)
        if not chunk:
            break
        last = max(chunk.rfind(b"\n"), chunk.rfind(b"\r"))
        if last < 0:
            end = pos + len(chunk)
        else:
            end = pos + min(i for i in (chunk.find(b"\n"), chunk.find(b"\r")) if i >= 0)
        if end - begin > MAX_LINE - 1:
            return 1 + _breaks_before(fileno, begin)
        if last >= 0:
            begin = pos + last + 1
        pos += len(chunk)
    return None


def _breaks_before(fileno: int, offset: int) -> int:
    """How many line ends the file holds before `offset` (read a megabyte at a time)."""
    count, pos, after_cr = 0, 0, False
    while pos < offset:
        data = os.pread(fileno, min(1 << 20, offset - pos), pos)
        if not data:
            break
        count += _line_breaks(data, after_cr)
        after_cr = data.endswith(b"\r")
        pos += len(data)
    return count


def _line_breaks(data: bytes, after_cr: bool) -> int:
    """How many line ends (CR, LF, CRLF) `data` holds; an LF right after a CR is the same one."""
    count = data.count(b"\n")
    if b"\r" in data:  # (a quick find: most files hold none)
        count += data.count(b"\r") - data.count(b"\r\n")
    return count - 1 if after_cr and data.startswith(b"\n") else count


def _identity(st: os.stat_result) -> tuple[int, ...]:
    """What tells whether a file was replaced or written since it was read."""
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _peek(path: str) -> tuple[str, bool, bool]:
    """The file's line end, whether it starts with a BOM, and whether it ends with a line end."""
    with open(path, "rb") as raw:
        head = raw.read(4096)
        raw.seek(0, os.SEEK_END)
        size = raw.tell()
        ends = True
        if size:
            raw.seek(size - 1)
            ends = raw.read(1) in (b"\n", b"\r")
    newline = "\r\n" if b"\r\n" in head else "\n"
    return newline, head.startswith(b"\xef\xbb\xbf"), ends


@contextlib.contextmanager
def open_ledger(path: str) -> Iterator[LedgerReader]:
    """Open a ledger for reading; metadata problems raise a LedgerError naming file:line."""
    try:
        newline, bom, _ = _peek(path)
        stream = open(path, encoding="utf-8-sig", newline="")  # noqa: SIM115 (closed below)
    except FileNotFoundError:
        raise LedgerError(
            "no such ledger; start one with `baska new FILE --players …`", path
        ) from None
    except IsADirectoryError:
        raise LedgerError("is a directory, not a ledger file", path) from None
    except OSError as exc:
        raise LedgerError(f"cannot read the ledger: {exc.strerror}", path) from None
    with stream:
        identity = _identity(os.fstat(stream.fileno()))
        long_line = _first_long_line(stream.fileno())
        if long_line is not None:
            raise LedgerError(TOO_LONG, path, long_line)
        yield LedgerReader(path, stream, newline, bom, identity)


OnChange = Callable[[Row, "Scored | BaskaError"], None]


class _Verifier:
    """One pass over a ledger's rows: the checks of each row, and what the pass has found."""

    def __init__(
        self,
        reader: LedgerReader,
        scorer: Scorer | None,
        strict: bool,
        on_change: OnChange | None,
    ) -> None:
        meta = reader.meta
        self.reader, self.scorer, self.strict, self.on_change = reader, scorer, strict, on_change
        self.rules_name = meta.rules_name
        self.dealers = [meta.players[dealer_of(meta.first_dealer, n)] for n in range(SEATS)]
        self.slots, self.counted = 0, 0
        self.totals: Deltas = (0, 0, 0, 0)
        self.last: Row | tuple[int, str] | None = None  # a row, or a line not yet read as one
        # "hand,change,change,change,change" exactly as on a line that passed the long way,
        # with its changes: a later line holding the same text needs only its totals checked
        self.known: dict[str, Deltas] = {}
        # halves.py's child: each hand text with the changes its rows give it, scored later
        # by the parent (None: rows with other changes)
        self.trusted: dict[str, Deltas | None] | None = None
        # a name with a quote in it could start a quoted cell: such tables go the long way
        self.quoted_names = any('"' in name for name in meta.players)

    def step(self, row: Row) -> bool:
        """Check one row, recording its problems; whether it passes through (a row with an
        unknown status does not)."""
        problem, dealers = self.reader.problem, self.dealers
        line, n, dealer, hand, deltas, totals, status = row
        slots = self.slots
        if n != slots + 1:
            problem(line, f"hand number {n}, expected {slots + 1}")
        if dealer != dealers[n % SEATS] and dealer.strip() != dealers[n % SEATS]:
            problem(line, f'hand {n}: the dealer is {dealers[n % SEATS]}, not "{dealer}"')
        if not hand:
            problem(line, f"hand {n}: the hand is empty")
        if status:
            if status not in STATUSES:
                problem(line, f'hand {n}: "{status}" is not a status; expected {_STATUS_WORDS}')
                return False
            if deltas[0] + deltas[1] + deltas[2] + deltas[3]:
                problem(line, f"hand {n}: the changes sum to {sum(deltas):+d}, not 0")
            if status == VOID:
                self.slots = n if n > slots else slots + 1
                self.last = row
            return True
        self.slots = n if n > slots else slots + 1
        self.last = row
        self.counted += 1
        scorer, on_change, trusted = self.scorer, self.on_change, self.trusted
        if trusted is not None and trusted.setdefault(hand, deltas) != deltas:
            trusted[hand] = None  # one text, two sets of changes: they cannot both be right
        if not self.strict:
            self.totals = add(self.totals, deltas)
            if scorer is not None and on_change is not None:
                scored = scorer.cache.get(hand) or scorer(hand)
                if isinstance(scored, BaskaError) or scored.deltas != deltas:
                    on_change(row, scored)
            return True
        if deltas[0] + deltas[1] + deltas[2] + deltas[3]:
            problem(line, f"hand {n}: the changes sum to {sum(deltas):+d}, not 0")
        if scorer is not None:
            scored = scorer.cache.get(hand) or scorer(hand)
            if isinstance(scored, BaskaError) or scored.deltas != deltas:
                if on_change is not None:
                    on_change(row, scored)
                elif isinstance(scored, BaskaError):
                    problem(line, f'hand {n} "{hand}": {scored}')
                else:
                    problem(
                        line,
                        f'hand {n} "{hand}": the changes are {_show(deltas)}, '
                        f"but {self.rules_name} gives {_show(scored.deltas)}",
                    )
        expected = add(self.totals, deltas)
        self.totals = expected
        if totals is None:
            problem(line, f"hand {n}: the running totals are missing")
        elif totals != expected:
            problem(
                line,
                f"hand {n}: the running totals are {_show(totals, signs=False)}, "
                f"expected {_show(expected, signs=False)}",
            )
            self.totals = totals
        return True

    def one(self, line: int, cells: list[str]) -> None:
        """Read and check one row of cells."""
        row = self.reader._to_row(line, cells)
        if row is not None:
            self.step(row)

    def lines(self, source: Iterable[str]) -> None:
        """Check the rows on the lines of `source` (the reader's file, or a part of it) a
        physical line at a time (a tight loop: check, append and recalc read a million lines
        through it).

        A line written exactly as baska writes the counted hand that follows (its number, its
        dealer, a hand and changes in the very text of an earlier line that passed every
        check, the running totals) is taken in with a few string operations; any other line
        is read as CSV and checked by step().
        """
        reader, known, eol = self.reader, self.known, self.reader.meta.newline
        dealers = [*self.dealers[1:], self.dealers[0]]  # [n & 3]: the dealer of hand n + 1
        line, last, last_text = reader._line, 0, ""
        n, (t0, t1, t2, t3), counted = self.slots, self.totals, self.counted
        try:
            for text in source:
                line += 1
                cells = text.rsplit(",", 4)
                head = cells[0].split(",", 2)
                # a known text holds four commas: a hit means three head cells, five cells
                changes = known.get(head[-1])
                if changes is not None and head[0] == str(n + 1) and head[1] == dealers[n & 3]:
                    a, b, c, d = changes
                    if (
                        cells[1] == str(t0 + a)
                        and cells[2] == str(t1 + b)
                        and cells[3] == str(t2 + c)
                        and cells[4] == f"{t3 + d}{eol}"
                    ):
                        n, t0, t1, t2, t3 = n + 1, t0 + a, t1 + b, t2 + c, t3 + d
                        counted += 1
                        last, last_text = line, text
                        continue
                if last:
                    self.last = (last, last_text)
                self.slots, self.totals, self.counted = n, (t0, t1, t2, t3), counted
                row, end = reader._cells_at(text, line)
                before = len(reader.problems)
                self.one(line, row)
                if len(reader.problems) == before and len(row) == ROW_CELLS_COUNTED:
                    self._learn(text, row)
                n, (t0, t1, t2, t3), counted = self.slots, self.totals, self.counted
                line, last = end, 0
        except (UnicodeDecodeError, csv.Error) as exc:
            raise reader._read_error(exc, line) from None
        finally:
            reader._line = line
        if last:
            self.last = (last, last_text)
        self.slots, self.totals, self.counted = n, (t0, t1, t2, t3), counted

    def _learn(self, text: str, cells: list[str]) -> None:
        """Remember the hand-and-changes text of a counted line that passed every check, if
        the line is laid out as baska writes it and that text reads back as the same cells."""
        if len(self.known) >= KNOWN_LIMIT or self.quoted_names:
            return
        head = text.rsplit(",", 4)[0].split(",", 2)
        if len(head) < 3 or head[:2] != cells[:2]:
            return
        deltas = (int(cells[3]), int(cells[4]), int(cells[5]), int(cells[6]))
        if not cells[2] or deltas[0] + deltas[1] + deltas[2] + deltas[3]:
            return  # (a pass that is not strict lets such rows through)
        if self.scorer is not None:
            scored = self.scorer.cache.get(cells[2])
            if not isinstance(scored, Scored) or scored.deltas != deltas:
                return  # refused or scored otherwise: it went to on_change
        try:
            if next(csv.reader([head[2]]), None) == cells[2:7]:
                self.known[head[2]] = deltas
        except csv.Error:
            pass

    def finish(self) -> None:
        """Leave what the pass found in the reader's tally."""
        tally, last = self.reader.tally, self.last
        if isinstance(last, tuple) and not isinstance(last, Row):
            line, text = last
            last = self.reader._to_row(line, next(csv.reader([text])))
        tally.slots, tally.counted, tally.totals, tally.last = (
            self.slots,
            self.counted,
            self.totals,
            last,
        )


def verify(
    reader: LedgerReader,
    scorer: Scorer | None = None,
    strict: bool = True,
    on_change: OnChange | None = None,
) -> Iterator[Row]:
    """Pass the rows through, checking numbers, dealers, zero sums, totals and (with a scorer)
    each counted hand's changes; `strict=False` leaves counted hands' sums and totals alone.
    With `on_change`, a counted hand that the scorer refuses or scores otherwise goes to it
    instead of becoming a problem."""
    verifier = _Verifier(reader, scorer, strict, on_change)
    step = verifier.step
    for row in reader.rows():
        if step(row):
            yield row
    verifier.finish()


def scan(
    reader: LedgerReader,
    scorer: Scorer | None = None,
    strict: bool = True,
    on_change: OnChange | None = None,
) -> None:
    """verify() for its problems, tally and `on_change` alone, a line at a time: a hand
    already seen costs a few string operations (check, append and recalc use it)."""
    verifier = _Verifier(reader, scorer, strict, on_change)
    stream = reader._feed.stream
    helper = halves.start(reader, verifier)  # a child checking the second half, if it pays
    if helper is not None:
        try:
            verifier.lines(islice(stream, helper.seam.lines_before - reader._line))
        except BaseException:
            helper.cancel()
            raise
        if helper.join(verifier):
            verifier.finish()
            return
    verifier.lines(stream)
    verifier.finish()


_STATUS_WORDS = "void, amended or undone (or empty)"


def _show(values: Sequence[int], signs: bool = True) -> str:
    """Four numbers as `+2 −2 +2 −2` for messages."""
    return " ".join(f"{v:+d}" if signs else str(v) for v in values)


def check(path: str, scorer: Callable[[Meta, RuleSet], Scorer] | None = None) -> LedgerReader:
    """Read the whole ledger and return its reader with every problem collected."""
    with open_ledger(path) as reader:
        rules = reader.rules()
        made = scorer(reader.meta, rules) if scorer else Scorer(reader.meta.players, rules)
        scan(reader, made)
    return reader


def refuse_if_broken(reader: LedgerReader) -> None:
    """Raise a LedgerError (the first problem, and how many more) if the reader found any."""
    if not reader.problems:
        return
    first = reader.problems[0]
    more = len(reader.problems) - 1
    extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
    raise LedgerError(
        f"{first.message}{extra}; the ledger was not changed — see `baska check {reader.path}`",
        first.path,
        first.line,
    )


# --- writing --------------------------------------------------------------------------------


def _lock_path(path: str) -> str:
    """The sidecar lock `.NAME.lock` beside the ledger (a rename replaces the ledger's inode)."""
    folder, name = os.path.split(os.path.abspath(path))
    return os.path.join(folder, f".{name}.lock")


def _temp_prefix(path: str) -> tuple[str, str]:
    """The folder and the name prefix of the ledger's temporary files (`.NAME.baska-….tmp`)."""
    folder, name = os.path.split(os.path.abspath(path))
    return folder, f".{name}.baska-"


def _remove_stale_temps(path: str) -> None:
    """Under the lock no other writer of this ledger is at work: a temporary file of its is
    left by a writer that was killed, and goes (mkstemp adds 8 characters, then `.tmp`)."""
    folder, prefix = _temp_prefix(path)
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            name = entry.name
            if name.startswith(prefix) and name.endswith(".tmp") and len(name) == len(prefix) + 12:
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


@contextlib.contextmanager
def locked(path: str) -> Iterator[None]:
    """Hold an exclusive lock for the ledger while creating, appending or rewriting it."""
    import fcntl

    try:
        handle = open(_lock_path(path), "a")  # noqa: SIM115 (closed below)
    except OSError as exc:
        raise LedgerError(f"cannot lock the ledger: {exc.strerror}", path) from None
    with handle:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        except OSError as exc:
            raise LedgerError(f"cannot lock the ledger: {exc.strerror}", path) from None
        try:
            _remove_stale_temps(path)
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _fsync_dir(folder: str) -> None:
    """Make a rename durable."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _write_rows(stream: IO[str], meta: Meta, rows: Iterable[Sequence[str]]) -> None:
    """The whole file: BOM if the ledger had one, metadata, header, rows."""
    if meta.bom:
        stream.write("\ufeff")
    writer = csv.writer(stream, lineterminator=meta.newline)
    writer.writerows(meta.metadata_rows())
    writer.writerow(meta.header())
    writer.writerows(rows)


def create(path: str, meta: Meta) -> None:
    """Write a new, empty ledger; refuse if the file exists (never overwrites)."""
    import tempfile  # (here: check and append, which never write a new file, skip its imports)

    folder, prefix = _temp_prefix(path)
    exists = "the file exists already; a new ledger never overwrites a file"
    if os.path.lexists(path):
        raise LedgerError(exists, path)
    with locked(path):
        try:
            fd, temp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=folder)
        except OSError as exc:
            raise LedgerError(f"cannot create the ledger: {exc.strerror}", path) from None
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as stream:
                _write_rows(stream, meta, [])
                stream.flush()
                os.fsync(stream.fileno())
            os.link(temp, path)  # fails if the file appeared meanwhile
            _fsync_dir(folder)
        except FileExistsError:
            raise LedgerError(exists, path) from None
        except OSError as exc:
            raise LedgerError(f"cannot create the ledger: {exc.strerror}", path) from None
        finally:
            with contextlib.suppress(OSError):
                os.unlink(temp)


Build = Callable[[LedgerReader, RuleSet], Sequence[str]]

_CHANGED = "the ledger was {} by another program while baska was writing it"


def append(path: str, build: Build) -> None:
    """Under the lock: re-read and check the whole ledger, then append the row `build` makes.

    The row goes to the very file that was read (never a new one if the ledger was removed
    meanwhile, never one that another program changed meanwhile); if it cannot be written
    whole and synced, the file is cut back to its old length, so the ledger is unchanged."""
    with locked(path):
        with open_ledger(path) as reader:
            rules = reader.rules()
            scan(reader, Scorer(reader.meta.players, rules))
        refuse_if_broken(reader)
        cells = build(reader, rules)
        newline = reader.meta.newline
        try:
            fd = os.open(path, os.O_RDWR | os.O_APPEND)
        except FileNotFoundError:
            raise LedgerError(
                f"{_CHANGED.format('removed')}; the hand was not recorded", path
            ) from None
        except OSError as exc:
            raise LedgerError(f"cannot write the ledger: {exc.strerror}", path) from None
        try:
            st = os.fstat(fd)
            if _identity(st) != reader.identity:
                raise LedgerError(
                    f"{_CHANGED.format('changed')}; the hand was not recorded, try again", path
                )
            ends = st.st_size == 0 or os.pread(fd, 1, st.st_size - 1) in (b"\n", b"\r")
            line = ("" if ends else newline) + _csv_line(cells, newline)
            _append_whole(fd, line.encode("utf-8"), st.st_size, path)
            if _identity(os.stat(path))[:2] != _identity(st)[:2]:
                raise LedgerError(f"{_CHANGED.format('replaced')}; the hand was not recorded", path)
        except OSError as exc:
            raise LedgerError(f"cannot write the ledger: {exc.strerror}", path) from None
        finally:
            os.close(fd)


def _csv_line(cells: Sequence[str], newline: str) -> str:
    """One row as the ledger's CSV writer writes it."""
    import io

    buffer = io.StringIO()
    csv.writer(buffer, lineterminator=newline).writerow(cells)
    return buffer.getvalue()


def _append_whole(fd: int, data: bytes, size: int, path: str) -> None:
    """Write all of `data` at the end and sync it, or cut the file back to `size` and raise."""
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.ftruncate(fd, size)
            os.fsync(fd)
        raise LedgerError(
            f"cannot write the ledger: {exc.strerror}; the ledger was not changed", path
        ) from None


Transform = Callable[[LedgerReader, RuleSet, Tally], tuple[Meta, Iterable[Sequence[str]]]]


def rewrite(path: str, transform: Transform, precheck: bool = True) -> LedgerReader:
    """Under the lock: (with precheck) check the whole ledger, refusing if it has a problem;
    then stream it through `transform` into a temporary file that replaces the ledger only
    if no problem was found on the way, and only if the ledger is writable and still the
    file that was read."""
    import tempfile

    folder, prefix = _temp_prefix(path)
    with locked(path):
        tally = Tally()
        if precheck:
            first = check(path)
            refuse_if_broken(first)
            tally = first.tally
        with open_ledger(path) as reader:
            rules = reader.rules()
            meta, rows = transform(reader, rules, tally)
            try:
                fd, temp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=folder)
            except OSError as exc:
                raise LedgerError(f"cannot write the ledger: {exc.strerror}", path) from None
            try:
                with os.fdopen(fd, "w", encoding="utf-8", newline="") as stream:
                    _write_rows(stream, meta, rows)
                    stream.flush()
                    os.fsync(stream.fileno())
                refuse_if_broken(reader)
                os.close(os.open(path, os.O_WRONLY))  # a read-only ledger is not replaced
                st = os.stat(path)
                if _identity(st) != reader.identity:
                    raise LedgerError(f"{_CHANGED.format('changed')}; it was not rewritten", path)
                with contextlib.suppress(OSError):
                    os.chmod(temp, st.st_mode & 0o777)
                os.replace(temp, path)
                _fsync_dir(folder)
            except FileNotFoundError:
                raise LedgerError(
                    f"{_CHANGED.format('removed')}; nothing was written", path
                ) from None
            except OSError as exc:
                raise LedgerError(f"cannot write the ledger: {exc.strerror}", path) from None
            finally:
                with contextlib.suppress(OSError):
                    os.unlink(temp)
    return reader
