"""`baska app OUT`: the static web app written into a folder — its page (index.html), the
table page's scripts and styles (web/static), the app's own (webapp/static), the Pyodide
runtime (webapp/runtime.py), baska's own Python (baska.zip, webapp/bundle.py), the service
worker with the list of every file (sw.js) and the web manifest with its icons.

The folder is made beside OUT and put in its place whole; an OUT that holds anything but an
app baska built is never written over."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass

from baska_cli import __version__
from baska_cli.errors import InputFileError
from baska_cli.i18n import _, language
from baska_cli.webapp import bundle
from baska_cli.webapp.runtime import FILES as RUNTIME_FILES
from baska_cli.webapp.runtime import Runtime
from baska_cli.webapp.words import all_words

HERE = os.path.dirname(os.path.abspath(__file__))
APP_STATIC = os.path.join(HERE, "static")  # the app's own scripts, style and icons
PAGE_STATIC = os.path.join(os.path.dirname(HERE), "web", "static")  # the table page's
TEMPLATES = os.path.join(HERE, "templates")
STAMP = "baska-app.json"  # what a built folder says of itself (baska's and Pyodide's versions)
THEME = "#1d5f3a"  # the header's green (static/theme.css --accent)
BACKGROUND = "#f3f1ec"  # the page's light background (theme.css --bg)


@dataclass(frozen=True, slots=True)
class Built:
    """An app written: its folder, its version (a digest of every file), how many files,
    their bytes, and their bytes as a web host sends them compressed (gzip -9)."""

    folder: str
    version: str
    files: int
    size: int
    compressed: int


def _template(name: str, context: dict[str, object]) -> str:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html.j2"], default=False),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
    )
    return env.get_template(name).render(context)


def manifest(lang: str) -> dict[str, object]:
    """The web manifest: installable, standalone, its icons."""
    return {
        "name": "Baśka",
        "short_name": "Baśka",
        "description": _("The scoring of Baśka at the table, on one phone, offline."),
        "lang": lang,
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": [
            {"src": "app/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "app/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {"src": "app/icon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    }


def _copy_folder(source: str, target: str) -> None:
    os.makedirs(target, exist_ok=True)
    for name in sorted(os.listdir(source)):
        path = os.path.join(source, name)
        if os.path.isfile(path):
            shutil.copyfile(path, os.path.join(target, name))


def _listed(folder: str) -> list[str]:
    """Every file under `folder`, as a relative URL path, in a fixed order."""
    found = []
    for where, folders, files in os.walk(folder):
        folders.sort()
        for name in sorted(files):
            found.append(os.path.relpath(os.path.join(where, name), folder).replace(os.sep, "/"))
    return found


def _digest(folder: str, names: list[str]) -> str:
    digest = hashlib.sha256()
    for name in names:
        digest.update(name.encode() + b"\0")
        with open(os.path.join(folder, name), "rb") as stream:
            digest.update(hashlib.sha256(stream.read()).digest())
    return digest.hexdigest()[:16]


def _refuse_foreign(out: str) -> None:
    """Refuse an OUT that is a file, or a folder holding anything but a built app."""
    if os.path.lexists(out) and not os.path.isdir(out):
        raise InputFileError(
            _("{out}: not a folder; the app is written into a folder").format(out=out)
        )
    if os.path.isdir(out) and os.listdir(out) and not os.path.isfile(os.path.join(out, STAMP)):
        raise InputFileError(
            _(
                "{out}: the folder holds other files; the app is written into a new or empty "
                "folder, or over an app baska built"
            ).format(out=out)
        )


def write_app(folder: str, runtime: Runtime) -> tuple[str, list[str]]:
    """Every file of the app written into the empty `folder`: its version and files."""
    _copy_folder(PAGE_STATIC, os.path.join(folder, "static"))
    _copy_folder(APP_STATIC, os.path.join(folder, "app"))
    os.makedirs(os.path.join(folder, "pyodide"))
    for name in RUNTIME_FILES:
        shutil.copyfile(os.path.join(runtime.folder, name), os.path.join(folder, "pyodide", name))
    bundle.write(os.path.join(folder, "baska.zip"))
    lang = language()
    with open(os.path.join(folder, "manifest.webmanifest"), "w", encoding="utf-8") as stream:
        json.dump(manifest(lang), stream, ensure_ascii=False, indent=1)
    # the version: every file but the page (which names it) and the service worker
    version = _digest(folder, _listed(folder))
    build = {"version": version, "baska": __version__, "pyodide": runtime.version}
    page = _template("app.html.j2", {"lang": lang, "words": all_words(), "build": build})
    with open(os.path.join(folder, "index.html"), "w", encoding="utf-8") as stream:
        stream.write(page)
    names = ["./", *_listed(folder)]
    worker = _template("sw.js.j2", {"version": version, "files": names})
    with open(os.path.join(folder, "sw.js"), "w", encoding="utf-8") as stream:
        stream.write(worker)
    with open(os.path.join(folder, STAMP), "w", encoding="utf-8") as stream:
        json.dump(build, stream, indent=1)
    return version, names


def build(out: str, runtime: Runtime) -> Built:
    """The app written into `out` (made beside it, then put in its place whole)."""
    _refuse_foreign(out)
    parent = os.path.dirname(os.path.abspath(out))
    os.makedirs(parent, exist_ok=True)
    staging = tempfile.mkdtemp(prefix=".baska-app-", dir=parent)
    try:
        version, _names = write_app(staging, runtime)
        os.chmod(staging, 0o755)
        if os.path.isdir(out):
            old = tempfile.mkdtemp(prefix=".baska-app-old-", dir=parent)
            os.rmdir(old)
            os.replace(out, old)
            os.replace(staging, out)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(staging, out)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return measured(out, version)


def measured(folder: str, version: str) -> Built:
    """A built folder's files, bytes, and bytes gzip-compressed as a web host sends them."""
    size = compressed = 0
    names = _listed(folder)
    for name in names:
        with open(os.path.join(folder, name), "rb") as stream:
            data = stream.read()
        size += len(data)
        compressed += len(gzip.compress(data, compresslevel=9, mtime=0))
    return Built(folder, version, len(names), size, compressed)
