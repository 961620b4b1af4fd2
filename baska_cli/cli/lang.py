"""Click classes whose help speaks the interface language, and the choice of that language.

Help texts are written in English (a command's docstring, an option's `help=N_("…")`)
and translated when they are shown, so one process can show both languages; every
command uses `Command` (or `Group`) and every option `Option` — a test walks the tree.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Sequence

import click

from baska_cli.i18n import LANG_ENV, N_, LanguageError, _, language_from, use


def _translated(text: str | None) -> str | None:
    """A help text in the interface language (the catalog knows it without its indent)."""
    if not text:
        return text
    return _(inspect.cleandoc(text))


class TranslatedHelp:
    """`help`, `short_help` and `epilog` read in the interface language."""

    _help: str | None = None
    _short_help: str | None = None
    _epilog: str | None = None

    @property
    def help(self) -> str | None:
        """The help text, translated."""
        return _translated(self._help)

    @help.setter
    def help(self, value: str | None) -> None:
        self._help = value

    @property
    def short_help(self) -> str | None:
        """The one-line help in a command list, translated."""
        return _translated(self._short_help)

    @short_help.setter
    def short_help(self, value: str | None) -> None:
        self._short_help = value

    @property
    def epilog(self) -> str | None:
        """The text after the options, translated."""
        return _translated(self._epilog)

    @epilog.setter
    def epilog(self, value: str | None) -> None:
        self._epilog = value

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        """Click's -h/--help, its help in the language of now (Click makes the option once
        per command, with its help translated then)."""
        option: click.Option | None = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = _("Show this message and exit.")
        return option


class Command(TranslatedHelp, click.Command):
    """A baska command: its help in the interface language."""


class Option(click.Option):
    """A baska option: its help in the interface language."""

    _help: str | None = None

    @property
    def help(self) -> str | None:
        """The help text, translated."""
        return _translated(self._help)

    @help.setter
    def help(self, value: str | None) -> None:
        self._help = value


def lang_from_args(args: Sequence[str]) -> str | None:
    """The value of the group's --lang among the arguments before the command's name."""
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--lang":
            return args[index + 1] if index + 1 < len(args) else None
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        if arg == "--" or not arg.startswith("-"):
            return None
        index += 1
    return None


def choose_language(args: Sequence[str]) -> None:
    """Speak what --lang, BASKA_LANG or the locale asks for, before any message is made.

    A --lang that is not pl or en is left to Click's own check of the option; a bad
    BASKA_LANG is bad input (exit status 2), never silently ignored.
    """
    flag = lang_from_args(args)
    if flag is not None and flag.strip().lower() not in ("pl", "en"):
        flag = None
    try:
        use(language_from(flag, os.environ))
    except LanguageError as error:
        use(language_from(None, {k: v for k, v in os.environ.items() if k != LANG_ENV}))
        raise click.UsageError(str(error)) from error


lang_option = click.option(
    "--lang",
    type=click.Choice(["pl", "en"]),
    expose_value=False,
    is_eager=True,
    cls=Option,
    help=N_(
        "Language of messages: pl (Polish) or en (English) "
        "[env: BASKA_LANG; else LC_ALL, LC_MESSAGES, LANG]."
    ),
)
