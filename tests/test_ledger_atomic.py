"""ledger/atomic.py and files/replace.py: every file written is read back before it
replaces anything; a rename refused (a file held open, as Windows refuses it) is tried
again, then told; nothing baska opens stays open after an operation."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from baska_cli import i18n, ledger
from baska_cli.errors import LedgerError
from baska_cli.files import replace as atomic
from baska_cli.ledger import view
from baska_cli.ledger.format import Meta
from baska_cli.rulesets.loader import builtin
from tests.clikit import invoke, start_evening
from tests.faultkit import PLAYERS
from tests.ledgerkit import TWO_HANDS

REFUSED = "The process cannot access the file because it is being used by another process"


def test_the_umask_is_read_without_changing_it() -> None:
    old = os.umask(0o027)
    try:
        assert atomic.umask() == 0o027
        assert atomic.umask() == 0o027
    finally:
        os.umask(old)


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

    with (
        pytest.raises(LedgerError, match="could not be read back"),
        ledger.open_for_edit(str(path)) as locked,
    ):
        meta = locked.meta
        locked.replace(Meta(meta.players, "", ("",), deals=meta.deals), [])  # an empty rules row
    assert path.read_text(encoding="utf-8") == TWO_HANDS
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


# --- a rename refused for a moment (Windows: the file is open elsewhere) ------------------


def _to_mester(path: Path) -> None:
    """Rewrite the ledger under the rules "mester", its rows as they are."""
    with ledger.open_for_edit(str(path)) as locked:
        rows = [
            ledger.row_cells(r.n, r.dealer, r.hand, r.deltas, r.totals, r.status)
            for r in ledger.verify(locked.reader())
        ]
        locked.replace(locked.meta.with_rules(builtin("mester")), rows)


@pytest.fixture
def refusals(monkeypatch: pytest.MonkeyPatch) -> Callable[[int], list[float]]:
    """os.replace refused `n` times with the error Windows gives for a file another program
    holds open, then done; the pauses between the tries, as they would have been slept."""

    def refuse(n: int) -> list[float]:
        real, left, pauses = os.replace, [n], []

        def replace(src: str, dst: str) -> None:
            if left[0]:
                left[0] -= 1
                raise PermissionError(13, REFUSED, dst)
            real(src, dst)

        monkeypatch.setattr(os, "replace", replace)
        monkeypatch.setattr(atomic.time, "sleep", pauses.append)
        return pauses

    return refuse


def _temps(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_a_rename_refused_a_few_times_is_tried_again(
    tmp_path: Path, refusals: Callable[[int], list[float]]
) -> None:
    path = tmp_path / "e.csv"
    path.write_text(TWO_HANDS, "utf-8")
    pauses = refusals(3)
    _to_mester(path)
    assert path.read_text("utf-8") == TWO_HANDS.replace("rules,plb", "rules,mester")
    assert pauses == [atomic.REPLACE_PAUSE] * 3
    assert _temps(tmp_path) == []


def test_a_rename_refused_for_a_second_is_told_and_the_ledger_stays(
    tmp_path: Path, refusals: Callable[[int], list[float]]
) -> None:
    path = tmp_path / "e.csv"
    path.write_text(TWO_HANDS, "utf-8")
    pauses = refusals(atomic.REPLACE_TRIES)
    with pytest.raises(LedgerError) as caught:
        _to_mester(path)
    assert str(caught.value) == (
        f"{path}: cannot replace the file with its new version: Permission denied; another "
        "program (a spreadsheet, an editor, a backup, sync or antivirus program) may have it "
        "open: close it and try again; the file was not changed"
    )
    assert len(pauses) == atomic.REPLACE_TRIES - 1
    assert 0.5 <= sum(pauses) <= 1.0  # about a second in all
    assert path.read_text("utf-8") == TWO_HANDS
    assert _temps(tmp_path) == []


def test_a_refused_rename_is_told_in_polish_by_every_rewrite(
    tmp_path: Path, refusals: Callable[[int], list[float]]
) -> None:
    path = start_evening(tmp_path)
    before = Path(path).read_text("utf-8")
    refusals(1000)
    for args in (("void", path, "1"), ("recalc", path, "--rules", "mester", "--write")):
        result = invoke("--lang", "pl", *args)
        assert result.exit_code == 1, args
        assert result.stderr == (
            f"Błąd: {path}: nie można zastąpić pliku jego nową wersją: Brak uprawnień; inny "
            "program (arkusz kalkulacyjny, edytor, program do kopii zapasowych, "
            "synchronizacji lub antywirus) może mieć go otwartego: zamknij go i spróbuj "
            "ponownie; pliku nie zmieniono\n"
        )
        assert Path(path).read_text("utf-8") == before
    assert _temps(tmp_path) == []


def test_a_small_file_written_whole_is_tried_again_too(
    tmp_path: Path, refusals: Callable[[int], list[float]]
) -> None:
    path = tmp_path / "players.txt"
    path.write_text("old\n", "utf-8")
    refusals(2)
    atomic.replace_text(str(path), "new\n")
    assert path.read_text("utf-8") == "new\n"
    refusals(atomic.REPLACE_TRIES)
    with pytest.raises(LedgerError, match="cannot replace the file with its new version"):
        atomic.replace_text(str(path), "newer\n")
    assert path.read_text("utf-8") == "new\n"
    assert _temps(tmp_path) == []


# --- nothing holds a ledger open between two operations -----------------------------------

FDS = "/proc/self/fd"


def _held_open(path: str) -> list[str]:
    """This process's open files that are `path` (its file descriptors, from /proc)."""
    target = os.path.realpath(path)
    held = []
    for fd in os.listdir(FDS):
        with contextlib.suppress(OSError):
            if os.readlink(os.path.join(FDS, fd)) == target:
                held.append(fd)
    return held


