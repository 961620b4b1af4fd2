"""baska's own Python for the app (`baska.zip`): the package as installed, less what the
browser never runs (the command line, the sources of the translations, the pages' scripts,
which the app serves as files), and the pure-Python code of the libraries the table's
server imports, taken from this very environment (their C speed-ups left out: each has a
Python fallback), so the page runs the versions baska was installed and tested with."""

from __future__ import annotations

import importlib.metadata
import os
import zipfile
from collections.abc import Iterator

from baska_cli.errors import InputFileError
from baska_cli.i18n import _

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # baska_cli/
# the libraries the table's server imports in the page (Starlette, its anyio, Jinja2 for
# the page's template, tabulate for the standings' JSON, ftfy for a garbled import), with
# what they need under Python 3.14
LIBRARIES = (
    "starlette",
    "anyio",
    "idna",
    "typing_extensions",
    "jinja2",
    "markupsafe",
    "tabulate",
    "ftfy",
    "wcwidth",
    "filelock",
)
# what the app leaves out of baska_cli (folders and file endings)
LEFT_OUT = (
    "cli",
    "__pycache__",
    os.path.join("web", "static"),
    "webapp/static",
    "webapp/templates",
)
LEFT_OUT_ENDINGS = (".pyc", ".po", ".pot", ".so", ".pyd", ".c", ".pyi")


def _ours() -> Iterator[tuple[str, str]]:
    """baska_cli's files the app carries: (path on disk, name in the zip)."""
    root = os.path.dirname(PACKAGE)
    skipped = {os.path.join(PACKAGE, *part.split("/")) for part in LEFT_OUT}
    for folder, folders, files in os.walk(PACKAGE):
        folders[:] = sorted(
            name
            for name in folders
            if os.path.join(folder, name) not in skipped and name not in LEFT_OUT
        )
        for name in sorted(files):
            if name.endswith(LEFT_OUT_ENDINGS) or (name == "__main__.py" and folder == PACKAGE):
                continue
            path = os.path.join(folder, name)
            yield path, os.path.relpath(path, root).replace(os.sep, "/")


def _library(name: str) -> Iterator[tuple[str, str]]:
    """A library's Python files as installed here: (path on disk, name in the zip)."""
    try:
        found = importlib.metadata.distribution(name)
    except importlib.metadata.PackageNotFoundError:
        raise InputFileError(
            _("{name} is not installed here, and the app needs it: pip install {name}").format(
                name=name
            )
        ) from None
    for file in sorted(found.files or (), key=str):
        inside = str(file).replace(os.sep, "/")
        if inside.startswith("..") or ".dist-info/" in inside or "__pycache__" in inside:
            continue
        if inside.endswith(LEFT_OUT_ENDINGS):
            continue
        yield str(file.locate()), inside


def files() -> list[tuple[str, str]]:
    """Every file of the bundle: (path on disk, name in the zip), baska's first."""
    found = list(_ours())
    for library in LIBRARIES:
        found.extend(_library(library))
    return found


def write(path: str) -> int:
    """The bundle written to `path` (a zip, deflated, its entries in a fixed order and time,
    so that the same code gives the same bytes); its size."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bundle:
        for disk, inside in files():
            info = zipfile.ZipInfo(inside, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            with open(disk, "rb") as stream:
                bundle.writestr(info, stream.read(), compresslevel=9)
    return os.path.getsize(path)
