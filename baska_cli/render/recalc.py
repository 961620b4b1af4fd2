"""What `baska recalc` prints: the hands whose changes differ (`--diff`), the totals under
the old rules and the new, and what it did."""

from __future__ import annotations

from typing import TYPE_CHECKING

from baska_cli.game.model import Deltas
from baska_cli.i18n import _, ngettext
from baska_cli.render.text import signed, simple_table

if TYPE_CHECKING:  # the ledger's types, named in annotations only (no import at run time)
    from baska_cli.ledger.format import Meta, Row
    from baska_cli.ledger.rescore import Recalculated


DIFF_WIDTH = 24  # the hand column of recalc --diff


def diff_header(path: str, old: Meta, rules_name: str) -> str:
    """The two header lines of `recalc --diff`."""
    return f"--- {path} ({old.rules_name})\n+++ {path} ({rules_name})\n"


def diff_hand(row: Row, deltas: Deltas) -> str:
    """A hand whose changes differ: its old line and its new one."""
    old = "".join(f"{signed(d):>8}" for d in row.deltas)
    new = "".join(f"{signed(d):>8}" for d in deltas)
    return (
        f"-{row.n:>5}  {row.hand:<{DIFF_WIDTH}}{old}\n+{row.n:>5}  {row.hand:<{DIFF_WIDTH}}{new}\n"
    )


def recalc_totals(done: Recalculated) -> str:
    """The totals under the old rules and under the new (tabulate's simple layout)."""
    meta = done.meta
    return simple_table(
        [_("totals"), *meta.players],
        [
            [meta.rules_name, *map(signed, done.old_totals)],
            [done.rules.name, *map(signed, done.new_totals)],
        ],
    )


def recalc_summary(done: Recalculated) -> str:
    """What recalc did, in one line."""
    changed = done.changed
    if done.written:
        text = ngettext(
            "{file}: rewritten under {rules}; {count} hand changes",
            "{file}: rewritten under {rules}; {count} hands change",
            changed,
        )
    else:
        text = ngettext(
            "{file}: {count} hand changes under {rules}; not written (use --write)",
            "{file}: {count} hands change under {rules}; not written (use --write)",
            changed,
        )
    return text.format(file=done.path, rules=done.rules.name, count=changed)
