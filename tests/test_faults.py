"""Faults: a full disk, a refused permission, a ledger removed or replaced, hand edits and
malformed files. Every failure is a clear `file[:line]: message`, exit status 1, and the ledger
is left byte for byte as it was."""

from __future__ import annotations

import errno
import os
import resource
import signal
import subprocess
import tracemalloc
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from baska_cli import ledger
from baska_cli.cli import cli
from baska_cli.errors import LedgerError
from baska_cli.ledger import LedgerReader
from baska_cli.ledger import edits as edits_module
from baska_cli.ledger.checker import ORDER_HINT
from tests.faultkit import PLAYERS, baska, baska_argv, folder_listing, recorded

ENOSPC = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
FULL = "No space left on device"


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    """Five hands recorded through the CLI, and an extra metadata row whose quoted cell spans
    two lines, so that physical lines and CSV records differ."""
    path = tmp_path / "e.csv"
    assert run("new", str(path), "-p", ",".join(PLAYERS)).exit_code == 0
    ledger.convert(str(path), 1)  # (the format these edits by hand were written for)
    text = path.read_text("utf-8").replace("deals,\n", 'deals,\nplace,"Gdańsk,\nul. Długa 1"\n')
    path.write_text(text, "utf-8")
    for hand in ("zw ac 61 k", "zo d 70", "gr b 53", "ci 3 70", "zw bd 78"):
        assert run("score", "-l", str(path), *hand.split()).exit_code == 0
    return path


def test_the_evening_fixture(evening: Path) -> None:
    lines = evening.read_text("utf-8").splitlines()
    assert lines[5:7] == ['place,"Gdańsk,', 'ul. Długa 1"']
    assert lines[9:] == [
        "1,Ania,zw Ania+Celina 61 k,2,-2,2,-2,2,-2,2,-2",
        "2,Bartek,zo Darek 70,-5,-5,-5,15,-3,-7,-3,13",
        "3,Celina,gr Bartek 53,-5,15,-5,-5,-8,8,-8,8",
        "4,Darek,ci Celina 70,-4,-4,12,-4,-12,4,4,4",
        "5,Ania,zw Bartek+Darek 78,-1,1,-1,1,-13,5,3,5",
    ]


# --- no space left on the device --------------------------------------------------------


def _ledger_fd(path: Path, fd: int) -> bool:
    try:
        return os.fstat(fd).st_ino == os.stat(path).st_ino
    except OSError:
        return False


