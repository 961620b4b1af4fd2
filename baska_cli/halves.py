"""Check a long ledger on two cores: a forked process checks the second part.

`ledger.scan` reads a ledger line by line; on a file of a few megabytes it asks `start()`
for a helper. The helper picks a seam, the first line after (about) the middle of the file
that holds a counted hand with its running totals, and forks. The child checks the lines from
the seam to the end as if the hands before it had ended exactly where the seam row says (its
number minus one, its totals minus its changes). It scores no hand: it notes the changes its
rows give each hand text, and the parent, which scores every text of its own part anyway,
scores those too (most are in its cache by then). So the child's part starts a little before
the middle. The parent checks the lines before the seam as usual, then `join()` takes the
child's result only if all of this holds:

- the parent stopped exactly at the seam (no quoted cell ran across it);
- the parent's hand number and running totals there are the ones the child assumed;
- the child found nothing to report (no problem, no error; it stops at the first), and every
  hand text of its part scores exactly the changes its rows give it.

Otherwise the parent goes on through the second part itself, so what the user sees is always
what one pass from the top finds; the child only ever saves time on a clean ledger.
"""

from __future__ import annotations

import contextlib
import csv
import io
import marshal
import os
import signal
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from baska_cli.ledger import LedgerReader, _Verifier

SPLIT_MIN = 4 << 20  # bytes: below this a fork and a seam cost more than they save
# The parent scores each hand text it meets, the child scores none: the child's part starts
# this much before the middle (about what scoring a few thousand distinct texts costs)
HEAD_START = 2 << 20
SEAM_WINDOW = 1 << 16  # bytes read after the middle of the file to find the seam
COUNTED_CELLS = 11


class Seam(NamedTuple):
    """Where the child starts: byte offset, lines before it, and the state it assumes there."""

    offset: int
    lines_before: int
    slots: int
    totals: tuple[int, int, int, int]


class _Unclean(Exception):
    """Raised in the child at the first thing it would have to report."""


def usable_cores() -> int:
    """How many cores this process may run on."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity else os.cpu_count() or 1


def find_seam(fileno: int, size: int) -> Seam | None:
    """The first line after (about) the middle of the file that is a counted hand with its
    totals (11 cells, whole numbers), or None if the window there holds none."""
    from baska_cli.ledger import _breaks_before

    middle = max(size // 2 - HEAD_START, size // 4)
    window = os.pread(fileno, SEAM_WINDOW, middle)
    ends = [i for i in (window.find(b"\n"), window.find(b"\r")) if i >= 0]
    if not ends:
        return None
    start = min(ends) + 1
    if window[start - 1 : start + 1] == b"\r\n":
        start += 1
    # (bytes split at CR, LF and CRLF only, as the text stream does; the last may be cut off)
    for raw in window[start:].splitlines(keepends=True)[:-1]:
        cells = _counted_cells(raw)
        if cells is not None:
            offset = middle + start
            n, deltas, totals = cells[0], cells[1:5], cells[5:]
            before = tuple(t - d for t, d in zip(totals, deltas, strict=True))
            lines = _breaks_before(fileno, offset)
            return Seam(offset, lines, n - 1, (before[0], before[1], before[2], before[3]))
        start += len(raw)
    return None


def _counted_cells(raw: bytes) -> list[int] | None:
    """The number, changes and totals of a line that is a counted hand row, else None."""
    try:
        cells = next(csv.reader([raw.decode("utf-8")]), [])
        if len(cells) != COUNTED_CELLS or not cells[0].isdigit():
            return None
        return [int(cells[0]), *(int(c) for c in cells[3:])]
    except (UnicodeDecodeError, ValueError, csv.Error):
        return None


class Helper:
    """A forked child checking the lines from the seam on; `join()` waits for its answer."""

    def __init__(self, seam: Seam, pid: int, answer: int) -> None:
        self.seam, self.pid, self.answer = seam, pid, answer

    def join(self, verifier: _Verifier) -> bool:
        """Wait for the child; if its half joins the parent's, take its result and say so."""
        result = self._wait()
        reader, seam = verifier.reader, self.seam
        if (
            result is None
            or reader._line != seam.lines_before
            or verifier.slots != seam.slots
            or verifier.totals != seam.totals
        ):
            return False
        from baska_cli.errors import BaskaError
        from baska_cli.ledger import Row

        slots, totals, counted, line, last, trusted = result
        scorer = verifier.scorer
        if scorer is not None:  # the child's hand texts, scored here (most already were)
            for hand, deltas in trusted.items():
                scored = scorer.cache.get(hand) or scorer(hand)
                if deltas is None or isinstance(scored, BaskaError) or scored.deltas != deltas:
                    return False
        verifier.slots, verifier.totals = slots, (totals[0], totals[1], totals[2], totals[3])
        verifier.counted += counted
        verifier.last = Row(*last) if len(last) == len(Row._fields) else (last[0], last[1])
        reader._line = line
        return True

    def cancel(self) -> None:
        """Stop the child (the parent failed) and reap it."""
        if self.pid:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            self._wait()

    def _wait(self) -> tuple[Any, ...] | None:
        """The child's answer (None if it had something to report or died), once."""
        data = bytearray()
        while chunk := os.read(self.answer, 1 << 16):
            data += chunk
        os.close(self.answer)
        os.waitpid(self.pid, 0)
        self.pid = 0
        try:
            answer = marshal.loads(bytes(data))
        except (EOFError, ValueError, TypeError):  # nothing, or cut short: the child gave up
            return None
        return answer if isinstance(answer, tuple) and len(answer) == 6 else None


