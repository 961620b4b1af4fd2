"""rules.py: the built-in systems against RULES.md, house-rules files and their error messages."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from baska_cli import i18n
from baska_cli.errors import BaskaError, RulesFileError
from baska_cli.game.model import Contract, Margin, Side
from baska_cli.game.notation import parse_hand
from baska_cli.game.rules import TieRule
from baska_cli.game.scoring import score
from baska_cli.render.rules import rules_toml
from baska_cli.rulesets.loader import builtin, house_rules, load_rules, rules_from_lines
from tests.pathkit import promptly

from .conftest import ROOT

# RULES.md §7 (and §3.4, §4.1, §5.4): (base, max k) per contract; None = not in the system.
CONTRACTS = {
    "plb": {
        "zw": (0, 4),
        "we": (0, 4),
        "ci": (4, 4),
        "gr": (5, 2),
        "zo": (5, 2),
        "gd": (10, 2),
        "zd": (10, 2),
        "ba": (10, 0),
    },
    "mester": {
        "zw": (0, 4),
        "we": (0, 4),
        "ci": (4, 3),
        "gr": (5, 2),
        "zo": (5, 2),
        "gd": (10, 2),
        "zd": (10, 2),
        "ba": (10, 0),
        "me": (10, 0),
        "zb": (5, 0),
    },
    "pagat": {
        "zw": (0, 4),
        "we": (0, 4),
        "ci": (4, 4),
        "gr": (5, 4),
        "zo": (5, 4),
        "gd": (10, 4),
        "zd": (10, 4),
        "ba": (10, 0),
    },
}

# (win, exit young, exit old, tie rule, loss multiplier, same player twice, penalty)
SETTINGS = {
    "plb": (53, 26, 27, TieRule.OPPONENTS_WIN, 2, False, None),
    "mester": (53, 26, 27, TieRule.OPPONENTS_WIN, 1, True, (-12, 4, True)),
    "pagat": (53, 26, 26, TieRule.LAST_DOUBLER_LOSES, 3, True, None),
}

PAIR = {
    (Side.DECLARERS, Margin.EXIT): 1,
    (Side.DECLARERS, Margin.NOEXIT): 2,
    (Side.DECLARERS, Margin.NOBITKA): 3,
    (Side.OPPONENTS, Margin.EXIT): 2,
    (Side.OPPONENTS, Margin.NOEXIT): 4,
    (Side.OPPONENTS, Margin.NOBITKA): 6,
}


@pytest.mark.parametrize("name", ["plb", "mester", "pagat"])
def test_builtin_contracts_match_rules_md(name: str) -> None:
    rules = builtin(name)
    actual = {c.value: (cr.base, cr.max_contras) for c, cr in rules.contracts.items()}
    assert actual == CONTRACTS[name]


@pytest.mark.parametrize("name", ["plb", "mester", "pagat"])
def test_builtin_settings_match_rules_md(name: str) -> None:
    r = builtin(name)
    penalty = None if r.penalty is None else (r.penalty.offender, r.penalty.others, True)
    actual = (
        r.win_points,
        r.exit_young,
        r.exit_old,
        r.tie_52,
        r.solo_loss_multiplier,
        r.same_player_twice,
        penalty,
    )
    assert actual == SETTINGS[name]
    assert (dict(r.pair), r.contra_factor) == (PAIR, 2)


@pytest.mark.parametrize(
    ("name", "first_contra"),
    [
        ("plb", {"ci", "gr", "zo", "gd", "zd"}),  # §1.4: cicha holder; plb solos
        ("mester", {"ci"}),  # 7E
        ("pagat", set()),
    ],
)
def test_who_must_open_the_contras(name: str, first_contra: set[str]) -> None:
    rules = builtin(name)
    actual = {c.value for c, cr in rules.contracts.items() if cr.first_contra_by_opponents}
    assert actual == first_contra


@pytest.mark.parametrize(
    ("name", "key", "provisional"),
    [
        ("plb", "contracts.ci.base", True),
        ("plb", "exit_old", False),
        ("plb", "pair", True),
        ("mester", "contracts.zo.base", False),
        ("mester", "solo_loss_multiplier", False),
        ("pagat", "solo_loss_multiplier", True),
        ("pagat", "contracts.gd.base", True),
        ("pagat", "tie_52", False),
    ],
)
def test_provisional_numbers_are_marked(name: str, key: str, provisional: bool) -> None:
    assert builtin(name).is_provisional(key) == provisional


@pytest.mark.parametrize("spelling", ["plb", "PLB", " Mester ", "pagat"])
def test_builtin_names_are_case_insensitive(spelling: str) -> None:
    assert builtin(spelling).name == spelling.strip().lower()


def test_unknown_builtin_suggests_the_nearest() -> None:
    with pytest.raises(RulesFileError) as info:
        builtin("mestr")
    assert str(info.value) == (
        '"mestr" is not a rule system or a .toml file; built in: plb, mester, pagat; '
        'did you mean "mester"?'
    )


# --- house rules: every error names the file and the key -----------------------------------

HOUSE_ERRORS = [
    ('base = "plb"\nexit_old = "x"', 'house.toml: "exit_old" must be a whole number'),
    ('base = "plb"\nexit_old = 200', '"exit_old" must be a whole number from 0 to 104, not 200'),
    (
        'base = "plb"\nexit_olf = 26',
        'house.toml: "exit_olf" is not a setting; did you mean "exit_old"?',
    ),
    ("exit_old = 26", "house.toml: say which system the house rules start from"),
    ('base = "plx"', 'house.toml: "base" must be one of plb, mester, pagat'),
    (
        'base = "plb"\n[contracts.gr]\nbase = -1',
        'house.toml: "contracts.gr.base" must be a whole number',
    ),
    ('base = "plb"\nno_gran = 1', 'house.toml: "no_gran" must be true or false, not 1'),
    ('base = "plb"\nslup = "yes"', 'house.toml: "slup" must be true or false'),
    ('base = "plb"\nrule_7n_strict = 0', '"rule_7n_strict" must be true or false'),
    ('base = "plb"\ntie_52 = "x"', '"tie_52" must be "opponents_win" or "last_doubler_loses"'),
    (
        'base = "plb"\nsolo_loss_multiplier = 0',
        '"solo_loss_multiplier" must be a whole number from 1',
    ),
    (
        'base = "plb"\n[penalty]\nenabled = true',
        'house.toml: the setting "penalty.offender" is missing',
    ),
    (
        'base = "mester"\npenalty.offender = -9',
        '"penalty.offender" + 3 × "penalty.others" must be 0',
    ),
    ("base = [", "house.toml: not a valid TOML file"),
    ('base = "plb"\n[contracts.xx]\nbase = 3', 'house.toml: "contracts.xx.base" is not a setting'),
    (
        'base = "plb"\nsession.place_points = [1, 2]',
        '"session.place_points" must list four numbers',
    ),
    ('base = "plb"\n[contracts.zo]\nmax_contras = 2.5', '"contracts.zo.max_contras" must be'),
    # numbers are finite, deal counts whole and at least 1 (issue 16)
    *[
        (
            f'base = "plb"\nsession.{key} = [{bad}, 3, 1, 0]',
            f'house.toml: "session.{key}" must be a list of numbers from -1000 to 1000, '
            f"e.g. [5, 3, 1, 0], not [{shown}, 3, 1, 0]",
        )
        for key in ("place_points", "positive_bonus")
        for bad, shown in [("nan", "nan"), ("inf", "inf"), ("-inf", "-inf"), ("1e400", "inf")]
    ],
    ('base = "plb"\nsession.place_points = [1001, 3, 1, 0]', "from -1000 to 1000"),
    *[
        (
            f'base = "plb"\nsession.deals = [{bad}]',
            f'house.toml: "session.deals" must be a list of whole numbers of deals from 1 to '
            f"10000, e.g. [16, 24], not [{bad}]",
        )
        for bad in ("-16", "0", "16.5", "nan", "inf", "10001")
    ],
    ('base = "plb"\nwin_points = nan', '"win_points" must be a whole number from 27 to 104'),
    ('base = "plb"\n[contracts.zo]\nbase = inf', '"contracts.zo.base" must be a whole number'),
]


@pytest.mark.parametrize(("text", "fragment"), HOUSE_ERRORS, ids=[h[1][:40] for h in HOUSE_ERRORS])
def test_house_rules_error(text: str, fragment: str) -> None:
    with pytest.raises(RulesFileError) as info:
        house_rules(text, "house.toml")
    assert fragment in str(info.value)


def test_house_rules_keep_the_base_and_mark_their_own_settings() -> None:
    rules = house_rules('base = "mester"\nname = "klub"\nsolo_loss_multiplier = 2', "klub.toml")
    actual = (
        rules.name,
        rules.base,
        rules.solo_loss_multiplier,
        rules.exit_old,
        rules.provenance_of("solo_loss_multiplier"),
        rules.is_provisional("solo_loss_multiplier"),
        rules.has(Contract.ME),
    )
    assert actual == ("klub", "mester", 2, 27, "house: set in klub.toml", True, True)


def test_no_gran_removes_gran_and_gran_du_only() -> None:
    rules = house_rules('base = "plb"\nno_gran = true', "h.toml")
    assert set(rules.contracts) == set(builtin("plb").contracts) - {Contract.GR, Contract.GD}


def test_slup_lifts_only_the_limits_of_four() -> None:
    rules = house_rules('base = "plb"\nslup = true', "h.toml")
    limits = {c.value: cr.max_contras for c, cr in rules.contracts.items()}
    assert limits == {
        "zw": None,
        "we": None,
        "ci": None,
        "gr": 2,
        "zo": 2,
        "gd": 2,
        "zd": 2,
        "ba": 0,
    }


def test_rule_7n_strict_forbids_contras_on_gran_zolo_and_du() -> None:
    rules = house_rules('base = "mester"\nrule_7n_strict = true', "h.toml")
    limits = {c.value: cr.max_contras for c, cr in rules.contracts.items()}
    assert limits == {
        **{c: k for c, (_, k) in CONTRACTS["mester"].items()},
        **dict.fromkeys(("gr", "zo", "gd", "zd"), 0),
    }


# --- loading: by name, by file -------------------------------------------------------


def test_load_rules_default_is_plb() -> None:
    assert load_rules(None).name == "plb"


def test_load_rules_leaves_the_environment_to_the_command_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """$BASKA_RULES is read by Click (the --rules option's envvar), never by the core."""
    monkeypatch.setenv("BASKA_RULES", "pagat")
    assert load_rules(None).name == "plb"


def test_load_rules_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "klub.toml"
    path.write_text('base = "plb"\nsolo_loss_multiplier = 1\n', "utf-8")
    rules = load_rules(str(path))
    assert (rules.name, rules.solo_loss_multiplier) == ("klub", 1)


def test_load_rules_missing_file_names_it(tmp_path: Path) -> None:
    path = tmp_path / "none.toml"
    with pytest.raises(RulesFileError) as info:
        load_rules(str(path))
    assert str(info.value).startswith(f"{path}: cannot read the house rules")


def test_load_rules_bad_key_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('base = "plb"\nexit_olf = 26\n', "utf-8")
    with pytest.raises(RulesFileError) as info:
        load_rules(str(path))
    assert str(info.value).startswith(f'{path}: "exit_olf" is not a setting')


def test_the_sample_house_rules_load_and_score() -> None:
    rules = load_rules(str(ROOT / "samples" / "house-rules.toml"))
    actual = [score(parse_hand(h), rules).deltas for h in ("zo B 70 k", "ci A 50", "zw C+D 26/1")]
    assert actual == [(-10, 30, -10, -10), (-12, 4, 4, 4), (2, 2, -2, -2)]
    with pytest.raises(BaskaError):
        score(parse_hand("gr A 70"), rules)


# --- export: the TOML of a system reads back to the same system ------------------------------

EXPORTED = [
    ("plb", None),
    ("mester", None),
    ("pagat", None),
    ("plb", 'base = "plb"\nno_gran = true\nslup = true\nexit_old = 26'),
    ("mester", 'base = "mester"\nrule_7n_strict = true\n[contracts.zb]\nenabled = false'),
]


@pytest.mark.parametrize(("name", "house"), EXPORTED)
def test_export_reads_back_to_the_same_rules(name: str, house: str | None) -> None:
    original = builtin(name) if house is None else house_rules(house, "h.toml")
    again = house_rules(rules_toml(original), "exported.toml")
    fields = ("contracts", "pair", "win_points", "exit_young", "exit_old", "tie_52")
    more = ("contra_factor", "solo_loss_multiplier", "same_player_twice", "penalty", "deals")
    assert [getattr(again, f) for f in fields + more] == [
        getattr(original, f) for f in fields + more
    ]


@pytest.mark.parametrize("lines", [["plb"], ["mester"], ['base = "pagat"', "slup = true"]])
def test_rules_from_lines(lines: list[str]) -> None:
    rules = rules_from_lines(lines, "ledger.csv")
    assert rules.base == (lines[0] if len(lines) == 1 else "pagat")


def test_house_rules_keep_finite_place_points_and_deals() -> None:
    rules = house_rules(
        'base = "plb"\nsession.deals = [1, 16]\nsession.place_points = [5, 2.5, -1, 0]', "h.toml"
    )
    assert (rules.deals, rules.place_points) == ((1, 16), (5, 2.5, -1, 0))


# --- a house-rules file must be a regular file of at most 64 KiB --------------------------


def _refused_promptly(spec: str, fifo: Path | None = None) -> RulesFileError:
    """load_rules(spec) fails, and promptly."""
    error = promptly(lambda: load_rules(spec), fifo)
    assert isinstance(error, RulesFileError), error
    return error


@pytest.mark.parametrize("name", ["house.toml", "house"])
def test_a_named_pipe_is_refused_as_house_rules(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    os.mkfifo(path)
    error = _refused_promptly(str(path), path)
    assert str(error) == f"{path}: is a named pipe, not a house-rules file"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_device_is_refused_as_house_rules() -> None:
    error = _refused_promptly("/dev/zero")
    assert str(error) == "/dev/zero: is a character device, not a house-rules file"


def test_a_folder_is_refused_as_house_rules(tmp_path: Path) -> None:
    folder = tmp_path / "rules.toml"
    folder.mkdir()
    with pytest.raises(RulesFileError) as info:
        load_rules(str(folder))
    assert str(info.value) == f"{folder}: is a directory, not a house-rules file"


def test_house_rules_behind_a_symlink_are_read(tmp_path: Path) -> None:
    (tmp_path / "real.toml").write_text('base = "plb"\nno_gran = true\n', "utf-8")
    (tmp_path / "link.toml").symlink_to(tmp_path / "real.toml")
    assert not load_rules(str(tmp_path / "link.toml")).has(Contract.GR)


def test_a_house_rules_file_may_be_64_kib_and_no_more(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    head = 'base = "plb"\nno_gran = true\n'
    path.write_bytes((head + "#" * (64 * 1024 - len(head) - 1) + "\n").encode())
    assert os.path.getsize(path) == 64 * 1024
    assert not load_rules(str(path)).has(Contract.GR)
    with path.open("ab") as file:
        file.write(b"#")
    with pytest.raises(RulesFileError) as info:
        load_rules(str(path))
    assert str(info.value) == (
        f"{path}: the house rules are larger than 64 KiB; a house-rules file is far smaller"
    )


@pytest.mark.parametrize("value", ["5", "true", "[1]", "{a = 1}", "1.5"])
def test_provenance_values_must_be_texts(value: str) -> None:
    with pytest.raises(RulesFileError) as caught:
        house_rules(f'base = "plb"\n[provenance]\nwin_points = {value}\n', "h.toml")
    assert str(caught.value).startswith('h.toml: "provenance.win_points" must be a text in quotes')


def test_session_deals_must_be_whole_numbers() -> None:
    with pytest.raises(RulesFileError, match=r'h\.toml: "session\.deals" must be a list of whole'):
        house_rules('base = "plb"\nsession.deals = [16, 0]\n', "h.toml")


# --- texts and lists a rules file may give: refused at the door if a file we write could
# not be read back (issue 16, class 1) ----------------------------------------------------


@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        ('title = "a\\nb"', '"title" must be one line of 1 to 200 printable characters'),
        ('title = "a\\rb"', "a line break"),
        ('title = "a\\u2028b"', "a line break"),
        ('name = "a\\u0007b"', "a control character (\\x07)"),
        ('name = "a\\tb"', "a control character (\\t)"),
        ('name = ""', "it is empty"),
        ('name = "   "', "it is empty"),
        ('name = " x"', "starts or ends with a space"),
        ('source = "s\\n"', '"source" must be one line'),
        (f'name = "{"n" * 41}"', "41 characters long; at most 40"),
        (f'title = "{"t" * 201}"', "201 characters long; at most 200"),
        ('[provenance]\nwin_points = "a\\nb"', '"provenance.win_points" must be one line'),
        ("[provenance]\nwin_points = 5", '"provenance.win_points" must be a text in quotes'),
        (f"session.deals = [{', '.join(['16'] * 65)}]", "at most 64 numbers, not 65"),
        (f"session.deals = [{'9' * 4000}]", "a number of 4000 digits at line 2"),
        (f"session.deals = [{'9' * 5000}]", "not a usable TOML file"),
        (
            "session.place_points = [nan, 1, 2, 3]",
            "from -1000 to 1000, e.g. [5, 3, 1, 0], not [nan",
        ),
        (
            "session.place_points = [inf, 1, 2, 3]",
            "from -1000 to 1000, e.g. [5, 3, 1, 0], not [inf",
        ),
    ],
)
def test_house_texts_that_a_file_could_not_keep_are_refused(line: str, fragment: str) -> None:
    with pytest.raises(RulesFileError, match=r"^h\.toml: ") as caught:
        house_rules(f'base = "plb"\n{line}\n', "h.toml")
    assert fragment in str(caught.value)


def test_house_base_is_case_insensitive() -> None:
    assert house_rules('base = "PLB"\n', "h.toml").base == "plb"
    assert house_rules('base = "Mester"\nwin_points = 60\n', "h.toml").win_points == 60


def test_a_house_name_from_an_unusable_file_name_falls_back_to_house() -> None:
    assert house_rules('base = "plb"\n', "x", default_name="a\nb").name == "house"
    assert house_rules('base = "plb"\n', "x", default_name="n" * 60).name == "n" * 40
    assert house_rules('base = "plb"\n', "x", default_name="wtorek").name == "wtorek"


@pytest.mark.parametrize("text", ["a\nb", 'q"uote\\', "tab\there", "\x00\x1f\x7f", "żółw ✓"])
def test_toml_value_round_trips_any_text(text: str) -> None:
    import tomllib

    from baska_cli.game.rules_toml import toml_value

    assert tomllib.loads(f"v = {toml_value(text)}\n")["v"] == text


def test_export_of_a_house_system_with_odd_texts_loads_back() -> None:
    from baska_cli.game.rules_toml import scoring_settings
    from baska_cli.rulesets.loader import check_export

    rules = house_rules(
        f'base = "plb"\nname = "{"n" * 40}"\ntitle = "t # x"\nwin_points = 60\n'
        '[provenance]\nwin_points = "from \\"us\\""\n',
        "odd\nfile.toml",  # the origin (a path) ends up in the provenance comments
    )
    text = rules_toml(rules)
    check_export(text, rules)
    assert scoring_settings(house_rules(text, "again")) == scoring_settings(rules)
    assert all(line.startswith("#") or " = " in line or not line for line in text.splitlines())


def test_check_export_refuses_a_text_that_gives_other_rules() -> None:
    from baska_cli.rulesets.loader import check_export

    rules = builtin("plb")
    with pytest.raises(RulesFileError, match="would not load back to the same rules"):
        check_export(rules_toml(rules).replace("win_points = 53", "win_points = 54"), rules)
    with pytest.raises(RulesFileError, match="nothing was exported"):
        check_export(rules_toml(rules) + "oops\n", rules)


# --- house-rules messages in Polish (issue 12) ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            'base = "plb"\nwin_ponts = 60',
            "dom.toml: „win_ponts” to nie ustawienie; może chodziło o „win_points”?",
        ),
        (
            'base = "plb"\nwin_points = 200',
            "dom.toml: „win_points” musi być: liczba całkowita od 27 do 104, a nie 200",
        ),
        (
            'base = "plb"\nslup = 1',
            "dom.toml: „slup” musi być: true albo false, a nie 1",
        ),
        (
            "exit_old = 26",
            'dom.toml: podaj, od którego systemu zaczynają się zasady domowe, np. base = "plb" '
            "(jeden z: plb, mester, pagat)",
        ),
        (
            'base = "plb"\nname = " x"',
            "dom.toml: „name” musi być jedną linijką od 1 do 40 drukowalnych znaków, "
            "a nie ' x': zaczyna się albo kończy spacją",
        ),
    ],
)
def test_house_rules_errors_in_polish(text: str, message: str) -> None:
    i18n.use("pl")
    with pytest.raises(RulesFileError) as info:
        house_rules(text, "dom.toml")
    assert str(info.value) == message


def test_an_unknown_rule_system_in_polish() -> None:
    i18n.use("pl")
    with pytest.raises(RulesFileError) as info:
        load_rules("plv")
    assert str(info.value) == (
        "„plv” to ani system zasad, ani plik .toml; wbudowane: plb, mester, pagat; "
        "może chodziło o „plb”?"
    )