def test_a_full_disk_during_an_append_leaves_the_ledger_unchanged(
    evening: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills half way through the row: the first write takes half the bytes (a short
    write, as write(2) does), the next one fails; the half row is cut off again."""
    before = evening.read_bytes()
    real_write = os.write
    calls: list[int] = []

    def short_then_full(fd: int, data: Any) -> int:
        if not _ledger_fd(evening, fd):
            return real_write(fd, data)
        calls.append(len(data))
        if len(calls) == 1:
            return real_write(fd, bytes(data[: len(data) // 2]))
        raise ENOSPC

    monkeypatch.setattr(os, "write", short_then_full)
    result = run("score", "-l", str(evening), "ba", "Ania")
    assert calls[0] == len("6,Bartek,ba Ania,30,-10,-10,-10,17,-5,-7,-5\n")
    assert len(calls) == 2
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"Error: {evening}: cannot write the ledger: {FULL}; the ledger was not changed\n"
    )
    assert evening.read_bytes() == before
    monkeypatch.undo()
    assert run("score", "-l", str(evening), "ba", "Ania").exit_code == 0
    assert recorded(evening)[-1] == (6, "ba Ania", "")


def test_a_failed_fsync_on_append_leaves_the_ledger_unchanged(
    evening: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = evening.read_bytes()

    def no_space(fd: int) -> None:
        raise ENOSPC

    monkeypatch.setattr(os, "fsync", no_space)
    result = run("score", "-l", str(evening), "ba", "Ania")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"Error: {evening}: cannot write the ledger: {FULL}; the ledger was not changed\n"
    )
    assert evening.read_bytes() == before


class _FillingStream:
    """A text stream that takes `room` characters, then raises ENOSPC (a disk filling up)."""

    def __init__(self, real: Any, room: int) -> None:
        self.real, self.room = real, room

    def write(self, text: str) -> int:
        if len(text) > self.room:
            self.real.write(text[: self.room])
            self.room = 0
            raise ENOSPC
        self.room -= len(text)
        return int(self.real.write(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def __enter__(self) -> _FillingStream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.real.close()


REWRITES = [
    ("undo",),
    ("void", "2"),
    ("amend", "3", "gr", "Bartek", "40"),
    ("recalc", "--rules", "mester", "--write"),
]


@pytest.mark.parametrize("command", REWRITES, ids=lambda c: c[0])
@pytest.mark.parametrize("fault", ["write", "fsync"])
def test_a_full_disk_during_a_rewrite_leaves_the_ledger_unchanged(
    evening: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...], fault: str
) -> None:
    before = evening.read_bytes()
    listing = folder_listing(evening)
    if fault == "write":
        real_fdopen = os.fdopen

        def filling(fd: int, *args: Any, **kwargs: Any) -> Any:
            return _FillingStream(real_fdopen(fd, *args, **kwargs), room=300)

        monkeypatch.setattr(os, "fdopen", filling)
    else:

        def no_space(fd: int) -> None:
            raise ENOSPC

        monkeypatch.setattr(os, "fsync", no_space)
    result = run(command[0], str(evening), *command[1:])
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"Error: {evening}: cannot write the ledger: {FULL}\n"
    assert evening.read_bytes() == before
    assert folder_listing(evening) == listing  # no temporary file left behind


def test_a_full_disk_when_creating_a_ledger(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_space(fd: int) -> None:
        raise ENOSPC

    monkeypatch.setattr(os, "fsync", no_space)
    path = tmp_path / "new.csv"
    result = run("new", str(path), "-p", ",".join(PLAYERS))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"Error: {path}: cannot create the ledger: {FULL}\n"
    assert folder_listing(path) == [".new.csv.lock"]


def _file_size_limit(limit: int) -> Callable[[], None]:
    """For a child process: writes beyond `limit` bytes fail (EFBIG), as on a full disk."""

    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


@pytest.mark.slow  # (a child process per case, its writes cut short)
@pytest.mark.parametrize(
    "command", [("score", "ba", "Ania"), *REWRITES[:2]], ids=["score", "undo", "void"]
)
def test_a_real_short_write_in_a_child_process_leaves_the_ledger_unchanged(
    evening: Path, command: tuple[str, ...]
) -> None:
    """RLIMIT_FSIZE makes the kernel take part of a write and refuse the rest: a real short
    write (an append may grow the file by 10 bytes, a rewrite's new file reach half the size)."""
    before = evening.read_bytes()
    name, *rest = command
    args = ("score", "-l", str(evening), *rest) if name == "score" else (name, str(evening), *rest)
    limit = len(before) + 10 if name == "score" else len(before) // 2
    result = baska(*args, preexec_fn=_file_size_limit(limit))
    assert (result.returncode, result.stdout) == (1, "")
    tail = "; the ledger was not changed" if name == "score" else ""
    assert result.stderr == f"Error: {evening}: cannot write the ledger: File too large{tail}\n"
    assert evening.read_bytes() == before
    assert folder_listing(evening) == [".e.csv.lock", "e.csv"]
    assert baska("score", "-l", str(evening), "ba", "Ania").returncode == 0
    assert recorded(evening)[-1] == (6, "ba Ania", "")


# --- permission denied ------------------------------------------------------------------


def _denied_for(path: Path) -> Callable[..., Any]:
    """An os.open that refuses to open `path` for writing, as a read-only file would."""
    real_open = os.open

    def guarded(file: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if os.fspath(file) == str(path) and flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(file))
        return real_open(file, flags, *args, **kwargs)

    return guarded


@pytest.mark.parametrize("command", [("score", "ba", "Ania"), *REWRITES], ids=lambda c: c[0])
def test_a_ledger_that_may_not_be_written(
    evening: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]
) -> None:
    """Works as root too (root ignores file modes): os.open refuses writing the ledger."""
    before = evening.read_bytes()
    monkeypatch.setattr(os, "open", _denied_for(evening))
    name, *rest = command
    args = ("score", "-l", str(evening), *rest) if name == "score" else (name, str(evening), *rest)
    result = run(*args)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"Error: {evening}: cannot write the ledger: Permission denied\n"
    assert evening.read_bytes() == before
    assert folder_listing(evening) == [".e.csv.lock", "e.csv"]


def test_a_ledger_that_may_not_be_read(evening: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_open = open

    def guarded(file: Any, *args: Any, **kwargs: Any) -> Any:
        if os.fspath(file) == str(evening):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(file))
        return real_open(file, *args, **kwargs)

    before = evening.read_bytes()
    monkeypatch.setattr("builtins.open", guarded)
    for args in (("check", str(evening)), ("score", "-l", str(evening), "ba", "Ania")):
        result = run(*args)
        assert result.exit_code == 1
        assert result.stderr.endswith(f"{evening}: cannot read the ledger: Permission denied\n")
    monkeypatch.undo()
    assert evening.read_bytes() == before


def _unprivileged() -> Callable[[], None] | None:
    """How to run a child that file modes apply to: as is, or (under root) as nobody."""
    if os.geteuid() != 0:
        return None

    def drop() -> None:
        os.setgid(65534)
        os.setuid(65534)

    try:
        probe = subprocess.run(
            baska_argv("--version"), preexec_fn=drop, capture_output=True, check=False
        )
    except OSError:
        probe = None
    if probe is None or probe.returncode != 0:
        pytest.skip(
            "running as root, and user nobody cannot run this Python (its installation is "
            "not readable by nobody); the monkeypatched tests above cover permission errors"
        )
    return drop


def test_real_file_modes_in_a_child_process(tmp_path: Path) -> None:
    drop = _unprivileged()
    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(0o777)
    tmp_path.chmod(0o755)
    path = folder / "e.csv"
    assert run("new", str(path), "-p", ",".join(PLAYERS)).exit_code == 0
    path.chmod(0o444)
    before = path.read_bytes()
    for args in (("score", "-l", str(path), "ba", "Ania"), ("undo", str(path))):
        result = baska(*args, preexec_fn=drop)
        assert result.returncode == 1
        assert "Permission denied" in result.stderr
        assert path.read_bytes() == before


# --- the ledger removed or replaced -----------------------------------------------------


def test_a_removed_ledger_is_not_recreated(evening: Path) -> None:
    evening.unlink()
    result = run("score", "-l", str(evening), "ba", "Ania")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"Error: {evening}: no such ledger; start one with `baska new FILE --players …`\n"
    )
    assert not evening.exists()


