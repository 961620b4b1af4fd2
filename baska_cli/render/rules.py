"""Rule systems as text: payout tables, the settings, the listing, a house-rules TOML file."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from baska_cli.model import Margin, Side
from baska_cli.rules import RuleSet

PROVISIONAL_MARK = "*"


def _mark(rules: RuleSet, key: str, text: str) -> str:
    return text + PROVISIONAL_MARK if rules.is_provisional(key) else text


def rules_tables(rules: RuleSet) -> str:
    """A rule system's payout tables, provisional numbers marked with *."""
    from baska_cli.model import Contract, Play
    from baska_cli.render.text import tabulate

    out = [f"{rules.name} — {rules.title}", f"source: {rules.source}", ""]
    pair_contracts = [c for c in (Contract.ZW, Contract.WE) if rules.has(c)]
    if pair_contracts:
        max_k = max(_limit(rules, c) for c in pair_contracts)
        rows = []
        for side in Side:
            for margin in Margin:
                who = "starzy" if side is Side.DECLARERS else "młodzi"
                losers = "młodzi" if side is Side.DECLARERS else "starzy"
                words = {"exit": "z wyjściem", "noexit": "bez wyjścia", "nobitka": "bez bitki"}
                label = f"wygrana: {who}, {losers} {words[margin.value]}"
                base = rules.pair[(side, margin)]
                cells = [
                    _mark(
                        rules,
                        f"pair.{side.value}_win.{margin.value}",
                        str(base * rules.contra_factor**k),
                    )
                    for k in range(max_k + 1)
                ]
                rows.append([label, *cells])
        out.append("zwykła, wesele — each winner +, each loser − (per player)")
        out.append(tabulate(rows, headers=["", *_k_headers(max_k)], colalign=_align(max_k)))
        out.append("")
    solo = [c for c in Contract if rules.has(c) and not c.is_pair]
    if solo:
        max_k = max(max(_limit(rules, c) for c in solo), 0)
        rows = []
        for c in solo:
            cr = rules.contracts[c]
            limit = _limit(rules, c)
            key = f"contracts.{c.value}.base"
            results = [("won", 1)]
            if c.info.play is not Play.NONE:
                results.append(("lost", rules.solo_loss_multiplier))
            for result, mult in results:
                if result == "lost" and rules.is_provisional("solo_loss_multiplier"):
                    key = "solo_loss_multiplier"
                cells = [
                    _mark(rules, key, str(cr.base * mult * rules.contra_factor**k))
                    if k <= limit
                    else "X"
                    for k in range(max_k + 1)
                ]
                rows.append([f"{c.info.name} ({c.value}) {result}", *cells])
        out.append("one against three — each opponent pays or gets; the soloist three times that")
        out.append(tabulate(rows, headers=["", *_k_headers(max_k)], colalign=_align(max_k)))
        out.append("")
    out.append(settings_table(rules))
    out.append("")
    out.append(
        f"{PROVISIONAL_MARK} provisional: reconstructed or chosen, not stated in a rulebook "
        f"(see `baska rules {rules.name} --export` for each number's source)"
    )
    return "\n".join(out)


def _align(max_k: int) -> tuple[str, ...]:
    return ("left", *["right"] * (max_k + 1))


def _limit(rules: RuleSet, contract: Any) -> int:
    limit = rules.contracts[contract].max_contras
    return 4 if limit is None else limit


def _k_headers(max_k: int) -> list[str]:
    names = ["bez kontry", "kontra", "rekontra", "bok", "hirsz"]
    return [names[k] if k < len(names) else f"{k} kontr" for k in range(max_k + 1)]


