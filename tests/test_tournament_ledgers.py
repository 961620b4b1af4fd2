"""Table ledgers checked one after another, in the order given."""

from __future__ import annotations

from pathlib import Path

from baska_cli.evening.totals import add, dealer_of
from baska_cli.game.notation import format_hand, parse_hand
from baska_cli.game.scoring import score
from baska_cli.ledger.format import HAND_QUOTED
from baska_cli.ledger.reader import open_ledger
from baska_cli.rulesets.loader import builtin
from baska_cli.tournament import ledgers
from tests.clikit import invoke

HANDS = ["zw {0}+{2} 61 k", "zo {1} 26 kr", "gr {3} 48", "zw {1}+{2} 78/3", "ci {0} 40"]


def _ledgers(folder: Path, count: int) -> list[str]:
    """`count` ledgers of 8 hands, each table with its own names, as baska writes them."""
    rules = builtin("mester")
    paths = []
    for i in range(count):
        names = [f"P{i}a", f"P{i}b", f"P{i}c", f"P{i}d"]
        path = folder / f"t{i}.csv"
        assert invoke("new", str(path), "-p", ",".join(names), "-r", "mester").exit_code == 0
        with open_ledger(str(path)) as reader:
            meta = reader.meta
        totals = (0, 0, 0, 0)
        lines = []
        for n in range(1, 9):
            entry = parse_hand(HANDS[(i + n) % len(HANDS)].format(*names), names)
            deltas = score(entry, rules, names).deltas
            totals = add(totals, deltas)
            cells = meta.row(
                n, names[dealer_of(0, n)], format_hand(entry, names), deltas, totals, ""
            )
            lines.append(meta.line(cells, HAND_QUOTED))
        with path.open("a", encoding="utf-8", newline="") as stream:
            stream.write("".join(lines))
        paths.append(str(path))
    return paths


def test_ledgers_are_checked_in_their_order(tmp_path: Path) -> None:
    paths = _ledgers(tmp_path, 12)
    broken = Path(paths[5])
    broken.write_text(broken.read_text("utf-8").replace(',"zo P5b 26 kr",', ',"zo P5b 26",'))
    paths.insert(3, str(tmp_path / "missing.csv"))
    got = ledgers.check_ledgers(paths)
    assert got == [ledgers.check_ledger(path) for path in paths]
    assert got[3].problems[0][1].startswith("no such ledger")
    assert got[6].problems and not got[7].problems
    players = [c.players[0] for c in got if c.players]
    assert players == [f"P{i}a" for i in range(12) if i != 5]
    assert got[0].slots == 8 and got[0].rules_name == "mester" and got[0].identity is not None
