"""ledger/store.py and atomic.py: create, append and rewrite under the lock; a broken ledger
is never written to; a rename refused (a file held open, as on Windows) is tried again."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from baska_cli import i18n, ledger
from baska_cli.errors import LedgerError
from baska_cli.evening.totals import add
from baska_cli.ledger import LedgerReader
from baska_cli.rulesets.loader import builtin
from tests.clikit import invoke
from tests.faultkit import PLAYERS
from tests.ledgerkit import EMPTY, META, TWO_HANDS


def _append(path: Path, text: str, deltas: tuple[int, int, int, int]) -> None:
    with ledger.open_for_edit(str(path)) as locked:
        n = locked.tally.slots + 1
        dealer = PLAYERS[(n - 1) % 4]
        locked.append(
            ledger.row_cells(n, dealer, text, deltas, add(locked.tally.totals, deltas), "")
        )


def _rows(reader: LedgerReader) -> list[list[str]]:
    """Every row of the ledger as it is."""
    return [
        ledger.row_cells(r.n, r.dealer, r.hand, r.deltas, r.totals, r.status)
        for r in ledger.verify(reader)
    ]


def _to_mester(path: Path) -> None:
    """Rewrite the ledger under the rules "mester", its rows as they are."""
    with ledger.open_for_edit(str(path)) as locked:
        locked.replace(locked.meta.with_rules(builtin("mester")), _rows(locked.reader()))


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


def test_create_works_where_the_system_has_no_hard_links(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pyodide in a browser (`baska app`) has no os.link: the new ledger gets its name by a
    rename under its lock, and still never over a file."""
    monkeypatch.delattr(os, "link")
    path = tmp_path / "e.csv"
    ledger.create(str(path), META)
    assert path.read_text("utf-8") == EMPTY
    with pytest.raises(LedgerError, match="exists already"):
        ledger.create(str(path), META)
    assert sorted(os.listdir(tmp_path)) == [".e.csv.lock", "e.csv"]


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
    with pytest.raises(LedgerError), ledger.open_for_edit(str(path)) as locked:
        locked.replace(locked.meta, [])
    assert path.read_text("utf-8") == broken
    assert sorted(p.name for p in tmp_path.iterdir()) == [".e.csv.lock", "e.csv"]


def test_a_ledger_known_unchanged_is_not_read_again_and_a_changed_one_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from baska_cli.ledger import store
    from baska_cli.ledger.view import read

    path = tmp_path / "e.csv"
    path.write_text(TWO_HANDS, "utf-8")
    known = read(str(path))
    checks: list[str] = []
    real_check = store.check
    monkeypatch.setattr(store, "check", lambda *a, **k: checks.append("read") or real_check(*a))
    with ledger.open_for_edit(str(path), known=known) as locked:
        assert locked.tally == known.tally and checks == []
    broken = TWO_HANDS + "3,Celina,zw nobody,1,1,1,1\n"
    path.write_text(broken, "utf-8")
    with pytest.raises(LedgerError), ledger.open_for_edit(str(path), known=known) as locked:
        locked.append(["3", "Celina", "gr Bartek 53", "-5", "15", "-5", "-5"])
    assert checks == ["read"] and path.read_text("utf-8") == broken


def test_rewrite_replaces_atomically(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    path.write_text(TWO_HANDS, "utf-8")

    _to_mester(path)
    assert path.read_text("utf-8") == TWO_HANDS.replace("rules,plb", "rules,mester")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".e.csv.lock", "e.csv"]


@pytest.mark.slow  # (child processes: in the slow step)
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
    assert run("check", "e.csv").stderr.startswith("e.csv: ok, 0 hands")
    assert (tmp_path / "e.csv").read_text("utf-8").splitlines()[7:] == [
        '1,Ania,"zw Ania+Celina 61 k",(+2),(-2),(+2),(-2),,,,,void',
        '2,Bartek,"zo Darek 70",(-5),(-5),(-5),(+15),,,,,amended',
        '2,Bartek,"zo Darek 70 k",(-10),(-10),(-10),(+30),,,,,undone',
    ]


# --- paths: symbolic links, hard links, the lock's own path ------------------------------


def _linked(tmp_path: Path) -> tuple[Path, Path]:
    """A ledger in one folder and a symbolic link to it in another."""
    (tmp_path / "real").mkdir()
    (tmp_path / "other").mkdir()
    target = tmp_path / "real" / "e.csv"
    target.write_text(TWO_HANDS, "utf-8")
    link = tmp_path / "other" / "link.csv"
    link.symlink_to(os.path.join("..", "real", "e.csv"))
    return target, link


