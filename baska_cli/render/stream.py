"""Sessions as JSON and CSV for scripts, written as they are read: memory stays flat.

`baska ledger --format json` reads each ledger once: each hand's JSON goes to a spool (in
memory, then a temporary file past a megabyte) while the ledger is checked, and is copied out
only once every ledger has passed, so a broken ledger prints nothing. The JSON of a hand is
laid out here by hand, as json.dumps lays out the same object (a test holds the two together).
`--format csv` reads the ledgers again (they were checked first) into a spool the same way.
"""

from __future__ import annotations

import csv
import functools
import json
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from json.encoder import encode_basestring
from typing import IO, Any

from baska_cli.evening.totals import SEASON_ORDER, Standing, season
from baska_cli.game.model import Deltas
from baska_cli.game.spelling import fold
from baska_cli.ledger.format import Row
from baska_cli.ledger.view import LedgerView, Sheet, reading
from baska_cli.render.text import safe_cells

SPOOL_MEMORY = 1 << 20  # characters a spool keeps in memory before it moves to a file
BATCH = 2048  # items joined before they are written to a spool
LIMIT = 100_000  # texts whose JSON a session's writer remembers


def number(value: float) -> int | float:
    """An int when the value is whole (JSON shows 5, not 5.0)."""
    return int(value) if float(value).is_integer() else value


@functools.cache
def _encoder() -> json.JSONEncoder:
    """One JSON encoder for the whole output (json.dumps would make one per value)."""
    return json.JSONEncoder(ensure_ascii=False, allow_nan=False)  # never NaN: not JSON


def to_json(value: Any) -> str:
    """One value as compact JSON, non-ASCII letters kept."""
    return _encoder().encode(value)


def standing_record(s: Standing) -> dict[str, Any]:
    """One standings line for --format json."""
    return {
        "player": s.name,
        "place": s.place,
        "total": s.total,
        "place_points": None if s.place_points is None else number(s.place_points),
        "hands": s.hands,
        "sessions": s.sessions,
    }


class HandJson:
    """A session's rows as JSON objects, made with string formatting (one table's names)."""

    def __init__(self, players: Sequence[str]) -> None:
        keys = [encode_basestring(p).replace("%", "%%") for p in players]  # (a name may hold %)
        self.four = "{" + ", ".join(f"{key}: %d" for key in keys) + "}"
        self._text: dict[str, str] = {}  # a text as a JSON string
        self._body: dict[str, tuple[Deltas, str]] = {}  # a hand text: its changes, its JSON

    def text(self, value: str) -> str:
        """A string as JSON (names and hand texts repeat: each is encoded once, up to a
        limit)."""
        found = self._text.get(value)
        if found is None:
            found = encode_basestring(value)
            if len(self._text) < LIMIT:
                self._text[value] = found
        return found

    def hand(self, row: Row, amends: Sequence[str], file: str = "") -> str:
        """A numbered hand: `{"n", "dealer", "notation", "deltas", "totals" | "void",
        "amends"?}` (`file` first, when given, as a JSON string)."""
        body = self._body.get(row.hand)
        if body is None or body[0] != row.deltas:
            made = f'"notation": {self.text(row.hand)}, "deltas": {self.four % row.deltas}'
            body = (row.deltas, made)
            if len(self._body) < LIMIT:
                self._body[row.hand] = body
        head = f'{{"file": {file}, ' if file else "{"
        end = ', "void": true' if row.totals is None else f', "totals": {self.four % row.totals}'
        if amends:
            end += ', "amends": [' + ", ".join(map(self.text, amends)) + "]"
        return f'{head}"n": {row.n}, "dealer": {self.text(row.dealer)}, {body[1]}{end}}}'

    def history(self, row: Row) -> str:
        """An amended or undone row: `{"n", "notation", "deltas", "status"}`."""
        return (
            f'{{"n": {row.n}, "notation": {self.text(row.hand)}, '
            f'"deltas": {self.four % row.deltas}, "status": {self.text(row.status)}}}'
        )


class Spool:
    """A JSON list's items, kept until the list can be written (in memory, then a file)."""

    def __init__(self, indent: str) -> None:

        # closed by write_to(), once the list is written
        self.file = tempfile.SpooledTemporaryFile(SPOOL_MEMORY, "w+", encoding="utf-8")  # noqa: SIM115
        self.sep = f"\n{indent}  "
        self.items = 0
        self._batch: list[str] = []

    def add(self, item: str) -> None:
        """One more item."""
        batch = self._batch
        batch.append(item)
        if len(batch) >= BATCH:
            self.flush()

    def flush(self) -> None:
        """Write the items held so far."""
        if self._batch:
            glue = "," + self.sep
            self.file.write(("," if self.items else "") + self.sep + glue.join(self._batch))
            self.items += len(self._batch)
            self._batch.clear()

    def write_to(self, out: IO[str], key: str, indent: str) -> None:
        """The list as the field `key` of an object being written."""
        self.flush()
        out.write(f",\n{indent} {to_json(key)}: [")
        self.file.seek(0)
        shutil.copyfileobj(self.file, out)
        out.write(f"\n{indent} ]" if self.items else "]")
        self.file.close()


