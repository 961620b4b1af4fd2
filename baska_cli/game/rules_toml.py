"""A rule system written back as TOML: `baska rules --export`, and the lines a ledger or a
tournament keeps of its rules (rulesets.loader reads them back to the same rules)."""

from __future__ import annotations

from typing import Any

from baska_cli.game.rules import RuleSet

_TOML_ESCAPES = {
    **{chr(c): f"\\u{c:04X}" for c in [*range(0x20), 0x7F]},
    "\\": "\\\\",
    '"': '\\"',
    "\n": "\\n",
    "\t": "\\t",
}


def toml_value(value: Any) -> str:
    """One value in TOML syntax (the few types rule files use)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return '"' + "".join(_TOML_ESCAPES.get(ch, ch) for ch in value) + '"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {value!r}")


def scoring_settings(rules: RuleSet) -> tuple[Any, ...]:
    """What a rule system scores and plans by: everything but its name, texts and sources."""
    return (
        dict(rules.contracts),
        dict(rules.pair),
        rules.win_points,
        rules.exit_young,
        rules.exit_old,
        rules.tie_52,
        rules.contra_factor,
        rules.solo_loss_multiplier,
        rules.same_player_twice,
        rules.penalty,
        rules.deals,
        rules.place_points,
        rules.positive_bonus,
        rules.base,
        rules.walkout,
    )


def override_lines(rules: RuleSet) -> list[str]:
    """A house system as `key = value` lines that house_rules() reads back to the same rules."""
    return [f"{key} = {toml_value(value)}" for key, value in rules.overrides]
