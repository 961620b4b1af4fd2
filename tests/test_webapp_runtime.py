"""webapp/runtime.py: the Pyodide runtime at its pinned version — every file checked against
its SHA-256 before it is used, from the files given, the cache, or npm's own client."""

from __future__ import annotations

import hashlib
import io
import tarfile
from pathlib import Path

import pytest

from baska_cli.webapp import runtime
from baska_cli.webapp.runtime import RuntimeMissing


def fake_files(folder: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, bytes]:
    """The runtime's files as small stand-ins, their sums the pinned ones."""
    folder.mkdir(parents=True, exist_ok=True)
    made = {name: f"{name} of the runtime".encode() for name in runtime.FILES}
    for name, data in made.items():
        (folder / name).write_bytes(data)
    sums = {name: hashlib.sha256(data).hexdigest() for name, data in made.items()}
    monkeypatch.setattr(runtime, "FILES", sums)
    return made


def tarball(path: Path, files: dict[str, bytes]) -> Path:
    with tarfile.open(path, "w:gz") as archive:
        for name, data in files.items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return path


def test_a_folder_of_the_pinned_files_is_the_runtime(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_files(tmp_path / "given", monkeypatch)
    assert runtime.runtime(str(tmp_path / "given")) == runtime.Runtime(str(tmp_path / "given"))


def test_a_file_that_differs_is_refused_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_files(tmp_path / "given", monkeypatch)
    (tmp_path / "given" / "pyodide.asm.wasm").write_bytes(b"another build")
    with pytest.raises(RuntimeMissing) as caught:
        runtime.runtime(str(tmp_path / "given"))
    assert str(caught.value) == (
        f"{tmp_path / 'given' / 'pyodide.asm.wasm'}: not the file of pyodide@314.0.8 (its "
        "SHA-256 differs); give that version's files"
    )


def test_a_missing_file_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_files(tmp_path / "given", monkeypatch)
    (tmp_path / "given" / "python_stdlib.zip").unlink()
    with pytest.raises(RuntimeMissing) as caught:
        runtime.checked(str(tmp_path / "given"))
    assert str(caught.value) == (
        f"{tmp_path / 'given'}: python_stdlib.zip is missing; expected the npm package "
        "pyodide@314.0.8"
    )


def test_a_tarball_is_checked_then_unpacked_into_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = fake_files(tmp_path / "made", monkeypatch)
    package = tarball(tmp_path / "pyodide-314.0.8.tgz", files)
    monkeypatch.setattr(runtime, "TARBALL_SHA256", hashlib.sha256(package.read_bytes()).hexdigest())
    monkeypatch.setenv("BASKA_CACHE", str(tmp_path / "cache"))
    found = runtime.runtime(str(package))
    assert found.folder == str(tmp_path / "cache" / "pyodide" / "314.0.8")
    assert {p.name: p.read_bytes() for p in Path(found.folder).iterdir()} == files
    assert runtime.runtime() == found  # (the cache, next time: no npm asked)


def test_a_tarball_of_another_version_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tarball(tmp_path / "pyodide.tgz", fake_files(tmp_path / "made", monkeypatch))
    monkeypatch.setenv("BASKA_CACHE", str(tmp_path / "cache"))
    with pytest.raises(RuntimeMissing) as caught:
        runtime.runtime(str(package))
    assert (
        str(caught.value) == f"{package}: not the npm package pyodide@314.0.8 (its SHA-256 differs)"
    )
    assert not (tmp_path / "cache" / "pyodide" / "314.0.8").exists()


def test_without_npm_and_without_a_cache_it_says_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BASKA_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(runtime.shutil, "which", lambda name: None)
    with pytest.raises(RuntimeMissing) as caught:
        runtime.runtime()
    assert str(caught.value) == (
        "the Pyodide runtime is not cached and npm is not installed to fetch it: install npm, "
        "or give the package's files with --pyodide PATH (pyodide@314.0.8)"
    )


def test_the_cache_follows_xdg_and_baska_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("BASKA_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert runtime.cache_folder() == str(tmp_path / "xdg" / "baska" / "pyodide" / "314.0.8")
    monkeypatch.setenv("BASKA_CACHE", str(tmp_path / "mine"))
    assert runtime.cache_folder() == str(tmp_path / "mine" / "pyodide" / "314.0.8")