def test_a_rewrite_through_a_symlink_replaces_its_target(tmp_path: Path) -> None:
    target, link = _linked(tmp_path)
    _to_mester(link)
    assert link.is_symlink()
    assert target.read_text("utf-8") == TWO_HANDS.replace("rules,plb", "rules,mester")
    assert sorted(p.name for p in (tmp_path / "other").iterdir()) == ["link.csv"]
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == [".e.csv.lock", "e.csv"]


def test_an_append_through_a_symlink_takes_its_targets_lock(tmp_path: Path) -> None:
    target, link = _linked(tmp_path)
    _append(link, "gr Bartek 53", (-5, 15, -5, -5))
    assert target.read_text("utf-8").endswith("3,Celina,gr Bartek 53,-5,15,-5,-5,-8,8,-8,8\n")
    assert sorted(p.name for p in (tmp_path / "other").iterdir()) == ["link.csv"]
    assert ledger.check(str(target)).problems == []


def test_every_command_through_a_symlink_writes_its_target(tmp_path: Path) -> None:
    target, link = _linked(tmp_path)
    for args in (
        ("score", "-l", str(link), "gr", "bart", "53"),
        ("amend", str(link), "3", "gr", "bart", "60"),
        ("void", str(link), "1"),
        ("undo", str(link)),
        ("recalc", str(link), "--rules", "mester", "--write"),
    ):
        assert invoke(*args).exit_code == 0, args
        assert link.is_symlink() and link.resolve() == target.resolve()
    lines = target.read_text("utf-8").splitlines()
    assert lines[2] == "rules,mester"
    assert lines[-4:] == [
        "1,Ania,zw Ania+Celina 61 k,2,-2,2,-2,,,,,void",
        "2,Bartek,zo Darek 70,-5,-5,-5,15,-5,-5,-5,15",
        "3,Celina,gr Bartek 53,-5,15,-5,-5,,,,,amended",
        "3,Celina,gr Bartek 60,-5,15,-5,-5,,,,,undone",
    ]
    assert sorted(p.name for p in (tmp_path / "other").iterdir()) == ["link.csv"]


def test_a_symlinked_folder_is_resolved_too(tmp_path: Path) -> None:
    target, _ = _linked(tmp_path)
    (tmp_path / "alias").symlink_to(tmp_path / "real", target_is_directory=True)
    _to_mester(tmp_path / "alias" / "e.csv")
    assert "rules,mester" in target.read_text("utf-8")
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == [".e.csv.lock", "e.csv"]


def test_two_names_of_one_file_share_one_lock(tmp_path: Path) -> None:
    """A writer through the link holds the lock a writer by the real name must wait for."""
    from filelock import FileLock, Timeout

    target, link = _linked(tmp_path)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys\n"
            "from baska_cli.ledger.store import locked\n"
            "with locked(sys.argv[1]):\n"
            "    print('held', flush=True)\n"
            "    sys.stdin.read()\n",
            str(link),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with pytest.raises(Timeout):
            FileLock(str(target.parent / ".e.csv.lock")).acquire(timeout=0.2)
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)
    FileLock(str(target.parent / ".e.csv.lock")).acquire(timeout=5)


