"""render/stream.py: `baska ledger --format json|csv` streams the sheet: valid JSON, the right
history; a hand's JSON, laid out by hand, is what json.dumps makes of the same object."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baska_cli.ledger import Row
from baska_cli.render.stream import HandJson
from tests.clikit import invoke


def new_ledger(tmp_path: Path) -> str:
    path = str(tmp_path / "wieczor.csv")
    assert invoke("new", path, "--players", "Ania,Bartek,Celina,Darek").exit_code == 0
    return path


def test_an_empty_ledger_is_valid_json(tmp_path: Path) -> None:
    path = new_ledger(tmp_path)
    data = json.loads(invoke("ledger", path, "-f", "json").stdout)
    assert (data["hands"], data["history"], data["totals"]) == (
        [],
        [],
        {"Ania": 0, "Bartek": 0, "Celina": 0, "Darek": 0},
    )


def test_each_hand_is_one_line_of_json(tmp_path: Path) -> None:
    path = new_ledger(tmp_path)
    for hand in (["zw", "AC", "61", "k"], ["ci", "B", "40"], ["ba", "D"]):
        assert invoke("score", "-l", path, *hand).exit_code == 0
    lines = invoke("ledger", path, "-f", "json").stdout.splitlines()
    hand_lines = [json.loads(line.strip().rstrip(",")) for line in lines if '"n": ' in line]
    assert [h["notation"] for h in hand_lines] == [
        "zw Ania+Celina 61 k",
        "ci Bartek 40",
        "ba Darek",
    ]


def test_an_undone_hand_takes_its_amendments_with_it(tmp_path: Path) -> None:
    path = new_ledger(tmp_path)
    assert invoke("score", "-l", path, "zw", "AC", "61").exit_code == 0
    assert invoke("score", "-l", path, "ci", "B", "40").exit_code == 0
    assert invoke("amend", path, "2", "ci", "B", "70").exit_code == 0
    assert invoke("undo", path).exit_code == 0
    assert invoke("score", "-l", path, "zw", "BD", "61").exit_code == 0
    assert invoke("amend", path, "1", "zw", "AC", "62").exit_code == 0
    data = json.loads(invoke("ledger", path, "-f", "json").stdout)
    assert [(h["n"], h["notation"], h.get("amends")) for h in data["hands"]] == [
        (1, "zw Ania+Celina 62", ["zw Ania+Celina 61"]),
        (2, "zw Bartek+Darek 61", None),
    ]
    assert [(h["n"], h["notation"], h["status"]) for h in data["history"]] == [
        (1, "zw Ania+Celina 61", "amended"),
        (2, "ci Bartek 40", "amended"),
        (2, "ci Bartek 70", "undone"),
    ]


def test_a_season_in_json_and_csv(tmp_path: Path) -> None:
    first = new_ledger(tmp_path)
    second = str(tmp_path / "czwartek.csv")
    assert invoke("new", second, "--players", "Bartek,Ania,Darek,Ewa").exit_code == 0
    assert invoke("score", "-l", first, "zw", "AC", "61").exit_code == 0
    assert invoke("score", "-l", second, "gr", "Ewa", "70").exit_code == 0
    data = json.loads(invoke("ledger", first, second, "-f", "json").stdout)
    assert data["totals"] == {"Ewa": 15, "Ania": -4, "Celina": 1, "Bartek": -6, "Darek": -6}
    assert [(h["file"], h["n"]) for h in data["hands"]] == [(first, 1), (second, 1)]
    csv_lines = invoke("ledger", first, second, "-f", "csv").stdout.splitlines()
    assert csv_lines[0] == (
        "file,n,dealer,hand,status,Ania,Bartek,Celina,Darek,Ewa,"
        "Ania total,Bartek total,Celina total,Darek total,Ewa total"
    )
    assert len(csv_lines) == 3


# --- HandJson against json.dumps -----------------------------------------------------------

# any text, with the characters JSON must escape (or must not) drawn often
TEXT = st.text(st.one_of(st.characters(), st.sampled_from('"\\/\n\r\t\b\f\x00\x1f\x7f\u2028é€😀')))
FOUR = st.tuples(st.integers(), st.integers(), st.integers(), st.integers())


def hand_object(
    players: Sequence[str], row: Row, amends: Sequence[str], path: str | None
) -> dict[str, Any]:
    """A numbered hand as the object json.dumps would be given, its keys in their order."""
    record: dict[str, Any] = {} if path is None else {"file": path}
    record["n"] = row.n
    record["dealer"] = row.dealer
    record["notation"] = row.hand
    record["deltas"] = dict(zip(players, row.deltas, strict=True))
    if row.totals is None:
        record["void"] = True
    else:
        record["totals"] = dict(zip(players, row.totals, strict=True))
    if amends:
        record["amends"] = list(amends)
    return record


def history_object(players: Sequence[str], row: Row) -> dict[str, Any]:
    """An amended or undone row as the object json.dumps would be given."""
    deltas = dict(zip(players, row.deltas, strict=True))
    return {"n": row.n, "notation": row.hand, "deltas": deltas, "status": row.status}


@st.composite
def rows(draw: st.DrawFn) -> list[tuple[Row, list[str], str | None]]:
    """A few rows of one session, their amendments and file; hand texts repeat (the JSON of a
    hand text is remembered: a repeat with other changes must not reuse it)."""
    texts = draw(st.lists(TEXT, min_size=1, max_size=3))
    made = []
    for _ in range(draw(st.integers(1, 6))):
        row = Row(
            line=draw(st.integers(1, 10**6)),
            n=draw(st.integers()),
            dealer=draw(TEXT),
            hand=draw(st.sampled_from(texts)),
            deltas=draw(FOUR),
            totals=draw(st.none() | FOUR),
            status=draw(TEXT),
        )
        made.append((row, draw(st.lists(TEXT, max_size=3)), draw(st.none() | TEXT)))
    return made


NAMES = TEXT.filter(lambda name: name != "")


@given(players=st.lists(NAMES, min_size=4, max_size=4, unique=True), session=rows())
def test_hand_json_is_what_json_dumps_makes(
    players: list[str], session: list[tuple[Row, list[str], str | None]]
) -> None:
    shape = HandJson(players)
    for row, amends, path in session:
        file = "" if path is None else json.dumps(path, ensure_ascii=False)
        expected = json.dumps(hand_object(players, row, amends, path), ensure_ascii=False)
        assert shape.hand(row, amends, file) == expected
        expected = json.dumps(history_object(players, row), ensure_ascii=False)
        assert shape.history(row) == expected


@pytest.mark.parametrize("name", ["Ola%", "Ola%%", "Ola%d"])
def test_a_percent_sign_in_a_name(name: str) -> None:
    """check_player_names allows "%" in a name: `baska ledger -f json` must show it as is."""
    players = [name, "Bartek", "Celina", "Darek"]
    row = Row(8, 1, name, "ba Celina", (-10, -10, 30, -10), (-10, -10, 30, -10), "")
    expected = json.dumps(hand_object(players, row, [], None), ensure_ascii=False)
    assert HandJson(players).hand(row, []) == expected
