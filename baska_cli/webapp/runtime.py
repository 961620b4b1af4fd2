"""The Pyodide runtime the app carries: the npm package `pyodide` at one pinned version, its
files checked against the SHA-256 sums kept here, cached under ~/.cache/baska/pyodide.

It comes, in this order, from the files given (`baska app --pyodide PATH`: the package's
.tgz, or a folder of its files), from the cache, or from the npm registry through npm's own
client (`npm pack`, as npm is set up on the machine); whichever it is, every file is checked
before it is used, and nothing that fails its sum is kept or copied."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass

from baska_cli.errors import InputFileError
from baska_cli.i18n import _

PACKAGE = "pyodide"
VERSION = "314.0.8"  # Python 3.14: baska needs >= 3.11
TARBALL_SHA256 = "9a52704e0ae5b07aaacb8e4fed9f1658e8024694a078695ea45ac79dee4cefcb"
# the files the app needs from the package (the rest — the packages' lists for a CDN, the
# consoles, the type declarations, source maps — it does not), each with its SHA-256
FILES = {
    "pyodide.mjs": "1bb8cc14f9405aaa7cd4e00c12edd0a8539de9cc026618d6ee5a9663f367dc70",
    "pyodide.asm.mjs": "22514b8be6980e28a02c8b1d6387ce8dfe666fc4edf8d547cff5dce29ff4d972",
    "pyodide.asm.wasm": "e14d49ceca9b4a0e274ea918f3a898de2d3880b6e5573a6cfe1a2267ecc70329",
    "python_stdlib.zip": "2bd3394a145bfbbe5bbc9d9d6ab9136abbb986c6fef6c142b3a2962227aa5c28",
    "pyodide-lock.json": "5dc2fc119108bc148c7457dc86e7675b5c87e1cafd420b9c34c1eaef7b36c010",
}
NPM_TIME = 300  # seconds `npm pack` may take (6.5 MB)


class RuntimeMissing(InputFileError):
    """The runtime cannot be had: not given, not cached, not fetched, or its files are not
    the pinned version's."""


@dataclass(frozen=True, slots=True)
class Runtime:
    """The runtime's checked files, in `folder`; `version` of the npm package."""

    folder: str
    version: str = VERSION


def cache_folder() -> str:
    """Where the runtime is cached: $BASKA_CACHE, else $XDG_CACHE_HOME/baska, else
    ~/.cache/baska; then pyodide/VERSION."""
    base = os.environ.get("BASKA_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
        "baska",
    )
    return os.path.join(base, PACKAGE, VERSION)


def sha256_of(path: str) -> str:
    """The SHA-256 of a file, in hex."""
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def checked(folder: str) -> Runtime:
    """The runtime in `folder` if every file the app needs is there with its pinned sum;
    else a RuntimeMissing naming the first file that is missing or differs."""
    for name, expected in FILES.items():
        path = os.path.join(folder, name)
        if not os.path.isfile(path):
            raise RuntimeMissing(
                _(
                    "{folder}: {name} is missing; expected the npm package {package}@{version}"
                ).format(folder=folder, name=name, package=PACKAGE, version=VERSION)
            )
        if sha256_of(path) != expected:
            raise RuntimeMissing(
                _(
                    "{path}: not the file of {package}@{version} (its SHA-256 differs); "
                    "give that version's files"
                ).format(path=path, package=PACKAGE, version=VERSION)
            )
    return Runtime(folder)


def unpacked(tarball: str, folder: str) -> Runtime:
    """The npm package's .tgz (its SHA-256 checked) unpacked into `folder`: the files the
    app needs, each checked, put in place together."""
    if sha256_of(tarball) != TARBALL_SHA256:
        raise RuntimeMissing(
            _("{path}: not the npm package {package}@{version} (its SHA-256 differs)").format(
                path=tarball, package=PACKAGE, version=VERSION
            )
        )
    os.makedirs(os.path.dirname(folder) or ".", exist_ok=True)
    staging = tempfile.mkdtemp(prefix=".pyodide-", dir=os.path.dirname(folder) or ".")
    try:
        with tarfile.open(tarball, "r:gz") as archive:
            for name in FILES:
                member = archive.getmember(f"package/{name}")
                source = archive.extractfile(member)
                assert source is not None
                with source, open(os.path.join(staging, name), "wb") as target:
                    shutil.copyfileobj(source, target)
        checked(staging)
        if os.path.isdir(folder):
            shutil.rmtree(folder)
        os.replace(staging, folder)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return Runtime(folder)


def fetched(folder: str) -> Runtime:
    """The pinned package fetched with npm's own client (`npm pack`), checked, unpacked into
    `folder`."""
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeMissing(
            _(
                "the Pyodide runtime is not cached and npm is not installed to fetch it: "
                "install npm, or give the package's files with --pyodide PATH "
                "({package}@{version})"
            ).format(package=PACKAGE, version=VERSION)
        )
    with tempfile.TemporaryDirectory() as where:
        try:
            subprocess.run(
                [npm, "pack", f"{PACKAGE}@{VERSION}", "--pack-destination", where, "--silent"],
                check=True,
                capture_output=True,
                timeout=NPM_TIME,
                cwd=where,
            )
        except (OSError, subprocess.SubprocessError) as error:
            said = getattr(error, "stderr", b"") or b""
            reason = said.decode("utf-8", "replace").strip().splitlines()[-1:] or [str(error)]
            raise RuntimeMissing(
                _("npm could not fetch {package}@{version}: {reason}").format(
                    package=PACKAGE, version=VERSION, reason=reason[0]
                )
            ) from None
        return unpacked(os.path.join(where, f"{PACKAGE}-{VERSION}.tgz"), folder)


def runtime(given: str | None = None, fetch: bool = True) -> Runtime:
    """The runtime: from `given` (a .tgz or a folder), else the cache, else fetched into the
    cache (unless not `fetch`)."""
    if given is not None:
        if os.path.isdir(given):
            return checked(given)
        return unpacked(given, cache_folder())
    cached = cache_folder()
    if os.path.isdir(cached):
        try:
            return checked(cached)
        except RuntimeMissing:
            pass  # (a cache damaged: fetched again)
    if not fetch:
        raise RuntimeMissing(
            _("the Pyodide runtime is not cached in {folder}: run `baska app OUT` once").format(
                folder=cached
            )
        )
    return fetched(cached)
