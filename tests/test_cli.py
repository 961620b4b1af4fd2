"""cli/__init__.py: the `baska` group: its commands, the help of every one (in English and
Polish), --version, Click's own messages in both languages."""

from __future__ import annotations

import inspect
import re

import click
import pytest
from click.testing import CliRunner

from baska_cli import __version__, i18n
from baska_cli.cli import COMMANDS, cli, subcommands


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def _commands() -> list[str]:
    return sorted(COMMANDS)


def test_every_ledger_command_is_a_command() -> None:
    """The commands test_every_command_has_help covers include every ledger command."""
    ledger_commands = {"new", "ledger", "undo", "void", "amend", "check", "recalc"}
    assert ledger_commands <= set(_commands())


@pytest.mark.parametrize("name", _commands())
def test_every_command_has_help(name: str) -> None:
    command = dict(subcommands(cli))[name]
    code, out, _ = run(name, "--help")
    summary = (command.help or "").strip().splitlines()
    assert (code, out.startswith("Usage: "), bool(summary and summary[0])) == (0, True, True)
    assert "Example:" in out
    assert run(name, "-h")[1] == out


def test_score_and_rules_are_commands() -> None:
    assert {"score", "rules"} <= set(COMMANDS)


def test_group_help_and_version() -> None:
    code, out, _ = run("--help")
    assert (code, "score" in out, "rules" in out) == (0, True, True)
    assert run("--version")[0] == 0


def test_the_group_is_a_click_group() -> None:
    assert isinstance(cli, click.Group)


# --- both languages: every help line, and Click's own messages ---------------------------


def _tree(command: click.Command, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """The command lines of `baska` and of every command under it."""
    found = [path]
    if isinstance(command, click.Group):
        for name, sub in subcommands(command):
            found.extend(_tree(sub, (*path, name)))
    return found


def _command(path: tuple[str, ...]) -> click.Command:
    command: click.Command = cli
    for name in path:
        assert isinstance(command, click.Group)
        command = dict(subcommands(command))[name]
    return command


def _texts(command: click.Command) -> list[str]:
    """The English help texts of a command and its options, as written (docstring, help=)."""
    texts = [getattr(command, "_help", None)]
    texts += [getattr(param, "_help", None) for param in command.params]
    return [inspect.cleandoc(text) for text in texts if text]


def _squeezed(text: str) -> str:
    """Text without its white space and \\b marks: help as Click wraps it, or unwrapped."""
    return re.sub(r"[\s\b]+", "", text)


@pytest.mark.parametrize("path", _tree(cli), ids=lambda path: " ".join(("baska", *path)))
def test_help_of_every_command_in_both_languages(path: tuple[str, ...]) -> None:
    """`--help` works in English and Polish, and every help text of the command and of its
    options is shown translated (none left in English) and whole."""
    english = CliRunner().invoke(cli, ["--lang", "en", *path, "--help"], prog_name="baska")
    polish = CliRunner().invoke(cli, ["--lang", "pl", *path, "--help"], prog_name="baska")
    assert (english.exit_code, english.stderr) == (0, "")
    assert (polish.exit_code, polish.stderr) == (0, "")
    catalog = i18n.translation("pl")
    texts = _texts(_command(path))
    assert texts, "every command has help"
    for text in texts:
        translated = catalog.gettext(text)
        assert translated != text, f"untranslated: {text!r}"
        assert _squeezed(text) in _squeezed(english.stdout)
        assert _squeezed(translated) in _squeezed(polish.stdout)
    for words in ("Usage:", "Options:", "Show this message", "[required]", "default:"):
        assert words not in polish.stdout
    assert polish.stdout.startswith(f"Użycie: {' '.join(('baska', *path))} ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["score", "--bogus"], "Nie ma opcji '--bogus'."),
        (["new"], "Brak argumentu 'PLIK'."),
        (["new", "e.csv"], "Brak opcji '--players' / '-p'."),
        (
            ["new", "e.csv", "-p", "A,B,C,D", "--deals", "0"],
            "Nieprawidłowa wartość dla '--deals': 0 nie mieści się w przedziale x>=1.",
        ),
        (
            ["new", "e.csv", "-p", "A,B,C,D", "--deals", "٣"],
            "Nieprawidłowa wartość dla '--deals': '٣' to nie liczba całkowita zapisana cyframi 0–9",
        ),
        (
            ["score", "-f", "xml", "zw", "A+C", "61"],
            "Nieprawidłowa wartość dla '--format' / '-f': 'xml' nie jest żadnym z: "
            "'table', 'json', 'csv'.",
        ),
        (["sore"], "Nie ma polecenia 'sore'. Czy chodziło o 'score'?"),
    ],
)
def test_clicks_own_messages_in_polish(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["--lang", "pl", *args], prog_name="baska")
    command = " ".join(["baska", *args[:1]]) if args[0] in COMMANDS else "baska"
    usage = _command(tuple(args[:1]) if args[0] in COMMANDS else ())
    metavars = " ".join(usage.collect_usage_pieces(click.Context(usage)))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"Użycie: {command} {metavars}\nPomoc: '{command} --help'.\n\nBłąd: {message}\n"
    )


def test_clicks_messages_stay_english_in_english() -> None:
    result = CliRunner().invoke(cli, ["new", "e.csv"], prog_name="baska")
    assert (result.exit_code, result.stderr) == (
        2,
        "Usage: baska new [OPTIONS] FILE\nTry 'baska new --help' for help.\n\n"
        "Error: Missing option '--players' / '-p'.\n",
    )


def test_version_in_both_languages() -> None:
    assert run("-V") == (0, f"baska, version {__version__}\n", "")
    assert run("--lang", "pl", "--version") == (0, f"baska, wersja {__version__}\n", "")


def test_polish_help_has_polish_placeholders_and_ranges_in_words() -> None:
    polish = CliRunner().invoke(cli, ["--lang", "pl", "play", "--help"], prog_name="baska")
    assert polish.stdout.startswith("Użycie: baska play [OPCJE] [PLIK]\n")
    assert "-p, --players GRACZE" in polish.stdout
    assert "[conajmniej1]" in _squeezed(polish.stdout)
    assert "x>=1" not in polish.stdout
    english = CliRunner().invoke(cli, ["--lang", "en", "play", "--help"], prog_name="baska")
    assert "-p, --players NAMES" in english.stdout
    assert "[atleast1]" in _squeezed(english.stdout)
