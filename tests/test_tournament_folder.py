"""tournament/folder.py: the directory made, read back, its broken files named."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from baska_cli.errors import TournamentError
from baska_cli.tournament.draw import draw_round
from baska_cli.tournament.folder import (
    create,
    format_seating,
    load,
    parse_seating,
    write_round,
)
from baska_cli.tournament.players import Entrant
from baska_cli.tournament.settings import Plan

NAMES = ["Ania", "Bartek", "Celina", "Darek", "Ewa"]


def _made(tmp_path: Path) -> str:
    path = str(tmp_path / "liga")
    create(path, Plan(2, 8, ("plb",), "1"), [Entrant(n) for n in NAMES])
    t = load(path)
    write_round(t, draw_round(1, "1", NAMES, {}, {}), {"seating.html": "<p>x</p>"})
    return path


def test_a_new_directory_reads_back_with_its_round(tmp_path: Path) -> None:
    path = _made(tmp_path)
    t = load(path)
    assert [p.name for p in t.players] == NAMES
    assert len(t.draws) == 1 and len(t.draws[0].tables) == 1
    assert sorted(os.listdir(os.path.join(path, "r1"))) == [
        ".t1.csv.lock", "seating.csv", "seating.html", "t1.csv"
    ]  # fmt: skip
    assert not any(name.endswith(".tmp") for name in os.listdir(path))


def test_a_round_is_drawn_once(tmp_path: Path) -> None:
    path = _made(tmp_path)
    with pytest.raises(TournamentError, match="round 1 is drawn already"):
        write_round(load(path), draw_round(1, "1", NAMES, {}, {}), {})


def test_a_new_tournament_never_takes_a_used_directory(tmp_path: Path) -> None:
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "notes.txt").write_text("mine", "utf-8")
    with pytest.raises(TournamentError, match="exists already and is not an empty directory"):
        create(str(tmp_path / "x"), Plan(2, 8, ("plb",), "1"), [Entrant(n) for n in NAMES])


def test_seating_round_trip_and_a_broken_line() -> None:
    done = draw_round(1, "1", NAMES, {}, {})
    text = format_seating(done)
    assert parse_seating(text, "s.csv", 1) == done.__class__(1, done.tables, done.sitting_out, ())
    with pytest.raises(TournamentError) as caught:
        parse_seating(text.replace(",2,", ",7,", 1), "s.csv", 1)
    assert str(caught.value).startswith("s.csv:3: expected a table number, a seat 1–4")
