"""Every command that writes a page for people writes it through ledger/outputs.py: never
over a ledger, a tournament's file, a rules file or another input, never over a file baska
did not write, never through a planted link; new files 0o666 less the umask, replaced ones
keep their mode; the name written said on standard error."""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import Result

from baska_cli.errors import OutputError
from baska_cli.files.outputs import MARK, write_output
from tests.clikit import invoke, start_evening
from tests.pathkit import promptly
from tests.tournamentkit import CLUB, drawn

ROOT = Path(__file__).parent.parent


@pytest.fixture
def liga(tmp_path: Path) -> str:
    return drawn(tmp_path, CLUB, rules=None)


@pytest.fixture(autouse=True)
def _umask() -> Iterator[None]:
    old = os.umask(0o022)
    yield
    os.umask(old)


TOURNAMENT_FILES = (
    "tournament.toml",
    "players.csv",
    "results.csv",
    "r1/seating.csv",
    "r1/t1.csv",
    "r1/t2.csv",
)


# each command that writes a page to a name the user gives: (its name, how to run it to a
# target, the files it reads)
Writer = Callable[[str], Result]


def _writers(tmp_path: Path, liga: str) -> dict[str, tuple[Writer, list[str]]]:
    ledger = start_evening(tmp_path)
    return {
        "report": (lambda out: invoke("report", ledger, "-o", out), [ledger]),
        "standings --html": (
            lambda out: invoke("tournament", "standings", liga, "--html", out),
            [f"{liga}/{name}" for name in TOURNAMENT_FILES],
        ),
    }


def _snapshot(paths: list[str]) -> dict[str, bytes]:
    return {p: Path(p).read_bytes() for p in paths}


WRITERS = ["report", "standings --html"]


@pytest.mark.parametrize("writer", WRITERS)
def test_an_input_is_never_written_over_by_any_of_its_names(
    writer: str, tmp_path: Path, liga: str
) -> None:
    run, inputs = _writers(tmp_path, liga)[writer]
    before = _snapshot(inputs)
    for target in inputs:
        again = os.path.join(target, os.pardir, Path(target).name)
        names = [target, os.path.relpath(target), again]
        hard = tmp_path / "hard.html"
        os.link(target, hard)
        for name in [*names, str(hard)]:
            result = run(name)
            assert result.exit_code == 1, (name, result.output)
            assert "Traceback" not in result.output
            assert result.stderr.startswith(f"Error: {name}: "), result.stderr
        hard.unlink()
    assert _snapshot(inputs) == before


@pytest.mark.parametrize("writer", WRITERS)
def test_a_planted_link_is_neither_followed_nor_replaced(
    writer: str, tmp_path: Path, liga: str
) -> None:
    run, inputs = _writers(tmp_path, liga)[writer]
    other = tmp_path / "other.csv"
    other.write_text("a file that is no input\n", "utf-8")
    old_page = tmp_path / "old.html"
    old_page.write_text(f"<html><head>{MARK}</head></html>", "utf-8")
    before = _snapshot([*inputs, str(other), str(old_page)])
    for target in [*inputs, str(other), str(old_page), str(tmp_path / "missing.html")]:
        link = tmp_path / "page.html"
        link.symlink_to(target)
        result = run(str(link))
        assert result.exit_code == 1, result.output
        assert "symbolic link" in result.stderr
        assert os.readlink(link) == target  # the link stays as it was
        link.unlink()
    assert _snapshot([*inputs, str(other), str(old_page)]) == before
    assert not (tmp_path / "missing.html").exists()


@pytest.mark.parametrize("writer", WRITERS)
def test_a_file_baska_did_not_write_stays(writer: str, tmp_path: Path, liga: str) -> None:
    run, _inputs = _writers(tmp_path, liga)[writer]
    (tmp_path / "other").mkdir()
    unread = start_evening(tmp_path / "other")
    foreign = {
        unread: Path(unread).read_bytes(),  # a ledger this command does not read
        str(tmp_path / "house.toml"): (ROOT / "samples" / "house-rules.toml").read_bytes(),
        str(tmp_path / "notes.html"): b"<html>my own page</html>\n",
        str(tmp_path / "empty.html"): b"",
    }
    for name, text in foreign.items():
        Path(name).write_bytes(text)
        result = run(name)
        assert result.exit_code == 1, result.output
        assert "baska did not write it" in result.stderr
        assert Path(name).read_bytes() == text


