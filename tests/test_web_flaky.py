"""A flaky evening against a real `baska serve` (tests/js/flaky.mjs, seeded): several phones —
the page's own outbox, sender and intent fields in Node — on a network that drops requests
and answers, delays and reorders them, phones killed and opened again, two phones on one
deal, every question answered at random. Three invariants hold: every change a phone showed
as sent or waiting was answered (recorded once, found recorded, or asked and settled — none
waits at the end, and no hand is recorded twice); no write changed a hand other than the one
it named; the ledger reads back and `baska check` passes. A few seeds in the fast suite, many
in the slow one."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from baska_cli.web.changes import Changes
from tests.servekit import Server, new_ledger

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "js" / "flaky.mjs"


def evening(tmp_path: Path, seed: int, steps: int) -> tuple[dict[str, Any], str]:
    """The flaky evening of `seed` played against a new ledger with no plan: what the phones
    reported, and the ledger."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("needs Node.js (Debian's nodejs; .ci/run installs it)")
    ledger = new_ledger(tmp_path, deals=None)
    server = Server(ledger)
    try:
        done = subprocess.run(
            [node, str(SCRIPT), server.base, server.key, str(seed), str(steps)],
            capture_output=True,
            text=True,
            timeout=300,
            cwd=ROOT,
        )
    finally:
        server.stop()
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout), ledger


def hold(report: dict[str, Any], ledger: str) -> None:
    """The three invariants."""
    answers = report["answers"]
    # 1. every change a phone showed as sent or waiting was answered; none waits at the end
    assert report["waiting"] == []
    answered = {answer["key"] for answer in answers if answer["key"] is not None}
    assert {item["key"] for item in report["sent"]} <= answered | {None}
    # … and each hand recorded once: one "hand" in the change log for each id recorded (an id
    # sent again is answered as it was the first time: one write)
    recorded = {
        answer["id"] for answer in answers if answer["path"] == "/hands" and answer["status"] == 201
    }
    log = Changes(ledger).kept
    assert len([change for change in log if change.action == "hand"]) == len(recorded)
    # 2. no write changed a hand other than the one it named
    for answer in answers:
        if answer["path"] == "/hands" and answer["status"] == 201 and "number" in answer["data"]:
            assert answer["json"]["number"] == answer["data"]["number"], answer
    named = {
        (answer["json"].get("action"), answer["json"].get("number"), answer["data"].get("seen"))
        for answer in answers
        if answer["status"] == 200 and not answer["json"].get("already")
    }
    for change in log:
        if change.action != "hand":
            assert (change.action, change.number, change.old) in named, change
    # 3. the ledger reads back and checks clean
    checked = subprocess.run(
        [sys.executable, "-m", "baska_cli", "check", ledger], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    read = subprocess.run(
        [sys.executable, "-m", "baska_cli", "ledger", "--format", "json", ledger],
        capture_output=True,
        text=True,
    )
    assert read.returncode == 0, read.stderr


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_flaky_evening_keeps_every_change_once_on_the_hand_it_names(
    tmp_path: Path, seed: int
) -> None:
    report, ledger = evening(tmp_path, seed, 60)
    assert len(report["sent"]) > 20
    hold(report, ledger)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 130))
def test_many_flaky_evenings(tmp_path: Path, seed: int) -> None:
    report, ledger = evening(tmp_path, seed, 150)
    hold(report, ledger)
