"""`baska report`: writes the HTML file whole, or to stdout; wrong combinations refused."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from baska_cli.cli import cli

SAMPLE = str(Path(__file__).parent.parent / "samples" / "evening.csv")


def test_the_report_is_written_to_a_file(tmp_path: Path) -> None:
    out = tmp_path / "evening.html"
    result = CliRunner().invoke(cli, ["report", SAMPLE, "-o", str(out), "--stake", "0.10"])
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr == f"{out}: 1 evening\n"
    text = out.read_text("utf-8")
    assert text.startswith("<!DOCTYPE html>") and "Who pays whom" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evening.html"]


def test_the_report_to_stdout_without_a_stake() -> None:
    result = CliRunner().invoke(cli, ["report", SAMPLE, "-o", "-"])
    assert result.exit_code == 0
    assert result.stdout.startswith("<!DOCTYPE html>") and "Who pays whom" not in result.stdout


def test_currency_without_stake_and_a_file_twice_are_refused() -> None:
    for args in (["-c", "EUR"], [SAMPLE]):
        result = CliRunner().invoke(cli, ["report", SAMPLE, "-o", "-", *args])
        assert result.exit_code == 2, result.output


def test_an_unwritable_place_is_a_clean_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["report", SAMPLE, "-o", str(tmp_path / "no" / "r.html")])
    assert result.exit_code == 1
    assert "cannot write the report" in result.stderr


def test_polish_messages(tmp_path: Path) -> None:
    out = tmp_path / "jesien.html"
    result = CliRunner().invoke(cli, ["--lang", "pl", "report", SAMPLE, SAMPLE, "-o", str(out)])
    assert result.exit_code == 2
    result = CliRunner().invoke(cli, ["--lang", "pl", "report", SAMPLE, "-o", str(out)])
    assert (result.exit_code, result.stderr) == (0, f"{out}: 1 wieczór\n")
    result = CliRunner().invoke(cli, ["--lang", "pl", "report", SAMPLE, "-o", "-", "-c", "EUR"])
    assert (result.exit_code, result.stderr) == (
        2,
        "Błąd: --currency działa tylko razem z --stake\n",
    )
    result = CliRunner().invoke(
        cli, ["--lang", "pl", "report", SAMPLE, "-o", str(tmp_path / "brak" / "r.html")]
    )
    assert result.exit_code == 1
    assert result.stderr.startswith(
        f"Błąd: {tmp_path / 'brak' / 'r.html'}: nie można zapisać raportu: "
    )