@pytest.mark.parametrize("writer", WRITERS)
def test_no_folder_pipe_or_device_is_written_and_nothing_waits(
    writer: str, tmp_path: Path, liga: str
) -> None:
    run, _inputs = _writers(tmp_path, liga)[writer]
    fifo = tmp_path / "pipe.html"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.html"
    folder.mkdir()
    for target, kind in ((fifo, "named pipe"), (folder, "directory"), ("/dev/null", "device")):
        results: list[Result] = []
        error = promptly(lambda t=str(target), r=results: r.append(run(t)), fifo)
        assert error is None
        assert results[0].exit_code == 1, results[0].output
        assert kind in results[0].stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and os.listdir(folder) == []


@pytest.mark.parametrize("writer", WRITERS)
def test_own_page_is_replaced_keeping_its_mode_and_the_name_is_said(
    writer: str, tmp_path: Path, liga: str
) -> None:
    run, _inputs = _writers(tmp_path, liga)[writer]
    out = tmp_path / "page.html"
    result = run(str(out))
    assert result.exit_code == 0, result.output
    assert str(out) in result.stderr
    assert stat.S_IMODE(out.stat().st_mode) == 0o644
    assert MARK in out.read_text("utf-8")
    out.chmod(0o600)
    result = run(str(out))
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_rounds_pages_are_never_written_through_a_link_or_over_its_ledger(liga: str) -> None:
    seating, ledger = Path(liga, "r1", "seating.html"), Path(liga, "r1", "t1.csv")
    kept = ledger.read_bytes()
    for plant in ("symlink", "hardlink", "directory"):
        seating.unlink()
        if plant == "symlink":
            seating.symlink_to("t1.csv")
        elif plant == "hardlink":
            os.link(ledger, seating)
        else:
            seating.mkdir()
        result = invoke("tournament", "print", liga)
        assert result.exit_code == 1, result.output
        assert result.stderr.startswith(f"Error: {seating}: ")
        assert ledger.read_bytes() == kept
        if plant == "directory":
            seating.rmdir()
        else:
            assert os.path.lexists(seating)
        seating.touch()
    assert invoke("tournament", "print", liga).exit_code == 0  # its own page, a file: replaced
    assert MARK in seating.read_text("utf-8")


def test_a_file_that_appears_while_the_page_is_written_stays(tmp_path: Path) -> None:
    out = tmp_path / "page.html"

    def pieces() -> Iterator[str]:
        yield "<html>"
        out.write_text("someone else's\n", "utf-8")
        yield "</html>"

    with pytest.raises(OutputError, match="baska did not write it"):
        write_output(str(out), pieces())
    assert out.read_text("utf-8") == "someone else's\n"
    assert [p.name for p in tmp_path.iterdir()] == ["page.html"]