def settings_table(rules: RuleSet) -> str:
    """The system's other settings, one per line, provisional ones marked."""
    from baska_cli.render.text import tabulate

    penalty = rules.penalty
    rows = [
        ("win_points", "declarers win with", f"{rules.win_points} card points"),
        ("exit_young", "wyjście of młodzi from", str(rules.exit_young)),
        ("exit_old", "wyjście of starzy from", str(rules.exit_old)),
        (
            "tie_52",
            "52:52",
            {
                "opponents_win": "the opponents win",
                "last_doubler_loses": "the side of the last contra loses "
                "(no contra: the declarers)",
            }[rules.tie_52.value],
        ),
        ("solo_loss_multiplier", "a lost solo pays", f"{rules.solo_loss_multiplier} × the base"),
        (
            "same_player_twice",
            "one player twice in a row",
            "allowed" if rules.same_player_twice else "forbidden",
        ),
        (
            "penalty",
            "kara (revoke, 7H/7I)",
            f"offender {penalty.offender}, others +{penalty.others}" if penalty else "none",
        ),
        ("session.deals", "deals in a session", ", ".join(map(str, rules.deals)) or "not set"),
        (
            "session.place_points",
            "place points",
            "/".join(f"{p:g}" for p in rules.place_points) or "none",
        ),
        (
            "session.positive_bonus",
            "bonus for a positive result",
            "/".join(f"{p:g}" for p in rules.positive_bonus) or "none",
        ),
    ]
    return tabulate(
        [[label, _mark(rules, key, value)] for key, label, value in rows], tablefmt="plain"
    )


def rules_listing(systems: Sequence[RuleSet], default: str) -> str:
    """`baska rules`: one line per system."""
    width = max(len(r.name) for r in systems)
    return "\n".join(
        f"{r.name:<{width}}  {r.title}{'  (default)' if r.name == default else ''}" for r in systems
    )


def rules_toml(rules: RuleSet) -> str:
    """A whole rule system as a house-rules file: `base` plus every setting, with its source."""
    from baska_cli.rules import toml_value
    from baska_cli.rules_schema import TEXT_LIMITS

    name = f"{rules.name[: TEXT_LIMITS['name'] - len('-house')].strip()}-house"
    lines = [
        f"# House rules starting from {_comment(rules.name)} ({_comment(rules.title)}).",
        "# Change any value, delete the lines you keep as they are, and use the file with",
        "#   baska score --rules THIS_FILE.toml ...",
        f"base = {toml_value(rules.base)}",
        f"name = {toml_value(name)}",
        "",
    ]
    for key, value in _settings(rules):
        source = rules.provenance_of(key)
        if source:
            lines.append(f"# {_comment(source)}")
        lines.append(f"{key} = {toml_value(value)}")
    return "\n".join(lines) + "\n"


def _comment(text: str) -> str:
    """A text on one comment line: line breaks and control characters shown as escapes."""
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def _settings(rules: RuleSet) -> list[tuple[str, Any]]:
    """Every setting of a RuleSet as (dotted key, value), in the order of the built-in files."""
    from baska_cli.model import Contract

    items: list[tuple[str, Any]] = [
        ("win_points", rules.win_points),
        ("exit_young", rules.exit_young),
        ("exit_old", rules.exit_old),
        ("tie_52", rules.tie_52.value),
        ("contra_factor", rules.contra_factor),
        ("solo_loss_multiplier", rules.solo_loss_multiplier),
        ("same_player_twice", rules.same_player_twice),
    ]
    for side in Side:
        for margin in Margin:
            items.append((f"pair.{side.value}_win.{margin.value}", rules.pair[(side, margin)]))
    from baska_cli.rules import builtin

    base_system = builtin(rules.base)
    slup = any(cr.max_contras is None for cr in rules.contracts.values())
    items.append(("slup", slup))
    for c in Contract:
        prefix = f"contracts.{c.value}."
        cr = rules.contracts.get(c)
        if cr is None:
            if base_system.has(c):
                items.append((prefix + "enabled", False))
            continue
        if not c.is_pair:
            items.append((prefix + "base", cr.base))
        items.append((prefix + "max_contras", 4 if cr.max_contras is None else cr.max_contras))
        items.append((prefix + "first_contra_by_opponents", cr.first_contra_by_opponents))
    p = rules.penalty
    items.append(("penalty.enabled", p is not None))
    if p is not None:
        items += [
            ("penalty.offender", p.offender),
            ("penalty.others", p.others),
            ("penalty.soloist_revoke_loses", p.soloist_revoke_loses),
        ]
    items += [
        ("session.deals", list(rules.deals)),
        ("session.place_points", list(rules.place_points)),
        ("session.positive_bonus", list(rules.positive_bonus)),
    ]
    return items