def start(reader: LedgerReader, verifier: _Verifier) -> Helper | None:
    """Fork a child checking the second half of a long ledger, or None where that does not
    pay (a short file, one core, no fork) or no seam is found."""
    fork = getattr(os, "fork", None)
    stream = reader._feed.stream
    size = os.fstat(stream.fileno()).st_size
    if fork is None or size < SPLIT_MIN or usable_cores() < 2:
        return None
    seam = find_seam(stream.fileno(), size)
    if seam is None or seam.lines_before <= reader._line:
        return None
    answer, tell = os.pipe()
    pid = fork()
    if pid:
        os.close(tell)
        return Helper(seam, pid, answer)
    os.close(answer)  # the child, from here on
    try:
        data = memoryview(marshal.dumps(_second_half(reader, verifier, seam)))
        while data:
            data = data[os.write(tell, data) :]
    except BaseException:  # anything at all: the parent checks the half itself
        pass
    finally:
        os._exit(0)


def _second_half(reader: LedgerReader, verifier: _Verifier, seam: Seam) -> tuple[Any, ...]:
    """In the child: check the lines from the seam on; what the parent needs to go on."""
    from baska_cli.ledger import Row, _Feed, _identity

    raw = open(reader.path, "rb")  # noqa: SIM115 (the child ends with os._exit)
    if _identity(os.fstat(raw.fileno())) != reader.identity:
        raise _Unclean
    raw.seek(seam.offset)
    stream = io.TextIOWrapper(raw, encoding="utf-8", newline="")
    reader._feed = _Feed(stream)
    reader._reader = csv.reader(reader._feed)
    reader._line = seam.lines_before
    reader.problem = _refuse  # type: ignore[method-assign,assignment]
    if verifier.on_change is not None:
        verifier.on_change = _refuse
    if verifier.scorer is not None:  # the parent scores the texts, the child only checks
        verifier.scorer, verifier.trusted = None, {}
    verifier.slots, verifier.totals, verifier.counted, verifier.last = (
        seam.slots,
        seam.totals,
        0,
        None,
    )
    verifier.lines(stream)
    last = verifier.last
    if last is None:
        raise _Unclean
    if isinstance(last, Row):
        last = tuple(last)
    trusted = verifier.trusted if verifier.trusted is not None else {}
    return verifier.slots, verifier.totals, verifier.counted, reader._line, last, trusted


def _refuse(*_args: object) -> None:
    """The child's problem() and on_change(): give up the half."""
    raise _Unclean
