"""The one checker of a ledger's hand rows: numbers, dealers, zero sums, scores, running totals.

Every row the reader decodes goes through `verify`, whichever command reads: `check`,
an append or a rewrite (which refuse a ledger with a problem), `recalc`, `ledger`. Problems
are collected on the reader as LedgerErrors naming file:line, not raised one at a time.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence

from baska_cli.errors import BaskaError, LedgerError
from baska_cli.ledger.format import STATUS_WORDS, STATUSES, VOID, Meta, Row
from baska_cli.ledger.reader import LedgerReader, open_ledger
from baska_cli.model import SEATS
from baska_cli.rules import RuleSet
from baska_cli.session import Scored, Scorer, dealer_of

OnChange = Callable[[Row, "Scored | BaskaError"], None]


def _show(values: Sequence[int], signs: bool = True) -> str:
    """Four numbers as `+2 −2 +2 −2` for messages."""
    return " ".join(f"{v:+d}" if signs else str(v) for v in values)


def verify(
    reader: LedgerReader,
    scorer: Scorer | None = None,
    strict: bool = True,
    on_change: OnChange | None = None,
) -> Iterator[Row]:
    """Check each row the reader decodes and pass on those that pass (a row with an unknown
    status does not); problems are recorded on the reader, and its tally is set once the
    last row is read. This loop is the only place the rules of a valid row are written.

    Each row: its number follows the last numbered hand's, its dealer is the one the deal
    rotation gives, its hand is not empty, its status is known, its changes sum to 0. Each
    counted hand also: with a scorer, its text scores to its changes under the session's
    rules (each distinct text is scored once: the scorer caches); its running totals are
    the last ones plus its changes. `strict=False` leaves counted hands' sums, scores and
    totals alone (recalc rescoring a ledger under other rules); with `on_change`, a counted
    hand that the scorer refuses or scores otherwise goes to it instead of being a problem.
    """
    meta = reader.meta
    problem, rules_name = reader.problem, meta.rules_name
    dealers = [meta.players[dealer_of(meta.first_dealer, n)] for n in range(SEATS)]
    cache = scorer.cache if scorer is not None else {}
    slots, counted = 0, 0
    t0 = t1 = t2 = t3 = 0
    last: Row | None = None
    try:
        for row in reader.rows():
            line, n, dealer, hand, deltas, totals, status = row
            if n != slots + 1:
                problem(line, f"hand number {n}, expected {slots + 1}")
            if dealer != dealers[n % SEATS] and dealer.strip() != dealers[n % SEATS]:
                problem(line, f'hand {n}: the dealer is {dealers[n % SEATS]}, not "{dealer}"')
            if not hand:
                problem(line, f"hand {n}: the hand is empty")
            a, b, c, d = deltas
            if status:
                if status not in STATUSES:
                    problem(line, f'hand {n}: "{status}" is not a status; expected {STATUS_WORDS}')
                    continue
                if a + b + c + d:
                    problem(line, f"hand {n}: the changes sum to {a + b + c + d:+d}, not 0")
                if status == VOID:
                    slots = n if n > slots else slots + 1
                    last = row
                yield row
                continue
            slots = n if n > slots else slots + 1
            last = row
            counted += 1
            if strict and a + b + c + d:
                problem(line, f"hand {n}: the changes sum to {a + b + c + d:+d}, not 0")
            if scorer is not None and (strict or on_change is not None):
                scored = cache.get(hand) or scorer(hand)
                if isinstance(scored, BaskaError) or scored.deltas != deltas:
                    if on_change is not None:
                        on_change(row, scored)
                    elif isinstance(scored, BaskaError):
                        problem(line, f'hand {n} "{hand}": {scored}')
                    else:
                        problem(
                            line,
                            f'hand {n} "{hand}": the changes are {_show(deltas)}, '
                            f"but {rules_name} gives {_show(scored.deltas)}",
                        )
            t0, t1, t2, t3 = expected = (t0 + a, t1 + b, t2 + c, t3 + d)
            if not strict or totals == expected:
                yield row
                continue
            if totals is None:
                problem(line, f"hand {n}: the running totals are missing")
            else:
                problem(
                    line,
                    f"hand {n}: the running totals are {_show(totals, signs=False)}, "
                    f"expected {_show(expected, signs=False)}",
                )
                t0, t1, t2, t3 = totals
            yield row
    finally:
        tally = reader.tally
        tally.slots, tally.counted, tally.totals, tally.last = (
            slots,
            counted,
            (t0, t1, t2, t3),
            last,
        )


def scan(
    reader: LedgerReader,
    scorer: Scorer | None = None,
    strict: bool = True,
    on_change: OnChange | None = None,
) -> None:
    """verify() for its problems, tally and `on_change` alone (the rows are not kept)."""
    deque(verify(reader, scorer, strict, on_change), maxlen=0)


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
