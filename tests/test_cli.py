"""cli/__init__.py: the `baska` group: its commands, the help of every one, --version."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from baska_cli.cli import cli


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def _commands() -> list[str]:
    return sorted(cli.commands)


def test_every_ledger_command_is_a_command() -> None:
    """The commands test_every_command_has_help covers include every ledger command."""
    ledger_commands = {"new", "ledger", "undo", "void", "amend", "check", "recalc"}
    assert ledger_commands <= set(_commands())


@pytest.mark.parametrize("name", _commands())
def test_every_command_has_help(name: str) -> None:
    command = cli.commands[name]
    code, out, _ = run(name, "--help")
    summary = (command.help or "").strip().splitlines()
    assert (code, out.startswith("Usage: "), bool(summary and summary[0])) == (0, True, True)
    assert "Example:" in out
    assert run(name, "-h")[1] == out


def test_score_and_rules_are_commands() -> None:
    assert {"score", "rules"} <= set(cli.commands)


def test_group_help_and_version() -> None:
    code, out, _ = run("--help")
    assert (code, "score" in out, "rules" in out) == (0, True, True)
    assert run("--version")[0] == 0


def test_the_group_is_a_click_group() -> None:
    assert isinstance(cli, click.Group)
