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

import contextlib
import csv
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import IO, NamedTuple

from baska_cli.errors import BaskaError, LedgerError
from baska_cli.model import SEATS
from baska_cli.notation import check_player_names, fold
from baska_cli.rules import BUILTIN_NAMES, RuleSet, rules_from_lines
from baska_cli.session import Deltas, Scorer, dealer_of

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


class LedgerReader:
    """An open ledger: its metadata, then its rows one at a time; problems are collected."""

    def __init__(self, path: str, stream: IO[str], newline: str, bom: bool) -> None:
        self.path = path
        self.problems: list[LedgerError] = []
        self.tally = Tally()
        self._reader = csv.reader(stream)
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
                raise LedgerError("the file is not UTF-8 text", self.path, start) from None
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
        reader, problem, new_row = self._reader, self.problem, tuple.__new__
        prev = self._line
        try:
            for cells in reader:
                line = prev + 1
                prev = reader.line_num
                if not cells or not cells[-1]:
                    while cells and not cells[-1].strip():
                        cells.pop()
                    if not cells:
                        continue
                count = len(cells)
                row: Row | None = None
                if count == 11:  # the common case: a counted hand with its totals
                    try:
                        row = new_row(
                            Row,
                            (
                                line,
                                int(cells[0]),
                                cells[1],
                                cells[2],
                                (int(cells[3]), int(cells[4]), int(cells[5]), int(cells[6])),
                                (int(cells[7]), int(cells[8]), int(cells[9]), int(cells[10])),
                                "",
                            ),
                        )
                    except ValueError:
                        row = None
                if row is None:
                    row = self._slow_row(line, cells)
                    if row is None:
                        continue
                yield row
        except UnicodeDecodeError:
            raise LedgerError("the file is not UTF-8 text", self.path, prev + 1) from None
        except csv.Error as exc:
            raise LedgerError(f"not a CSV file: {exc}", self.path, prev + 1) from None
        finally:
            self._line = prev
        del problem

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
        yield LedgerReader(path, stream, newline, bom)


def verify(
    reader: LedgerReader, scorer: Scorer | None = None, strict: bool = True
) -> Iterator[Row]:
    """Pass the rows through, checking numbers, dealers, zero sums, totals and (with a scorer)
    each counted hand's changes; `strict=False` leaves counted hands' sums and totals alone."""
    meta, tally, problem = reader.meta, reader.tally, reader.problem
    dealers = [meta.players[dealer_of(meta.first_dealer, n)] for n in range(SEATS)]
    cache = scorer.cache if scorer is not None else {}
    slots, counted, last = 0, 0, None
    t0 = t1 = t2 = t3 = 0
    for row in reader.rows():
        line, n, dealer, hand, deltas, totals, status = row
        if n != slots + 1:
            problem(line, f"hand number {n}, expected {slots + 1}")
        if dealer != dealers[n % SEATS] and dealer.strip() != dealers[n % SEATS]:
            problem(line, f'hand {n}: the dealer is {dealers[n % SEATS]}, not "{dealer}"')
        if not hand:
            problem(line, f"hand {n}: the hand is empty")
        if status:
            if status not in STATUSES:
                problem(line, f'hand {n}: "{status}" is not a status; expected {_STATUS_WORDS}')
                continue
            if deltas[0] + deltas[1] + deltas[2] + deltas[3]:
                problem(line, f"hand {n}: the changes sum to {sum(deltas):+d}, not 0")
            if status == VOID:
                slots = n if n > slots else slots + 1
                last = row
            yield row
            continue
        slots = n if n > slots else slots + 1
        last = row
        counted += 1
        if not strict:
            yield row
            continue
        if deltas[0] + deltas[1] + deltas[2] + deltas[3]:
            problem(line, f"hand {n}: the changes sum to {sum(deltas):+d}, not 0")
        if scorer is not None:
            scored = cache.get(hand) or scorer(hand)
            if isinstance(scored, BaskaError):
                problem(line, f'hand {n} "{hand}": {scored}')
            elif scored.deltas != deltas:
                problem(
                    line,
                    f'hand {n} "{hand}": the changes are {_show(deltas)}, '
                    f"but {meta.rules_name} gives {_show(scored.deltas)}",
                )
        t0 += deltas[0]
        t1 += deltas[1]
        t2 += deltas[2]
        t3 += deltas[3]
        if totals is None:
            problem(line, f"hand {n}: the running totals are missing")
        elif totals != (t0, t1, t2, t3):
            problem(
                line,
                f"hand {n}: the running totals are {_show(totals, signs=False)}, "
                f"expected {_show((t0, t1, t2, t3), signs=False)}",
            )
            t0, t1, t2, t3 = totals
        yield row
    tally.slots, tally.counted, tally.totals, tally.last = slots, counted, (t0, t1, t2, t3), last


