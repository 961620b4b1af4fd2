"""Real OS processes: many `baska score --ledger` at once, and writers killed with SIGKILL at
random moments. Every hand whose command exited 0 is in the ledger exactly once, the numbers
run 1, 2, 3 … and `baska check` passes. Seeded: BASKA_FAULT_SEED and BASKA_KILLS change the
run (a longer soak: BASKA_KILLS=300)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.clikit import V1
from tests.faultkit import (
    baska,
    baska_argv,
    distinct_hands,
    folder_listing,
    make_ledger,
    recorded,
)

SEED = int(os.environ.get("BASKA_FAULT_SEED", "20240517"))
KILLS = int(os.environ.get("BASKA_KILLS", "40"))
APPENDERS, HANDS_EACH, RECALCS = 5, 25, 8


@pytest.mark.slow
def test_concurrent_appends_and_rewrites_lose_nothing(tmp_path: Path) -> None:
    """5 processes at a time append 25 hands each while a sixth rewrites the whole ledger
    under plb and mester in turn: every hand lands once, numbered as its command said."""
    path = tmp_path / "e.csv"
    make_ledger(path, [])
    hands = distinct_hands(APPENDERS * HANDS_EACH)
    batches = [hands[i::APPENDERS] for i in range(APPENDERS)]

    def append_all(batch: list[str]) -> list[tuple[str, int, dict[str, object]]]:
        done = []
        for hand in batch:
            result = baska("score", "-l", str(path), "-f", "json", *hand.split())
            record = json.loads(result.stdout) if result.returncode == 0 else {}
            done.append((hand, result.returncode, record))
        return done

    def recalc_all() -> list[int]:
        return [
            baska("recalc", str(path), "--rules", rules, "--write").returncode
            for rules in ("mester", "plb") * (RECALCS // 2)
        ]

    with ThreadPoolExecutor(APPENDERS + 1) as pool:
        rewrites = pool.submit(recalc_all)
        results = [r for done in pool.map(append_all, batches) for r in done]
    assert rewrites.result() == [0] * RECALCS
    assert [code for _, code, _ in results] == [0] * len(hands)

    rows = recorded(path)
    assert Counter(hand for _, hand, _ in rows) == Counter(hands)
    assert [n for n, _, _ in rows] == list(range(1, len(hands) + 1))
    assert [status for _, _, status in rows] == [""] * len(hands)
    number = {hand: n for n, hand, _ in rows}
    assert {hand: record["n"] for hand, _, record in results} == number
    # each command's reported totals are the file's running totals at its row
    with open(path, encoding="utf-8") as stream:
        file_totals = {
            cells[2]: [int(t) for t in cells[7:11]]
            for cells in (line.rstrip("\n").split(",") for line in stream)
            if cells[0].isdigit()
        }
    assert {hand: list(record["totals"].values()) for hand, _, record in results} == file_totals
    checked = baska("check", str(path))
    assert (checked.returncode, checked.stderr) == (0, f"{path}: ok, {len(hands)} hands{V1}\n")
    assert folder_listing(path) == [".e.csv.lock", "e.csv"]


def _kill_after(argv: list[str], delay: float) -> int:
    """Start a command, SIGKILL it after `delay` seconds unless it ended: its exit status."""
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        child.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        child.send_signal(signal.SIGKILL)
    return child.wait(timeout=60)


def _typical_run(argv: list[str]) -> float:
    """How long one run takes here: only to spread the kills over a command's life."""
    start = time.perf_counter()
    assert subprocess.run(argv, capture_output=True, check=False).returncode == 0
    return time.perf_counter() - start


@pytest.mark.slow
def test_appends_killed_at_random_moments(tmp_path: Path) -> None:
    """A 3000-hand ledger (so that reading and checking it under the lock takes a while); a
    command appending a new hand is killed after a random delay, again and again."""
    rng = random.Random(SEED)
    path = tmp_path / "e.csv"
    pool = distinct_hands(500 + KILLS + 1)
    base, fresh = pool[:500], pool[500:]
    make_ledger(path, [rng.choice(base) for _ in range(3000)])
    span = _typical_run(baska_argv("score", "-l", str(path), *fresh[-1].split())) * 1.3
    acknowledged = [fresh[-1]]
    maybe: list[str] = []
    killed = 0
    for hand in fresh[:KILLS]:
        code = _kill_after(baska_argv("score", "-l", str(path), *hand.split()), rng.random() * span)
        if code == 0:
            acknowledged.append(hand)
        else:
            assert code == -signal.SIGKILL
            killed += 1
            maybe.append(hand)
        appended = [hand for _, hand, _ in recorded(path)[3000:]]
        assert [h for h in appended if h in acknowledged] == acknowledged
        assert sorted(appended) == sorted(set(appended))  # none twice
        assert set(appended) <= set(acknowledged) | set(maybe)
    checked = baska("check", str(path))
    assert (checked.returncode, checked.stdout) == (0, "")
    assert baska("score", "-l", str(path), "ba", "Ania").returncode == 0
    assert folder_listing(path) == [".e.csv.lock", "e.csv"]
    late = len(set(maybe) & set(appended))
    print(
        f"appends: {killed} of {KILLS} killed ({late} after their row was written), "
        f"{len(acknowledged)} acknowledged, none lost"
    )


@pytest.mark.slow
def test_rewrites_killed_at_random_moments(tmp_path: Path) -> None:
    """`recalc --write` under mester and plb in turn, killed after a random delay: the
    ledger is the old file or the new one, never a mix; the temporary files of killed
    writers go with the next command that takes the lock."""
    rng = random.Random(SEED + 1)
    path = tmp_path / "e.csv"
    pool = distinct_hands(500)
    hands = [rng.choice(pool) for _ in range(6000)]
    make_ledger(path, hands)
    expected = [(n, hand, "") for n, hand in enumerate(hands, start=1)]
    span = _typical_run(baska_argv("recalc", str(path), "--rules", "mester", "--write")) * 1.3
    killed = left_temps = 0
    for i in range(KILLS):
        rules = ("plb", "mester")[i % 2]
        argv = baska_argv("recalc", str(path), "--rules", rules, "--write")
        code = _kill_after(argv, rng.random() * span)
        assert code in (0, -signal.SIGKILL)
        killed += code != 0
        assert recorded(path) == expected
        assert path.read_text("utf-8").splitlines()[2] in ("rules,plb", "rules,mester")
        left_temps += any(n.endswith(".tmp") for n in folder_listing(path))
        for name in folder_listing(path):
            assert name in (".e.csv.lock", "e.csv") or name.startswith(".e.csv.baska-"), name
    checked = baska("check", str(path))
    assert (checked.returncode, checked.stdout) == (0, "")
    assert baska("score", "-l", str(path), "ba", "Ania").returncode == 0
    # (an append looks through no folder; the next rewrite takes a killed writer's leftovers)
    assert baska("undo", str(path)).returncode == 0
    assert folder_listing(path) == [".e.csv.lock", "e.csv"]
    print(f"rewrites: {killed} of {KILLS} killed, {left_temps} left a temporary file, none lost")
