"""Rule systems as text: payout tables, the settings, the listing, a house-rules TOML file."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from baska_cli.game.model import Contract, Margin, Play, Side
from baska_cli.game.rules import RuleSet
from baska_cli.game.rules_schema import TEXT_LIMITS
from baska_cli.game.rules_toml import toml_value
from baska_cli.game.sources import (
    LEGEND,
    Translate,
    cites_text,
    parse_cites,
    parse_provenance,
    source_of,
)
from baska_cli.game.sources import cites_text as named
from baska_cli.i18n import N_, _, ngettext
from baska_cli.render.text import number, terminal_safe
from baska_cli.rulesets.loader import builtin

WIDTH = 80  # the notes under the tables are wrapped to this width
MARGINS = {
    Margin.EXIT: N_("with wyjście"),
    Margin.NOEXIT: N_("without wyjście"),
    Margin.NOBITKA: N_("bez bitki"),
}
SIDES = {Side.DECLARERS: "starzy", Side.OPPONENTS: "młodzi"}  # game words, never translated


def _main_source(rules: RuleSet) -> tuple[str, str]:
    """The rulebooks a system rests on as a player reads them, and the key of the first
    (whose points the tables name without its title); a house system shows its base's."""

    own_source = "source" in dict(rules.overrides)
    source = rules.source if own_source or not rules.overrides else builtin(rules.base).source
    cites = parse_cites(source, rules.books)
    if cites is None:  # a house file's own words
        return source, ""
    count = len({c.book for c in cites})
    text = ngettext("rulebook: {rulebooks}", "rulebooks: {rulebooks}", count)
    return text.format(rulebooks=cites_text(cites, rules.books)), cites[0].book


def _wrap(text: str) -> list[str]:
    """A note on lines of at most WIDTH characters, the next ones indented."""
    return textwrap.wrap(text, WIDTH, subsequent_indent="  ", break_on_hyphens=False)


