"""Every path a command reads — the options that name a file (--players, --aliases, --batch,
--rules, --ledger), the ledgers given as arguments and a tournament's own files — refuses a
named pipe, a device and a folder at once: no command waits on a pipe or reads a device
that never ends, and the message says what the path is."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import Result

from tests.clikit import invoke, start_evening
from tests.pathkit import promptly
from tests.tournamentkit import drawn

KINDS = {"fifo": "named pipe", "device": "device", "folder": "directory"}


def _plant(tmp_path: Path, kind: str) -> str:
    """A path that is a named pipe, a device or a folder."""
    if kind == "device":
        return "/dev/zero"
    path = tmp_path / f"planted-{kind}"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.mkdir()
    return str(path)


# the commands, with {p} where the planted path goes ({ledger}: a good evening's ledger)
OPTIONS = [
    "tournament new {tmp}/t -p {p} --rounds 1 --deals 16",
    "ledger {ledger} {ledger2} --aliases {p}",
    "score --batch {p}",
    "score --rules {p} zw ac 61",
    "new {tmp}/n.csv --players A,B,C,D --rules {p}",
    "recalc {ledger} --rules {p}",
    "rules {p}",
    "score --ledger {p} zw ac 61",
    "ledger {p}",
    "check {p}",
    "stats {p}",
    "settle {p} --stake 1",
    "report {p} -o {tmp}/r.html",
    "repair {p}",
    "undo {p}",
    "play {p}",
]


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("command", OPTIONS)
def test_every_path_refuses_pipes_devices_and_folders(
    command: str, kind: str, tmp_path: Path
) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    ledger, ledger2 = start_evening(tmp_path / "a"), start_evening(tmp_path / "b")
    planted = _plant(tmp_path, kind)
    args = command.format(p=planted, tmp=tmp_path, ledger=ledger, ledger2=ledger2).split()
    results: list[Result] = []
    error = promptly(lambda: results.append(invoke(*args, input="")), Path(planted))
    assert error is None, error
    result = results[0]
    assert result.exit_code in (1, 2), (args, result.output)
    assert "Traceback" not in result.output
    assert KINDS[kind] in result.stderr, (args, result.stderr)


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize(
    "name", ["tournament.toml", "players.csv", "results.csv", "lots.csv", "r1/seating.csv"]
)
def test_a_tournaments_files_refuse_them_too(name: str, kind: str, tmp_path: Path) -> None:
    liga = Path(drawn(tmp_path, "A\nB\nC\nD\n", rules=None, seed=None))
    target = liga / name
    target.unlink()
    if kind == "device":
        os.symlink("/dev/zero", target)
    else:
        shutil.move(_plant(tmp_path, kind), target)
    for args in (("standings", str(liga)), ("check", str(liga)), ("draw", str(liga))):
        results: list[Result] = []
        error = promptly(lambda a=args, r=results: r.append(invoke("tournament", *a)), target)
        assert error is None, error
        assert results[0].exit_code == 1, (args, results[0].output)
        assert KINDS[kind] in results[0].stderr, (args, results[0].stderr)


def test_a_pipe_in_place_of_the_checked_cache_is_passed_over(tmp_path: Path) -> None:
    liga = Path(drawn(tmp_path, "A\nB\nC\nD\n", rounds=1, rules=None, seed=None))
    os.mkfifo(liga / ".checked.csv")
    results: list[Result] = []
    error = promptly(lambda: results.append(invoke("tournament", "standings", str(liga))))
    assert error is None, error
    assert results[0].exit_code in (0, 1), results[0].output
    assert "Traceback" not in results[0].output