@pytest.mark.parametrize(
    ("replacement", "message"),
    [
        ("", ':1: not a baska ledger: the first row should be "baska ledger,2"'),
        (
            "shopping list\nmilk\n",
            ':1: not a baska ledger: the first row should be "baska ledger,2"',
        ),
        (None, ": is a directory, not a ledger file"),
    ],
    ids=["empty", "text", "directory"],
)
def test_a_replaced_ledger_is_refused(evening: Path, replacement: str | None, message: str) -> None:
    evening.unlink()
    if replacement is None:
        evening.mkdir()
    else:
        evening.write_text(replacement, "utf-8")
    result = run("score", "-l", str(evening), "ba", "Ania")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {evening}{message}")
    if replacement is None:
        assert list(evening.iterdir()) == []
    else:
        assert evening.read_text("utf-8") == replacement


def _while_scoring(monkeypatch: pytest.MonkeyPatch, act: Callable[[], None]) -> None:
    """Do `act` after the ledger was read and checked, before the hand is written."""
    real = edits_module._next_hand

    def act_and_score(*args: Any, **kwargs: Any) -> Any:
        act()
        return real(*args, **kwargs)

    monkeypatch.setattr(edits_module, "_next_hand", act_and_score)


def test_a_ledger_removed_while_a_hand_is_recorded(
    evening: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _while_scoring(monkeypatch, evening.unlink)
    result = run("score", "-l", str(evening), "ba", "Ania")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"Error: {evening}: the ledger was removed by another program while baska was "
        f"writing it; the hand was not recorded\n"
    )
    assert not evening.exists()


