"""Keep the translation catalogs: extract the messages, update the .po files, compile them.

    python tools/catalog.py update    # extract → baska.pot, merge into each .po, compile .mo
    python tools/catalog.py compile   # .po → .mo only (after translating)
    python tools/catalog.py check     # what CI checks; exit 1 with the problems listed

Messages come from three places: the `_`, `N_` and `ngettext` calls in baska_cli (its
Python files and the report's Jinja2 templates); the help and the placeholder (`DIR`)
of every command, argument and option, read from the live Click tree (docstrings included); and
Click's own messages ("Usage:", "Missing argument"), read from the installed Click.
Needs Babel (in the `dev` extra).
"""

from __future__ import annotations

import datetime
import inspect
import io
import re
import string
import sys
from collections.abc import Iterator
from pathlib import Path

import click
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from baska_cli.i18n import DOMAIN, LOCALE_DIR  # noqa: E402

TEMPLATE = Path(LOCALE_DIR) / f"{DOMAIN}.pot"
LANGUAGES = ("pl",)
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
WIDTH = 100
STAMP = datetime.datetime(2026, 11, 30, tzinfo=datetime.UTC)


def po_path(language: str) -> Path:
    """Where a language's catalog lives."""
    return Path(LOCALE_DIR) / language / "LC_MESSAGES" / f"{DOMAIN}.po"


# the HTML report's Jinja2 templates, read as render/report.py sets its environment up
TEMPLATES = (
    [("**.py", "python"), ("**.j2", "jinja2.ext:babel_extract")],
    {"**.j2": {"extensions": "jinja2.ext.i18n", "trim_blocks": "true", "lstrip_blocks": "true"}},
)


def _extracted(directory: Path, prefix: str) -> Iterator[tuple[str | tuple[str, str], str]]:
    """(message, where) for each gettext call in the Python files (and the Jinja2
    templates) under `directory`."""
    method_map, options_map = TEMPLATES
    for filename, lineno, message, _comments, _context in extract_from_dir(
        str(directory),
        method_map=method_map,
        options_map=options_map,
        keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",),
    ):
        if isinstance(message, tuple):
            message = (message[0], message[1])
        yield message, f"{prefix}/{filename}:{lineno}"


def _help_texts() -> Iterator[tuple[str, str]]:
    """(help text, command) for every command and option of `baska`, as Click shows them."""
    from baska_cli.cli import cli, subcommands

    def walk(command: click.Command, path: str) -> Iterator[tuple[str, str]]:
        for attribute in ("_help", "_short_help", "_epilog"):
            text = getattr(command, attribute, None)
            if text:
                yield inspect.cleandoc(text), path
        for param in command.params:
            text = getattr(param, "_help", None)
            if text:
                yield inspect.cleandoc(text), f"{path}/{param.name}"
            placeholder = vars(param).get("_metavar")  # (`DIR`: lang.py's Translated keeps it)
            if placeholder:
                yield placeholder, f"{path}/{param.name}"
        if isinstance(command, click.Group):
            for name, sub in subcommands(command):
                yield from walk(sub, f"{path}/{name}")

    yield from walk(cli, "baska")


def template() -> Catalog:
    """The catalog of every message, untranslated."""
    catalog = _new_catalog(None)
    for message, where in _extracted(ROOT / "baska_cli", "baska_cli"):
        catalog.add(message, locations=[(where.rpartition(":")[0], 0)])
    for text, where in _help_texts():
        catalog.add(text, locations=[(where, 0)])
    click_dir = Path(click.__file__).parent
    for message, where in _extracted(click_dir, "click"):
        catalog.add(message, locations=[(where.rpartition(":")[0], 0)], auto_comments=["Click"])
    return catalog


def _new_catalog(language: str | None) -> Catalog:
    """An empty catalog with baska's header (fixed dates: the files change only with text)."""
    return Catalog(
        locale=language,
        domain=DOMAIN,
        project="baska",
        version="0.1",
        copyright_holder="the baska authors",
        msgid_bugs_address="the baska issue tracker",
        creation_date=STAMP,
        revision_date=STAMP,
        last_translator="the baska authors",
        language_team="Polish" if language == "pl" else None,
        fuzzy=False,
    )


def _write_po(catalog: Catalog, path: Path) -> None:
    """Write a catalog as a .po file, wrapped the same way every time."""
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, omit_header=False, sort_output=False)
    path.write_bytes(buffer.getvalue())


def _read(path: Path, language: str | None = None) -> Catalog:
    """A .po or .pot file."""
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def _compiled(catalog: Catalog) -> bytes:
    """A catalog as .mo bytes (fuzzy entries left out, as gettext would)."""
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def compile_all() -> None:
    """Each .po → its .mo."""
    for language in LANGUAGES:
        path = po_path(language)
        path.with_suffix(".mo").write_bytes(_compiled(_read(path, language)))


def update() -> None:
    """Extract the template, merge it into each language's catalog, compile."""
    pot = template()
    _write_po(pot, TEMPLATE)
    for language in LANGUAGES:
        path = po_path(language)
        catalog = _read(path, language) if path.exists() else _new_catalog(language)
        catalog.update(pot, no_fuzzy_matching=False)
        catalog.obsolete.clear()  # a message gone from the code is gone from the catalog
        _write_po(catalog, path)
    compile_all()


_FIELD = re.compile(r"%\(\w+\)[sdr]|%[sdr]")


def placeholders(text: str) -> list[str]:
    """The `{name}` fields (and %-style ones Click uses) of a message, sorted."""
    fields = []
    try:
        fields = [
            f"{{{name}}}" for _, name, _, _ in string.Formatter().parse(text) if name is not None
        ]
    except ValueError:
        fields = ["<unbalanced braces>"]
    return sorted(fields + _FIELD.findall(text))


def problems(language: str) -> list[str]:
    """What is wrong with a language's catalog: untranslated, fuzzy, placeholders that
    differ, a message of the code missing, a .mo that is not the .po compiled."""
    path = po_path(language)
    catalog = _read(path, language)
    found: list[str] = []
    wanted = {m.id for m in template() if m.id}
    have = {m.id for m in catalog if m.id}
    for missing in sorted(wanted - have, key=str):
        found.append(f"{path}: not in the catalog (run tools/catalog.py update): {missing!r}")
    for message in catalog:
        if not message.id:
            continue
        where = f"{path}:{message.lineno}"
        if message.fuzzy:
            found.append(f"{where}: fuzzy: {message.id!r}")
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            found.append(f"{where}: untranslated: {message.id!r}")
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        expected = placeholders(ids[-1])
        for text in strings:
            if placeholders(text) != expected:
                found.append(
                    f"{where}: placeholders {placeholders(text)} differ from the "
                    f"message's {expected}: {message.id!r}"
                )
    if path.with_suffix(".mo").read_bytes() != _compiled(catalog):
        found.append(
            f"{path.with_suffix('.mo')}: not the .po compiled (run tools/catalog.py compile)"
        )
    return found


def _check() -> int:
    """Print the problems of every catalog; 1 if there are any."""
    found = [problem for language in LANGUAGES for problem in problems(language)]
    for problem in found:
        print(problem)
    print(f"{len(found)} problem(s)" if found else "catalogs ok")
    return 1 if found else 0


def main(argv: list[str]) -> int:
    """Run the command named on the command line."""
    command = argv[0] if argv else "update"
    if command == "update":
        update()
        return _check()
    if command == "compile":
        compile_all()
        return 0
    if command == "check":
        return _check()
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


__all__ = ["Message", "placeholders", "problems", "template", "update"]
