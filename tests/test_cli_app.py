"""`baska app OUT`: the app written, said in one line; a runtime that is not the pinned one
refused (exit 1), nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clikit import invoke
from tests.test_webapp_runtime import fake_files


def test_baska_app_writes_the_folder_and_says_how_to_try_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_files(tmp_path / "pyodide", monkeypatch)
    out = tmp_path / "baska-app"
    done = invoke("app", str(out), "--pyodide", str(tmp_path / "pyodide"))
    assert (done.exit_code, done.stderr) == (0, "")
    assert done.stdout.startswith(f"{out}: the app, ")
    assert done.stdout.endswith(
        f"try it: python -m http.server -d {out} -b 127.0.0.1 8000, then open "
        "http://127.0.0.1:8000/\n"
    )
    assert (out / "index.html").is_file() and (out / "sw.js").is_file()


def test_a_runtime_that_is_not_the_pinned_one_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_files(tmp_path / "pyodide", monkeypatch)
    (tmp_path / "pyodide" / "pyodide.mjs").write_text("another version")
    out = tmp_path / "baska-app"
    done = invoke("--lang", "pl", "app", str(out), "--pyodide", str(tmp_path / "pyodide"))
    assert (done.exit_code, done.stdout) == (1, "")
    assert done.stderr == (
        f"Błąd: {tmp_path / 'pyodide' / 'pyodide.mjs'}: to nie plik z pyodide@314.0.8 (inna "
        "suma SHA-256); podaj pliki tej wersji\n"
    )
    assert not out.exists()


def test_serve_refuses_an_app_folder_baska_did_not_make(tmp_path: Path) -> None:
    (tmp_path / "e.csv").write_text("", "utf-8")
    done = invoke("serve", str(tmp_path / "e.csv"), "--app", str(tmp_path))
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr == (
        f"Error: --app {tmp_path}: not an app made by `baska app`; make it: baska app {tmp_path}\n"
    )
