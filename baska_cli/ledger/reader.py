"""Reading a ledger: bytes to metadata and hand rows, each with the physical line it starts on.

The reader checks nothing about the hands (that is `verify`): it decodes, in the file's own
dialect (`dialect`: character set, BOM, separator, line end). A row it cannot decode (too
many cells, a number that is not one) becomes a problem and is skipped, and so does a cell
whose text a spreadsheet garbled (`garbled`); a file that is not text in a character set
baska reads or not CSV, whose metadata is wrong, or whose players' names are damaged,
raises a LedgerError.
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import IO

from baska_cli.errors import LedgerError
from baska_cli.files.kind import NotRegularFile, open_regular
from baska_cli.files.replace import identity
from baska_cli.game.rules import RuleSet
from baska_cli.i18n import N_, _, ngettext, os_reason
from baska_cli.ledger.cells import bad_row, read_changes, read_four, read_number
from baska_cli.ledger.dialect import (
    HEAD,
    UTF8,
    Dialect,
    DialectError,
    encoding_name,
    sniff,
)
from baska_cli.ledger.filebytes import first_long_line, read_at, undecodable_line
from baska_cli.ledger.format import (
    FORMAT_KEY,
    FORMAT_VERSION,
    FORMAT_VERSIONS,
    HEADER_MARK,
    KEY_DEALER,
    KEY_DEALS,
    KEY_HOUSE,
    KEY_PLAYERS,
    KEY_RULES,
    KNOWN_KEYS,
    MAX_LINE,
    ROW_CELLS,
    ROW_CELLS_COUNTED,
    Cells,
    Meta,
    Tally,
)
from baska_cli.ledger.garbled import garbled, garbled_hint
from baska_cli.ledger.metadata import (
    bad_header,
    deals_row,
    first_dealer_row,
    load_rules,
    one_cell,
    players_row,
    rules_row,
)

TOO_LONG = N_("the line is longer than {limit} bytes; a ledger line is far shorter")


class LedgerReader:
    """An open ledger: its metadata, then its rows one at a time; problems are collected."""

    def __init__(
        self,
        path: str,
        stream: IO[str],
        dialect: Dialect = Dialect(),  # noqa: B008  (frozen)
        identity: tuple[int, ...] | None = None,
    ) -> None:
        self.path = path
        self.identity = identity  # the file read, as identity() gives it
        self.dialect = dialect
        self.problems: list[LedgerError] = []
        self.tally = Tally()  # filled in by verify's pass
        self._stream = stream
        self._ended = False  # csv.reader asked past the last line: a quoted cell never closed
        self._reader = csv.reader(self._lines(), delimiter=dialect.sep)
        self._line = 0  # the last physical line read
        self.meta_lines: dict[str, int] = {}
        self._sep = dialect.sep
        self.meta = self._read_meta(dialect)
        self._version = self.meta.version
        self._cells = ROW_CELLS + len(self.meta.columns)  # at most, in a hand row

    @property
    def lines(self) -> int:
        """The physical lines read so far (all of them once the rows are read through)."""
        return self._line

    def _lines(self) -> Iterator[str]:
        """The file's physical lines, for csv.reader; noting when it asks past the last."""
        yield from self._stream
        self._ended = True

    def problem(self, line: int, message: str) -> None:
        """Record one problem at a physical line."""
        self.problems.append(LedgerError(message, self.path, line))

    # --- metadata ---------------------------------------------------------------------------

    def _next(self) -> tuple[int, list[str]] | None:
        """The next non-empty row and the physical line it starts on."""
        reader = self._reader
        while True:
            start = self._line + 1
            try:
                cells = next(reader)
            except StopIteration:
                return None
            except (UnicodeDecodeError, csv.Error) as exc:
                raise self.read_error(exc, start) from None
            self._line = reader.line_num
            empty = cells.count("")  # (format 2 pads every row with empty cells: cut at once)
            if empty and not "".join(cells[-empty:]):
                del cells[-empty:]
            while cells and not cells[-1].strip():
                cells.pop()
            if cells:
                return start, cells

    def _read_meta(self, dialect: Dialect) -> Meta:
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
            if key.startswith(FORMAT_KEY) and key != FORMAT_KEY:
                raise LedgerError(one_cell(cells[0]), self.path, line)
            if key == HEADER_MARK:
                header = got
            elif key == KEY_HOUSE:
                house.append(cells[1].strip() if len(cells) > 1 else "")
                self.meta_lines.setdefault(KEY_HOUSE, line)
            elif key in KNOWN_KEYS:
                if key in values:
                    raise LedgerError(
                        _('"{key}" is given twice').format(key=cells[0]), self.path, line
                    )
                values[key] = [c.strip() for c in cells[1:]]
                self.meta_lines[key] = line
            else:
                self.garbled_cells(line, cells)
                extra.append(tuple(cells))
        if FORMAT_KEY not in values:
            raise LedgerError(
                _(
                    'not a baska ledger: the first row should be "{row}" '
                    "(start one with `baska new FILE --players …`)"
                ).format(row=f"{FORMAT_KEY},{FORMAT_VERSION}"),
                self.path,
                1,
            )
        version = values[FORMAT_KEY][0] if len(values[FORMAT_KEY]) == 1 else ""
        if version not in FORMAT_VERSIONS:
            raise LedgerError(
                _("ledger format {found!r} is not known; this baska reads format {known}").format(
                    found=",".join(values[FORMAT_KEY]), known=", ".join(FORMAT_VERSIONS)
                ),
                self.path,
                self.meta_lines[FORMAT_KEY],
            )
        path, at = self.path, self.meta_lines.get
        players = players_row(values.get(KEY_PLAYERS), path, at(KEY_PLAYERS, 1))
        rules_name, lines = rules_row(values.get(KEY_RULES), house, path, at(KEY_RULES, 1))
        first = first_dealer_row(values.get(KEY_DEALER), players, path, at(KEY_DEALER, 1))
        deals = deals_row(values.get(KEY_DEALS), path, at(KEY_DEALS, 1))
        meta = Meta(
            players,
            rules_name,
            lines,
            first,
            deals,
            tuple(extra),
            dialect.newline,
            dialect.bom,
            dialect.sep,
            dialect.encoding,
            int(version),
        )
        if header is None:
            raise LedgerError(
                _('no header row; expected "{header}" after the metadata').format(
                    header=",".join(meta.header())
                ),
                self.path,
                self._line or 1,
            )
        line, cells = header
        want = meta.header()
        got_cells = [c.strip() for c in cells]
        if got_cells == want:
            return meta
        if got_cells[: len(want)] == want and all(got_cells[len(want) :]):
            columns = tuple(got_cells[len(want) :])  # extra columns (a note, a time) are kept
            return replace(meta, columns=columns)
        if got_cells not in (want, want[:-1]):
            raise LedgerError(bad_header(got_cells, want, self._sep, self.path), self.path, line)
        return meta

    def garbled_cells(self, line: int, cells: Sequence[str]) -> None:
        """Record a problem for each cell whose text a spreadsheet garbled."""
        for cell in cells:
            if not cell.isascii():
                fixed = garbled(cell)
                if fixed is not None:
                    self.problem(line, garbled_hint(cell, fixed, self.path))

    def rules(self) -> RuleSet:
        """The session's rule system, loaded from the file's own rows."""
        return load_rules(self.meta, self.meta_lines, self.path)

    def rows(self) -> Iterator[Cells]:
        """The hand rows after the header, read as CSV (a quoted cell may go on over several
        lines), each with the physical line it starts on. A row that is not a hand row, or
        whose running totals are no numbers, is recorded as a problem and left out; so is a
        quoted cell never closed, which would take the rest of the file."""
        reader, decode = self._reader, self._decode
        try:
            for cells in reader:
                line = self._line + 1
                self._line = reader.line_num
                if self._ended:  # (CSV would take the rows written after it into that cell)
                    self.problem(
                        line,
                        _('a quoted cell starts in this row and is never closed (a " is missing)'),
                    )
                    return
                row = decode(line, cells)
                if row is not None:
                    yield row
        except (UnicodeDecodeError, csv.Error) as exc:
            raise self.read_error(exc, self._line + 1) from None

    def read_error(self, exc: UnicodeDecodeError | csv.Error, line: int) -> LedgerError:
        """The error for a file that stops being text in its character set or CSV at the row
        starting on `line`."""
        if isinstance(exc, UnicodeDecodeError):  # decoded ahead: find the line of the bytes
            encoding = self.dialect.encoding
            line = undecodable_line(self.path, encoding) or line
            if encoding == UTF8:
                return LedgerError(_("the file is not UTF-8 text"), self.path, line)
            return LedgerError(_not_text(encoding), self.path, line)
        return LedgerError(_("not a CSV file: {problem}").format(problem=exc), self.path, line)

    def _decode(self, line: int, cells: list[str]) -> Cells | None:
        """One row's CSV cells as Cells, or None for an empty row or one that is not a hand
        row (recorded as a problem). A counted row's 11 cells are taken as they are; in other
        rows the dealer and the hand are trimmed. Format 2 reads a change in parentheses."""
        if not cells or not cells[-1]:
            while cells and not cells[-1].strip():
                cells.pop()
            if not cells:
                return None
        count = len(cells)
        if count > self._cells:
            self.problem(
                line,
                ngettext(
                    "{count} cell; a hand row has at most {most}",
                    "{count} cells; a hand row has at most {most}",
                    count,
                ).format(count=count, most=self._cells),
            )
            return None
        try:
            if count < 7:
                raise ValueError("not a hand row")
            n = read_number(cells[0], signed=False)
            bracketed = 0
            try:
                deltas = read_four(cells[3:7])
            except ValueError:
                if self._version == 1:
                    raise
                deltas, bracketed = read_changes(cells[3:7])
        except ValueError:
            self.problem(line, bad_row(cells))
            return None
        extra: tuple[str, ...] = ()
        if count == ROW_CELLS_COUNTED:  # a counted hand with its running totals: as it is
            dealer, hand, status = cells[1], cells[2], ""
        else:
            dealer, hand = cells[1].strip(), cells[2].strip()
            status = cells[11].strip().lower() if count >= ROW_CELLS else ""
            extra = tuple(cells[ROW_CELLS:])
        if not (cells[1].isascii() and cells[2].isascii()) or (
            extra and not all(c.isascii() for c in extra)
        ):
            self.garbled_cells(line, [cells[1], cells[2], *extra])
        totals = None
        if count > 7 and not status:
            found = cells[7:11]
            if len(found) == 4:  # (a line end at the end of the last total is left out)
                found[3] = found[3].rstrip("\r\n")
            try:
                totals = read_four(found)
            except ValueError:
                self.problem(
                    line,
                    _("hand {number}: the running totals must be four whole numbers").format(
                        number=n
                    ),
                )
                return None
        return Cells(line, n, dealer, hand, deltas, totals, status, bracketed, extra)


