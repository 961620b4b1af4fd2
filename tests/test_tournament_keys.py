"""The hall's keys: kept, per table and per round, none telling another."""

from __future__ import annotations

import stat
from pathlib import Path

from baska_cli.tournament.hall.keys import hall_keys, secret_path


def test_keys_are_kept_and_differ_per_table_and_round(tmp_path: Path) -> None:
    keys = hall_keys(str(tmp_path))
    again = hall_keys(str(tmp_path))
    assert keys.organiser == again.organiser and keys.table(1, 1) == again.table(1, 1)
    every = {keys.organiser} | {keys.table(r, t) for r in (1, 2, 3) for t in range(1, 101)}
    assert len(every) == 1 + 300
    assert all(len(key) == 22 and key.isascii() for key in every)
    assert stat.S_IMODE(Path(secret_path(str(tmp_path))).stat().st_mode) == 0o600


def test_another_secret_makes_other_keys(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a, b = hall_keys(str(tmp_path / "a")), hall_keys(str(tmp_path / "b"))
    assert a.organiser != b.organiser and a.table(1, 1) != b.table(1, 1)
