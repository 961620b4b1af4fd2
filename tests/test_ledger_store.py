"""ledger/store.py: create, append and rewrite under the lock; a broken ledger is never
written to."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from baska_cli import ledger
from baska_cli.errors import LedgerError
from baska_cli.ledger import LedgerReader, Meta, Tally
from baska_cli.rules import RuleSet, builtin
from baska_cli.session import add
from tests.faultkit import PLAYERS
from tests.ledgerkit import EMPTY, META, TWO_HANDS


def _append(path: Path, text: str, deltas: tuple[int, int, int, int]) -> None:
    def build(reader: LedgerReader, rules: RuleSet) -> Sequence[str]:
        n = reader.tally.slots + 1
        dealer = PLAYERS[(n - 1) % 4]
        return ledger.row_cells(n, dealer, text, deltas, add(reader.tally.totals, deltas), "")

    ledger.append(str(path), build)


def test_create_writes_the_metadata_and_header(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    ledger.create(str(path), META)
    assert path.read_text("utf-8") == EMPTY


def test_create_never_overwrites(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    path.write_text("precious", "utf-8")
    with pytest.raises(LedgerError, match="exists already"):
        ledger.create(str(path), META)
    assert path.read_text("utf-8") == "precious"


def test_append_continues_the_numbering_and_totals(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    ledger.create(str(path), META)
    _append(path, "zw Ania+Celina 61 k", (2, -2, 2, -2))
    _append(path, "zo Darek 70", (-5, -5, -5, 15))
    assert path.read_text("utf-8") == TWO_HANDS
    reader = ledger.check(str(path))
    assert reader.problems == []
    assert (reader.tally.slots, reader.tally.counted, reader.tally.totals) == (
        2,
        2,
        (-3, -7, -3, 13),
    )


def test_append_to_a_spreadsheet_save_keeps_its_line_ends(tmp_path: Path) -> None:
    path = tmp_path / "saved.csv"
    path.write_bytes(b"\xef\xbb\xbf" + TWO_HANDS.replace("\n", "\r\n").encode().rstrip(b"\r\n"))
    _append(path, "gr Bartek 53", (-5, 15, -5, -5))
    data = path.read_bytes()
    assert data.endswith(
        b"\r\n2,Bartek,zo Darek 70,-5,-5,-5,15,-3,-7,-3,13\r\n"
        b"3,Celina,gr Bartek 53,-5,15,-5,-5,-8,8,-8,8\r\n"
    )
    assert ledger.check(str(path)).problems == []


def test_a_broken_ledger_is_never_written_to(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    broken = TWO_HANDS + "3,Celina,zw nobody,1,1,1,1\n"
    path.write_text(broken, "utf-8")
    with pytest.raises(LedgerError) as caught:
        _append(path, "gr Bartek 53", (-5, 15, -5, -5))
    assert caught.value.line == 10
    with pytest.raises(LedgerError):
        ledger.rewrite(str(path), lambda reader, rules, tally: (reader.meta, []))
    assert path.read_text("utf-8") == broken
    assert sorted(p.name for p in tmp_path.iterdir()) == [".e.csv.lock", "e.csv"]


def test_rewrite_replaces_atomically(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    path.write_text(TWO_HANDS, "utf-8")

    def transform(
        reader: LedgerReader, rules: RuleSet, tally: Tally
    ) -> tuple[Meta, list[list[str]]]:
        rows = [
            ledger.row_cells(r.n, r.dealer, r.hand, r.deltas, r.totals, r.status)
            for r in ledger.verify(reader)
        ]
        return reader.meta.with_rules(builtin("mester")), rows

    ledger.rewrite(str(path), transform)
    assert path.read_text("utf-8") == TWO_HANDS.replace("rules,plb", "rules,mester")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".e.csv.lock", "e.csv"]


def test_the_store_needs_neither_fcntl_nor_pread(tmp_path: Path) -> None:
    """As on Windows, where neither exists: every command that writes, in a process where
    `import fcntl` fails and `os.pread` is missing (filelock then locks another way)."""
    script = (
        "import atexit, os, sys\n"
        "sys.modules['fcntl'] = None\n"
        "del os.pread\n"
        "atexit.register(lambda: print('fcntl', sys.modules.get('fcntl'), file=sys.stderr))\n"
        "from baska_cli.cli import main\n"
        "main(sys.argv[1:])\n"
    )

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        argv = [sys.executable, "-W", "ignore", "-c", script, *args]
        done = subprocess.run(argv, capture_output=True, text=True, cwd=tmp_path, check=False)
        assert done.stderr.endswith("fcntl None\n"), done.stderr
        assert done.returncode == 0, done.stderr
        return done

    run("new", "e.csv", "-p", "Ania,Bartek,Celina,Darek", "--deals", "8")
    run("score", "-l", "e.csv", "zw", "ania+cel", "61", "k")
    run("score", "-l", "e.csv", "zo", "darek", "70")
    run("amend", "e.csv", "2", "zo", "darek", "70", "k")
    run("void", "e.csv", "1")
    run("undo", "e.csv")
    run("recalc", "e.csv", "--rules", "mester", "--write")
    assert run("check", "e.csv").stderr.startswith("e.csv: ok, 0 hands\n")
    assert (tmp_path / "e.csv").read_text("utf-8").splitlines()[7:] == [
        "1,Ania,zw Ania+Celina 61 k,2,-2,2,-2,,,,,void",
        "2,Bartek,zo Darek 70,-5,-5,-5,15,,,,,amended",
        "2,Bartek,zo Darek 70 k,-10,-10,-10,30,,,,,undone",
    ]


# --- every file written is read back before it replaces anything (issue 16, class 1) ------


def test_create_reads_its_file_back_and_refuses_one_it_cannot_read(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    broken = Meta(PLAYERS, "h", ('base = "plb"', 'title = "a'), deals=8)  # not TOML
    with pytest.raises(LedgerError, match=r"could not be read back .*nothing was written"):
        ledger.create(str(path), broken)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".bad.csv.lock"]


def test_rewrite_reads_its_file_back_and_leaves_the_ledger_alone(tmp_path: Path) -> None:
    path = tmp_path / "evening.csv"
    path.write_text(TWO_HANDS, encoding="utf-8")

    def transform(reader: LedgerReader, rules: RuleSet, tally: Tally) -> tuple[Meta, list[str]]:
        meta = reader.meta
        return Meta(meta.players, "", ("",), deals=meta.deals), []  # an empty rules row

    with pytest.raises(LedgerError, match="could not be read back"):
        ledger.store.rewrite(str(path), transform)  # type: ignore[arg-type]
    assert path.read_text(encoding="utf-8") == TWO_HANDS
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_create_refuses_an_empty_file_name_before_any_lock(tmp_path: Path) -> None:
    import os

    before = set(os.listdir(tmp_path.parent))
    with pytest.raises(LedgerError, match="file name is empty"):
        ledger.create("", META)
    assert set(os.listdir(tmp_path.parent)) == before
