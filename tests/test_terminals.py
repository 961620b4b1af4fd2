"""Terminals as they come: legacy 8-bit encodings (ISO-8859-2, Windows-1250, ASCII) get the
characters they have and plain forms of the rest, never "could not write the output"; and a
terminal of any width from 1 column gets every command's output, the chart included."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

from baska_cli.cli.terminal import plain
from baska_cli.game.notation import parse_hand
from baska_cli.game.scoring import score
from baska_cli.ledger.view import read
from baska_cli.render import sheet
from baska_cli.render.chart import line_chart, picks, sparkline
from baska_cli.render.outcome import render_outcome
from baska_cli.rulesets.loader import builtin

SAMPLE = str(Path(__file__).parent.parent / "samples" / "evening.csv")
LEGACY = ("iso8859-2", "cp1250", "ascii")


def _baska(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "baska_cli", *args],
        capture_output=True,
        env={**os.environ, **(env or {})},
        check=False,
    )


@pytest.mark.parametrize(
    "encoding",
    # iso8859-2 in the slow step: its letters are cp1250's, its fallbacks are checked below
    [pytest.param(e, marks=pytest.mark.slow) if e == "iso8859-2" else e for e in LEGACY],
)
def test_a_legacy_terminal_gets_what_it_can_show(encoding: str) -> None:
    env = {"PYTHONIOENCODING": encoding, "BASKA_LANG": "pl"}
    for args in (["ledger", SAMPLE, "--chart"], ["score", "zw", "A+C", "61", "k", "--explain"]):
        done = _baska(*args, env=env)
        assert done.returncode == 0, done.stderr
        text = done.stdout.decode(encoding)  # (strict: every byte is the terminal's)
        assert "wygrana" in text or "miejsce" in text
        if encoding != "ascii":
            assert "ł" in text or "ś" in text  # Polish letters stay Polish
    wrong = _baska("score", "zw", "A+C", "6", env=env)
    assert wrong.returncode == 2
    message = wrong.stderr.decode(encoding)
    assert "oczek" in message and "nie uda" not in message
    assert message.startswith("Błąd: " if encoding != "ascii" else "Blad: ")


@pytest.mark.parametrize(
    ("ch", "encoding", "shown"),
    [
        ("—", "iso8859-2", "-"),
        ("—", "cp1250", "—"),
        ("│", "cp1250", "|"),
        ("×", "ascii", "x"),
        ("⁵", "ascii", "5"),
        ("ł", "ascii", "l"),
        ("ł", "iso8859-2", "ł"),
        ("„", "iso8859-2", '"'),
        ("☃", "ascii", "?"),
    ],
)
def test_a_character_the_terminal_lacks_is_written_plain(ch: str, encoding: str, shown: str):
    assert plain(ch, encoding) == shown


WIDTHS = range(1, 21)


@pytest.mark.parametrize("width", WIDTHS)
def test_every_text_fits_any_width(width: int) -> None:
    session = read(SAMPLE)
    for unicode in (True, False):
        text = sheet.session_text(session, session.rows, unicode, False, (width, 16), width)
        assert "".join(text)
    rules = builtin("plb")
    hand = parse_hand("zw A+C 61 k:B,A")
    out = render_outcome(hand, score(hand, rules), rules, "ABCD", "table", True, width)
    assert "A" in out
    series = [[1, -3, 8, 2], [-1, 3, -8, -2]]
    assert line_chart(["A", "B"], series, width, 3, True)
    assert len(sparkline(series[0], -8, 8, width, True)) == min(width, 4)
    assert picks(10, width)[-1] == 9 and len(picks(10, width)) == min(width, 10)


def _at_terminal(args: list[str], columns: int, cwd: Path) -> tuple[int, bytes]:
    """`baska ARGS` at a pseudo-terminal `columns` wide: its exit status and output."""
    main, child = pty.openpty()
    env = {**os.environ, "COLUMNS": str(columns), "LINES": "24", "TERM": "xterm"}
    process = subprocess.Popen(
        [sys.executable, "-m", "baska_cli", *args],
        stdin=subprocess.DEVNULL,
        stdout=child,
        stderr=child,
        env=env,
        cwd=cwd,
    )
    os.close(child)
    out = b""
    while select.select([main], [], [], 60)[0]:  # (a hang ends the loop, then wait fails)
        try:
            chunk = os.read(main, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    os.close(main)
    return process.wait(60), out


@pytest.mark.slow
@pytest.mark.parametrize("columns", [1, 2, 7, 20])
def test_every_command_works_at_a_narrow_terminal(columns: int, tmp_path: Path) -> None:
    ledger = tmp_path / "e.csv"
    ledger.write_bytes(Path(SAMPLE).read_bytes())
    commands = [
        ["score", "zw", "A+C", "61", "k", "--explain"],
        ["score", "-l", "e.csv", "--extra", "ba", "1"],
        ["ledger", "e.csv"],
        ["ledger", "e.csv", "--chart"],
        ["stats", "e.csv"],
        ["rules", "plb"],
        ["check", "e.csv"],
        ["settle", "e.csv", "-s", "0.1"],
        ["--help"],
    ]
    for args in commands:
        status, out = _at_terminal(args, columns, tmp_path)
        assert status == 0 and b"Traceback" not in out, (args, out[-400:])
