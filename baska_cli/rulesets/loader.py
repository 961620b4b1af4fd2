"""The rule systems loaded: built-ins by name, house-rules files and texts, read here and
built by game.rules from their data (game/ opens no file and loads no system itself)."""

from __future__ import annotations

import dataclasses
import os
from functools import cache

from baska_cli.errors import RuleNameError, RulesFileError
from baska_cli.game.rules import (
    BUILTIN_NAMES,
    DEFAULT_RULES,
    RuleSet,
    builtin_system,
    flatten,
    house_base,
    house_system,
)
from baska_cli.game.rules_toml import scoring_settings
from baska_cli.game.spelling import nearest
from baska_cli.i18n import _
from baska_cli.rulesets import builtin_data, parse_toml, read_house, sources


@cache
def builtins() -> tuple[RuleSet, ...]:
    """The built-in systems (plb, mester, pagat), each built once, each knowing the others
    (an error may point to one: `--rules mester`)."""
    bare = tuple(builtin_system(n, flatten(builtin_data(n)), sources()) for n in BUILTIN_NAMES)
    return tuple(dataclasses.replace(rules, known=bare) for rules in bare)


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
    return builtins()[BUILTIN_NAMES.index(key)]


def house_rules(text: str, origin: str, default_name: str = "house", kept: bool = False) -> RuleSet:
    """House rules: a TOML text with `base = "plb"` (or another) and any settings to change."""
    own = flatten(parse_toml(text, origin))
    base = house_base(own, origin)
    return house_system(own, flatten(builtin_data(base)), origin, builtins(), default_name, kept)


def load_house(path: str) -> RuleSet:
    """The house rules in a .toml file, named after the file unless they name themselves."""
    stem = os.path.splitext(os.path.basename(path))[0]
    return house_rules(read_house(path), path, default_name=stem)


def load_rules(spec: str | None = None) -> RuleSet:
    """A rule system by name or by house-rules file; None means the default (plb)."""
    spec = spec or DEFAULT_RULES
    if spec.strip().lower() in BUILTIN_NAMES:
        return builtin(spec)
    if spec.lower().endswith(".toml") or os.path.exists(spec):
        return load_house(spec)
    return builtin(spec)


def rules_from_lines(lines: list[str], origin: str) -> RuleSet:
    """The inverse of rules_toml.override_lines (a built-in is a single line naming it)."""
    if len(lines) == 1 and lines[0].strip().lower() in BUILTIN_NAMES:
        return builtin(lines[0])
    return house_rules("\n".join(lines), origin, kept=True)


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
