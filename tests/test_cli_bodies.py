"""Every Click command under baska_cli/cli/ has a body of at most 30 lines (its docstring
aside): a command builds a call, calls, renders and echoes; the rest belongs below it."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import click
import pytest

from baska_cli.cli import cli, subcommands

CLI = Path(__file__).resolve().parent.parent / "baska_cli" / "cli"
MOST = 30


def _is_command(decorator: ast.expr) -> bool:
    """`@command()`, `@command("x")`, `@click.command(...)`, `@click.group(...)`, `@g.command()`."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
    return name in ("command", "group")


def _bodies() -> list[tuple[str, int]]:
    """Each command function (file:name) and the lines of its body."""
    found = []
    for path in sorted(CLI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if not any(_is_command(d) for d in node.decorator_list):
                continue
            body = node.body
            if isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                body = body[1:]  # the docstring
            lines = (body[-1].end_lineno or 0) - body[0].lineno + 1 if body else 0
            found.append((f"{path.relative_to(CLI)}:{node.name}", lines))
    return found


def _tree(command: click.Command) -> list[click.Command]:
    found = [command]
    if isinstance(command, click.Group):
        for _name, sub in subcommands(command):
            found += _tree(sub)
    return found


def test_the_scan_finds_every_command_of_the_tree() -> None:
    scanned = {name for name, _lines in _bodies()}
    for command in _tree(cli):
        callback = command.callback
        assert callback is not None
        where = Path(inspect.getfile(callback)).relative_to(CLI)
        assert f"{where}:{callback.__name__}" in scanned, command.name


@pytest.mark.parametrize(("command", "lines"), _bodies())
def test_a_command_body_is_at_most_30_lines(command: str, lines: int) -> None:
    assert lines <= MOST, f"{command}: {lines} lines"
