"""The map in docs/architecture.md, held against the code: imports point down its layers, no
folder holds more than 20 modules, every module says its job in its docstring."""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "baska_cli"
MAP = ROOT / "docs" / "architecture.md"
MOST_MODULES = 20  # directly in one folder, __init__.py counted


def layers() -> list[set[str]]:
    """The ```layers block of the map, top line first: each line's names import only what is
    on the lines below; names on one line do not import each other."""
    found = re.search(r"```layers\n(.*?)```", MAP.read_text("utf-8"), re.S)
    assert found, "docs/architecture.md has no ```layers block"
    return [set(line.split()) for line in found.group(1).splitlines() if line.strip()]


def rank() -> dict[str, int]:
    lines = layers()
    return {name: len(lines) - i for i, line in enumerate(lines) for name in line}


@functools.cache
def modules() -> tuple[Path, ...]:
    return tuple(sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts))


@functools.cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text("utf-8"))


def dotted(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def imports(path: Path) -> tuple[tuple[int, str], ...]:
    return tuple(_imports(path))


def _imports(path: Path) -> Iterator[tuple[int, str]]:
    """Every module of baska_cli that `path` imports (at its top or inside a function), by
    its dotted name (`from baska_cli.x import y` gives baska_cli.x.y when y is a module)."""
    here = dotted(path)
    package = here if path.name == "__init__.py" else here.rsplit(".", 1)[0]
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "baska_cli":
                    yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            if base.split(".")[0] != "baska_cli":
                continue
            for alias in node.names:
                full = f"{base}.{alias.name}"
                is_module = (ROOT / Path(*full.split("."))).with_suffix(".py").exists() or (
                    ROOT / Path(*full.split("."))
                ).is_dir()
                yield node.lineno, full if is_module else base


def unit(name: str) -> str:
    """The layer a dotted module belongs to: its package under baska_cli, or the root module."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "baska_cli"


def test_every_package_and_root_module_has_its_place_on_the_map() -> None:
    placed = set(rank())
    for path in modules():
        assert unit(dotted(path)) in placed, f"{path.relative_to(ROOT)} is on no layer of the map"


def test_imports_point_down_the_layers() -> None:
    ranks = rank()
    wrong = []
    for path in modules():
        source = unit(dotted(path))
        for line, target in imports(path):
            below = unit(target)
            if below != source and ranks.get(below, 0) >= ranks.get(source, 0):
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {target}")
    assert not wrong, "imports that run back up a layer:\n" + "\n".join(wrong)


@pytest.mark.parametrize(
    "upper, inside",
    [
        ("baska_cli.render.tournament", "baska_cli.render"),
        ("baska_cli.cli.tournament", "baska_cli.cli"),
    ],
)
def test_a_folders_views_stand_above_the_rest_of_it(upper: str, inside: str) -> None:
    """render's root knows nothing of the tournament's pages; cli's root loads the
    tournament's commands only by name."""
    wrong = []
    for path in modules():
        here = dotted(path)
        if (not here.startswith(inside + ".") and here != inside) or here.startswith(upper):
            continue
        wrong += [
            f"{path.relative_to(ROOT)}:{line} imports {target}"
            for line, target in imports(path)
            if target == upper or target.startswith(upper + ".")
        ]
    assert not wrong, "\n".join(wrong)


def is_service(name: str) -> bool:
    """Whether a dotted module is one of the tournament's services: a feature's
    `service.py` (tournament/service.py: the tournament's own)."""
    return name.startswith("baska_cli.tournament.") and name.endswith(".service")


def test_a_tournament_service_is_called_by_front_ends_and_services_only() -> None:
    """Inside tournament/, only a service imports a service: a feature's other modules (its
    pure parts, its files) and the tournament's records never do."""
    wrong = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for path in modules()
        if dotted(path).startswith("baska_cli.tournament") and not is_service(dotted(path))
        for line, target in imports(path)
        if is_service(target)
    ]
    assert not wrong, "\n".join(wrong)


def test_the_tournaments_records_import_none_of_its_features() -> None:
    """tournament/'s own modules — its records: the directory, the players, the settings, the
    draw, the results, the standings — import no feature folder of it (a feature stands on
    the records); tournament/service.py, the tournament's own service, may."""
    inside = "baska_cli.tournament"
    wrong = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for path in modules()
        if path.parent == PACKAGE / "tournament" and path.name != "service.py"
        for line, target in imports(path)
        if target.startswith(inside + ".")
        and (PACKAGE / "tournament" / target.split(".")[2]).is_dir()
    ]
    assert not wrong, "\n".join(wrong)


