"""`baska settle`: who pays whom, as text and as JSON; bad stakes and repeated files refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from baska_cli.cli import cli

SAMPLE = str(Path(__file__).parent.parent / "samples" / "evening.csv")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_the_sample_evening_at_ten_groszy() -> None:
    assert run("settle", SAMPLE, "--stake", "0.10") == (
        0,
        "Ania   pays Celina  4.10 zł\n"
        "Bartek pays Celina  0.20 zł\n"
        "Bartek pays Darek  12.10 zł\n"
        "\n"
        "Darek   +12.10 zł\n"
        "Celina  +4.30 zł\n"
        "Ania    -4.10 zł\n"
        "Bartek  -12.30 zł\n",
        "",
    )


def test_json_amounts_are_decimal_strings() -> None:
    code, out, _ = run("settle", SAMPLE, "-s", "0,05", "-f", "json", "-c", "PLN")
    assert code == 0
    assert json.loads(out) == {
        "stake": "0.05",
        "currency": "PLN",
        "transfers": [
            {"from": "Ania", "to": "Celina", "amount": "2.05"},
            {"from": "Bartek", "to": "Celina", "amount": "0.10"},
            {"from": "Bartek", "to": "Darek", "amount": "6.05"},
        ],
        "balances": {"Darek": "6.05", "Celina": "2.15", "Ania": "-2.05", "Bartek": "-6.15"},
        "rounding": [],
    }


def test_rounding_is_shown() -> None:
    code, out, _ = run("settle", SAMPLE, "--stake", "0.333")
    assert code == 0
    assert out.splitlines()[-4:] == [
        "(rounded: Ania -13.653 zł → -13.65 zł)",
        "(rounded: Bartek -40.959 zł → -40.96 zł)",
        "(rounded: Celina +14.319 zł → +14.32 zł)",
        "(rounded: Darek +40.293 zł → +40.29 zł)",
    ]


@pytest.mark.parametrize("stake", ["0", "-1", "abc", "nan", "inf", "١", ""])
def test_a_stake_that_is_no_amount_is_refused(stake: str) -> None:
    code, out, err = run("settle", SAMPLE, "--stake", stake)
    assert (code, out) == (2, "")
    assert f'"{stake}" is not a stake; expected an amount per point above zero' in err


def test_the_same_file_twice_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "again.csv"
    link.symlink_to(SAMPLE)
    code, _, err = run("settle", SAMPLE, str(link), "--stake", "1")
    assert code == 2
    assert f"{SAMPLE} and {link} are the same file" in err


def test_a_ledger_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BASKA_LEDGER", SAMPLE)
    code, out, _ = run("settle", "--stake", "1")
    assert (code, out.splitlines()[0]) == (0, "Ania   pays Celina  41.00 zł")


def test_no_ledger_at_all(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BASKA_LEDGER", raising=False)
    assert run("settle", "--stake", "1")[0] == 2


def test_a_bad_stake_in_polish() -> None:
    assert run("--lang", "pl", "settle", SAMPLE, "--stake", "dużo") == (
        2,
        "",
        "Błąd: „dużo” to nie stawka; oczekiwano kwoty za punkt większej od zera, np. 0,10\n",
    )
    code, _, err = run("--lang", "pl", "settle", SAMPLE, SAMPLE, "--stake", "0,10")
    assert (code, err) == (
        2,
        f"Błąd: {SAMPLE} i {SAMPLE} to ten sam plik; sezon sumuje swoje pliki, więc każdy zapis "
        f"podaj tylko raz\n",
    )


def test_polish_money_has_a_decimal_comma(tmp_path: Path) -> None:
    from baska_cli import i18n
    from baska_cli.render.settle import amount_text

    with i18n.speaking("pl"):
        assert amount_text("4.10", "zł") == "4,10 zł"
        assert amount_text("-1.30", signed=True) == "-1,30"
    with i18n.speaking("en"):
        assert amount_text("4.10", "zł") == "4.10 zł"
