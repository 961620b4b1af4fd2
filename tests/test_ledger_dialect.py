"""ledger/dialect.py: the character set, BOM, separator and line end of a ledger, by a fixed
rule; and a ledger in each dialect read, appended to and rewritten in that dialect."""

from __future__ import annotations

from pathlib import Path

import pytest

from baska_cli.errors import LedgerError
from baska_cli.ledger import Meta, store
from baska_cli.ledger.dialect import CP1250, CP1252, UTF8, Dialect, DialectError, sniff
from tests.clikit import invoke

HEAD = "baska ledger{sep}2\nplayers{sep}{names}\n#{sep}dealer\n"


def _head(names: str, sep: str = ",", encoding: str = UTF8) -> bytes:
    return HEAD.format(sep=sep, names=sep.join(names.split(","))).encode(encoding)


@pytest.mark.parametrize(
    ("names", "encoding", "found"),
    [
        ("Łucja,Ścibor,Żaneta,Darek", CP1250, CP1250),
        ("Ścibor,Ćwik,Ewa,Darek", CP1250, CP1250),  # Ś, Ć are Œ, Æ in 1252: a tie, 1250
        ("Thérèse,Zoë,Åsa,Darek", CP1252, CP1252),
        ("François,Zoë,Renée,Darek", CP1252, CP1250),  # ç é ë are the same bytes in both
        ("Ania,Józef,Ewa,Darek", CP1250, CP1250),  # ó is ó in both: a tie
        ("Łucja,Ścibor,Żaneta,Darek", UTF8, UTF8),
        ("Ania,Bartek,Celina,Darek", UTF8, UTF8),
    ],
)
def test_the_character_set_is_found_by_the_rule(names: str, encoding: str, found: str) -> None:
    assert sniff(_head(names, encoding=encoding), True).encoding == found


@pytest.mark.parametrize(("sep"), [",", ";", "\t"])
def test_the_separator_is_the_character_after_the_format_key(sep: str) -> None:
    assert sniff(_head("A,B,C,D", sep), True) == Dialect(UTF8, False, sep, "\n")
    quoted = b'"baska ledger"' + sep.encode() + b"2\r\n"
    assert sniff(b"\xef\xbb\xbf" + quoted, True) == Dialect(UTF8, True, sep, "\r\n")


@pytest.mark.parametrize(
    ("head", "message"),
    [
        (
            b"baska ledger|2\n",
            'the first row is "baska ledger|2": its cells are separated by "|", which baska '
            "does not read; save the file with commas, semicolons or tabs between the cells",
        ),
        (
            b"baska ledger 2\n",
            'the first row is "baska ledger 2": its cells are separated by space, which baska '
            "does not read; save the file with commas, semicolons or tabs between the cells",
        ),
        (
            "baska ledger,2\n".encode("utf-16"),
            "the file is UTF-16 text (or holds NUL bytes); save it as CSV in UTF-8 (or "
            "Windows-1250)",
        ),
    ],
)
def test_what_cannot_be_read_is_named(head: bytes, message: str) -> None:
    with pytest.raises(DialectError) as caught:
        sniff(head, True)
    assert caught.value.message == message


LEDGER = (
    "baska ledger{s}2{s}{s}{s}{s}{s}{s}{s}{s}{s}{s}{e}"
    'players{s}"Łucja"{s}"Ścibor"{s}"Żaneta"{s}"Darek"{s}{s}{s}{s}{s}{s}{s}{e}'
    "rules{s}plb{s}{s}{s}{s}{s}{s}{s}{s}{s}{s}{e}"
    "first dealer{s}Łucja{s}{s}{s}{s}{s}{s}{s}{s}{s}{s}{e}"
    "deals{s}{s}{s}{s}{s}{s}{s}{s}{s}{s}{s}{e}"
    "{s}{s}{s}{s}{s}{s}{s}{s}{s}{s}{s}{e}"
    "#{s}dealer{s}hand{s}Łucja{s}Ścibor{s}Żaneta{s}Darek{s}Łucja total{s}Ścibor total{s}"
    "Żaneta total{s}Darek total{s}status{e}"
    '1{s}Łucja{s}"zw Łucja+Żaneta 61 k"{s}2{s}-2{s}2{s}-2{s}2{s}-2{s}2{s}-2{s}{e}'
)


