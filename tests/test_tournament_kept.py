"""tournament/scores/kept.py and final_of: a tournament's final standings kept in
`.standings.json`, used while no file of its directory changed, made again when any did,
never trusted when broken; the same standings with the side file as without."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from baska_cli.errors import BaskaError
from baska_cli.files import stamps
from baska_cli.tournament.folder import load
from baska_cli.tournament.scores import service
from baska_cli.tournament.scores.kept import KEPT
from baska_cli.tournament.scores.service import correct_result, final_of, final_standings
from tests.tournamentkit import copied, draw, entries, new, result


def _finished(home: Path) -> str:
    """Eight players, two rounds of three drawn, every table's result a paper sheet's."""
    path = new(home, "Ania\nBartek\nCelina\nDarek\nEwa,Puck\nFeliks\nGrzegorz\nHalina\n", rounds=3)
    for number, totals in ((1, ((30, -10, -10, -10), (5, 5, -5, -5))), (2, ((0, 0, 1, -1),) * 2)):
        draw(path)
        for table, sheet in enumerate(totals, 1):
            result(path, number, table, *entries(path, number, table, sheet))
    return path


@pytest.fixture
def finished(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A finished tournament whose files are all settled (no wait for the clock's tick)."""
    monkeypatch.setattr(stamps, "SETTLED", -(10**18))
    return copied(tmp_path, "kept", _finished)


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each tournament directory final_of reads whole (its standings made, not kept)."""
    read: list[str] = []

    def counted(path: str) -> object:
        read.append(path)
        return load(path)

    monkeypatch.setattr(service, "load", counted)
    return read


def test_the_standings_are_kept_and_taken_while_nothing_changed(
    finished: str, loads: list[str]
) -> None:
    made = final_of(finished)
    assert os.path.exists(os.path.join(finished, KEPT)) and loads == [finished]
    again = final_of(finished)
    assert loads == [finished]  # (the second: from the side file)
    assert again == made
    assert again.standings == final_standings(load(finished))


def _touch(path: str) -> None:
    """Written again as it was: the same bytes, a new change time."""
    data = Path(path).read_bytes()
    Path(path).write_bytes(data)
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1))


CHANGES: dict[str, Callable[[str], object]] = {
    "settings": lambda p: _touch(os.path.join(p, "tournament.toml")),
    "players": lambda p: _touch(os.path.join(p, "players.csv")),
    "results": lambda p: _touch(os.path.join(p, "results.csv")),
    "lots": lambda p: _touch(os.path.join(p, "lots.csv")),
    "seating": lambda p: _touch(os.path.join(p, "r2", "seating.csv")),
    "a table ledger": lambda p: _touch(os.path.join(p, "r1", "t2.csv")),
    "a round closed": lambda p: Path(p, "r2", "closed").write_text(""),
    "a roster added": lambda p: Path(p, "roster.csv").write_text("name,id\n", "utf-8"),
    "walk-outs added": lambda p: Path(p, "walkouts.csv").write_text("", "utf-8"),
    "confirmations added": lambda p: Path(p, "confirmations.csv").write_text("", "utf-8"),
    "a file removed": lambda p: os.unlink(os.path.join(p, "r1", "t1.csv")),
    "a round added": lambda p: os.mkdir(os.path.join(p, "r3")),
}


@pytest.mark.parametrize("change", CHANGES, ids=list(CHANGES))
def test_any_file_changed_added_or_removed_makes_them_again(
    finished: str, loads: list[str], change: str
) -> None:
    final_of(finished)
    CHANGES[change](finished)
    try:
        done = final_of(finished)
    except BaskaError:  # (a file made unreadable: the tournament read says so, as before)
        assert len(loads) == 2
        return
    assert len(loads) == 2
    assert done.standings == final_standings(load(finished))


def test_a_correction_shows_at_once(finished: str) -> None:
    before = final_of(finished).standings
    correct_result(finished, 1, 1, entries(finished, 1, 1, (-30, 10, 10, 10)))
    after = final_of(finished).standings
    assert after is not None and before is not None
    assert after == final_standings(load(finished)) and after.lines != before.lines


@pytest.mark.parametrize(
    "broken",
    [
        b"",
        b"{",
        b"\xff\xfe",
        b"[]",
        b'{"layout": 1}',
        b"null",
    ],
)
def test_a_broken_side_file_is_ignored_and_made_again(
    finished: str, loads: list[str], broken: bytes
) -> None:
    made = final_of(finished)
    Path(finished, KEPT).write_bytes(broken)
    assert final_of(finished) == made and len(loads) == 2
    assert final_of(finished) == made and len(loads) == 2  # (kept anew)


def test_a_side_file_of_another_baska_or_with_wrong_lines_is_not_trusted(
    finished: str, loads: list[str]
) -> None:
    made = final_of(finished)
    side = Path(finished, KEPT)
    data = json.loads(side.read_text("utf-8"))
    side.write_text(json.dumps({**data, "layout": [*data["layout"][:1], "0.0.1"]}), "utf-8")
    assert final_of(finished) == made and len(loads) == 2
    data = json.loads(side.read_text("utf-8"))
    data["lines"][0][6] = "not rounds"
    side.write_text(json.dumps(data), "utf-8")
    assert final_of(finished) == made and len(loads) == 3


def test_nothing_is_kept_while_a_file_is_fresh_or_a_table_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = copied(tmp_path, "kept", _finished)
    final_of(path)  # (every file was written a moment ago)
    assert not os.path.exists(os.path.join(path, KEPT))
    monkeypatch.setattr(stamps, "SETTLED", -(10**18))
    draw(path, "--anyway")  # (a third round, no result yet)
    done = final_of(path).standings
    assert done is not None and done.problems
    assert not os.path.exists(os.path.join(path, KEPT))
