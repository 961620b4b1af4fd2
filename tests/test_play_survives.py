"""`baska play` survives whatever another program does between two lines: the ledger moved,
garbled, emptied, or something else put in its place is said, the line typed is kept for a
retry, and the evening goes on; a history file that cannot be read or written is given up,
said once, and play goes on without it."""

from __future__ import annotations

import errno
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from baska_cli.play.evening import Scorekeeper
from tests.clikit import invoke
from tests.pathkit import promptly
from tests.playkit import new_ledger, play, typing

Trouble = tuple[Callable[[Path], None], Callable[[Path], None]]  # (make it, put it right)
KEPT = "(the line is kept: Enter tries it again)"
GIVEN_UP = "the lines typed are not kept for next time"


def _away(path: Path) -> Path:
    return path.with_name(path.name + ".away")


def _moved_then(plant: Callable[[Path], None]) -> Trouble:
    def make(path: Path) -> None:
        path.rename(_away(path))
        plant(path)

    def right(path: Path) -> None:
        if path.is_dir() and not path.is_symlink():
            path.rmdir()
        elif os.path.lexists(path):
            path.unlink()
        _away(path).rename(path)

    return make, right


def _rewritten(data: bytes) -> Trouble:
    kept: list[bytes] = []

    def make(path: Path) -> None:
        kept.append(path.read_bytes())
        path.write_bytes(data)

    return make, lambda path: path.write_bytes(kept[0])


TROUBLES: dict[str, Trouble] = {
    "moved": _moved_then(lambda path: None),
    "a folder in its place": _moved_then(lambda path: path.mkdir()),
    "a pipe in its place": _moved_then(lambda path: os.mkfifo(path)),
    "a device in its place": _moved_then(lambda path: path.symlink_to("/dev/zero")),
    "garbled": _rewritten(b"\xff\xfe\x00garbage,\x00\n;;;\n"),
    "emptied": _rewritten(b""),
    "cut in the header": _rewritten(b"# baska ledger\nplayers,An"),
}


def _typed(
    path: str, keys: str, monkeypatch: pytest.MonkeyPatch, history: str, hooks: dict[int, object]
) -> list[str]:
    """`play` at a "terminal" given these keys; before the ledger is read again for line N,
    hooks[N](the ledger's path) runs. Everything it printed."""
    shown: list[str] = []
    monkeypatch.setattr(
        play.click, "echo", lambda text="", **kw: shown.extend(str(text).split("\n"))
    )
    with typing(keys):
        keeper = Scorekeeper(path)
        look = keeper.look
        count = [0]

        def looked() -> object:
            count[0] += 1
            hook = hooks.get(count[0])
            if callable(hook):
                hook(Path(path))
            return look()

        monkeypatch.setattr(keeper, "look", looked)
        status = play.run_prompt(keeper, history)
    assert status == 0
    return shown


def _hands(path: str) -> list[str]:
    result = invoke("ledger", path, "-f", "csv")
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()[1:]


@pytest.mark.parametrize("trouble", sorted(TROUBLES))
def test_the_ledger_troubled_between_two_lines_keeps_the_line_for_a_retry(
    trouble: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = new_ledger(tmp_path)
    make, right = TROUBLES[trouble]
    history = str(tmp_path / "history")
    shown: list[str] = []
    error = promptly(
        lambda: shown.extend(
            _typed(
                path,
                "zw ac 61\rzo d 70\r\r",
                monkeypatch,
                history,
                {2: make, 3: right},
            )
        ),
        Path(path),
    )
    assert error is None, error
    said = " ".join(" ".join(shown).split())
    assert "not recorded:" in said and KEPT in said, shown
    assert "Traceback" not in said
    hands = _hands(path)
    assert len(hands) == 2 and "zo" in hands[1], hands  # the kept line, entered again


@pytest.mark.parametrize("trouble", sorted(TROUBLES))
def test_from_a_pipe_the_troubled_line_is_reported_and_the_next_goes_on(
    trouble: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_ledger(tmp_path)
    make, right = TROUBLES[trouble]

    def lines() -> Iterator[str]:
        yield "zw ac 61"
        make(Path(path))
        yield "zo d 70"
        right(Path(path))
        yield "zo d 70"

    statuses: list[int] = []
    keeper = Scorekeeper(path, asks=False)
    error = promptly(lambda: statuses.append(play.run_lines(keeper, lines(), "hands.txt")))
    assert error is None, error
    assert statuses == [1]
    err = capsys.readouterr().err
    assert err.startswith("hands.txt:2: ") and "Traceback" not in err
    assert len(_hands(path)) == 2


# --- the history file ---------------------------------------------------------------------


def _history_planted(tmp_path: Path, kind: str) -> str:
    history = tmp_path / "state" / "history"
    history.parent.mkdir()
    if kind == "folder":
        history.mkdir()
    elif kind == "pipe":
        os.mkfifo(history)
    elif kind == "full disk (/dev/full)":
        history.symlink_to("/dev/full")
    elif kind == "folder that is a file":
        shutil.rmtree(history.parent)
        history.parent.write_text("not a folder\n", "utf-8")
    return str(history)


@pytest.mark.parametrize(
    "kind", ["folder", "pipe", "full disk (/dev/full)", "folder that is a file"]
)
def test_a_history_that_cannot_be_used_is_said_once_and_play_goes_on(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = new_ledger(tmp_path)
    history = _history_planted(tmp_path, kind)
    shown: list[str] = []
    error = promptly(
        lambda: shown.extend(
            _typed(path, "zw ac 61\rzo d 70\rci 3 70\r", monkeypatch, history, {})
        ),
        Path(history),
    )
    assert error is None, error
    assert " ".join(" ".join(shown).split()).count(GIVEN_UP) == 1, shown
    assert len(_hands(path)) == 3


@pytest.mark.parametrize("trouble", ["a folder in its place", "the disk full"])
def test_a_history_that_fails_between_two_lines_is_said_once(
    trouble: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = new_ledger(tmp_path)
    history = tmp_path / "history"
    real_write = os.write

    def make(_ledger: Path) -> None:
        if trouble == "the disk full":

            def full(fd: int, data: object) -> int:
                if os.fstat(fd).st_ino == history.stat().st_ino:
                    raise OSError(errno.ENOSPC, "No space left on device")
                return real_write(fd, data)  # type: ignore[arg-type]

            monkeypatch.setattr(os, "write", full)
        else:
            history.unlink()
            history.mkdir()

    shown = _typed(path, "zw ac 61\rzo d 70\rci 3 70\r", monkeypatch, str(history), {2: make})
    monkeypatch.setattr(os, "write", real_write)
    assert " ".join(" ".join(shown).split()).count(GIVEN_UP) == 1, shown
    assert len(_hands(path)) == 3


def test_a_history_that_works_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = new_ledger(tmp_path)
    history = tmp_path / "history"
    shown = _typed(path, "zw ac 61\r", monkeypatch, str(history), {})
    assert not any(GIVEN_UP in line for line in shown)
    assert "+zw ac 61\n" in history.read_text("utf-8")
