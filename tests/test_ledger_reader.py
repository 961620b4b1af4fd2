"""ledger/reader.py: the metadata, what a spreadsheet saves back (BOM, CRLF, quotes, empty
cells), physical line numbers, and bad metadata named by file and line."""

from __future__ import annotations

import os
import socket
from collections.abc import Callable
from pathlib import Path

import pytest

from baska_cli import i18n, ledger
from baska_cli.errors import LedgerError
from baska_cli.ledger import Meta, Tally
from tests.ledgerkit import EMPTY, TWO_HANDS
from tests.pathkit import promptly


def test_spreadsheet_save_reads_the_same(tmp_path: Path) -> None:
    plain = tmp_path / "plain.csv"
    plain.write_text(TWO_HANDS, "utf-8")
    saved = tmp_path / "saved.csv"
    lines = [
        '"baska ledger","1",,,,,,,,,,',
        '"players","Ania","Bartek","Celina","Darek",,,,,,,',
        '"rules","plb",,,,,,,,,,',
        '"first dealer","Ania",,,,,,,,,,',
        '"deals","8",,,,,,,,,,',
        ",,,,,,,,,,,",
        '"#","dealer","hand","Ania","Bartek","Celina","Darek","Ania total","Bartek total",'
        '"Celina total","Darek total","status"',
        '1,"Ania","zw Ania+Celina 61 k",+2,-2,+2,-2,2,-2,2,-2,',
        '2,"Bartek","zo Darek 70",-5,-5,-5,15,-3,-7,-3,13,',
        ",,,,,,,,,,,",
        "",
    ]
    saved.write_bytes(b"\xef\xbb\xbf" + "\r\n".join(lines).encode("utf-8"))

    def read(path: Path) -> tuple[Meta, list[tuple[object, ...]], Tally]:
        reader = ledger.check(str(path))
        assert reader.problems == []
        with ledger.open_ledger(str(path)) as again:
            rows = [tuple(r)[1:] for r in ledger.verify(again)]
        return reader.meta, rows, reader.tally

    meta_a, rows_a, tally_a = read(plain)
    meta_b, rows_b, tally_b = read(saved)
    assert (meta_b.players, meta_b.rules_lines, meta_b.deals) == (
        meta_a.players,
        meta_a.rules_lines,
        meta_a.deals,
    )
    assert (meta_b.newline, meta_b.bom) == ("\r\n", True)
    assert rows_b == rows_a
    assert tally_b == tally_a