@pytest.mark.parametrize("how", ["renamed over", "written in place"])
def test_a_ledger_changed_while_a_hand_is_recorded(
    evening: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    """Another program (a spreadsheet, a sync tool) saves the file meanwhile: its save wins."""
    other = evening.read_text("utf-8") + "6,Bartek,ba Bartek,-10,30,-10,-10,-23,35,-7,-5\n"

    def save() -> None:
        if how == "renamed over":
            (evening.parent / "saved.tmp").write_text(other, "utf-8")
            os.replace(evening.parent / "saved.tmp", evening)
        else:
            with open(evening, "a", encoding="utf-8") as stream:
                stream.write(other.splitlines(keepends=True)[-1])

    _while_scoring(monkeypatch, save)
    result = run("score", "-l", str(evening), "ba", "Ania")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"Error: {evening}: the ledger was changed by another program while baska was "
        f"writing it; the hand was not recorded, try again\n"
    )
    assert evening.read_text("utf-8") == other
    monkeypatch.undo()
    assert run("score", "-l", str(evening), "ba", "Ania").exit_code == 0
    assert recorded(evening)[-2:] == [(6, "ba Bartek", ""), (7, "ba Ania", "")]


def _rewrite_then(path: Path, act: Callable[[], None]) -> None:
    """Rewrite the ledger as it is, doing `act` after its last row is written."""

    def rows(reader: LedgerReader) -> Iterator[Sequence[str]]:
        for row in ledger.verify(reader):
            yield ledger.row_cells(row.n, row.dealer, row.hand, row.deltas, row.totals, row.status)
        act()

    with ledger.open_for_edit(str(path)) as locked:
        locked.replace(locked.meta, rows(locked.reader()))


def test_a_ledger_removed_or_replaced_during_a_rewrite(evening: Path) -> None:
    before = evening.read_text("utf-8")
    with pytest.raises(LedgerError) as caught:
        _rewrite_then(evening, evening.unlink)
    assert str(caught.value) == (
        f"{evening}: the ledger was removed by another program while baska was writing it; "
        f"nothing was written"
    )
    assert folder_listing(evening) == [".e.csv.lock"]

    evening.write_text(before, "utf-8")
    saved = before.replace("deals,\n", "deals,16\n")
    with pytest.raises(LedgerError) as caught:
        _rewrite_then(evening, lambda: evening.write_text(saved, "utf-8"))
    assert str(caught.value) == (
        f"{evening}: the ledger was changed by another program while baska was writing it; "
        f"it was not rewritten"
    )
    assert evening.read_text("utf-8") == saved
    assert folder_listing(evening) == [".e.csv.lock", "e.csv"]


def test_temporary_files_of_killed_writers_are_removed_under_the_lock(evening: Path) -> None:
    folder = evening.parent
    stale = folder / ".e.csv.baska-k1ll3d_0.tmp"
    kept = [folder / ".other.csv.baska-k1ll3d_0.tmp", folder / "notes.tmp"]
    for path in (stale, *kept):
        path.write_text("half a ledger", "utf-8")
    assert run("check", str(evening)).exit_code == 0  # a reader leaves them alone
    assert stale.exists()
    assert run("score", "-l", str(evening), "ba", "Ania").exit_code == 0
    assert stale.exists()  # an append looks through no folder: the next rewrite tidies
    assert run("undo", str(evening)).exit_code == 0
    assert folder_listing(evening) == sorted(
        [".e.csv.lock", "e.csv", ".other.csv.baska-k1ll3d_0.tmp", "notes.tmp"]
    )


# --- a ledger edited by hand ------------------------------------------------------------


