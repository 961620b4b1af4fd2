"""The ledger file's format: its spec, constants, metadata (Meta), hand rows (Row), cells.

The `baska_cli.ledger` package is the only place that opens ledger files. The format is plain
CSV (RFC 4180 quoting) laid out so that a spreadsheet shows a readable score sheet. A new
ledger is format version 2, UTF-8, comma separated, LF line ends:

    baska ledger,2,,,,,,,,,,
    players,"Ania","Bartek","Celina","Darek",,,,,,,
    rules,plb,,,,,,,,,,
    first dealer,Ania,,,,,,,,,,
    deals,16,,,,,,,,,,
    ,,,,,,,,,,,
    #,dealer,hand,Ania,Bartek,Celina,Darek,Ania total,Bartek total,Celina total,Darek total,status
    1,Ania,"zw Ania+Celina 61 k",2,-2,2,-2,2,-2,2,-2,
    2,Bartek,"zo Darek 70",-5,-5,-5,15,-3,-7,-3,13,
    3,Celina,"gr Bartek 53",(-5),(+15),(-5),(-5),,,,,amended
    3,Celina,"gr Bartek 40",10,-30,10,10,7,-37,7,23,

Metadata rows come first, as `key,value` cells, until the header row (first cell `#`):

- `baska ledger` — the format version (2; version 1 files are read forever, see below);
- `players` — the four names in seat order (seats 1–4 clockwise);
- `rules` — the rule system: a built-in name (plb, mester, pagat) or a house system's name;
- `house rule` — for a house system, one row per setting (`key = value`, TOML), so the file
  carries its own rules and needs no other file;
- `first dealer` — who dealt hand 1; each hand is dealt by the seat after the one that dealt
  the hand before, except that a referee's adjustment (`adj …`) deals nothing: its row names
  the dealer of the next deal, and the deal does not move (a ledger written by baska 0.1.0,
  where an `adj` used up a deal, is read as it was written and keeps that order);
- `deals` — the planned number of deals (empty: open-ended);
- `title` — the evening's title as written by `baska new --title` (shown by `ledger`,
  `stats` and as the heading of `report`), and `date` — its date (`baska new` writes the day
  as YYYY-MM-DD; any text is read and shown as it is): both optional, and to a baska that
  knows neither, rows kept as they are;
- any other `key,value` row (a place) is kept as it is.

Then one row per hand: its number, the dealer, the hand in canonical notation (the source of
truth: every change is recomputed from it by `baska check`), each player's change, each
player's running total, and a status:

- empty — the hand counts;
- `void` — the hand keeps its number and its deal, but its score is skipped (totals empty);
- `amended` — an earlier text of the hand on the next row with the same number (audit trail);
- `undone` — a hand taken back by `baska undo`; the next hand reuses its number.

Columns after `status` in the header (a note, a time: any non-empty names) are extra
columns: their cells are kept with their row through every append and rewrite, as are
extra metadata rows.

Version 2 (what `baska new` and `baska upgrade` write):
- every row has as many cells as the header (12, plus any extra columns);
- the players' names and every hand are quoted, other cells only where they must be: a
  separator guesser that looks at the first quoted cell (Gnumeric's) finds the separator;
- a cancelled (void, amended or undone) row's changes are text in parentheses with their
  sign, `(+2)` `(-2)` `(+0)`, and a counted row's are plain numbers: a spreadsheet's SUM over
  a player's change column is the player's total, and a cancelled hand is seen as such.
Version 1 (files written before): empty cells are left out at the end of a row, a cell is
quoted only where it must be, and every row's changes are plain numbers. Appends and edits
keep a file's version; only `baska upgrade` rewrites a version 1 file as version 2.

Hands that count and void hands are numbered 1, 2, 3 … in file order; `amended` and
`undone` rows carry the number of the hand that follows them. Precisely: every row's number
is one more than the number of counted and void rows above it, so an `undone` row (which may
be the last row) is followed only by rows of its own number until a counted or void row of
that number. An `amended` row is followed, after any further `amended` rows of its number, by
the row that replaced it: a counted, void or undone row of the same number (an amended hand
that was then undone); an `amended` row at the end of the file, or followed by another
number, is a problem. Every row, whatever its status, is evidence checked alike: its changes
sum to 0, its hand text scores to exactly its changes under the session's rules, and no hand
text nor note starts with `=`, `+`, `-` or `@`, alone or after a `,`, `;` or tab (a
spreadsheet would run it as a formula, whichever separator it splits the line on).

Reading accepts what a spreadsheet saves back (see `dialect`): a `;` or tab separator, UTF-8
with or without a BOM, Windows-1250 or Windows-1252, CRLF line ends, quoted cells, `+2` or
`2`, empty trailing cells and empty rows; appends and rewrites write the file's own
separator, character set, BOM and line ends back. Text a spreadsheet garbled (see
`garbled`) is a problem at its line, and in the players row an error: `baska repair` puts it
right. Lines in messages are physical lines (a quoted cell may span several). Appends and
rewrites hold an exclusive lock on the sidecar file `.NAME.lock` beside the ledger and
re-read the whole file under it; a ledger with any problem is never written to. Rewrites go
to a temporary file in the same directory, are fsynced and then renamed over the ledger.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from baska_cli.game.model import Deltas
from baska_cli.game.rules import BUILTIN_NAMES, RuleSet
from baska_cli.game.rules_toml import override_lines, toml_value
from baska_cli.i18n import N_

FORMAT_KEY = "baska ledger"
FORMAT_VERSION = "2"  # what baska writes in a new ledger
FORMAT_VERSIONS = ("1", "2")  # what it reads (a version 1 file stays one until upgraded)
KEY_PLAYERS = "players"
KEY_RULES = "rules"
KEY_HOUSE = "house rule"
KEY_DEALER = "first dealer"
KEY_DEALS = "deals"
KEY_TITLE = "title"  # kept among the extra rows (older baska keeps them as they are)
KEY_DATE = "date"
KNOWN_KEYS = (FORMAT_KEY, KEY_PLAYERS, KEY_RULES, KEY_HOUSE, KEY_DEALER, KEY_DEALS)
HEADER_MARK = "#"
VOID = "void"
AMENDED = "amended"
UNDONE = "undone"
SLOT_STATUSES = ("", VOID)  # rows that hold a hand number of their own
HISTORY_STATUSES = (AMENDED, UNDONE)  # rows kept for the record: an earlier text of a hand
STATUSES = ("", VOID, AMENDED, UNDONE)
STATUS_WORDS = N_("void, amended or undone (or empty)")  # the words as the file has them
ROW_CELLS = 12  # the cells of a hand row up to its status; extra columns may follow
ROW_CELLS_COUNTED = 11  # a counted hand with its running totals, no status
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
    sep: str = ","
    encoding: str = "utf-8"
    version: int = 2
    columns: tuple[str, ...] = ()  # the header's extra columns after `status` (a note …)

    def header(self) -> list[str]:
        """The header row above the hands."""
        p = self.players
        names = [*p, *(f"{name} total" for name in p)]
        return [HEADER_MARK, "dealer", "hand", *names, "status", *self.columns]

    @property
    def width(self) -> int:
        """How many cells a row of a version 2 file has: the header's."""
        return ROW_CELLS + len(self.columns)

    def metadata_rows(self) -> list[list[str]]:
        """The rows above the header, ending with an empty row."""
        rows = [[FORMAT_KEY, str(self.version)], [KEY_PLAYERS, *self.players]]
        rows.append([KEY_RULES, self.rules_name])
        if not self.is_builtin:
            rows.extend([KEY_HOUSE, line] for line in self.rules_lines)
        rows.append([KEY_DEALER, self.players[self.first_dealer]])
        rows.append([KEY_DEALS, "" if self.deals is None else str(self.deals)])
        rows.extend(list(extra) for extra in self.extra)
        rows.append([])
        return rows

    @property
    def title(self) -> str:
        """The evening's title (the `title` row), or empty."""
        return self.extra_value(KEY_TITLE)

    @property
    def date(self) -> str:
        """The evening's date as written (the `date` row), or empty."""
        return self.extra_value(KEY_DATE)

    def extra_value(self, key: str) -> str:
        """The value of the first extra metadata row of this key, or empty."""
        for cells in self.extra:
            if len(cells) > 1 and cells[0].strip().lower() == key:
                return cells[1].strip()
        return ""

    @property
    def is_builtin(self) -> bool:
        """Whether the rules are a built-in system named by one line."""
        return len(self.rules_lines) == 1 and self.rules_lines[0] in BUILTIN_NAMES

    def with_rules(self, rules: RuleSet) -> Meta:
        """The same session recorded under another rule system."""
        return replace(self, rules_name=rules.name, rules_lines=rules_lines(rules))

    def row(
        self,
        n: int,
        dealer: str,
        hand: str,
        deltas: Sequence[int],
        totals: Sequence[int] | None,
        status: str,
        extra: Sequence[str] = (),
    ) -> list[str]:
        """A hand row's cells as this file's version writes them: version 1 leaves empty
        cells out at the end; version 2 writes every row as wide as the header and a
        cancelled row's changes as text in parentheses, `(+2)`, which a SUM leaves out."""
        if self.version == 1:
            cells = row_cells(n, dealer, hand, deltas, totals, status)
            if any(extra):
                cells += [""] * (ROW_CELLS - len(cells))
                cells += extra
                while not cells[-1]:
                    cells.pop()
            return cells
        shown = [f"({d:+d})" for d in deltas] if status else [str(d) for d in deltas]
        cells = [str(n), dealer, hand, *shown]
        cells += ["", "", "", ""] if totals is None else [str(t) for t in totals]
        cells.append(status)
        cells += extra
        return cells

    def line(self, cells: Sequence[str], quote: Sequence[int] = ()) -> str:
        """One row as it is written, its line end included. Version 1: CSV, a cell quoted
        only where it must be. Version 2: as wide as the header, and the cells at `quote`
        always quoted (a hand row's hand, the players row's names: see `lines`)."""
        if self.version == 1:
            buffer = io.StringIO()
            csv.writer(buffer, delimiter=self.sep, lineterminator=self.newline).writerow(cells)
            return buffer.getvalue()
        sep = self.sep
        pad = self.width - len(cells)
        out = [
            _quote(c) if i in quote or sep in c or '"' in c or "\n" in c or "\r" in c else c
            for i, c in enumerate(cells)
        ]
        if pad > 0:
            out += [""] * pad
        return sep.join(out) + self.newline

    def lines(self, rows: Iterable[Sequence[str]]) -> Iterator[str]:
        """The whole file's lines (without the BOM): metadata, header, hand rows. In version 2
        the players' names and every hand are quoted, so that a spreadsheet's separator
        guesser (Gnumeric's looks at the first quoted cell) finds the file's separator."""
        line = self.line
        for meta_row in self.metadata_rows():
            yield line(meta_row, (1, 2, 3, 4) if meta_row[:1] == [KEY_PLAYERS] else ())
        yield line(self.header())
        for cells in rows:
            yield line(cells, HAND_QUOTED)