# Every place in the package that writes a file, by module; a new one must either go
# through write_output (a page or file for people) or be added here with its reason.
WRITE_SITES = {
    "baska_cli/files/outputs.py": 3,  # the helper itself: mkstemp, os.fdopen(…, "w"), and
    # os.fdopen(…, "wb") for a workbook
    "baska_cli/files/replace.py": 4,  # a file replaced whole: mkstemp, fdopen, os.replace,
    # replace_text itself
    "baska_cli/ledger/atomic.py": 2,  # a ledger replaced whole: os.open(O_WRONLY) (a read-only
    # ledger is not replaced), replace_bytes itself
    "baska_cli/ledger/store.py": 3,  # the ledger's append (O_RDWR) and a new ledger (os.link;
    # os.rename under its lock where there are no hard links: Pyodide in a browser)
    "baska_cli/files/append.py": 2,  # a line appended to a journal, the served ledger's
    # client ids (O_RDWR | O_CREAT, 0o600, never through a link)
    "baska_cli/web/changes.py": 1,  # who changed which hand from a phone (replace_text)
    "baska_cli/files/secret.py": 2,  # a serve key, the hall's secret (O_CREAT | O_EXCL, 0o600)
    "baska_cli/tournament/hall/address.py": 1,  # the hall's address for the links (replace_text)
    "baska_cli/tournament/desk/store.py": 1,  # the desk's marks, desk.csv (replace_text)
    "baska_cli/tournament/typed_store.py": 1,  # the paper sheets typed, typed.csv
    # (replace_text), under the tournament's lock
    "baska_cli/cli/running.py": 2,  # /dev/null under a closed or failed standard stream
    "baska_cli/tournament/folder.py": 16,  # a round's directory renamed into place (and
    # aside, its draw taken back); the tournament's own files (settings, players, roster
    # details, results, walk-outs, confirmations, lots, seating, a round's closed mark:
    # replace_text)
    "baska_cli/ledger/repair.py": 2,  # the damaged ledger kept under another name (os.link),
    # the repaired ledger (replace_bytes)
    "baska_cli/ledger/lock.py": 2,  # the lock file: made (O_CREAT | O_EXCL) or opened (O_RDWR)
    "baska_cli/cli/play_history.py": 2,  # play's history file, appended (O_WRONLY | O_CREAT)
    "baska_cli/tournament/clock/files.py": 2,  # the round's clock and the announcement, each
    # replaced whole (replace_text), under the tournament's lock
    "baska_cli/webapp/build.py": 3,  # `baska app`'s folder: made beside OUT, then put in its
    # place whole (os.replace: the old one aside, the new one in), its files copied there
    "baska_cli/webapp/evenings.py": 1,  # a ledger imported on the phone, into a new folder
    # ("xb"), removed whole if `baska check` refuses it
    "baska_cli/webapp/runtime.py": 1,  # the runtime's checked files put in the cache whole
    # (os.replace of the folder they were unpacked into)
    "baska_cli/league/folder.py": 5,  # the league's own files (league.toml, the register,
    # its merged records: replace_text)
}
_WRITES = re.compile(
    r"""open\([^)]*["'][wax]b?\+?["']|\.write_(text|bytes)\(|mkstemp\(|os\.(replace|rename|"""
    r"""link|symlink)\(|O_(WRONLY|RDWR|CREAT)\b|shutil\.(copy|move)\b|replace_(text|bytes)\("""
)


def test_every_write_site_is_known() -> None:
    found: dict[str, int] = {}
    for path in sorted((ROOT / "baska_cli").rglob("*.py")):
        text = path.read_text("utf-8")
        count = sum(
            1
            for line in text.splitlines()
            if _WRITES.search(line) and not line.lstrip().startswith("#")
        )
        if count:
            found[path.relative_to(ROOT).as_posix()] = count
    assert found == WRITE_SITES


def test_the_checked_cache_is_never_written_through_a_planted_link(
    liga: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from baska_cli.files import stamps

    monkeypatch.setattr(stamps, "SETTLED", -(10**18))  # every ledger settled: it is written
    ledger = Path(liga, "r1", "t1.csv")
    kept = ledger.read_bytes()
    cache = Path(liga, ".checked.csv")
    cache.unlink(missing_ok=True)
    cache.symlink_to("r1/t1.csv")
    result = invoke("tournament", "standings", liga)
    assert result.exit_code == 0, result.output
    assert ledger.read_bytes() == kept and os.readlink(cache) == "r1/t1.csv"
    cache.unlink()
    assert invoke("tournament", "standings", liga).exit_code == 0
    assert cache.read_text("utf-8").startswith("ledger,")  # (it is written where it may be)


def mode(path: str | Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_file_given_a_mode_has_it_new_or_replaced(tmp_path: Path) -> None:
    page = str(tmp_path / "keys.html")
    write_output(page, [f"<html><head>{MARK}</head>1</html>"], mode=0o600)
    assert mode(page) == 0o600
    os.chmod(page, 0o644)
    write_output(page, [f"<html><head>{MARK}</head>2</html>"], mode=0o600)
    assert mode(page) == 0o600


def test_the_sheets_that_hold_every_table_s_key_are_the_organiser_s_alone(liga: str) -> None:
    sheets, seating = Path(liga, "r1", "sheets.html"), Path(liga, "r1", "seating.html")
    assert mode(sheets) == 0o600 and mode(seating) & 0o044  # drawn
    os.chmod(sheets, 0o644)
    assert invoke("tournament", "print", liga).exit_code == 0
    assert mode(sheets) == 0o600  # printed again
