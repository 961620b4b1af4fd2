"""The rule systems' loader: the built-in files here, house-rules files, the rulebooks' titles.

plb.toml, mester.toml and pagat.toml are the built-in systems as data; sources.toml names
the rulebooks they cite. This is where they (and a house-rules file) are read; game.rules
builds a RuleSet from the settings read.
"""

from __future__ import annotations

import os
import tomllib
from functools import cache
from typing import Any

from baska_cli.errors import RuleNameError, RulesFileError
from baska_cli.filekind import NotRegularFile, open_regular
from baska_cli.game.rules import (
    BUILTIN_NAMES,
    DEFAULT_RULES,
    RuleSet,
    builtin_system,
    flatten,
    house_base,
    house_system,
    scoring_settings,
)
from baska_cli.game.spelling import nearest
from baska_cli.i18n import _, os_reason

FOLDER = os.path.dirname(__file__)
MAX_RULES_FILE = 64 * 1024  # bytes; a whole system exported is about 6 KiB


def parse_toml(text: str, origin: str) -> dict[str, Any]:
    """tomllib.loads with an error that names the file."""
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


def builtin_settings(name: str) -> dict[str, Any]:
    """The dotted settings of a built-in system (a new dict each time)."""
    return flatten(parse_toml(_builtin_text(name), f"{name}.toml"))


@cache
def _builtin(name: str) -> RuleSet:
    """A built-in system by its name in lower case (built once)."""
    return builtin_system(name, builtin_settings(name))


def builtin(name: str) -> RuleSet:
    """A built-in rule system by name (plb, mester, pagat)."""
    key = name.strip().lower()
    if key not in BUILTIN_NAMES:
        near = nearest(key, list(BUILTIN_NAMES))
        hint = _('; did you mean "{word}"?').format(word=near) if near else ""
        raise RuleNameError(
            _('"{name}" is not a rule system or a .toml file; built in: {systems}').format(
                name=name, systems=", ".join(BUILTIN_NAMES)
            )
            + hint
        )
    return _builtin(key)


def house_rules(text: str, origin: str, default_name: str = "house") -> RuleSet:
    """House rules: a TOML text with `base = "plb"` (or another) and any settings to change."""
    own = flatten(parse_toml(text, origin))
    base = house_base(own, origin)
    return house_system(own, builtin_settings(base), origin, default_name)


def _read_house_file(path: str) -> str:
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


def load_house(path: str) -> RuleSet:
    """The house rules in a .toml file, named after the file unless they name themselves."""
    stem = os.path.splitext(os.path.basename(path))[0]
    return house_rules(_read_house_file(path), path, default_name=stem)


def load_rules(spec: str | None = None) -> RuleSet:
    """A rule system by name or by house-rules file; None means the default (plb)."""
    spec = spec or DEFAULT_RULES
    if spec.strip().lower() in BUILTIN_NAMES:
        return builtin(spec)
    if spec.lower().endswith(".toml") or os.path.exists(spec):
        return load_house(spec)
    return builtin(spec)


def rules_from_lines(lines: list[str], origin: str) -> RuleSet:
    """The rules a ledger records (game.rules.override_lines; a built-in is a single line
    naming it)."""
    if len(lines) == 1 and lines[0].strip().lower() in BUILTIN_NAMES:
        return builtin(lines[0])
    return house_rules("\n".join(lines), origin)


def check_export(text: str, rules: RuleSet) -> None:
    """Raise a RulesFileError unless the house-rules text loads back to the same rules."""
    origin = _("the house rules exported from {name}").format(name=rules.name)
    try:
        loaded = house_rules(text, origin)
    except RulesFileError as error:
        raise RulesFileError(_("{error}; nothing was exported").format(error=error)) from None
    if scoring_settings(loaded) != scoring_settings(rules):
        raise RulesFileError(
            _("{origin} would not load back to the same rules; nothing was exported").format(
                origin=origin
            )
        )


@cache
def sources() -> dict[str, str]:
    """The rulebooks' titles by key, from sources.toml (read once)."""
    with open(os.path.join(FOLDER, "sources.toml"), "rb") as file:
        data = tomllib.load(file)
    return {key: table["title"] for key, table in data.items()}
