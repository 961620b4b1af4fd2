"""webapp/build.py and webapp/bundle.py: the app's folder — its page with the words of both
languages, the table page's scripts beside the app's own, the runtime's files, baska's own
Python with its libraries (no command line, no C), a service worker that lists every file,
a manifest with its icons — written whole, never over a folder that is not an app."""

from __future__ import annotations

import json
import os
import re
import zipfile
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from baska_cli.errors import InputFileError
from baska_cli.web.app import make_app
from baska_cli.webapp import bundle
from baska_cli.webapp.build import STAMP, build
from baska_cli.webapp.runtime import FILES, Runtime
from tests.ledgerkit import EMPTY


@pytest.fixture
def runtime(tmp_path: Path) -> Runtime:
    """A stand-in for the runtime's files (the build copies them; their sums are
    runtime.py's to check)."""
    folder = tmp_path / "pyodide"
    folder.mkdir()
    for name in FILES:
        (folder / name).write_bytes(name.encode())
    return Runtime(str(folder))


def files_of(folder: Path) -> list[str]:
    return sorted(
        str(path.relative_to(folder)).replace(os.sep, "/")
        for path in folder.rglob("*")
        if path.is_file()
    )


def test_the_folder_holds_the_page_the_scripts_the_runtime_and_baskas_python(
    tmp_path: Path, runtime: Runtime
) -> None:
    out = tmp_path / "app"
    built = build(str(out), runtime)
    names = files_of(out)
    assert {
        "index.html",
        "sw.js",
        "manifest.webmanifest",
        "baska.zip",
        STAMP,
        "app/boot.js",
        "app/bridge.js",
        "app/store.js",
        "app/home.js",
        "app/icon-192.png",
        "static/baska.js",
        "static/api.js",
        "static/transport.js",
        *(f"pyodide/{name}" for name in FILES),
    } <= set(names)
    assert (built.files, built.version) == (
        len(names),
        json.loads((out / STAMP).read_text())["version"],
    )
    assert built.compressed < built.size


def test_the_service_worker_keeps_every_file_of_the_app(tmp_path: Path, runtime: Runtime) -> None:
    out = tmp_path / "app"
    built = build(str(out), runtime)
    worker = (out / "sw.js").read_text("utf-8")
    listed = json.loads(re.search(r"const FILES = (\[.*?\]);", worker, re.S).group(1))
    kept = [n for n in files_of(out) if n not in ("sw.js", STAMP)]  # (the stamp: for baska)
    assert sorted(listed) == sorted(["./", *kept])
    assert f'const VERSION = "{built.version}";' in worker


def test_the_page_carries_the_words_of_both_languages(tmp_path: Path, runtime: Runtime) -> None:
    out = tmp_path / "app"
    build(str(out), runtime)
    page = (out / "index.html").read_text("utf-8")
    words = json.loads(
        re.search(r'<script id="app-words" type="application/json">(.*?)</script>', page).group(1)
    )
    assert (words["pl"]["new"], words["en"]["new"]) == ("Nowy wieczór", "New evening")
    manifest = json.loads((out / "manifest.webmanifest").read_text("utf-8"))
    assert (manifest["display"], manifest["start_url"]) == ("standalone", "./")
    assert [icon["sizes"] for icon in manifest["icons"]] == ["192x192", "512x512", "any"]


def test_the_bundle_is_baskas_python_without_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "baska.zip"
    bundle.write(str(path))
    names = zipfile.ZipFile(path).namelist()
    assert "baska_cli/webapp/inpage.py" in names
    assert "baska_cli/web/templates/table.html.j2" in names
    assert "baska_cli/locale/pl/LC_MESSAGES/baska.mo" in names
    assert "starlette/applications.py" in names and "jinja2/environment.py" in names
    assert not [n for n in names if n.startswith(("baska_cli/cli/", "baska_cli/web/static/"))]
    assert not [n for n in names if n.endswith((".so", ".pyc", ".po", ".c"))]
    again = tmp_path / "again.zip"
    bundle.write(str(again))
    assert again.read_bytes() == path.read_bytes()  # (the same code: the same bytes)


def test_an_app_is_built_again_in_its_place(tmp_path: Path, runtime: Runtime) -> None:
    out = tmp_path / "app"
    build(str(out), runtime)
    (out / "app" / "stale.js").write_text("old")
    build(str(out), runtime)
    assert not (out / "app" / "stale.js").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_folder_that_is_not_an_app_is_never_written_over(
    tmp_path: Path, runtime: Runtime
) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "precious.txt").write_text("precious")
    with pytest.raises(InputFileError) as caught:
        build(str(out), runtime)
    assert str(caught.value) == (
        f"{out}: the folder holds other files; the app is written into a new or empty folder, "
        "or over an app baska built"
    )
    assert files_of(out) == ["precious.txt"]


def test_baska_serve_serves_the_app_at_app(tmp_path: Path, runtime: Runtime) -> None:
    out = tmp_path / "app"
    build(str(out), runtime)
    ledger = tmp_path / "e.csv"
    ledger.write_text(EMPTY, "utf-8")
    with TestClient(make_app({str(ledger): "k"}, "en", str(out))) as client:
        page = client.get("/app/")
        assert (page.status_code, page.text) == (200, (out / "index.html").read_text("utf-8"))
        assert client.get("/app/pyodide/pyodide.mjs").content == b"pyodide.mjs"
    with TestClient(make_app({str(ledger): "k"}, "pl")) as client:
        missing = client.get("/app/")
        assert missing.status_code == 404
        assert "baska app KATALOG" in missing.text
