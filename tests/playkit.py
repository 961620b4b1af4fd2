"""Helpers for the `baska play` tests: a ledger, and `play` driven through prompt_toolkit's
pipe input (what a person types, keys included) with everything it shows collected."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from baska_cli.play.evening import Scorekeeper
from baska_cli.play.results import Seen
from tests.clikit import invoke

PLAYERS = "Ania,Bartek,Celina,Darek"

play = import_module("baska_cli.cli.play")  # (the package names the command `play`)


def new_ledger(tmp_path: Path, deals: int = 16, players: str = PLAYERS) -> str:
    """A new ledger in tmp_path."""
    path = str(tmp_path / "evening.csv")
    assert invoke("new", path, "-p", players, "--deals", str(deals)).exit_code == 0
    return path


@contextmanager
def typing(keys: str) -> Iterator[None]:
    """An app session whose input is these keys (then Ctrl-D) and whose output is nowhere."""
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys + "\x04")
        yield


def run_typed(
    path: str, keys: str, monkeypatch: pytest.MonkeyPatch, extra: bool = False
) -> list[str]:
    """`play` at a "terminal" given these keys: the lines it printed after its opening
    lines, each line typed (as `N> text`) before what it printed for it."""
    shown: list[str] = []
    handle = play.handle

    def logged(
        keeper: Scorekeeper,
        raw: str,
        width: int,
        confirm: play.Confirm | None,
        seen: Seen | None = None,
    ) -> object:
        shown.append(f"{keeper.next_number}> {raw}")
        return handle(keeper, raw, width, confirm, seen)

    monkeypatch.setattr(play, "handle", logged)
    monkeypatch.setattr(
        play.click, "echo", lambda text="", **kw: shown.extend(str(text).split("\n"))
    )
    with typing(keys):
        keeper = Scorekeeper(path, extra)
        status = play.run_prompt(keeper, str(Path(path).with_suffix(".history")))
    assert status == 0
    return shown[next(i for i, line in enumerate(shown) if line.startswith("1> ")) :]