def _edit(lines: list[str], how: str) -> list[str]:
    lines = list(lines)
    if how == "number":
        lines[10] = lines[10].replace("2,Bartek", "3,Bartek", 1)
    elif how == "deleted row":
        del lines[10]
    elif how == "swapped rows":
        lines[10], lines[11] = lines[11], lines[10]
    elif how == "delta":
        lines[11] = lines[11].replace("-5,15,-5,-5", "-5,16,-5,-5", 1)
    elif how == "delta and totals, zero sum":
        lines[11] = "3,Celina,gr Bartek 53,-4,14,-5,-5,-7,7,-8,8\n"
    elif how == "hand text":
        lines[12] = lines[12].replace("ci Celina 70", "ci Celina 40")
    elif how == "total":
        lines[13] = lines[13].replace("-13,5,3,5", "-13,5,3,6")
    elif how == "dealer":
        lines[9] = lines[9].replace("1,Ania", "1,Bartek")
    return lines


HAND_EDITS = [
    ("number", 11, f"hand number 3, expected 2; {ORDER_HINT}"),
    ("deleted row", 11, f"hand number 3, expected 2; {ORDER_HINT}"),
    ("swapped rows", 11, f"hand number 3, expected 2; {ORDER_HINT}"),
    ("delta", 12, "hand 3: the changes sum to +1, not 0"),
    (
        "delta and totals, zero sum",
        12,
        'hand 3 "gr Bartek 53": the changes are -4 +14 -5 -5, but plb gives -5 +15 -5 -5',
    ),
    (
        "hand text",
        13,
        'hand 4 "ci Celina 40": the changes are -4 -4 +12 -4, but plb gives +8 +8 -24 +8',
    ),
    ("total", 14, "hand 5: the running totals are -13 5 3 6, expected -13 5 3 5"),
    ("dealer", 10, 'hand 1: the dealer is Ania, not "Bartek"'),
]


@pytest.mark.parametrize(("how", "line", "message"), HAND_EDITS, ids=[e[0] for e in HAND_EDITS])
def test_check_names_the_physical_line_of_a_hand_edit(
    evening: Path, how: str, line: int, message: str
) -> None:
    lines = evening.read_text("utf-8").splitlines(keepends=True)
    evening.write_text("".join(_edit(lines, how)), "utf-8")
    edited = evening.read_bytes()
    result = run("check", str(evening))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr.splitlines()[0] == f"{evening}:{line}: {message}"
    # and nothing is written to it until it is mended
    result = run("score", "-l", str(evening), "ba", "Ania")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {evening}:{line}: {message}")
    assert evening.read_bytes() == edited


# --- malformed files: file:line, at once, in little memory -------------------------------

MB = 1 << 20