def _not_text(encoding: str) -> str:
    """The problem of a file that stops being text in the character set of its first rows."""
    return _(
        "the file is not {charset} text here (its first rows are); save it again in one "
        "character set, UTF-8 if you can"
    ).format(charset=encoding_name(encoding))


def _peek(fileno: int, size: int) -> Dialect:
    """The file's dialect, from its first bytes."""
    return sniff(read_at(fileno, HEAD, 0), size <= HEAD)


@contextlib.contextmanager
def reading(path: str) -> Iterator[None]:
    """A ledger's bytes read inside: a dialect that cannot be told, or the system's refusal,
    comes out as a LedgerError about the ledger."""
    try:
        yield
    except DialectError as exc:
        raise LedgerError(exc.message, path, exc.line) from None
    except OSError as exc:
        raise LedgerError(
            _("cannot read the ledger: {reason}").format(reason=os_reason(exc)), path
        ) from None


@contextlib.contextmanager
def open_ledger(path: str) -> Iterator[LedgerReader]:
    """Open a ledger for reading; metadata problems raise a LedgerError naming file:line.
    Only a regular file is read: a named pipe, a device or a folder is refused unopened."""
    try:
        stream = open_regular(path, encoding="utf-8-sig", newline="")
    except NotRegularFile as exc:
        raise LedgerError(_("is {kind}, not a ledger file").format(kind=exc.kind), path) from None
    except FileNotFoundError:
        raise LedgerError(
            _("no such ledger; start one with `baska new FILE --players …`"), path
        ) from None
    except IsADirectoryError:
        raise LedgerError(_("is a directory, not a ledger file"), path) from None
    except OSError as exc:
        raise LedgerError(
            _("cannot read the ledger: {reason}").format(reason=os_reason(exc)), path
        ) from None
    with stream:
        fileno = stream.fileno()
        with reading(path):
            st = os.fstat(fileno)
            found = identity(st)
            dialect = _peek(fileno, st.st_size)
            long_line = first_long_line(fileno)
            os.lseek(fileno, 0, os.SEEK_SET)  # (read_at moves it where there is no os.pread)
        if long_line is not None:
            raise LedgerError(_(TOO_LONG).format(limit=MAX_LINE - 1), path, long_line)
        if dialect.encoding != UTF8:
            assert isinstance(stream, io.TextIOWrapper)
            stream.reconfigure(encoding=dialect.stream_encoding)
            if dialect.bom:
                try:
                    stream.read(3)  # (the BOM's three bytes, a character each: line 1 follows)
                except UnicodeDecodeError:
                    line = undecodable_line(path, dialect.encoding) or 1
                    raise LedgerError(_not_text(dialect.encoding), path, line) from None
        yield LedgerReader(path, stream, dialect, found)
