"""The sheet, stats and the report read a ledger as they write it: their memory stays flat."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from baska_cli.evening.totals import dealer_of
from baska_cli.game.notation import parse_hand
from baska_cli.game.scoring import score
from baska_cli.ledger.format import Meta, rules_lines
from baska_cli.ledger.store import create
from baska_cli.ledger.view import LedgerView, read
from baska_cli.render.report import Evening, report_pieces
from baska_cli.render.sheet import session_text
from baska_cli.render.stats import gathered
from baska_cli.rulesets.loader import builtin

PLAYERS = ("Ania", "Bartek", "Celina", "Darek")
HANDS = ("zw Ania+Celina 61 k", "zw Bartek+Darek 70/3", "ci Darek 104", "gr Ania 69/2")

pytestmark = pytest.mark.slow  # (several seconds of tracing: the slow step of .ci/run)


def _ledger(path: Path, hands: int) -> LedgerView:
    """A ledger of `hands` hands (every tenth void), each a few texts over."""
    rules = builtin("plb")
    meta = Meta(PLAYERS, rules.name, rules_lines(rules))
    create(str(path), meta)
    scored = [(t, score(parse_hand(t, PLAYERS), rules, PLAYERS).deltas) for t in HANDS]
    totals = (0, 0, 0, 0)
    with open(path, "a", encoding="utf-8", newline="") as stream:
        for n in range(1, hands + 1):
            text, deltas = scored[n % len(scored)]
            dealer = PLAYERS[dealer_of(meta.first_dealer, n)]
            if n % 10 == 0:
                stream.write(meta.line(meta.row(n, dealer, text, deltas, None, "void"), (2,)))
                continue
            totals = tuple(t + d for t, d in zip(totals, deltas, strict=True))  # type: ignore[assignment]
            stream.write(meta.line(meta.row(n, dealer, text, deltas, totals, ""), (2,)))
    return read(str(path))


def _peak(work: Callable[[], object]) -> int:
    """The most memory `work` held at once beyond what was held before it (bytes)."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        work()
        return tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()


def _sheet(session: LedgerView) -> object:
    return sum(len(line) for line in session_text(session, session.rows))


def _stats(session: LedgerView) -> object:
    return gathered([session]).hands


def _report(session: LedgerView) -> object:
    return sum(len(piece) for piece in report_pieces([Evening(session)]))


@pytest.mark.parametrize("work", [_sheet, _stats, _report], ids=["sheet", "stats", "report"])
def test_four_times_the_hands_need_no_more_memory(
    tmp_path: Path, work: Callable[[LedgerView], object]
) -> None:
    short, long = _ledger(tmp_path / "short.csv", 100), _ledger(tmp_path / "long.csv", 400)
    work(short)  # (modules imported, templates compiled)
    assert _peak(lambda: work(long)) < 1.25 * _peak(lambda: work(short)) + 50_000