def _grid(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A table with the first column to the left, the others to the right, two spaces
    between columns, a rule under the headers; a last column named "" is left-aligned."""
    widths = [max(len(row[i]) for row in [headers, *rows]) for i in range(len(headers))]
    left = {0} | ({len(headers) - 1} if headers[-1] == "" else set())

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.ljust(w) if i in left else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths]), *map(line, rows)])


def _table(
    rules: RuleSet, main: str, rows: list[tuple[str, list[str], list[str]]], max_k: int
) -> list[str]:
    """A payout table: rows of (label, cells, the settings they rest on); where every row
    rests on the same source it is named once under the table, else in a last column."""
    sources = [
        source_of([rules.provenance_of(k) for k in keys], rules.books, main, short=True)
        for _label, _cells, keys in rows
    ]
    headers = ["", *_k_headers(max_k)]
    if len(set(sources)) == 1:
        every = [k for _label, _cells, keys in rows for k in keys]
        text = source_of([rules.provenance_of(k) for k in every], rules.books)
        table = _grid(headers, [[label, *cells] for label, cells, _keys in rows])
        return [table, *(_wrap(_("source: {source}").format(source=text)) if text else [])]
    return [
        _grid(
            [*headers, ""],
            [
                [label, *cells, source]
                for (label, cells, _keys), source in zip(rows, sources, strict=True)
            ],
        )
    ]


def rules_tables(rules: RuleSet) -> str:
    """A rule system's payout tables and settings, each number's rulebook and point, and a
    word for every number no rulebook states."""

    source, main = _main_source(rules)
    out = [f"{rules.label} — {rules.title}", source]
    if rules.overrides and "source" not in dict(rules.overrides):
        out.append(_("house rules starting from {system}").format(system=rules.base))
    out.append("")
    shown: list[str] = []  # the settings the tables rest on, for the legend
    pair_contracts = [c for c in (Contract.ZW, Contract.WE) if rules.has(c)]
    if pair_contracts:
        max_k = max(_limit(rules, c) for c in pair_contracts)
        rows = []
        for side in Side:
            for margin in Margin:
                label = _("{winners} win, {losers} {margin}").format(
                    winners=SIDES[side], losers=SIDES[side.other], margin=_(MARGINS[margin])
                )
                base = rules.pair[(side, margin)]
                cells = [str(base * rules.contra_factor**k) for k in range(max_k + 1)]
                rows.append((label, cells, [f"pair.{side.value}_win.{margin.value}"]))
        out += _wrap(_("zwykła, wesele — each winner +, each loser − (per player)"))
        out += _table(rules, main, rows, max_k)
        out.append("")
        shown += [k for _label, _cells, keys in rows for k in keys]
    solo = [c for c in Contract if rules.has(c) and not c.is_pair]
    if solo:
        max_k = max(max(_limit(rules, c) for c in solo), 0)
        rows = []
        for c in solo:
            cr = rules.contracts[c]
            limit = _limit(rules, c)
            key = f"contracts.{c.value}.base"
            results = [(_("{contract} ({code}) won"), 1, [key])]
            if c.info.play is not Play.NONE:
                results.append(
                    (
                        _("{contract} ({code}) lost"),
                        rules.solo_loss_multiplier,
                        [key, "solo_loss_multiplier"],
                    )
                )
            for label, mult, keys in results:
                cells = [
                    str(cr.base * mult * rules.contra_factor**k) if k <= limit else "X"
                    for k in range(max_k + 1)
                ]
                rows.append((label.format(contract=c.info.name, code=c.value), cells, keys))
        out += _wrap(
            _("one against three — each opponent pays or gets; the soloist three times that")
        )
        out += _table(rules, main, rows, max_k)
        out.append("")
        shown += [k for _label, _cells, keys in rows for k in keys]
    table, keys = settings_table(rules, main)
    out += [table, ""]
    shown += keys
    present = {parse_provenance(rules.provenance_of(k), rules.books).kind for k in shown}
    if main:
        out += _wrap(_("a number without a mark is stated in the rulebook"))
    out += [line for kind in LEGEND if kind in present for line in _wrap(_(LEGEND[kind]))]
    if any(kind in LEGEND for kind in present):
        out += _wrap(
            _("each number's source in the rulebook's words: baska rules {system} --export").format(
                system=_spec(rules)
            )
        )
    if any("X" in line.split() for line in out):
        out.append(_("X: no contra this high in this game"))
    return "\n".join(out).rstrip("\n")


def _spec(rules: RuleSet) -> str:
    """What to type after `baska rules` for this system: its name, or its house file."""
    house = "house: set in "
    origin = next((t for t in rules.provenance.values() if t.startswith(house)), "")
    return origin.removeprefix(house) or rules.name


def _limit(rules: RuleSet, contract: Any) -> int:
    limit = rules.contracts[contract].max_contras
    return 4 if limit is None else limit


def _k_headers(max_k: int) -> list[str]:
    names = [_("no kontra"), "kontra", "rekontra", "bok", "hirsz"]  # game words after the first
    return [
        names[k]
        if k < len(names)
        else ngettext("{count} contra", "{count} contras", k).format(count=k)
        for k in range(max_k + 1)
    ]


def settings_table(rules: RuleSet, main: str = "") -> tuple[str, list[str]]:
    """The system's other settings, one per line with where each comes from; and the
    settings shown (for the legend)."""
    penalty, w = rules.penalty, rules.walkout
    ties = {
        "opponents_win": N_("the opponents win"),
        "last_doubler_loses": N_("the side of the last contra loses (no contra: the declarers)"),
    }
    rows = [
        (
            "win_points",
            _("declarers win with"),
            ngettext("{count} card point", "{count} card points", rules.win_points).format(
                count=rules.win_points
            ),
        ),
        ("exit_young", _("wyjście of młodzi from"), str(rules.exit_young)),
        ("exit_old", _("wyjście of starzy from"), str(rules.exit_old)),
        ("tie_52", "52:52", _(ties[rules.tie_52.value])),
        (
            "solo_loss_multiplier",
            _("a lost solo pays"),
            _("{count} × the base").format(count=rules.solo_loss_multiplier),
        ),
        (
            "same_player_twice",
            _("one player twice in a row"),
            _("allowed") if rules.same_player_twice else _("forbidden"),
        ),
        (
            "penalty.offender",
            _("kara (revoke)"),
            _("offender {offender}, others +{others}").format(
                offender=penalty.offender, others=penalty.others
            )
            if penalty
            else _("no kara"),
        ),
        (
            "session.deals",
            _("deals in a session"),
            ", ".join(map(str, rules.deals)) or _("not set"),
        ),
        (
            "session.place_points",
            _("place points"),
            "/".join(number(p) for p in rules.place_points) or "–",
        ),
        (
            "session.positive_bonus",
            _("bonus for a positive result"),
            "/".join(number(p) for p in rules.positive_bonus) or "–",
        ),
        ("tournament.walkout_place_points", _("a walk-out: the other three"), _fixed(w.others)),
        ("tournament.left_place_points", _("a walk-out: who walked out"), _fixed(w.left)),
        ("tournament.sitout_place_points", _("no full table (sit-out)"), _fixed(w.sitout)),
    ]
    keys = [key for key, _label, _value in rows]
    sources = [source_of([rules.provenance_of(key)], rules.books, main, short=True) for key in keys]
    label_width = max(len(label) for _key, label, _value in rows)
    room = WIDTH - label_width - 4  # for the value and the source, two spaces apart
    value_width = min(max(len(value) for _key, _label, value in rows), room // 2)
    source_width = min(max(map(len, sources)), room - value_width)
    value_width = min(max(len(value) for _key, _label, value in rows), room - source_width)
    lines = []
    for (_key, label, value), source in zip(rows, sources, strict=True):
        values = textwrap.wrap(value, value_width, break_on_hyphens=False) or [""]
        places = textwrap.wrap(source, source_width, break_on_hyphens=False) or [""]
        for i in range(max(len(values), len(places))):
            cells = [
                (label if i == 0 else "").ljust(label_width),
                (values[i] if i < len(values) else "").ljust(value_width),
                places[i] if i < len(places) else "",
            ]
            lines.append("  ".join(cells).rstrip())
    return "\n".join(lines), keys


def _fixed(result: tuple[float, int]) -> str:
    """A walk-out's fixed result: place points, then small points (`3, small points 35`)."""
    return _("{points}, small points {small}").format(points=number(result[0]), small=result[1])


def rules_listing(systems: Sequence[RuleSet], default: str) -> str:
    """`baska rules`: one line per system."""
    width = max(len(r.name) for r in systems)
    mark = "  " + _("(default)")
    return "\n".join(
        f"{r.name:<{width}}  {r.title}{mark if r.name == default else ''}" for r in systems
    )


def _english(message: str) -> str:
    """The house-rules file reads the same under every language (as a ledger does)."""
    return message


def provenance_comment(text: str, books: Mapping[str, str], tr: Translate = _english) -> str:
    """A provenance text with its rulebooks named as players know them:
    `stated [S001 7H]: „…”` → `stated in Baszka Méster Sport, point 7H: „…”`."""

    found = parse_provenance(text, books)
    if not found.cites:
        return text
    head = text.split(" [", 1)[0]
    word = "in" if found.kind == "stated" else "from"
    return f"{head} {word} {named(found.cites, books, tr=tr)}: {found.note}"


def rules_toml(rules: RuleSet) -> str:
    """A whole rule system as a house-rules file: `base` plus every setting, with its source
    (in English under every language: a file reads the same wherever it is opened)."""

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
            lines.append(f"# {_comment(provenance_comment(source, rules.books))}")
        lines.append(f"{key} = {toml_value(value)}")
    return "\n".join(lines) + "\n"


def _comment(text: str) -> str:
    """A text on one comment line: line breaks and control characters shown as escapes."""
    return terminal_safe(text)


def _settings(rules: RuleSet) -> list[tuple[str, Any]]:
    """Every setting of a RuleSet as (dotted key, value), in the order of the built-in files."""

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
    for who, (place_points, small_points) in (
        ("walkout", rules.walkout.others),
        ("left", rules.walkout.left),
        ("sitout", rules.walkout.sitout),
    ):
        items += [
            (f"tournament.{who}_place_points", place_points),
            (f"tournament.{who}_small_points", small_points),
        ]
    return items
