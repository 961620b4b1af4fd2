"""The reference tournament (tests/data/tournament): replayed command by command, its seatings
and standings compared with the stored ones (a late entry, a withdrawal, a corrected sheet,
ties at tables, a tie in the standings decided by lot)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from tests.clikit import invoke

DATA = Path(__file__).parent / "data" / "tournament"


def _replay(folder: Path) -> None:
    for line in (DATA / "replay.txt").read_text("utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        expected = 0
        if line.startswith("!"):
            status, _space, line = line.partition(" ")
            expected = int(status[1:])
        args = shlex.split(line.format(dir=folder, data=DATA))
        result = invoke(*args)
        assert result.exit_code == expected, (line, result.output)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("reference") / "liga"
    _replay(folder)
    return folder


@pytest.mark.parametrize("number", [1, 2, 3])
def test_the_draw_is_the_stored_one(played: Path, number: int) -> None:
    stored = (DATA / f"seating-r{number}.csv").read_text("utf-8")
    assert (played / f"r{number}" / "seating.csv").read_text("utf-8") == stored


@pytest.mark.parametrize(
    ("args", "expected"),
    [((), "expected-standings.json"), (("--round", "2"), "expected-standings-r2.json")],
)
def test_the_standings_are_the_expected_ones(
    played: Path, args: tuple[str, ...], expected: str
) -> None:
    result = invoke("tournament", "standings", str(played), "-f", "json", *args)
    assert (result.exit_code, result.stderr) == (0, "")
    assert json.loads(result.stdout) == json.loads((DATA / expected).read_text("utf-8"))


def test_the_corrected_sheet_keeps_the_old_result(played: Path) -> None:
    assert (played / "results.csv").read_text("utf-8").splitlines()[1:3] == [
        "1,2,Ania,+30,Celina,-10,Grzegorz,-10,Ewa,-10,organiser,corrected",
        "1,2,Ania,+24,Celina,+6,Grzegorz,-10,Ewa,-20,organiser,",
    ]


def test_the_lot_is_shown_as_such(played: Path) -> None:
    result = invoke("tournament", "standings", str(played))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0:2] == [
        "standings after round 3 of 3",
        "ordered by place points, the sum of the totals, tables won, a drawing of lots; "
        "players equal on all of them share a place",
    ]
    assert lines[-4:-2] == [
        "      7  ▲2      Halina                         5      -16             0  lot 1",
        "      8  ▼4      Feliks                         5      -16             0  lot 2; sat out "
        "round 2",
    ]
    assert lines[-2] == (
        "      9  ▼1      Bartek    Puck               2.5      -10             0  withdrew "
        "before round 3"
    )