@pytest.mark.parametrize("write", ["append", "rewrite"])
def test_a_hard_linked_ledger_is_not_written(tmp_path: Path, write: str) -> None:
    path = tmp_path / "e.csv"
    path.write_text(TWO_HANDS, "utf-8")
    other = tmp_path / "copy.csv"
    os.link(path, other)
    for name in (path, other):
        with pytest.raises(LedgerError, match=r"has 2 names \(hard links\)") as caught:
            if write == "append":
                _append(name, "gr Bartek 53", (-5, 15, -5, -5))
            else:
                _to_mester(name)
        assert caught.value.path == str(name)
    assert path.read_text("utf-8") == other.read_text("utf-8") == TWO_HANDS
    assert os.stat(path).st_ino == os.stat(other).st_ino
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("write", ["create", "append", "rewrite"])
def test_a_symlink_at_the_lock_path_is_refused_not_followed(tmp_path: Path, write: str) -> None:
    path = tmp_path / "e.csv"
    if write != "create":
        path.write_text(TWO_HANDS, "utf-8")
    victim = tmp_path / "elsewhere" / "victim"
    victim.parent.mkdir()
    (tmp_path / ".e.csv.lock").symlink_to(victim)
    with pytest.raises(LedgerError, match=r"its lock file .* is a symbolic link") as caught:
        if write == "create":
            ledger.create(str(path), META)
        elif write == "append":
            _append(path, "gr Bartek 53", (-5, 15, -5, -5))
        else:
            _to_mester(path)
    assert str(caught.value).startswith(f"{path}: cannot lock the ledger: ")
    assert not victim.exists()
    assert list(victim.parent.iterdir()) == []
    assert path.exists() == (write != "create")
    if write != "create":
        assert path.read_text("utf-8") == TWO_HANDS
    # an existing file behind the link is not touched either
    victim.write_text("precious", "utf-8")
    with pytest.raises(LedgerError, match="symbolic link"):
        _append(path, "gr Bartek 53", (-5, 15, -5, -5))
    assert victim.read_text("utf-8") == "precious"


def test_a_named_pipe_at_the_lock_path_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    path.write_text(TWO_HANDS, "utf-8")
    os.mkfifo(tmp_path / ".e.csv.lock")
    with pytest.raises(LedgerError, match=r"its lock file .* is a named pipe"):
        _append(path, "gr Bartek 53", (-5, 15, -5, -5))
    assert path.read_text("utf-8") == TWO_HANDS


# --- modes: the umask, a rewrite keeps mode and owner, the lock for every writer ---------


def _new_under_umask(tmp_path: Path, mask: int) -> Path:
    """`baska new` in a child process whose umask is `mask`."""
    path = tmp_path / f"u{mask:03o}.csv"
    script = (
        f"import os, sys\nos.umask({mask:#o})\nfrom baska_cli.cli import main\nmain(sys.argv[1:])\n"
    )
    argv = [sys.executable, "-c", script, "new", str(path), "-p", ",".join(PLAYERS)]
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return path


@pytest.mark.parametrize(("mask", "mode"), [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600)])
def test_a_new_ledger_and_its_lock_honour_the_umask(tmp_path: Path, mask: int, mode: int) -> None:
    path = _new_under_umask(tmp_path, mask)
    assert stat.S_IMODE(os.stat(path).st_mode) == mode
    # the lock: the ledger's mode, readable by all (flock needs only reading; it holds nothing)
    assert stat.S_IMODE(os.stat(tmp_path / f".{path.name}.lock").st_mode) == mode | 0o644


def test_create_refuses_an_empty_file_name_before_any_lock(tmp_path: Path) -> None:
    import os

    before = set(os.listdir(tmp_path.parent))
    with pytest.raises(LedgerError, match="file name is empty"):
        ledger.create("", META)
    assert set(os.listdir(tmp_path.parent)) == before


def test_refusals_to_write_in_polish(tmp_path: Path) -> None:
    i18n.use("pl")
    path = tmp_path / "e.csv"
    path.write_text(TWO_HANDS, "utf-8")
    with pytest.raises(LedgerError) as caught:
        ledger.create(str(path), META)
    assert str(caught.value) == f"{path}: plik już istnieje; nowy zapis nigdy nie nadpisuje pliku"
    os.link(path, tmp_path / "kopia.csv")
    with pytest.raises(LedgerError) as caught:
        _append(path, "gr Bartek 53", (-5, 15, -5, -5))
    assert caught.value.message == (
        "plik ma 2 nazwy (dowiązania twarde); baska pisze tylko do zapisu o jednej nazwie, "
        "by jedna blokada go obejmowała (dowiązanie symboliczne do niego nie przeszkadza)"
    )
    os.unlink(tmp_path / "kopia.csv")
    (tmp_path / ".e.csv.lock").unlink(missing_ok=True)
    os.symlink(tmp_path / "gdzies", tmp_path / ".e.csv.lock")
    with pytest.raises(LedgerError) as caught:
        _append(path, "gr Bartek 53", (-5, 15, -5, -5))
    assert caught.value.message == (
        f"nie można zablokować zapisu: jego plik blokady {tmp_path / '.e.csv.lock'} to "
        f"dowiązanie symboliczne; baska go nie używa ani za nim nie idzie (usuń go, jeśli nie "
        f"wiesz, skąd się wziął)"
    )
    assert path.read_text("utf-8") == TWO_HANDS