@pytest.mark.parametrize("encoding", [UTF8, CP1250])
@pytest.mark.parametrize("bom", [False, True])
@pytest.mark.parametrize("sep", [",", ";", "\t"])
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_ledger_in_any_dialect_is_read_appended_and_rewritten_alike(
    tmp_path: Path, encoding: str, bom: bool, sep: str, newline: str
) -> None:
    path = tmp_path / "e.csv"
    text = LEDGER.format(s=sep, e=newline)
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + text.encode(encoding))
    assert invoke("check", str(path)).exit_code == 0
    assert invoke("score", "--ledger", str(path), "ba", "Darek").exit_code == 0
    assert invoke("void", str(path), "1").exit_code == 0
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") == bom
    body = data[3:] if bom else data
    expected = text.replace(
        f'1{sep}Łucja{sep}"zw Łucja+Żaneta 61 k"{sep}2{sep}-2{sep}2{sep}-2{sep}2{sep}-2{sep}2'
        f"{sep}-2{sep}{newline}",
        f'1{sep}Łucja{sep}"zw Łucja+Żaneta 61 k"{sep}(+2){sep}(-2){sep}(+2){sep}(-2)'
        f"{sep}{sep}{sep}{sep}{sep}void{newline}",
    ) + sep.join(["2", "Ścibor", '"ba Darek"', "-10", "-10", "-10", "30", "-10", "-10", "-10"])
    assert body.decode(encoding) == expected + f"{sep}30{sep}{newline}"
    result = invoke("check", str(path))
    assert result.exit_code == 0, result.stderr


def test_a_cp1252_ledger_is_written_in_cp1252(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    text = LEDGER.format(s=",", e="\n").replace("Łucja", "Lucja").replace("Ścibor", "Zoë")
    path.write_bytes(text.replace("Żaneta", "Åsa").encode(CP1252))
    assert invoke("check", str(path)).stderr.endswith("(ledger format 2; Windows-1252)\n")
    assert invoke("score", "--ledger", str(path), "ba", "Zoë").exit_code == 0
    assert path.read_bytes().endswith(
        '2,Zoë,"ba Zoë",-10,30,-10,-10,-8,28,-8,-12,\n'.encode(CP1252)
    )


def test_text_a_character_set_cannot_hold_is_refused_named() -> None:
    meta = Meta(("A", "B", "C", "D"), "plb", ("plb",), encoding=CP1252)
    with pytest.raises(LedgerError) as caught:
        store.encode("rules,Łódź\n", meta, "e.csv")
    assert str(caught.value) == (
        'e.csv: cannot write "Ł" in Windows-1252, the character set of this ledger; save the '
        "ledger as CSV in UTF-8 to use it; nothing was written"
    )


def test_a_byte_the_character_set_lacks_is_named_at_its_line(tmp_path: Path) -> None:
    """Found by the mutation fuzz: a BOM, Windows-1252 metadata, then a byte it has not."""
    path = tmp_path / "e.csv"
    path.write_bytes(
        b"\xef\xbb\xbfbaska ledger,1\nplayers,Ania,Bartek,Celina,Darek\nplace,Th\xe9r\xe8se\n"
        b"#\x8d,dealer,hand\n"
    )
    result = invoke("check", str(path))
    assert (result.exit_code, result.stderr) == (
        1,
        f"{path}:4: the file is not Windows-1252 text here (its first rows are); save it "
        "again in one character set, UTF-8 if you can\n",
    )
