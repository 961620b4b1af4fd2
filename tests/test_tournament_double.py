"""A paper sheet typed twice (issue 41, item 9, `double-entry`): the first entry is kept and
not counted (its totals shown nowhere: the second person types blind), a second alike makes
the result count, one that differs is shown with each difference and nothing counts until
an entry agrees with one waiting; a correction the same way; the organiser's page alike."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from baska_cli.tournament.folder import load
from baska_cli.tournament.hall.keys import hall_keys
from baska_cli.tournament.results import TableResult
from baska_cli.tournament.tables.state import table_state
from baska_cli.tournament.typed import AGREED, ASIDE, WAITING, settle
from tests import tournamentkit as kit
from tests.clikit import invoke
from tests.organiserkit import Organiser, app_of

FOUR = ("Ania", "Bartek", "Celina", "Darek")


def entry(*totals: int, table: int = 1) -> TableResult:
    return TableResult(1, table, FOUR, totals)


def test_an_entry_counts_once_another_agrees_with_one_waiting() -> None:
    first = settle((), entry(40, -12, -8, -20))
    assert (first.agreed, first.differs, [r.status for r in first.rows]) == (None, None, [""])
    typo = settle(first.rows, entry(4, -12, -8, 16))
    assert (typo.agreed, typo.differs) == (None, first.rows[0])
    other = settle(typo.rows, entry(9, -3, -3, -3, table=2))  # (another table's: apart)
    assert (other.agreed, other.differs) == (None, None)
    agreed = settle(other.rows, entry(40, -12, -8, -20))
    assert agreed.agreed == entry(40, -12, -8, -20)
    assert [r.status for r in agreed.rows] == [AGREED, ASIDE, WAITING, AGREED]


@pytest.fixture
def liga(tmp_path: Path) -> str:
    path = kit.drawn(tmp_path)
    assert invoke("tournament", "set", path, "double-entry", "yes").exit_code == 0
    return path


def typed(liga: str, *totals: int, table: int = 2, correct: bool = False) -> tuple[int, str]:
    more = ("--correct",) if correct else ()
    done = invoke("tournament", "result", liga, "1", str(table), *more,
                  *kit.entries(liga, 1, table, totals))  # fmt: skip
    assert done.stdout == ""
    return done.exit_code, done.stderr


def counted(liga: str, table: int = 2) -> tuple[int, ...] | None:
    found = json.loads(invoke("tournament", "standings", liga, "-f", "json").stdout)
    players = load(liga).draws[0].tables[table - 1]
    lines = {line["player"]: line for line in found["standings"]}
    if not lines[players[0]]["rounds"]:
        return None
    return tuple(lines[name]["total"] for name in players)


def test_the_sheet_counts_once_typed_twice_alike(liga: str) -> None:
    code, said = typed(liga, 40, -12, -8, -20)
    assert (code, said) == (0, (
        "round 1, table 2: the sheet's first entry is kept, not counted yet; it counts once "
        "the sheet is typed again alike, by another person who does not look at this entry\n"
    ))  # fmt: skip
    assert counted(liga) is None and not Path(liga, "results.csv").read_text("utf-8").count("\n2,")
    state = table_state(liga, 1, 2)
    assert (state.status, state.totals, len(state.typed)) == ("new", None, 1)
    status = invoke("tournament", "status", liga).stdout
    assert "the paper sheet typed once: waiting for the second entry" in status
    assert "+40" not in status  # (typed blind: the first entry's totals are shown nowhere)
    code, said = typed(liga, 40, -12, -8, -20)
    players = kit.seats(liga, 1, 2)
    assert (code, said) == (0, (
        f"round 1, table 2: the entries agree: {players[0]} +40, {players[1]} -12, "
        f"{players[2]} -8, {players[3]} -20, counted\n"
    ))  # fmt: skip
    assert counted(liga) == (40, -12, -8, -20)
    rows = Path(liga, "typed.csv").read_text("utf-8").splitlines()
    assert [row.rsplit(",", 1)[1] for row in rows[1:]] == ["agreed", "agreed"]


def test_a_difference_is_shown_and_nothing_counts_until_two_agree(liga: str) -> None:
    typed(liga, 40, -12, -8, -20)
    code, said = typed(liga, 4, -12, -8, 16)
    players = kit.seats(liga, 1, 2)
    assert (code, said) == (0, (
        f"round 1, table 2: this entry differs from the one before ({players[0]} +40 / +4; "
        f"{players[3]} -20 / +16); nothing counted: type the sheet again, the entry it agrees "
        "with counts\n"
    ))  # fmt: skip
    assert counted(liga) is None
    status = invoke("tournament", "status", liga).stdout
    assert "the paper sheet's entries differ: +40 -12 -8 -20 / +4 -12 -8 +16" in status
    assert typed(liga, 40, -12, -8, -20)[0] == 0
    assert counted(liga) == (40, -12, -8, -20)
    rows = Path(liga, "typed.csv").read_text("utf-8").splitlines()
    assert [row.rsplit(",", 1)[1] for row in rows[1:]] == ["agreed", "set aside", "agreed"]


def test_a_correction_is_typed_twice_too(liga: str) -> None:
    typed(liga, 40, -12, -8, -20)
    typed(liga, 40, -12, -8, -20)
    code, said = typed(liga, 30, -12, -8, -10)
    assert code == 1 and "has its result already" in said  # (refused at once, not kept)
    assert typed(liga, 30, -12, -8, -10, correct=True)[0] == 0
    assert counted(liga) == (40, -12, -8, -20)  # (the old result counts meanwhile)
    code, said = typed(liga, 30, -12, -8, -10, correct=True)
    assert code == 0 and said.endswith("counted (corrected; the old result is kept)\n")
    assert counted(liga) == (30, -12, -8, -10)


def test_off_by_default_one_entry_counts(tmp_path: Path) -> None:
    path = kit.drawn(tmp_path)
    assert typed(path, 40, -12, -8, -20)[0] == 0
    assert counted(path) == (40, -12, -8, -20)
    assert not Path(path, "typed.csv").exists()


@pytest.fixture
def organiser(liga: str) -> Iterator[Organiser]:
    with TestClient(app_of(liga)) as client:
        yield Organiser(client, hall_keys(liga).organiser)


def test_the_organisers_page_types_it_twice(organiser: Organiser, liga: str) -> None:
    body = {"round": 1, "table": 2, "entries": ["1=+40", "2=-12", "3=-8", "4=-20"]}
    first = organiser.post("result", body)
    assert first.status_code == 200, first.text
    assert (first.json()["counted"], first.json()["differs"]) == (False, False)
    table = organiser.hall()["tables"][1]
    assert (table["typed"], table["typed_totals"], table["totals"]) == (1, [], None)
    assert table["word"] == "sheet typed once"
    other = organiser.post("result", {**body, "entries": ["1=+4", "2=-12", "3=-8", "4=+16"]})
    assert (other.json()["counted"], other.json()["differs"]) == (False, True)
    table = organiser.hall()["tables"][1]
    assert table["typed_totals"] == [[40, -12, -8, -20], [4, -12, -8, 16]]
    assert table["word"] == "entries differ"
    again = organiser.post("result", body)
    assert again.json()["counted"] is True
    table = organiser.hall()["tables"][1]
    assert (table["typed"], table["totals"], table["source"]) == (0, [40, -12, -8, -20], "sheet")
