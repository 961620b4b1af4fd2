"""evening/quote.py, render/quote.py and `baska quote`: what a contract pays, found by the
real scoring, as a table that fits 80 columns and as JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from baska_cli.errors import NotationError, RuleError
from baska_cli.evening.quote import quote, quote_contract
from baska_cli.game.model import Contract, Margin, Side
from baska_cli.game.notation import parse_hand
from baska_cli.game.scoring import score
from baska_cli.i18n import speaking
from baska_cli.render.quote import quote_table
from baska_cli.rulesets.loader import load_rules
from baska_cli.web.app import make_app
from tests.clikit import invoke
from tests.playkit import new_ledger, run_typed
from tests.test_web_api import KEY, Phone

PLB = load_rules("plb")


def test_a_pair_game_has_each_margin_for_both_sides_at_every_contra() -> None:
    found = quote(Contract.ZW, PLB)
    assert found.levels == (0, 1, 2, 3, 4)
    keys = [(q.outcome.winner, q.outcome.margin, q.outcome.contras) for q in found.outcomes]
    assert keys == [(w, m, k) for w in Side for m in Margin for k in range(5)]
    values = {(q.outcome.winner, q.outcome.margin, q.outcome.contras): q.outcome.value
              for q in found.outcomes}  # fmt: skip
    assert values[Side.DECLARERS, Margin.EXIT, 0] == 1
    assert values[Side.OPPONENTS, Margin.NOBITKA, 4] == 96
    assert values[Side.OPPONENTS, Margin.NOEXIT, 1] == 8


def test_every_outcome_is_what_score_gives_its_hand() -> None:
    for rules in map(load_rules, ("plb", "mester", "pagat")):
        for contract in Contract:
            if not rules.has(contract):
                continue
            for q in quote(contract, rules).outcomes:
                assert score(parse_hand(q.notation), rules) == q.outcome


def test_a_solo_won_and_lost_up_to_the_rules_limit() -> None:
    found = quote(Contract.ZO, PLB)
    assert found.levels == (0, 1, 2)
    assert [(q.outcome.winner, q.outcome.contras, q.outcome.deltas) for q in found.outcomes] == [
        (Side.DECLARERS, 0, (15, -5, -5, -5)),
        (Side.DECLARERS, 1, (30, -10, -10, -10)),
        (Side.DECLARERS, 2, (60, -20, -20, -20)),
        (Side.OPPONENTS, 0, (-30, 10, 10, 10)),
        (Side.OPPONENTS, 1, (-60, 20, 20, 20)),
        (Side.OPPONENTS, 2, (-120, 40, 40, 40)),
    ]
    # mester: a lost solo pays the base once
    assert quote(Contract.ZO, load_rules("mester")).outcomes[3].outcome.deltas == (-15, 5, 5, 5)
    # baśka is not played: it is only won, and takes no contra
    assert [q.notation for q in quote(Contract.BA, PLB).outcomes] == ["ba A"]


def test_a_contract_the_rules_lack_is_refused_with_the_nearest_of_theirs() -> None:
    with pytest.raises(NotationError) as error:
        quote_contract("zq", PLB)
    assert str(error.value) == (
        '"zq" is not a contract; expected one of zw, we, ci, gr, zo, gd, zd, ba; did you mean '
        '"zw" (zwykła)?'
    )
    with pytest.raises(RuleError, match='"zb" \\(zolo bieda\\) is not a contract of the rule'):
        quote_contract("zb", PLB)
    assert quote_contract("Zwykła", PLB) is Contract.ZW
    assert quote_contract("bieda", load_rules("mester")) is Contract.ZB


def test_unlimited_contras_show_every_named_call_and_say_so(tmp_path: Path) -> None:
    house = tmp_path / "slup.toml"
    house.write_text('base = "plb"\nname = "slup"\nslup = true\n', encoding="utf-8")
    rules = load_rules(str(house))
    found = quote(Contract.ZW, rules)
    assert found.unlimited and found.levels == (0, 1, 2, 3, 4)
    assert quote_table(found, 80).splitlines()[-1] == (
        "no limit on contras under slup: each further contra multiplies by 2 again"
    )


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_every_built_in_quote_fits_80_columns(lang: str) -> None:
    for rules in map(load_rules, ("plb", "mester", "pagat")):
        for contract in Contract:
            if rules.has(contract):
                with speaking(lang):
                    text = quote_table(quote(contract, rules), 80)
                assert max(map(len, text.splitlines())) <= 80, text
                assert "±" not in text  # the grid, not the long form


def test_a_quote_too_wide_for_the_width_goes_one_outcome_a_row() -> None:
    text = quote_table(quote(Contract.GD, load_rules("pagat")), 40)
    assert max(map(len, text.splitlines())) <= 40
    assert "the opponents  krbh       -1440/+480" in text


def test_the_quote_command_table() -> None:
    result = invoke("quote", "zo")
    assert (result.exit_code, result.stdout) == (
        0,
        "zo (zolo) under plb: what it pays at each number of counted contras\n"
        "the declarer's change / each opponent's change\n"
        "winner               —        k        kr\n"
        "-------------  -------  -------  --------\n"
        "the declarer    +15/-5  +30/-10   +60/-20\n"
        "the opponents  -30/+10  -60/+20  -120/+40\n",
    )
    result = invoke("--lang", "pl", "quote", "zw", "--rules", "mester")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "zw (zwykła), zasady mester: ile płaci przy każdej liczbie kontr"
    assert lines[4] == "starzy     z wyjściem   +1/-1    +2/-2    +4/-4    +8/-8  +16/-16"
    assert lines[-1] == "młodzi     bez bitki    -6/+6  -12/+12  -24/+24  -48/+48  -96/+96"


def test_the_quote_command_json_names_fields_as_score_does() -> None:
    result = invoke("quote", "zw", "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert (data["contract"], data["rules"], data["declarers"]) == ("zw", "plb", ["A", "C"])
    assert len(data["outcomes"]) == 30
    first = data["outcomes"][0]
    scored = json.loads(invoke("score", "--format", "json", *first["notation"].split()).stdout)
    for field in ("winner", "margin", "contras", "value", "deltas"):
        assert first[field] == scored[field]
    assert first == {
        "winner": "declarers",
        "margin": "exit",
        "contras": 0,
        "value": 1,
        "deltas": {"A": 1, "B": -1, "C": 1, "D": -1},
        "notation": "zw A+C 53",
    }


def test_the_quote_command_refuses_an_unknown_contract() -> None:
    result = invoke("quote", "me")
    assert (result.exit_code, result.stderr) == (
        2,
        'Error: "me" (méster) is not a contract of the rule system "plb"; did you mean "we" '
        "(wesele)?\n",
    )
    result = invoke("--lang", "pl", "quote", "zq", "--rules", "mester")
    assert result.exit_code == 2
    assert "zw, we, ci, gr, zo, gd, zd, ba, me, zb" in result.stderr
    assert "„zw” (zwykła)" in result.stderr


def test_quote_in_play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = new_ledger(tmp_path)
    shown = run_typed(path, "quote zo\rile gd\rquote zx\r", monkeypatch)
    assert shown[:7] == [
        "1> quote zo",
        "zo (zolo) under plb: what it pays at each number of counted contras",
        "the declarer's change / each opponent's change",
        "winner               —        k        kr",
        "-------------  -------  -------  --------",
        "the declarer    +15/-5  +30/-10   +60/-20",
        "the opponents  -30/+10  -60/+20  -120/+40",
    ]
    assert shown[7:9] == [
        "1> ile gd",
        "gd (gran du) under plb: what it pays at each number of counted contras",
    ]
    refused = shown.index("1> quote zx") + 1
    assert shown[refused].startswith('"zx" is not a contract; expected one of zw, we, ci, gr,')
    assert shown[refused + 1] == '  mean "zw" (zwykła)?'  # (wrapped at words)


def test_the_web_api_quotes_under_the_ledgers_rules(tmp_path: Path) -> None:
    path = str(tmp_path / "e.csv")
    assert invoke("new", path, "-p", "Ania,Bartek,Celina,Darek", "-r", "mester").exit_code == 0
    with TestClient(make_app({path: KEY}, "en")) as client:
        found = Phone(client).get("quote/zb")
        assert found.status_code == 200
        assert found.json() == json.loads(
            invoke("quote", "zb", "-r", "mester", "-f", "json").stdout
        )
        refused = Phone(client, "pl").get("quote/zq")
        assert refused.status_code == 400
        assert "„zw” (zwykła)" in refused.json()["error"]
