"""The ledger's lock (ledger/lock.py): a wait for another process is told, names the file and
stops at Ctrl-C without a traceback; a lock that cannot be taken says why in words; another
account's lock file (a sticky shared folder) is taken by whoever may write the ledger."""

from __future__ import annotations

import errno
import fcntl
import os
import select
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from baska_cli import i18n
from baska_cli.errors import LedgerError
from baska_cli.ledger import lock
from tests.clikit import invoke, start_evening

HOLD = (
    "import sys, time\n"
    "from baska_cli.ledger.lock import hold\n"
    "with hold(sys.argv[1], sys.argv[1]):\n"
    "    print('held', flush=True)\n"
    "    sys.stdin.read()\n"
)


@pytest.fixture
def held(tmp_path: Path) -> Iterator[str]:
    """A ledger whose lock another process holds until the test ends."""
    path = start_evening(tmp_path)
    child = subprocess.Popen(
        [sys.executable, "-c", HOLD, os.path.realpath(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stdout.readline() == "held\n"
    yield path
    assert child.stdin is not None
    child.stdin.close()
    child.wait(20)


def _line(stream: object, seconds: float = 20) -> str:
    """The next line of a child's stream, or "" if none comes in `seconds`."""
    fd = stream.fileno()  # type: ignore[attr-defined]
    ready, _w, _x = select.select([fd], [], [], seconds)
    return stream.readline() if ready else ""  # type: ignore[attr-defined]


def test_a_wait_is_told_naming_the_file_and_ctrl_c_ends_it_cleanly(held: str) -> None:
    before = Path(held).read_bytes()
    child = subprocess.Popen(
        [sys.executable, "-m", "baska_cli", "score", "--ledger", held, "zw", "ac", "61"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl-C as at a terminal, even where the tests run in the background (SIGINT ignored)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    told = _line(child.stderr)
    assert told.startswith(f"{held}: waiting: another program is writing this ledger"), told
    assert lock.lock_path(os.path.realpath(held)) in told and "Ctrl-C" in told
    child.send_signal(signal.SIGINT)
    _out, rest = child.communicate(timeout=20)
    assert child.returncode == 1
    assert "Traceback" not in rest and "Aborted!" in rest
    assert Path(held).read_bytes() == before


def test_the_wait_is_told_once_and_the_write_goes_on_when_the_lock_is_free(
    tmp_path: Path,
) -> None:
    path = start_evening(tmp_path)
    real = os.path.realpath(path)
    told: list[tuple[str, str]] = []
    taken, freed = threading.Event(), threading.Event()

    def holder() -> None:
        with lock.hold(path, real):
            taken.set()
            freed.wait(20)

    thread = threading.Thread(target=holder)
    thread.start()
    taken.wait(20)
    lock.tell_waits(lambda p, f: (told.append((p, f)), freed.set()))
    try:
        with lock.hold(path, real):
            pass
    finally:
        lock.tell_waits(lock.say_wait)
        freed.set()
        thread.join(20)
    assert told == [(path, lock.lock_path(real))]


def test_another_accounts_lock_file_in_a_sticky_folder_is_taken(tmp_path: Path) -> None:
    """/tmp-like: a folder of another account, mode 1777, and a lock file made by a third one,
    read-only to us: whoever may write the ledger takes its lock, writing nothing to it."""
    if os.geteuid() != 0:
        pytest.skip("needs root to give files to other accounts")
    shared = tmp_path / "shared"
    shared.mkdir()
    path = start_evening(shared)
    lock_file = Path(lock.lock_path(path))
    lock_file.chmod(0o444)
    os.chown(lock_file, 12345, 12345)
    os.chown(shared, 54321, 54321)
    shared.chmod(0o1777)
    result = invoke("score", "--ledger", path, "zw", "ac", "61")
    assert result.exit_code == 0, result.output
    assert (lock_file.stat().st_uid, lock_file.stat().st_mode & 0o777) == (12345, 0o444)


def test_a_lock_file_that_cannot_be_written_is_opened_for_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As for another account without root: opening the lock file to write is refused."""
    path = start_evening(tmp_path)
    lock_file = lock.lock_path(os.path.realpath(path))
    real_open = os.open
    refused: list[int] = []

    def no_write(name: str, flags: int, *args: int) -> int:
        if name == lock_file and flags & (os.O_RDWR | os.O_WRONLY | os.O_CREAT):
            refused.append(flags)
            if flags & os.O_CREAT:
                return real_open(name, flags, *args)  # (there is one: FileExistsError)
            raise PermissionError(errno.EACCES, "Permission denied", name)
        return real_open(name, flags, *args)

    monkeypatch.setattr(os, "open", no_write)
    result = invoke("score", "--ledger", path, "zw", "ac", "61")
    assert result.exit_code == 0, result.output
    assert refused  # (it was asked for writing first)


@pytest.mark.parametrize("where", ["open", "flock"])
def test_a_lock_that_cannot_be_taken_says_why_in_words(
    where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = start_evening(tmp_path)
    before = Path(path).read_bytes()
    lock_file = lock.lock_path(os.path.realpath(path))
    real_open = os.open
    if where == "open":

        def refused(name: str, flags: int, *args: int) -> int:
            if name == lock_file:
                raise PermissionError(errno.EACCES, "Permission denied", name)
            return real_open(name, flags, *args)

        monkeypatch.setattr(os, "open", refused)
        expected = (
            f"{path}: cannot lock the ledger: its lock file {lock_file} can be neither made nor "
            "opened: Permission denied"
        )
    else:

        def no_locks(fd: int, operation: int) -> None:
            raise OSError(errno.ENOLCK, "No locks available")

        monkeypatch.setattr(fcntl, "flock", no_locks)
        expected = f"{path}: cannot lock the ledger: No locks available"
    result = invoke("score", "--ledger", path, "zw", "ac", "61")
    assert (result.exit_code, result.stderr) == (1, f"Error: {expected}\n")
    assert Path(path).read_bytes() == before
    with pytest.raises(LedgerError), lock.hold(path, os.path.realpath(path)):
        pass


def test_the_wait_in_polish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    i18n.use("pl")
    try:
        lock.say_wait("e.csv", ".e.csv.lock")
    finally:
        i18n.use("en")
    assert capsys.readouterr().err == (
        "e.csv: czekam: inny program zapisuje ten zapis (trzyma blokadę .e.csv.lock); "
        "Ctrl-C przerywa czekanie\n"
    )