HAND_QUOTED = (2,)  # the cells of a hand row that version 2 always quotes


def _quote(cell: str) -> str:
    """A cell in double quotes, its own quotes doubled."""
    return '"' + cell.replace('"', '""') + '"'


def rules_lines(rules: RuleSet) -> tuple[str, ...]:
    """How a rule system is kept in a ledger: a built-in's name, or its house settings."""
    if not rules.overrides:
        return (rules.name,)
    lines = override_lines(rules)
    if not any(key == "name" for key, _ in rules.overrides):
        lines.insert(1, f"name = {toml_value(rules.name)}")
    return tuple(lines)


class Row(NamedTuple):
    """One hand row as stored: physical line, number, dealer, text, changes, totals, status,
    and the cells of the extra columns after the status (a note), if any."""

    line: int
    n: int
    dealer: str
    hand: str
    deltas: Deltas
    totals: Deltas | None
    status: str
    extra: tuple[str, ...] = ()


class Cells(NamedTuple):
    """A hand row as read, before it is checked: its physical line, number, dealer, hand,
    changes, running totals (None: no totals given) and status, how many of the changes were
    written in parentheses (version 2: a cancelled row's), and its extra cells."""

    line: int
    n: int
    dealer: str
    hand: str
    deltas: Deltas
    totals: Deltas | None
    status: str
    bracketed: int
    extra: tuple[str, ...]


@dataclass(slots=True)
class Tally:
    """What a pass over the rows found: hands numbered (counted or void), hands counted, the
    running totals after the last, and the deals used (numbered hands that are not a
    referee's `adj`: it deals nothing, so the dealing order does not move for it)."""

    slots: int = 0
    counted: int = 0
    totals: Deltas = (0, 0, 0, 0)
    dealt: int = 0
    legacy_dealing: bool = False  # dealers by hand number (an adj used a deal before 0.2)


def row_cells(
    n: int, dealer: str, hand: str, deltas: Sequence[int], totals: Sequence[int] | None, status: str
) -> list[str]:
    """A hand row's cells as format version 1 writes them (trailing empty cells left out)."""
    cells = [str(n), dealer, hand, *map(str, deltas)]
    cells += ["", "", "", ""] if totals is None else [str(t) for t in totals]
    if status:
        cells.append(status)
    while cells and not cells[-1]:
        cells.pop()
    return cells


def csv_line(cells: Sequence[str], newline: str, sep: str = ",") -> str:
    """One row as format version 1's CSV writer writes it, its line end included."""
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=sep, lineterminator=newline).writerow(cells)
    return buffer.getvalue()
