"""Messages name the real file: after a symbolic link, the file that was actually written or
kept (a repair's damaged copy beside the link's target; an output refused at the link; the
lock file beside the real ledger)."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from baska_cli.ledger import lock
from tests.clikit import invoke, start_evening

DATA = Path(__file__).parent / "data" / "sheets"


def test_a_repair_through_a_link_names_the_damaged_copy_where_it_is(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "e.csv"
    shutil.copy(DATA / "lo-default-import.csv", target)
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    result = invoke("repair", str(link))
    assert result.exit_code == 0, result.output
    kept = re.search(r"the damaged file is kept as (\S+)\n$", result.stderr)
    assert kept is not None, result.stderr
    assert kept.group(1) == f"{target}.damaged"
    assert Path(kept.group(1)).is_file() and not os.path.lexists(f"{link}.damaged")
    assert link.is_symlink()  # the link stays, its target repaired


def test_a_repair_by_the_ledgers_own_name_names_the_copy_beside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "e.csv"
    shutil.copy(DATA / "lo-default-import.csv", path)
    monkeypatch.chdir(tmp_path)
    result = invoke("repair", "e.csv")
    assert result.stderr.endswith("the damaged file is kept as e.csv.damaged\n"), result.stderr


def test_the_lock_named_is_beside_the_real_ledger(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    path = start_evening(tmp_path / "real")
    link = tmp_path / "link.csv"
    link.symlink_to(path)
    assert lock.lock_path(os.path.realpath(link)) == str(tmp_path / "real" / ".evening.csv.lock")
    assert invoke("score", "--ledger", str(link), "zo", "d", "70").exit_code == 0
    assert not os.path.lexists(tmp_path / ".link.csv.lock")
