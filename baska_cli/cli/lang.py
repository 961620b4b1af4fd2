"""Click classes whose help speaks the interface language, and the choice of that language.

Help texts and placeholders are written in English (a command's docstring, an option's
`help=N_("…")`, an argument's or option's `metavar="DIR"`) and translated when they are
shown (`tools/catalog.py` reads them from the live tree), so one process can show both
languages; every command uses `Command` (or `Group`), every argument `Argument` and every
option `Option` — a test walks the tree.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Sequence
from typing import Any, overload

import click

from baska_cli.i18n import LANG_ENV, N_, LanguageError, _, language_from, use

# Click's defaults in a usage line, marked here so the catalog holds them
USAGE_WORDS = (N_("[OPTIONS]"), N_("COMMAND [ARGS]..."))


class Translated:
    """A text Click sets once, in English (a help, a usage word), read in the interface
    language every time it is shown (the catalog knows it without its indent)."""

    def __init__(self, empty: str | None = None) -> None:
        self.empty = empty  # what an unset text reads as
        self.slot = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = "_" + name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Translated: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> str | None: ...
    def __get__(self, obj: object | None, owner: type | None = None) -> Translated | str | None:
        if obj is None:
            return self
        text: str | None = vars(obj).get(self.slot)
        if text:
            return _(inspect.cleandoc(text))
        return self.empty if text is None else text

    def __set__(self, obj: object, value: str | None) -> None:
        vars(obj)[self.slot] = value


class TranslatedHelp:
    """`help`, `short_help`, `epilog` and the usage line's words in the interface language."""

    help = Translated()
    short_help = Translated()
    epilog = Translated()
    options_metavar = Translated()
    _subcommand: Translated = Translated(empty="")  # (Click types this one `str`)

    @property
    def subcommand_metavar(self) -> str:
        """`COMMAND [ARGS]...` in a group's usage line, translated."""
        return self._subcommand or ""

    @subcommand_metavar.setter
    def subcommand_metavar(self, value: str) -> None:
        self._subcommand = value

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        """Click's -h/--help, its help in the language of now (Click makes the option once
        per command, with its help translated then)."""
        option: click.Option | None = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = _("Show this message and exit.")
        return option

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        """The usage line's words (`[FILE]`, `N`) in the interface language."""
        pieces: list[str] = super().collect_usage_pieces(ctx)  # type: ignore[misc]
        return [_(piece) for piece in pieces]


class Command(TranslatedHelp, click.Command):
    """A baska command: its help in the interface language."""


class Argument(click.Argument):
    """A baska argument: its placeholder (`DIR`: `KATALOG`) in the interface language, in the
    usage line and in Click's errors (`Missing argument 'KATALOG'`)."""

    metavar = Translated()


class Option(click.Option):
    """A baska option: its help, its placeholder and its range in the interface language."""

    help = Translated()
    metavar = Translated()

    def get_help_extra(self, ctx: click.Context) -> Any:
        """Click's `[x>=1]` said in words: `[at least 1]`; a setting's bounds (its type's
        `bounds`): `[from 1 to 99]`."""
        extra = super().get_help_extra(ctx)
        kind = self.type
        bounds = getattr(kind, "bounds", None)
        if bounds is not None:
            extra["range"] = _("from {min} to {max}").format(min=bounds[0], max=bounds[1])
            return extra
        if "range" not in extra or not isinstance(kind, click.IntRange):
            return extra
        if kind.max is None and kind.min is not None and not kind.min_open:
            extra["range"] = _("at least {min}").format(min=kind.min)
        return extra


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