def test_physical_lines_count_multi_line_cells(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    text = EMPTY.replace("deals,8\n", 'deals,8\nnote,"a long\nnote"\n') + (
        "1,Ania,zw Ania+Celina 61 k,2,-2,2,-2,2,-2,2,-2\n2,Bartek,zo Darek 70,-5,-5,-5,15,0,0,0,0\n"
    )
    path.write_text(text, "utf-8")
    reader = ledger.check(str(path))
    assert [str(p) for p in reader.problems] == [
        f"{path}:11: hand 2: the running totals are 0 0 0 0, expected -3 -7 -3 13"
    ]


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("hello\n", 1, "not a baska ledger"),
        (EMPTY.replace("players,Ania", "players,=Ania"), 2, "formula"),
        (EMPTY.replace("rules,plb", "rules,klub"), 3, "not built in"),
        (EMPTY.replace("first dealer,Ania", "first dealer,Ewa"), 4, "not one of the players"),
        (EMPTY.replace("deals,8", "deals,many"), 5, "whole number"),
        (EMPTY.replace("deals,8", "deals,٨"), 5, 'not "٨"'),
        (EMPTY.replace("deals,8", "deals,８"), 5, 'not "８"'),
        (EMPTY.replace("deals,8", "deals,1_6"), 5, 'not "1_6"'),
        (EMPTY.replace("deals,8", "deals,-8"), 5, 'not "-8"'),
        (EMPTY.replace("players,Ania", "players,Аnia"), 2, "mixes Cyrillic letters"),
        (EMPTY.replace("Bartek,Celina", "Аnia,Celina"), 2, '"Ania" and "Аnia" look alike'),
        (EMPTY.replace(",status", ",state"), 7, "the header row should be"),
    ],
)
def test_bad_metadata_names_file_and_line(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    path = tmp_path / "e.csv"
    path.write_text(text, "utf-8")
    with pytest.raises(LedgerError) as caught:
        ledger.check(str(path))
    assert (caught.value.path, caught.value.line) == (str(path), line)
    assert message in caught.value.message


def test_a_quoted_cell_never_closed_is_a_problem_and_nothing_is_appended(tmp_path: Path) -> None:
    """A last row whose quote is never closed reads as CSV (the cell runs to the end of the
    file), but a row appended after it would become part of that cell: it is a problem."""
    path = tmp_path / "e.csv"
    text = TWO_HANDS.replace("-3,-7,-3,13\n", '-3,-7,-3,"13\n')
    path.write_text(text, "utf-8")
    problems = [str(p) for p in ledger.check(str(path)).problems]
    assert problems == [
        f'{path}:9: a quoted cell starts in this row and is never closed (a " is missing)'
    ]
    with pytest.raises(LedgerError, match="never closed"):
        ledger.record(str(path), "ba Ania")
    assert path.read_text("utf-8") == text


def test_a_quote_in_the_middle_of_the_last_cell_is_no_problem(tmp_path: Path) -> None:
    """Only a quote that opens a cell can run to the end of the file."""
    path = tmp_path / "e.csv"
    path.write_text(
        TWO_HANDS.replace("-3,13\n", '-3,13\n3,Celina,ba Ania,30,-10,-10,-10,27,-17,-13,3,x"\n'),
        "utf-8",
    )
    problems = [str(p) for p in ledger.check(str(path)).problems]
    assert problems == [
        f'{path}:10: hand 3: "x"" is not a status; expected void, amended or undone (or empty)'
    ]


# --- numbers: ASCII digits, a sign for changes and totals, spaces around (issue 16) ----------


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("٢,Bartek,zo Darek 70,-5,-5,-5,15,-3,-7,-3,13", '"٢" is not a hand number'),
        ("２,Bartek,zo Darek 70,-5,-5,-5,15,-3,-7,-3,13", '"２" is not a hand number'),
        ("²,Bartek,zo Darek 70,-5,-5,-5,15,-3,-7,-3,13", '"²" is not a hand number'),
        ("+2,Bartek,zo Darek 70,-5,-5,-5,15,-3,-7,-3,13", '"+2" is not a hand number'),
        ("2,Bartek,zo Darek 70,-٥,-5,-5,15,-3,-7,-3,13", 'the changes "-٥,-5,-5,15" must be'),
        ("2,Bartek,zo Darek 70,-5,-5,-5,1_5,-3,-7,-3,13", 'the changes "-5,-5,-5,1_5" must be'),
        ("2,Bartek,zo Darek 70,-5,-5,-5,１５,-3,-7,-3,13", 'the changes "-5,-5,-5,１５" must be'),
        ("2,Bartek,zo Darek 70,-5,-5,-5,+-15,-3,-7,-3,13", "must be whole numbers"),
    ],
)
def test_numbers_only_int_reads_are_refused(tmp_path: Path, row: str, message: str) -> None:
    path = tmp_path / "e.csv"
    path.write_text(TWO_HANDS.replace("2,Bartek,zo Darek 70,-5,-5,-5,15,-3,-7,-3,13", row))
    problems = [str(p) for p in ledger.check(str(path)).problems]
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{path}:9: ") and message in problems[0]


def test_numbers_a_spreadsheet_writes_are_read(tmp_path: Path) -> None:
    """`+2`, spaces and tabs around a number: as a spreadsheet saves them back."""
    path = tmp_path / "e.csv"
    retyped = " 2 ,Bartek,zo Darek 70,\t-5,-5 , -5,+15,-3,-7,-3,+13"
    path.write_text(TWO_HANDS.replace("2,Bartek,zo Darek 70,-5,-5,-5,15,-3,-7,-3,13", retyped))
    reader = ledger.check(str(path))
    assert not reader.problems
    assert reader.tally.totals == (-3, -7, -3, 13)