def _write_fields(out: IO[str], fields: dict[str, Any], indent: str, first: bool = False) -> None:
    """Fields of a JSON object being written: the first on the line of its brace, each
    other on a line of its own."""
    for key, value in fields.items():
        out.write(("" if first else f",\n{indent} ") + f"{to_json(key)}: {to_json(value)}")
        first = False


def _head(session: LedgerView) -> dict[str, Any]:
    """The session's fields that come before its hands."""
    dealer, leader = session.next_turn()
    meta, tally = session.meta, session.tally
    return {
        "file": session.path,
        "players": list(meta.players),
        "rules": meta.rules_name,
        "deals": {"planned": meta.deals, "played": tally.dealt, "left": session.deals_left},
        "next_dealer": dealer,
        "next_leader": leader,
    }


def _tail(session: LedgerView) -> dict[str, Any]:
    """The session's fields that come after its hands and history."""
    return {
        "totals": dict(zip(session.meta.players, session.tally.totals, strict=True)),
        "standings": [standing_record(s) for s in session.standings()],
    }


class _Spooled:
    """One ledger read once: its checked session and the spools of its hands and history."""

    def __init__(self, path: str, indent: str, everything: Spool | None) -> None:
        self.hands, self.history = Spool(indent), Spool(indent)
        file = to_json(path)

        with reading(path) as ledger:
            shape, sheet = HandJson(ledger.meta.players), Sheet()
            shown, hand_json, add_hand = sheet.add, shape.hand, self.hands.add
            for row in ledger.rows:
                amends = shown(row)
                if amends is None:
                    self.history.add(shape.history(row))
                    continue
                add_hand(hand_json(row, amends))
                if everything is not None:
                    everything.add(hand_json(row, amends, file))
        self.session = ledger.checked()

    def write(self, out: IO[str], indent: str) -> None:
        """The session as one JSON object, its hands and history as read."""
        out.write("{")
        _write_fields(out, _head(self.session), indent, first=True)
        self.hands.write_to(out, "hands", indent)
        self.history.write_to(out, "history", indent)
        _write_fields(out, _tail(self.session), indent)
        out.write("}")


def write_json(
    paths: Sequence[str], out: IO[str], aliases: Mapping[str, str] | None = None
) -> None:
    """One session's object, or a season: its sessions, all hands, totals by player. Every
    ledger is read (and checked) before anything is written."""
    if len(paths) == 1:
        one = _Spooled(paths[0], "", None)
        one.write(out, "")
        out.write("\n")
        return
    everything = Spool("")
    spooled = [_Spooled(path, "  ", everything) for path in paths]
    out.write("{")
    _write_fields(out, {"files": list(paths)}, "", first=True)
    out.write(',\n "sessions": [')
    for i, one in enumerate(spooled):
        out.write(",\n  " if i else "\n  ")
        one.write(out, "  ")
    out.write("\n ]")
    everything.write_to(out, "hands", "")
    standings = season([one.session.standings() for one in spooled], aliases)
    totals = {s.name: s.total for s in standings}
    fields = {
        "totals": totals,
        "standings": [standing_record(s) for s in standings],
        "ordered_by": list(SEASON_ORDER),
    }
    _write_fields(out, fields, "")
    out.write("}\n")


def write_csv(sessions: Sequence[LedgerView], out: IO[str]) -> None:
    """One row per hand; columns by player name (a season's union of names). The ledgers are
    read again into a spool, copied out only once every row has been read: a ledger that
    changes meanwhile ends the command with an error and nothing printed."""

    with tempfile.SpooledTemporaryFile(SPOOL_MEMORY, "w+", encoding="utf-8", newline="") as spool:
        _write_csv(sessions, spool)
        spool.seek(0)
        shutil.copyfileobj(spool, out)


def _write_csv(sessions: Sequence[LedgerView], out: IO[str]) -> None:
    """One row per hand, as read."""
    names: dict[str, str] = {}
    for session in sessions:
        for p in session.meta.players:
            names.setdefault(fold(p), p)
    keys = list(names)
    several = len(sessions) > 1
    writer = csv.writer(out, lineterminator="\n")
    head = [
        "n",
        "dealer",
        "hand",
        "status",
        *names.values(),
        *(f"{n} total" for n in names.values()),
    ]
    writer.writerow(safe_cells(["file", *head] if several else head))
    season_totals = dict.fromkeys(keys, 0)
    for session in sessions:
        seat = {fold(p): i for i, p in enumerate(session.meta.players)}
        with session.reread() as rows:
            for row in rows:
                changes = [row.deltas[seat[k]] if k in seat else "" for k in keys]
                totals: list[object] = ["" for _ in keys]
                if not row.status:
                    for k in keys:
                        if k in seat:
                            season_totals[k] += row.deltas[seat[k]]
                    totals = [season_totals[k] for k in keys]
                cells = [row.n, row.dealer, row.hand, row.status, *changes, *totals]
                writer.writerow(safe_cells([session.path, *cells] if several else cells))
