"""Table ledgers checked in worker processes give what one process gives, in order."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import pytest

from baska_cli.evening.totals import add, dealer_of
from baska_cli.game.notation import format_hand, parse_hand
from baska_cli.game.rules import builtin
from baska_cli.game.scoring import score
from baska_cli.ledger.format import HAND_QUOTED
from baska_cli.ledger.reader import open_ledger
from baska_cli.tournament import ledgers
from tests.clikit import invoke

HANDS = ["zw {0}+{2} 61 k", "zo {1} 26 kr", "gr {3} 48", "zw {1}+{2} 78/3", "ci {0} 40"]


def _ledgers(folder: Path, count: int) -> list[str]:
    """`count` ledgers of 8 hands, each table with its own names, as baska writes them."""
    rules = builtin("mester")
    paths = []
    for i in range(count):
        names = [f"P{i}a", f"P{i}b", f"P{i}c", f"P{i}d"]
        path = folder / f"t{i}.csv"
        assert invoke("new", str(path), "-p", ",".join(names), "-r", "mester").exit_code == 0
        with open_ledger(str(path)) as reader:
            meta = reader.meta
        totals = (0, 0, 0, 0)
        lines = []
        for n in range(1, 9):
            entry = parse_hand(HANDS[(i + n) % len(HANDS)].format(*names), names)
            deltas = score(entry, rules, names).deltas
            totals = add(totals, deltas)
            cells = meta.row(
                n, names[dealer_of(0, n)], format_hand(entry, names), deltas, totals, ""
            )
            lines.append(meta.line(cells, HAND_QUOTED))
        with path.open("a", encoding="utf-8", newline="") as stream:
            stream.write("".join(lines))
        paths.append(str(path))
    return paths


@pytest.fixture
def shared_out(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Ledgers shared out among two workers from the first few on; each part's process
    noted in a file."""
    monkeypatch.setattr(ledgers, "MIN_SHARED", 4)
    monkeypatch.setattr(ledgers.os, "sched_getaffinity", lambda _pid: {0, 1}, raising=False)
    monkeypatch.setattr(ledgers.sys, "platform", "linux")
    noted = tmp_path / "pids"
    checking = ledgers._check

    def noting(paths: Sequence[str]) -> list[ledgers.LedgerCheck]:
        with noted.open("a") as stream:
            stream.write(f"{os.getpid()}\n")
        return checking(paths)

    monkeypatch.setattr(ledgers, "_check", noting)
    return noted


def test_workers_check_the_ledgers_in_their_order(tmp_path: Path, shared_out: Path) -> None:
    paths = _ledgers(tmp_path, 12)
    broken = Path(paths[5])
    broken.write_text(broken.read_text("utf-8").replace(',"zo P5b 26 kr",', ',"zo P5b 26",'))
    paths.insert(3, str(tmp_path / "missing.csv"))
    one_process = ledgers._check(paths)
    got = ledgers.check_ledgers(paths)
    assert got == one_process
    pids = set(shared_out.read_text().split())
    assert len(pids - {str(os.getpid())}) >= 1  # parts were checked in other processes
    assert got[3].problems[0][1].startswith("no such ledger")
    assert got[6].problems and not got[7].problems
    players = [c.players[0] for c in got if c.players]
    assert players == [f"P{i}a" for i in range(12) if i != 5]


def test_one_process_checks_few_ledgers_or_one_core() -> None:
    assert ledgers._workers(ledgers.MIN_SHARED - 1) == 1
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ledgers.os, "sched_getaffinity", lambda _pid: {0}, raising=False)
        patch.setattr(ledgers.sys, "platform", "linux")
        assert ledgers._workers(1000) == 1
        patch.setattr(ledgers.os, "sched_getaffinity", lambda _pid: set(range(64)), raising=False)
        assert ledgers._workers(1000) == ledgers.MOST_WORKERS
        assert ledgers._workers(ledgers.MIN_SHARED) == 2
        patch.setattr(ledgers.sys, "platform", "darwin")
        assert ledgers._workers(1000) == 1


def test_a_share_no_child_can_check_is_checked_here(
    tmp_path: Path, shared_out: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = _ledgers(tmp_path, 8)
    one_process = ledgers._check(paths)

    def no_fork() -> int:
        raise OSError("no more processes")

    with monkeypatch.context() as patch:
        patch.setattr(ledgers.os, "fork", no_fork)
        assert ledgers.check_ledgers(paths) == one_process

    def failing(part: Sequence[str]) -> list[ledgers.LedgerCheck]:
        raise RuntimeError("a child that stops")

    shared_out.unlink(missing_ok=True)
    monkeypatch.setattr(ledgers, "_part", failing)
    assert ledgers.check_ledgers(paths) == one_process
    assert set(shared_out.read_text().split()) == {str(os.getpid())}  # all checked here


def test_a_process_with_other_threads_is_not_forked() -> None:
    import threading

    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(ledgers.os, "sched_getaffinity", lambda _pid: {0, 1}, raising=False)
            patch.setattr(ledgers.sys, "platform", "linux")
            assert ledgers._workers(1000) == 1
    finally:
        stop.set()
        other.join()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ledgers.os, "sched_getaffinity", lambda _pid: {0, 1}, raising=False)
        patch.setattr(ledgers.sys, "platform", "linux")
        assert ledgers._workers(1000) == 2