# --- only a regular file is read: a pipe, a device, a folder or a socket is refused -------


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.csv"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("read", ["check", "view", "record", "rewrite"])
def test_a_named_pipe_is_refused_as_a_ledger_unopened(tmp_path: Path, read: str) -> None:
    path = _fifo(tmp_path)
    actions: dict[str, Callable[[], object]] = {
        "check": lambda: ledger.check(str(path)),
        "view": lambda: ledger.read(str(path)),
        "record": lambda: ledger.record(str(path), "ba Ania"),
        "rewrite": lambda: ledger.convert(str(path)),
    }
    error = promptly(actions[read], path)
    assert isinstance(error, LedgerError)
    assert str(error) == f"{path}: is a named pipe, not a ledger file"


def test_a_symlink_to_a_named_pipe_is_refused(tmp_path: Path) -> None:
    fifo = _fifo(tmp_path)
    link = tmp_path / "link.csv"
    link.symlink_to(fifo)
    error = promptly(lambda: ledger.check(str(link)), fifo)
    assert str(error) == f"{link}: is a named pipe, not a ledger file"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_device_is_refused_as_a_ledger_without_reading_it() -> None:
    error = promptly(lambda: ledger.check("/dev/zero"))
    assert str(error) == "/dev/zero: is a character device, not a ledger file"


def test_a_folder_is_refused_as_a_ledger(tmp_path: Path) -> None:
    with pytest.raises(LedgerError) as caught:
        ledger.check(str(tmp_path))
    assert str(caught.value) == f"{tmp_path}: is a directory, not a ledger file"


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="no Unix sockets")
def test_a_socket_is_refused_as_a_ledger(tmp_path: Path) -> None:
    path = tmp_path / "s.csv"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        with pytest.raises(LedgerError) as caught:
            ledger.check(str(path))
    assert str(caught.value) == f"{path}: is a socket, not a ledger file"


def test_a_large_ledger_is_read_from_its_start(tmp_path: Path) -> None:
    """The reader peeks at the file's head and measures its lines before reading it: a file
    past MAX_LINE bytes is read from its first byte (also where there is no os.pread)."""
    path = tmp_path / "e.csv"
    path.write_text(TWO_HANDS + "\n" * 70_000, "utf-8")
    reader = ledger.check(str(path))
    assert (reader.problems, reader.tally.slots) == ([], 2)


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (
            "a,b\n",
            1,
            "to nie jest zapis baski: pierwszy wiersz powinien brzmieć „baska ledger,2” "
            "(nowy zapis założysz przez `baska new PLIK --players …`)",
        ),
        (
            EMPTY.replace("baska ledger,1", "baska ledger,3"),
            1,
            "nieznany format zapisu '3'; ta wersja baski czyta format 1, 2",
        ),
        (
            EMPTY.replace("deals,8", "deals,osiem"),
            5,
            "„deals” musi być liczbą całkowitą rozdań, a nie „osiem”",
        ),
        (EMPTY.replace(",status", ",state"), 7, "wiersz nagłówka powinien brzmieć"),
    ],
)
def test_bad_metadata_in_polish(tmp_path: Path, text: str, line: int, message: str) -> None:
    path = tmp_path / "e.csv"
    path.write_text(text, "utf-8")
    i18n.use("pl")
    with pytest.raises(LedgerError) as caught:
        ledger.check(str(path))
    assert (caught.value.path, caught.value.line) == (str(path), line)
    assert caught.value.message.startswith(message)


def test_missing_and_unreadable_ledgers_in_polish(tmp_path: Path) -> None:
    i18n.use("pl")
    with pytest.raises(LedgerError) as caught:
        ledger.check(str(tmp_path / "brak.csv"))
    assert caught.value.message == (
        "nie ma takiego zapisu; nowy założysz przez `baska new PLIK --players …`"
    )
    with pytest.raises(LedgerError) as caught:
        ledger.check(str(tmp_path))
    assert caught.value.message.endswith(", a nie plik zapisu")
    path = tmp_path / "e.csv"
    path.write_bytes(EMPTY.encode("utf-8") + b"1,Bartek,zw \xff,2,-2,2,-2,2,-2,2,-2\n")
    with pytest.raises(LedgerError) as caught:
        ledger.check(str(path))
    assert (caught.value.line, caught.value.message) == (8, "plik nie jest tekstem UTF-8")