_STATUS_WORDS = "void, amended or undone (or empty)"


def _show(values: Sequence[int], signs: bool = True) -> str:
    """Four numbers as `+2 −2 +2 −2` for messages."""
    return " ".join(f"{v:+d}" if signs else str(v) for v in values)


def check(path: str, scorer: Callable[[Meta, RuleSet], Scorer] | None = None) -> LedgerReader:
    """Read the whole ledger and return its reader with every problem collected."""
    with open_ledger(path) as reader:
        rules = reader.rules()
        made = scorer(reader.meta, rules) if scorer else Scorer(reader.meta.players, rules)
        for _ in verify(reader, made):
            pass
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


@contextlib.contextmanager
def locked(path: str) -> Iterator[None]:
    """Hold an exclusive lock for the ledger while appending or rewriting it."""
    import fcntl

    try:
        handle = open(_lock_path(path), "a")  # noqa: SIM115 (closed below)
    except OSError as exc:
        raise LedgerError(f"cannot lock the ledger: {exc.strerror}", path) from None
    with handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
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
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.lexists(path):
        raise LedgerError("the file exists already; a new ledger never overwrites a file", path)
    try:
        fd, temp = tempfile.mkstemp(prefix=".baska-", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise LedgerError(f"cannot create the ledger: {exc.strerror}", path) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as stream:
            _write_rows(stream, meta, [])
            stream.flush()
            os.fsync(stream.fileno())
        try:
            os.link(temp, path)  # fails if the file appeared meanwhile
        except FileExistsError:
            raise LedgerError(
                "the file exists already; a new ledger never overwrites a file", path
            ) from None
        except OSError as exc:
            raise LedgerError(f"cannot create the ledger: {exc.strerror}", path) from None
        _fsync_dir(folder)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)


Build = Callable[[LedgerReader, RuleSet], Sequence[str]]


def append(path: str, build: Build) -> None:
    """Under the lock: re-read and check the whole ledger, then append the row `build` makes."""
    with locked(path):
        with open_ledger(path) as reader:
            rules = reader.rules()
            for _ in verify(reader, Scorer(reader.meta.players, rules)):
                pass
        refuse_if_broken(reader)
        cells = build(reader, rules)
        _, _, ends = _peek(path)
        try:
            with open(path, "a", encoding="utf-8", newline="") as stream:
                if not ends:
                    stream.write(reader.meta.newline)
                csv.writer(stream, lineterminator=reader.meta.newline).writerow(cells)
                stream.flush()
                os.fsync(stream.fileno())
        except OSError as exc:
            raise LedgerError(f"cannot write the ledger: {exc.strerror}", path) from None


Transform = Callable[[LedgerReader, RuleSet, Tally], tuple[Meta, Iterable[Sequence[str]]]]


def rewrite(path: str, transform: Transform, precheck: bool = True) -> LedgerReader:
    """Under the lock: (with precheck) check the whole ledger, refusing if it has a problem;
    then stream it through `transform` into a temporary file that replaces the ledger only
    if no problem was found on the way."""
    folder = os.path.dirname(os.path.abspath(path))
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
                fd, temp = tempfile.mkstemp(prefix=".baska-", suffix=".tmp", dir=folder)
            except OSError as exc:
                raise LedgerError(f"cannot write the ledger: {exc.strerror}", path) from None
            try:
                with os.fdopen(fd, "w", encoding="utf-8", newline="") as stream:
                    _write_rows(stream, meta, rows)
                    stream.flush()
                    os.fsync(stream.fileno())
                refuse_if_broken(reader)
                with contextlib.suppress(OSError):
                    os.chmod(temp, os.stat(path).st_mode & 0o777)
                os.replace(temp, path)
                _fsync_dir(folder)
            except OSError as exc:
                raise LedgerError(f"cannot write the ledger: {exc.strerror}", path) from None
            finally:
                with contextlib.suppress(OSError):
                    os.unlink(temp)
    return reader
