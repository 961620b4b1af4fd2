"""check, recalc and append with the second half of a long ledger checked in a forked
process: the same messages, tally and diff as one process, the child's result taken only on a
clean second half that joins the first."""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from click.testing import CliRunner, Result

from baska_cli import halves, ledger
from baska_cli.cli import cli
from baska_cli.rules import load_rules

ROOT = Path(__file__).resolve().parent.parent
HANDS = 3000


def _bench() -> ModuleType:
    """benchmarks/bench_ledger.py, which writes valid ledgers of random hands."""
    spec = importlib.util.spec_from_file_location(
        "bench_ledger", ROOT / "benchmarks/bench_ledger.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_ledger", module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A valid ledger of HANDS hands (void and amended ones among them), as bytes."""
    path = tmp_path_factory.mktemp("halves") / "big.csv"
    _bench().write_ledger(str(path), HANDS, load_rules("plb"), 7, 300)
    return path.read_bytes()


@pytest.fixture
def joins(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether each forked half was taken (the threshold lowered so that small files fork)."""
    monkeypatch.setattr(halves, "SPLIT_MIN", 1000)
    monkeypatch.setattr(halves, "usable_cores", lambda: 2)
    seen: list[bool] = []
    join = halves.Helper.join

    def spy(self: halves.Helper, verifier: ledger._Verifier) -> bool:
        seen.append(join(self, verifier))
        return seen[-1]

    monkeypatch.setattr(halves.Helper, "join", spy)
    return seen


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def both(monkeypatch: pytest.MonkeyPatch, joins: list[bool], *args: str) -> tuple[Result, Result]:
    """The command with the second process allowed, then with one process only."""
    split = run(*args)
    seen = len(joins)
    monkeypatch.setattr(halves, "SPLIT_MIN", 1 << 62)
    one = run(*args)
    assert len(joins) == seen  # no child
    return split, one


def same(a: Result, b: Result) -> None:
    assert (a.exit_code, a.stdout, a.stderr) == (b.exit_code, b.stdout, b.stderr)


def seam_index(data: bytes, tmp_path: Path) -> int:
    """The 0-based index (in splitlines) of the line the parent would pick as the seam."""
    path = tmp_path / "probe.csv"
    path.write_bytes(data)
    with path.open("rb") as raw:
        seam = halves.find_seam(raw.fileno(), len(data))
    assert seam is not None
    assert sum(map(len, data.splitlines(keepends=True)[: seam.lines_before])) == seam.offset
    return seam.lines_before


def test_a_clean_ledger_is_checked_on_two_cores(
    tmp_path: Path, clean: bytes, monkeypatch: pytest.MonkeyPatch, joins: list[bool]
) -> None:
    path = tmp_path / "big.csv"
    path.write_bytes(clean)
    split, one = both(monkeypatch, joins, "check", str(path))
    assert joins == [True]
    same(split, one)
    assert split.exit_code == 0 and split.stderr.startswith(f"{path}: ok, ")


@pytest.mark.parametrize("newline", [b"\n", b"\r\n"])
def test_the_tally_is_the_same(
    tmp_path: Path, clean: bytes, monkeypatch: pytest.MonkeyPatch, joins: list[bool], newline: bytes
) -> None:
    path = tmp_path / "big.csv"
    path.write_bytes(clean.replace(b"\n", newline))
    split = ledger.check(str(path))
    assert joins == [True]
    monkeypatch.setattr(halves, "SPLIT_MIN", 1 << 62)
    one = ledger.check(str(path))
    assert split.tally == one.tally and split.tally.last is not None
    assert split.problems == one.problems == []
    assert split._line == one._line == clean.count(b"\n")


@pytest.mark.parametrize("newline", [b"\n", b"\r\n"])
def test_recalc_diff_is_the_same_byte_for_byte(
    tmp_path: Path, clean: bytes, monkeypatch: pytest.MonkeyPatch, joins: list[bool], newline: bytes
) -> None:
    """Under other rules hands change in both halves: the child gives up at its first
    change, and the parent lists every change in order."""
    path = tmp_path / "big.csv"
    path.write_bytes(clean.replace(b"\n", newline))
    split, one = both(monkeypatch, joins, "recalc", str(path), "--rules", "pagat", "--diff")
    assert joins == [False]
    same(split, one)
    assert split.exit_code == 0 and split.stdout.count("\n+") > 100


def test_recalc_of_a_clean_ledger_is_the_same(
    tmp_path: Path, clean: bytes, monkeypatch: pytest.MonkeyPatch, joins: list[bool]
) -> None:
    path = tmp_path / "big.csv"
    path.write_bytes(clean)
    split, one = both(monkeypatch, joins, "recalc", str(path), "--diff")
    assert joins == [True]
    same(split, one)
    assert split.exit_code == 0


def _changed_total(line: bytes) -> bytes:
    cells = line.split(b",")
    cells[7] = str(int(cells[7]) + 1).encode()
    return b",".join(cells)


def _bad_number(line: bytes) -> bytes:
    cells = line.split(b",")
    cells[4] = b"x" + cells[4]
    return b",".join(cells)


def _other_hand(line: bytes) -> bytes:
    """The line with another hand that scores other changes (numbers and totals kept)."""
    cells = line.split(b",")
    cells[2] = b"ba Ania" if cells[3:7] != [b"30", b"-10", b"-10", b"-10"] else b"ba Bartek"
    return b",".join(cells)


DAMAGES: dict[str, Callable[[list[bytes], int], None]] = {
    "other hand": lambda lines, i: lines.__setitem__(i, _other_hand(lines[i])),
    "changed total": lambda lines, i: lines.__setitem__(i, _changed_total(lines[i])),
    "deleted row": lambda lines, i: lines.__delitem__(i),
    "bad number": lambda lines, i: lines.__setitem__(i, _bad_number(lines[i])),
    "bad UTF-8": lambda lines, i: lines.__setitem__(i, lines[i].replace(b",", b",\xff", 1)),
}


def _counted_line(lines: list[bytes], index: int) -> int:
    """The first plain counted row at or after `index` (0-based)."""
    while lines[index].count(b",") != 10 or b'"' in lines[index]:
        index += 1
    return index


@pytest.mark.parametrize("damage", sorted(DAMAGES))
@pytest.mark.parametrize("where", ["first half", "before the seam", "at the seam", "second half"])
@pytest.mark.parametrize("command", ["check", "recalc"])
def test_a_damaged_ledger_gives_exactly_the_messages_of_one_process(
    tmp_path: Path,
    clean: bytes,
    monkeypatch: pytest.MonkeyPatch,
    joins: list[bool],
    damage: str,
    where: str,
    command: str,
) -> None:
    lines = clean.splitlines(keepends=True)
    seam = seam_index(clean, tmp_path)
    index = {
        "first half": _counted_line(lines, seam // 3),
        "before the seam": seam - 1,
        "at the seam": seam,
        "second half": _counted_line(lines, seam + (len(lines) - seam) // 2),
    }[where]
    DAMAGES[damage](lines, index)
    path = tmp_path / "big.csv"
    path.write_bytes(b"".join(lines))
    args = ["check", str(path)] if command == "check" else ["recalc", str(path), "--diff"]
    split, one = both(monkeypatch, joins, *args)
    same(split, one)
    if command == "recalc" and damage in ("changed total", "other hand"):
        assert split.exit_code == 0  # recalc lists the hand that changes, leaves totals alone
        listed = [x for x in split.stdout.splitlines() if x[:1] == "+" and x[:3] != "+++"]
        assert len(listed) == (damage == "other hand")
    else:
        assert split.exit_code == 1
    if damage == "bad UTF-8":
        assert len(joins) <= 1  # the parent may decode that far ahead and stop first
    elif command == "recalc" and damage == "changed total":
        # recalc leaves running totals alone: nothing to report, but a seam row with a wrong
        # total makes the child assume totals the parent does not reach
        assert joins == [where != "at the seam"]
    elif where == "second half":
        assert joins == [False]  # the child gives up at its first problem
    elif where == "first half" and command == "check":
        assert joins == [True]  # the first half's problems are the parent's own


def test_a_problem_in_the_first_half_still_joins(
    tmp_path: Path, clean: bytes, monkeypatch: pytest.MonkeyPatch, joins: list[bool]
) -> None:
    """A wrong total early on: check reports it (and the next row), the totals are back on
    track long before the seam, and the child's half is taken."""
    lines = clean.splitlines(keepends=True)
    index = _counted_line(lines, 20)
    lines[index] = _changed_total(lines[index])
    path = tmp_path / "big.csv"
    path.write_bytes(b"".join(lines))
    split, one = both(monkeypatch, joins, "check", str(path))
    assert joins == [True]
    same(split, one)
    assert split.stderr.count(f"{path}:") == 3 and f"{path}: 2 problems" in split.stderr


def test_a_quoted_cell_across_the_seam_is_read_by_the_parent(
    tmp_path: Path, clean: bytes, monkeypatch: pytest.MonkeyPatch, joins: list[bool]
) -> None:
    """The seam line inside a quoted cell that spans lines: the parent reads past the seam,
    so the halves do not join and the parent reads on itself."""
    lines = clean.splitlines(keepends=True)
    seam = seam_index(clean, tmp_path)
    lines[seam - 1] = lines[seam - 1].replace(b",", b',"', 2).replace(b',"', b",", 1)
    lines[seam] = lines[seam].replace(b",", b'",', 1)
    path = tmp_path / "big.csv"
    path.write_bytes(b"".join(lines))
    split, one = both(monkeypatch, joins, "check", str(path))
    assert joins == [False]
    same(split, one)
    assert split.exit_code == 1


# no child: a ledger under SPLIT_MIN, one core, no counted row within the window after the
# middle (here a window too small to hold a whole line)
ONE_PROCESS = {
    "short ledger": ("SPLIT_MIN", lambda clean: len(clean) + 1),
    "one core": ("usable_cores", lambda clean: lambda: 1),
    "no seam in the window": ("SEAM_WINDOW", lambda clean: 40),
}


@pytest.mark.parametrize("case", sorted(ONE_PROCESS))
def test_a_ledger_is_read_in_one_process_where_a_child_does_not_pay(
    tmp_path: Path, clean: bytes, monkeypatch: pytest.MonkeyPatch, joins: list[bool], case: str
) -> None:
    name, value = ONE_PROCESS[case]
    monkeypatch.setattr(halves, name, value(clean))
    path = tmp_path / "big.csv"
    path.write_bytes(clean)
    assert run("check", str(path)).exit_code == 0
    assert joins == []


def test_a_child_that_fails_leaves_its_half_to_the_parent(
    tmp_path: Path, clean: bytes, monkeypatch: pytest.MonkeyPatch, joins: list[bool]
) -> None:
    def broken(*args: object) -> object:
        raise RuntimeError("the child fails")

    monkeypatch.setattr(halves, "_second_half", broken)
    path = tmp_path / "big.csv"
    path.write_bytes(clean)
    split, one = both(monkeypatch, joins, "check", str(path))
    assert joins == [False]
    same(split, one)
    assert split.exit_code == 0


def test_a_replaced_file_is_not_read_by_the_child(
    tmp_path: Path, clean: bytes, monkeypatch: pytest.MonkeyPatch, joins: list[bool]
) -> None:
    """The child opens the ledger by its name: if that is no longer the file the parent
    opened, the child gives up and the parent reads its own file to the end."""
    path = tmp_path / "big.csv"
    path.write_bytes(clean)
    start = halves.start

    def replace_then_start(reader: ledger.LedgerReader, verifier: ledger._Verifier) -> object:
        os.rename(path, tmp_path / "old.csv")
        path.write_bytes(clean.replace(b"\n1,", b"\n1,x", 1))
        return start(reader, verifier)

    monkeypatch.setattr(halves, "start", replace_then_start)
    monkeypatch.setattr(ledger.halves, "start", replace_then_start)
    result = run("check", str(path))
    assert joins == [False]
    assert result.exit_code == 0, result.stderr


def test_an_error_in_the_first_half_stops_the_child(
    tmp_path: Path, clean: bytes, monkeypatch: pytest.MonkeyPatch, joins: list[bool]
) -> None:
    """A file that stops being UTF-8 before the seam: the parent's error, and no child left."""
    lines = clean.splitlines(keepends=True)
    index = _counted_line(lines, seam_index(clean, tmp_path) // 2)
    lines[index] = b"\xff" + lines[index]
    path = tmp_path / "big.csv"
    path.write_bytes(b"".join(lines))
    cancelled: list[int] = []
    cancel = halves.Helper.cancel

    def spy(self: halves.Helper) -> None:
        cancelled.append(self.pid)
        cancel(self)
        with pytest.raises(ChildProcessError):
            os.waitpid(cancelled[-1], os.WNOHANG)

    monkeypatch.setattr(halves.Helper, "cancel", spy)
    result = run("check", str(path))
    assert result.exit_code == 1 and f"{path}:{index + 1}: the file is not UTF-8" in result.stderr
    assert len(cancelled) == 1 and joins == []


def test_an_append_to_a_long_ledger_is_the_same(
    tmp_path: Path, clean: bytes, monkeypatch: pytest.MonkeyPatch, joins: list[bool]
) -> None:
    path = tmp_path / "big.csv"
    path.write_bytes(clean)
    assert run("score", "--ledger", str(path), "zw A+C 61").exit_code == 0
    assert joins == [True]
    monkeypatch.setattr(halves, "SPLIT_MIN", 1 << 62)
    assert run("check", str(path)).exit_code == 0
    assert path.read_bytes().startswith(clean) and path.read_bytes() != clean