@pytest.fixture
def as_on_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    """os.replace as Windows does it: refused while the file is open (here: in this process)."""
    if not os.path.isdir(FDS):
        pytest.skip("needs /proc/self/fd")
    real = os.replace

    def replace(src: str, dst: str) -> None:
        if _held_open(os.fspath(dst)):
            raise PermissionError(13, REFUSED, dst)
        real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(atomic.time, "sleep", lambda seconds: None)


@pytest.mark.usefixtures("as_on_windows")
def test_every_command_that_writes_closes_the_ledger_before_replacing_it(
    tmp_path: Path,
) -> None:
    path = start_evening(tmp_path)
    for args in (
        ("score", "-l", path, "gr", "bart", "53"),
        ("amend", path, "5", "gr", "bart", "60"),
        ("void", path, "1"),
        ("undo", path),
        ("recalc", path, "--rules", "mester", "--write"),
        ("upgrade", path),
    ):
        result = invoke(*args)
        assert result.exit_code == 0, (args, result.stderr)
        assert _held_open(path) == [], args
    assert ledger.check(path).problems == []


@pytest.mark.usefixtures("as_on_windows")
def test_the_library_leaves_no_ledger_open(tmp_path: Path) -> None:
    """What a front end (play, a server) calls, each returning with the ledger closed."""
    path = start_evening(tmp_path)
    actions: list[Callable[[], object]] = [
        lambda: ledger.record(path, "gr Bartek 53"),
        lambda: ledger.record(path, "gr Bartek 53", dry_run=True),
        lambda: ledger.amend(path, 5, "60"),
        lambda: ledger.void(path, 1),
        lambda: ledger.undo(path),
        lambda: ledger.recalc(path),
        lambda: ledger.recalc(path, builtin("mester"), write=True),
        lambda: ledger.convert(path),
        lambda: ledger.read(path),
        lambda: view.read_rows(path),
        lambda: view.scored(path),
        lambda: ledger.check(path),
    ]
    for act in actions:
        act()
        assert _held_open(path) == [], act
    with view.reading(path) as reading:
        next(reading.rows)  # a reading left half-way is closed with its block
    reading.checked()
    assert _held_open(path) == []
    with contextlib.suppress(RuntimeError), ledger.read(path).reread() as rows:
        next(rows)
        raise RuntimeError  # a caller failing in the middle of the rows
    assert _held_open(path) == []


def _rows_then_fail(rows: Iterator[object]) -> Iterator[list[str]]:
    next(rows)
    raise LedgerError("failed half-way")
    yield []  # (a generator)


@pytest.mark.usefixtures("as_on_windows")
def test_a_rewrite_that_fails_half_way_closes_the_ledger(tmp_path: Path) -> None:
    path = start_evening(tmp_path)
    with pytest.raises(LedgerError, match="failed half-way"), ledger.open_for_edit(path) as locked:
        locked.replace(locked.meta, _rows_then_fail(ledger.verify(locked.reader())))
    assert _held_open(path) == []


def test_polish_is_spoken_per_call(tmp_path: Path, refusals: Callable[[int], list[float]]) -> None:
    path = tmp_path / "e.csv"
    path.write_text(TWO_HANDS, "utf-8")
    refusals(atomic.REPLACE_TRIES)
    with i18n.speaking("pl"), pytest.raises(LedgerError) as caught:
        _to_mester(path)
    assert caught.value.message.startswith("nie można zastąpić pliku jego nową wersją: ")
