"""The rule systems as data, and where rule files are read: the built-ins, house rules, sources.

plb.toml, mester.toml and pagat.toml are the built-in systems; sources.toml names the
rulebooks they cite. This module reads them (and a house-rules file) and hands out their
contents as plain data, importing nothing of the game; rulesets.loader gives that data to
game.rules, which builds a RuleSet from it (game < rulesets).
"""

from __future__ import annotations

import os
import re
import tomllib
from functools import cache
from typing import Any

from baska_cli.errors import RulesFileError
from baska_cli.files.kind import NotRegularFile, open_regular
from baska_cli.i18n import _, os_reason

FOLDER = os.path.dirname(__file__)
MAX_RULES_FILE = 64 * 1024  # bytes; a whole system exported is about 6 KiB


MAX_DEPTH = 16  # brackets and braces open at once; a rules file needs 2, tournament.toml 2
MAX_TOML_DIGITS = 30  # digits of one number in a TOML file (a setting has at most 7)
_DIGITS = re.compile(rf"[0-9][0-9_]{{{MAX_TOML_DIGITS},}}")
_NESTING = re.compile(r"[\[\]{}]")
_KEY = re.compile(r"\s*\[*([^=\[\]\"']*)")  # a line's key, or its table's name


def toml_problem(text: str) -> str | None:
    """Why a TOML text is not even worth parsing (too deeply nested, a number of thousands
    of digits: Python's reader would fail without saying where), or None. A bracket or a
    digit inside a string counts too: such a string is no setting's either."""
    found = _DIGITS.search(text)
    if found is not None:
        return _("a number of {count} digits at line {line}; a setting has a few").format(
            count=len(found.group()), line=text.count("\n", 0, found.start()) + 1
        )
    for number, line in enumerate(text.splitlines(), 1):
        key = _KEY.match(line)
        if key is not None and key.group(1).count(".") >= MAX_DEPTH:
            return _("brackets nested {most} deep at line {line}; a setting needs two").format(
                most=MAX_DEPTH, line=number
            )
    depth = 0
    for bracket in _NESTING.finditer(text):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > MAX_DEPTH:
            return _("brackets nested {most} deep at line {line}; a setting needs two").format(
                most=MAX_DEPTH, line=text.count("\n", 0, bracket.start()) + 1
            )
    return None


def parse_toml(text: str, origin: str) -> dict[str, Any]:
    """tomllib.loads with an error that names the file."""
    problem = toml_problem(text)
    if problem is not None:
        raise RulesFileError(
            _("{origin}: not a usable TOML file: {error}").format(origin=origin, error=problem)
        )
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesFileError(
            _("{origin}: not a valid TOML file: {error}").format(origin=origin, error=exc)
        ) from None
    except ValueError as exc:  # a number of more than 4300 digits
        raise RulesFileError(
            _("{origin}: not a usable TOML file: {error}").format(origin=origin, error=exc)
        ) from None


@cache
def _builtin_text(name: str) -> str:
    """The text of a built-in system's file (read once)."""
    with open(os.path.join(FOLDER, f"{name}.toml"), encoding="utf-8") as file:
        return file.read()


def builtin_data(name: str) -> dict[str, Any]:
    """A built-in system's file (`plb` for plb.toml) as TOML tables (a new dict each time)."""
    return parse_toml(_builtin_text(name), f"{name}.toml")


def read_house(path: str) -> str:
    """A house-rules file's text: a regular file of at most MAX_RULES_FILE bytes, UTF-8."""
    too_big = _(
        "{file}: the house rules are larger than {size} KiB; a house-rules file is far smaller"
    ).format(file=path, size=MAX_RULES_FILE // 1024)
    try:
        with open_regular(path, encoding="utf-8-sig") as file:
            if os.fstat(file.fileno()).st_size > MAX_RULES_FILE:
                raise RulesFileError(too_big)
            text = file.read(MAX_RULES_FILE + 1)
    except NotRegularFile as exc:
        raise RulesFileError(
            _("{file}: is {kind}, not a house-rules file").format(file=path, kind=exc.kind)
        ) from None
    except OSError as exc:
        raise RulesFileError(
            _("{file}: cannot read the house rules: {reason}").format(
                file=path, reason=os_reason(exc)
            )
        ) from None
    except UnicodeDecodeError:
        raise RulesFileError(
            _("{file}: the house rules are not UTF-8 text").format(file=path)
        ) from None
    if len(text) > MAX_RULES_FILE:  # (it grew while being read)
        raise RulesFileError(too_big)
    return text


@cache
def sources() -> dict[str, str]:
    """The rulebooks' titles by key, from sources.toml (read once)."""
    with open(os.path.join(FOLDER, "sources.toml"), "rb") as file:
        data = tomllib.load(file)
    return {key: table["title"] for key, table in data.items()}
