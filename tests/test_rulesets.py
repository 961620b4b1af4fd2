"""rulesets/: the rule files read as data (rulesets/__init__, importing nothing of the game)
and the systems loaded from them (rulesets/loader.py); game/ builds the rules from that data
and opens no file itself (test_pure_core.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from baska_cli.errors import RuleNameError, RulesFileError
from baska_cli.game.rules import builtin_system, flatten, house_system
from baska_cli.rulesets import builtin_data, sources
from baska_cli.rulesets.loader import builtin, builtins, load_house, load_rules

PACKAGE = Path(__file__).parent.parent / "baska_cli"


def test_a_built_in_system_is_built_from_its_settings() -> None:
    assert builtin_system("plb", flatten(builtin_data("plb")), sources()) == builtin("plb")
    assert builtin("PLB ") is builtin("plb")


def test_house_rules_are_their_settings_over_the_base_system() -> None:
    own = {"base": "plb", "win_points": 62}
    rules = house_system(own, flatten(builtin_data("plb")), "h.toml", builtins())
    assert (rules.win_points, rules.base, rules.name) == (62, "plb", "house")


def test_a_house_file_is_read_and_named_after_itself(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text('base = "mester"\nwin_points = 62\n', "utf-8")
    rules = load_house(str(path))
    assert (rules.name, rules.base, rules.win_points) == ("club", "mester", 62)
    assert load_rules(str(path)) == rules


def test_a_misspelt_name_and_a_missing_file_are_refused(tmp_path: Path) -> None:
    with pytest.raises(RuleNameError, match='did you mean "plb"'):
        load_rules("plv")
    with pytest.raises(RulesFileError, match="cannot read the house rules"):
        load_rules(str(tmp_path / "none.toml"))


def test_the_rulebooks_are_read_from_sources_toml() -> None:
    assert "S001" in sources()


def test_reading_the_rule_files_imports_nothing_of_the_game() -> None:
    tree = ast.parse((PACKAGE / "rulesets" / "__init__.py").read_text("utf-8"))
    modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not {m for m in modules if m and m.startswith("baska_cli.game")}