def _malformed(case: str, header: str) -> bytes:
    rows = "1,Ania,zw Ania+Celina 61 k,2,-2,2,-2,2,-2,2,-2\n"
    if case == "13 cells":
        return (header + rows + "2,Bartek,zo Darek 70,-5,-5,-5,15,-3,-7,-3,13,,x\n").encode()
    if case == "4 cells":
        return (header + rows + "2,Bartek,zo Darek 70,-5\n").encode()
    if case == "bad UTF-8":
        return (header + rows).encode() + b"2,Bartek,zo D\xffarek 70,-5,-5,-5,15,-3,-7,-3,13\n"
    if case == "bad UTF-8 in a quoted cell":
        body = (header + rows + '2,Bartek,"zo Darek\n70\n').encode()
        return body + b'\xc3(",-5,-5,-5,15,-3,-7,-3,13\n'
    if case == "NUL byte":
        return (header + rows + "2,Bartek,zo\0Darek 70,-5,-5,-5,15,-3,-7,-3,13\n").encode()
    if case == "60,000-character hand":
        return (header + rows + "2,Bartek," + "x" * 60_000 + ",-5,-5,-5,15\n").encode()
    if case == "unclosed quote":
        return (header + rows + '2,Bartek,"zo Darek 70,-5,-5,-5,15\n3,x\n').encode()
    if case == "huge field, short lines":
        return (header + rows + '2,Bartek,"' + "zo Darek 70\n" * (8 * MB // 12) + '"\n').encode()
    if case == "100 MB line":
        return (header + rows + "2," + "x" * (100 * MB) + "\n").encode()
    if case == "100 MB quoted line":
        return (header + rows + '2,"' + "x," * (50 * MB) + '"\n').encode()
    raise AssertionError(case)


MALFORMED = [
    ("13 cells", 9, "13 cells; a hand row has at most 12"),
    ("4 cells", 9, '"2,Bartek,zo Darek 70,-5" is not a hand row; expected the number, dealer, '),
    ("bad UTF-8", 9, "the file is not UTF-8 text"),
    ("bad UTF-8 in a quoted cell", 11, "the file is not UTF-8 text"),
    ("NUL byte", 9, 'hand 2 "zo\0Darek 70": '),
    ("60,000-character hand", 9, 'hand 2 "xxxxxxxxxx'),
    ("unclosed quote", 9, 'a quoted cell starts in this row and is never closed (a " is missing)'),
    ("huge field, short lines", 9, "not a CSV file: field larger than field limit (131072)"),
    ("100 MB line", 9, "the line is longer than 65535 bytes; a ledger line is far shorter"),
    (
        "100 MB quoted line",
        9,
        "the line is longer than 65535 bytes; a ledger line is far shorter",
    ),
]


@pytest.mark.slow  # (files of up to 100 MB, read in a child process)
@pytest.mark.parametrize(("case", "line", "message"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_file_is_named_by_line_in_little_memory(
    tmp_path: Path, case: str, line: int, message: str
) -> None:
    path = tmp_path / "m.csv"
    header = (
        "baska ledger,1\nplayers,Ania,Bartek,Celina,Darek\nrules,plb\nfirst dealer,Ania\n"
        "deals,\n\n#,dealer,hand,Ania,Bartek,Celina,Darek,"
        "Ania total,Bartek total,Celina total,Darek total,status\n"
    )
    path.write_bytes(_malformed(case, header))
    tracemalloc.start()
    try:
        try:
            problems = [str(p) for p in ledger.check(str(path)).problems]
        except LedgerError as error:
            problems = [str(error)]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert problems[0].startswith(f"{path}:{line}: {message}")
    assert peak < 4 * MB, f"{peak / MB:.1f} MB held while reading {case}"
    before = path.read_bytes()
    result = run("score", "-l", str(path), "ba", "Ania")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {path}:{line}: {message}")
    assert path.read_bytes() == before


HIGH_WATER = """
import sys
from baska_cli.cli import main
try:
    main(["check", sys.argv[1]])
except SystemExit as exit:
    code = exit.code
with open("/proc/self/status") as status:
    peak = next(line for line in status if line.startswith("VmHWM:"))
print(code, int(peak.split()[1]))
"""


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs Linux /proc")
def test_baska_check_on_a_100_mb_line_stays_small(tmp_path: Path) -> None:
    """The real command in its own process: its peak resident memory (VmHWM, which unlike
    ru_maxrss does not count the parent's pages before exec) stays far under the line."""
    path = tmp_path / "m.csv"
    with open(path, "w", encoding="utf-8") as stream:
        stream.write("baska ledger,1\nplayers,Ania,Bartek,Celina,Darek\n2,")
        for _ in range(100):
            stream.write("x" * MB)
        stream.write("\n")
    result = subprocess.run(
        [*baska_argv()[:-2], "-c", HIGH_WATER, str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.stderr == (
        f"{path}:3: the line is longer than 65535 bytes; a ledger line is far shorter\n"
    )
    code, peak_kib = map(int, result.stdout.split())
    assert code == 1
    assert peak_kib < 64 * 1024, f"the child peaked at {peak_kib} KiB"


# --- issue 16: output that cannot be written, in real processes ---


_ERR: dict[str, Any] = {"stderr": subprocess.PIPE, "text": True, "check": False}


def _baska_to(target: str, *args: str) -> subprocess.CompletedProcess[str]:
    """`baska ARGS` with standard output on /dev/full or a pipe closed before it writes."""
    if target == "full":
        with open("/dev/full", "w") as full:
            return subprocess.run(baska_argv(*args), stdin=subprocess.DEVNULL, stdout=full, **_ERR)
    reader, writer = os.pipe()
    os.close(reader)
    try:
        return subprocess.run(baska_argv(*args), stdin=subprocess.DEVNULL, stdout=writer, **_ERR)
    finally:
        os.close(writer)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("target", ["full", "closed pipe"])
def test_a_recorded_hand_whose_output_fails_exits_3(evening: Path, target: str) -> None:
    before = recorded(evening)
    done = _baska_to(target, "score", "-l", str(evening), "ba", "Darek")
    assert done.returncode == 3, done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
    assert done.stderr.startswith(f"Error: hand 6 was recorded in {evening}, but the output")
    assert len(recorded(evening)) == len(before) + 1


OUTPUTS = [
    ("score", "zw", "A+C", "61"),
    ("ledger", "{path}"),
    ("score", "--batch", "-", "-f", "csv"),
    ("ledger", "-f", "json", "{path}"),
    ("ledger", "-f", "csv", "{path}"),
    ("score", "-l", "{path}", "-n", "ba", "Darek"),
    ("rules", "mester"),
]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(
    ("args", "target"),
    [
        # every command to a full disk; a closed pipe to the first two here, to the rest in
        # the slow step (one subprocess each: the same output path as their full disk's)
        pytest.param(args, target, id=f"{' '.join(args)}-{target}", marks=marks)
        for n, args in enumerate(OUTPUTS)
        for target, marks in (("full", ()), ("closed pipe", () if n < 2 else pytest.mark.slow))
    ],
)
def test_output_that_fails_when_nothing_was_written_exits_1(
    evening: Path, target: str, args: tuple[str, ...]
) -> None:
    before = evening.read_bytes()
    argv = [a.replace("{path}", str(evening)) for a in args]
    done = _baska_to(target, *argv)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
    assert done.stderr.startswith("Error: the output could not be written: ")
    assert evening.read_bytes() == before


def test_a_closed_stdout_is_noticed(evening: Path) -> None:
    """`baska ... >&-`: the hand is recorded, the output cannot be: exit 3, and no file ends up
    as descriptor 1."""
    done = subprocess.run(
        baska_argv("score", "-l", str(evening), "ba", "Darek"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
        preexec_fn=lambda: os.close(1),
    )
    assert done.returncode == 3, done.stderr
    assert "Traceback" not in done.stderr
    assert recorded(evening)[-1][1] == "ba Darek"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_output_that_fails_is_told_in_polish(evening: Path) -> None:
    done = _baska_to("full", "--lang", "pl", "score", "-l", str(evening), "ba", "Darek")
    assert done.returncode == 3, done.stderr
    assert done.stderr.startswith(
        f"Błąd: rozdanie 6 zapisano w {evening}, ale nie udało się wypisać wyniku: "
    )
    assert done.stderr.endswith("; nie uruchamiaj polecenia ponownie\n")
    done = _baska_to("full", "--lang", "pl", "score", "zw", "A+C", "61")
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith("Błąd: nie udało się wypisać wyniku: ")


def test_an_edit_whose_output_fails_exits_3(evening: Path) -> None:
    done = _baska_to("closed pipe", "undo", str(evening))
    assert done.returncode == 3, done.stderr
    assert f"{evening} was changed, but the output could not be written" in done.stderr


# --- issue 16: every combination of options takes effect or is refused, never a traceback ---

OPTIONS: dict[str, list[list[tuple[str, ...]]]] = {
    # each option: its alternatives (the first, absent); a combination picks one of each
    "score": [
        [(), ("ci", "C", "40")],
        [(), ("-r", "pagat")],
        [(), ("-f", "json"), ("-f", "csv")],
        [(), ("-e",)],
        [(), ("-b", "-")],
        [(), ("-l", "{L}")],
        [(), ("-n",)],
        [(), ("env:BASKA_LEDGER",)],
    ],
    "ledger": [
        [(), ("{L}",), ("{L}", "{M}")],
        [(), ("-f", "json"), ("-f", "csv")],
        [(), ("env:BASKA_LEDGER",)],
    ],
    "recalc": [[("{L}",)], [(), ("-r", "pagat")], [(), ("--diff",)], [(), ("--write",)]],
    "rules": [[(), ("mester",)], [(), ("--export",)], [(), ("env:BASKA_RULES",)]],
    "new": [
        [("{N}", "-p", "Ania,Bartek,Celina,Darek")],
        [(), ("-r", "mester")],
        [(), ("-d", "Celina")],
        [(), ("--deals", "8")],
    ],
}
# documented: BASKA_LEDGER fills in a missing ledger for single hands; an option typed wins
IGNORED_ON_PURPOSE = {
    ("score", ("env:BASKA_LEDGER",)): lambda args: "-b" in args or "-l" in args,
    ("ledger", ("env:BASKA_LEDGER",)): lambda args: "{L}" in args,
    # here BASKA_LEDGER names the same file as --ledger, so leaving --ledger out changes nothing
    ("score", ("-l", "{L}")): lambda args: "env:BASKA_LEDGER" in args,
    ("rules", ("env:BASKA_RULES",)): lambda args: "mester" in args or "--export" not in args,
}


def _run_combination(
    folder: Path, evening: bytes, command: str, parts: Sequence[tuple[str, ...]]
) -> tuple[int, str, str, bytes, bool]:
    """Run one combination on fresh copies of the ledger: exit status, output, ledger bytes."""
    ledger_path, other, fresh = folder / "l.csv", folder / "m.csv", folder / "n.csv"
    ledger_path.write_bytes(evening)
    other.write_bytes(evening.replace(b"Ania", b"Anna"))
    fresh.unlink(missing_ok=True)
    names = {"{L}": str(ledger_path), "{M}": str(other), "{N}": str(fresh)}
    env = {"BASKA_LEDGER": None, "BASKA_RULES": None}
    args: list[str] = [command]
    for part in parts:
        for word in part:
            if word.startswith("env:"):
                key = word[4:]
                env[key] = "pagat"
                if key == "BASKA_LEDGER":  # `baska ledger`: another file than {L}
                    env[key] = str(other if command == "ledger" else ledger_path)
            else:
                args.append(names.get(word, word))
    result = CliRunner().invoke(cli, args, input="ci C 40\n", env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args,
        result.exception,
    )
    assert "Traceback" not in result.stderr, args
    assert result.exit_code in (0, 1, 2, 3), (args, result.output)
    return (
        result.exit_code,
        result.stdout,
        result.stderr,
        ledger_path.read_bytes() + (fresh.read_bytes() if fresh.exists() else b""),
        fresh.exists(),
    )


@pytest.mark.slow
@pytest.mark.parametrize("command", list(OPTIONS))
def test_every_option_takes_effect_or_is_refused(
    evening: Path, tmp_path: Path, command: str
) -> None:
    """For every combination of a command's options: no traceback, an exit status of 0–3,
    and every option given either changes the output or the files, or the command exits 2."""
    import itertools

    folder = tmp_path / "run"
    folder.mkdir()
    evening_bytes = evening.read_bytes()
    options = OPTIONS[command]
    seen: dict[tuple[tuple[str, ...], ...], tuple[int, str, str, bytes, bool]] = {}

    def outcome(parts: tuple[tuple[str, ...], ...]) -> tuple[int, str, str, bytes, bool]:
        if parts not in seen:
            seen[parts] = _run_combination(folder, evening_bytes, command, parts)
        return seen[parts]

    for parts in itertools.product(*options):
        got = outcome(parts)
        if got[0] == 2:
            continue
        words = [w for p in parts for w in p]
        for i, part in enumerate(parts):
            if not part or len(options[i]) == 1:
                continue
            exempt = IGNORED_ON_PURPOSE.get((command, part))
            if exempt is not None and exempt(words):
                continue
            without = (*parts[:i], (), *parts[i + 1 :])
            assert outcome(without) != got, f"{command} {words}: {part} has no effect"