def test_the_library_returns_records_not_dicts_of_any() -> None:
    """No function of tournament/ or league/ returns a `dict[str, Any]` (nor one of object,
    nor a list or tuple of them): operations answer with dataclasses, and a page's JSON is
    written from them in one place (render/ or web/)."""
    loose = re.compile(r"dict\[str, *(Any|object)\]")
    wrong = [
        f"{path.relative_to(ROOT)}:{node.lineno} {node.name} -> {ast.unparse(node.returns)}"
        for path in modules()
        if dotted(path).startswith(("baska_cli.tournament", "baska_cli.league"))
        for node in ast.walk(parsed(path))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.returns is not None
        and loose.search(ast.unparse(node.returns))
    ]
    assert not wrong, "\n".join(wrong)


def test_no_folder_holds_more_than_twenty_modules() -> None:
    crowded = {
        str(folder.relative_to(ROOT)): count
        for folder in [PACKAGE, *(p for p in PACKAGE.rglob("*") if p.is_dir())]
        if (count := len(list(folder.glob("*.py")))) > MOST_MODULES
    }
    assert not crowded, f"folders of more than {MOST_MODULES} modules: {crowded}"


def test_every_module_says_its_job_in_a_docstring() -> None:
    silent = [
        str(path.relative_to(ROOT))
        for path in modules()
        if not (ast.get_docstring(parsed(path)) or "").strip()
    ]
    assert not silent, f"modules without a docstring: {silent}"


def folders_on_the_map() -> set[str]:
    """The folders the map's tree shows under baska_cli/, by their indentation
    (`  tournament/` then, deeper, `    clock/` is tournament/clock)."""
    text = MAP.read_text("utf-8")
    tree = text[text.index("baska_cli/\n") :].split("```")[0]
    shown: set[str] = set()
    stack: list[tuple[int, str]] = []  # (indent, path) of the folders above a line
    for line in tree.splitlines()[1:]:
        found = re.match(r"^( +)([a-z_]+)/(\s|$)", line)
        if not found:
            continue
        indent = len(found.group(1))
        while stack and stack[-1][0] >= indent:
            stack.pop()
        path = "/".join([*(p for _i, p in stack), found.group(2)])
        stack.append((indent, path))
        shown.add(path)
    return shown


def test_the_map_shows_every_folder() -> None:
    folders = {
        str(p.relative_to(PACKAGE))
        for p in PACKAGE.rglob("*")
        if p.is_dir() and (p / "__init__.py").exists()
    }
    assert folders <= folders_on_the_map(), f"not on the map: {folders - folders_on_the_map()}"


def test_the_web_holds_no_rule() -> None:
    """The web serialises what the services computed: it parses, scores and corrects no hand."""
    rules = ("baska_cli.game.scoring", "baska_cli.game.notation", "baska_cli.game.correction")
    wrong = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for path in modules()
        if dotted(path).startswith("baska_cli.web")
        for line, target in imports(path)
        if target.startswith(rules)
    ]
    assert not wrong, "\n".join(wrong)


MODULE = re.compile(r"(?<![\w/.])([a-z_0-9]+\.py)\b")  # named bare: `x.py`, not `a/x.py`


def modules_on_the_map() -> set[str]:
    """Each module the map's tree names, as a path under baska_cli/: a bare `name.py`
    belongs to the folder whose line it stands under, indented deeper (or on the folder's
    own line). A path with a slash (`league/season.py`) points elsewhere and names nothing."""
    text = MAP.read_text("utf-8")
    tree = text[text.index("baska_cli/\n") :].split("```")[0]
    named: set[str] = set()
    stack: list[tuple[int, str]] = [(-1, "")]  # (indent, path) of the folders above a line
    for line in tree.splitlines()[1:]:
        if not line.strip():
            continue
        if not line.startswith(" "):
            break  # (tools/, tests/…: outside the package)
        indent = len(line) - len(line.lstrip())
        while stack[-1][0] >= indent:
            stack.pop()
        folder = re.match(r"^ +([a-z_]+)/(\s|$)", line)
        if folder:
            stack.append((indent, "/".join(p for p in (stack[-1][1], folder.group(1)) if p)))
            line = line[folder.end() :]
        here = stack[-1][1]
        named |= {"/".join(p for p in (here, name) if p) for name in MODULE.findall(line)}
    return named


def _files() -> set[str]:
    """Every module of baska_cli, as a path under it (a package's `__init__.py` left out:
    its folder's line on the map names it, test_the_map_shows_every_folder)."""
    return {str(p.relative_to(PACKAGE)) for p in modules()} - {
        str(p.relative_to(PACKAGE))
        for p in modules()
        if p.name == "__init__.py" and p.parent != PACKAGE
    }


def test_the_map_names_every_module() -> None:
    """Every .py file of baska_cli is on the map (docs/architecture.md)."""
    missing = sorted(_files() - modules_on_the_map())
    assert missing == [], "modules the map does not name:\n" + "\n".join(missing)


def test_every_module_the_map_names_exists() -> None:
    files = {str(path.relative_to(PACKAGE)) for path in modules()}
    gone = sorted(modules_on_the_map() - files)
    assert gone == [], "modules the map names that are not there:\n" + "\n".join(gone)
