"""Helpers for the CLI tests: `baska` run in-process, and an evening of four hands."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from baska_cli.cli import cli


def invoke(*args: str, env: dict[str, str] | None = None, input: str | None = None) -> Result:
    """`baska ARGS` through click.testing: exit code, stdout and stderr apart (`input`:
    standard input, not a terminal)."""
    return CliRunner().invoke(cli, list(args), env=env, input=input)


V1 = " (ledger format 1, which `baska upgrade` rewrites in format 2)"  # `check` says so


def start_evening(tmp_path: Path, version: int = 1) -> str:
    """A new 8-deal ledger with four hands recorded through `score --ledger`, rewritten in
    format `version` (1: the format most of these tests were written for, read forever)."""
    path = str(tmp_path / "evening.csv")
    result = invoke("new", path, "--players", "Ania,Bartek,Celina,Darek", "--deals", "8")
    assert (result.exit_code, result.stdout) == (0, f"export BASKA_LEDGER={path}\n")
    assert result.stderr == (
        f"{path}: Ania, Bartek, Celina, Darek (plb, 8 deals); Ania deals first, Bartek leads\n"
    )
    for hand in ("zw ac 61 k", "zo d 70", "gr bart 53", "ci 3 70"):
        result = invoke("score", "--ledger", path, *hand.split())
        assert result.exit_code == 0, result.output
    if version != 2:
        from baska_cli.ledger import convert

        convert(path, version)
    return path
