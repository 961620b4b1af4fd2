"""The pure core: game/ receives data and opens no file, loads no rule system and imports
nothing above it; scoring holds no words; no module of baska_cli writes the environment."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "baska_cli"
GAME = sorted((PACKAGE / "game").rglob("*.py"))
# what game/ may import of baska_cli: itself, the exceptions and (for its words) i18n
BELOW_GAME = ("baska_cli.game", "baska_cli.errors", "baska_cli.i18n")
# the game modules that still word what they raise or show, through i18n: the notation's
# and the names' errors, the rule files' checks, the revoke penalty's rule, provenance
# marks. Scoring is not among them: its errors are worded in errors.py.
WORDED = {
    "callers.py",
    "card_points.py",
    "correction.py",
    "names.py",
    "notation.py",
    "numbers.py",
    "penalty.py",
    "rules.py",
    "rules_schema.py",
    "seats.py",
    "sources.py",
    "spelling.py",
}


def _imports(path: Path) -> set[str]:
    """Every module a file imports (`baska_cli.i18n` for `from baska_cli.i18n import _`)."""
    tree = ast.parse(path.read_text("utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


@pytest.mark.parametrize("module", GAME, ids=lambda path: path.name)
def test_game_imports_nothing_above_it(module: Path) -> None:
    ours = {name for name in _imports(module) if name.split(".")[0] == "baska_cli"}
    above = {name for name in ours if not name.startswith(BELOW_GAME)}
    assert above == set(), f"{module.name} imports {sorted(above)}"
    assert not {name for name in ours if name.startswith("baska_cli.rulesets")}


@pytest.mark.parametrize("module", GAME, ids=lambda path: path.name)
def test_game_opens_no_file(module: Path) -> None:
    tree = ast.parse(module.read_text("utf-8"))
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    attributes = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    imported = {name.split(".")[0] for name in _imports(module)}
    assert "open" not in names
    assert not {"read_text", "read_bytes", "open", "listdir", "scandir"} & attributes
    assert not {"tomllib", "pathlib", "io", "os", "shutil", "glob"} & imported


def test_scoring_imports_no_words_and_the_worded_modules_are_known() -> None:
    worded = {
        path.name for path in GAME if any(n.startswith("baska_cli.i18n") for n in _imports(path))
    }
    assert "scoring.py" not in worded
    assert worded <= WORDED, f"new game modules with words: {sorted(worded - WORDED)}"


def _writes_environment(tree: ast.AST) -> list[int]:
    """The lines that set, change or delete an environment variable of the process."""

    def is_environ(node: ast.AST) -> bool:
        return (isinstance(node, ast.Attribute) and node.attr == "environ") or (
            isinstance(node, ast.Name) and node.id == "environ"
        )

    lines = []
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign | ast.Delete):
            targets = list(node.targets)
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        if any(isinstance(t, ast.Subscript) and is_environ(t.value) for t in targets):
            lines.append(node.lineno)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            method = node.func
            if method.attr in ("putenv", "unsetenv") or (
                is_environ(method.value)
                and method.attr
                in ("setdefault", "update", "pop", "popitem", "clear", "__setitem__")
            ):
                lines.append(node.lineno)
    return lines


def test_no_module_writes_the_environment() -> None:
    found = {
        f"{path.relative_to(PACKAGE)}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line in _writes_environment(ast.parse(path.read_text("utf-8")))
    }
    assert found == set()


def test_the_environment_check_sees_each_way_of_writing() -> None:
    source = (
        'os.environ["LANGUAGE"] = "pl"\n'
        'del os.environ["X"]\n'
        'os.putenv("X", "1")\n'
        'os.environ.setdefault("X", "1")\n'
        "os.environ.update(X='1')\n"
        'environ["X"] += "1"\n'
        'x = os.environ.get("X")\n'
    )
    assert sorted(_writes_environment(ast.parse(source))) == [1, 2, 3, 4, 5, 6]


def test_the_process_language_leaves_the_environment_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gettext
    import os

    from baska_cli import i18n

    monkeypatch.delenv("LANGUAGE", raising=False)
    i18n.use("pl")
    assert "LANGUAGE" not in os.environ
    assert gettext.gettext("Usage:") != "Usage:"  # Click's lookup speaks Polish all the same
    with i18n.speaking("en"):
        assert gettext.gettext("Usage:") == "Usage:"
    i18n.use("en")
    assert gettext.gettext("Usage:") == "Usage:"


def test_importing_the_game_loads_no_rules_package() -> None:
    import subprocess
    import sys

    code = (
        "import sys, baska_cli.game.scoring, baska_cli.game.callers, baska_cli.game.correction;"
        "print(sorted(m for m in sys.modules if m.startswith('baska_cli.rulesets')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_contract_error_carries_its_facts_and_names_what_the_rules_know() -> None:
    import dataclasses

    from baska_cli.errors import ContractNotInRules
    from baska_cli.game.notation import parse_hand
    from baska_cli.game.scoring import score
    from baska_cli.rulesets.loader import builtin

    plb = builtin("plb")
    with pytest.raises(ContractNotInRules) as info:
        score(parse_hand("me A"), plb)
    assert (info.value.short, info.value.rules, info.value.having) == ("me", "plb", ("mester",))
    assert str(info.value).endswith('"plb"; it is played in mester')
    alone = dataclasses.replace(plb, known=())  # rules that know of no other system
    with pytest.raises(ContractNotInRules, match=r'"plb"$'):
        score(parse_hand("me A"), alone)
