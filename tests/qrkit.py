"""Helpers for the tests of the QR codes on the table sheets: an inline SVG code read back
into its modules, and codes decoded by a real decoder (zxing-cpp) from those modules or from
a page rasterised by poppler's pdftoppm, as a phone's camera would see it printed."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

SVG = re.compile(r'<svg viewBox="0 0 (\d+) (\d+)" class="segno">.*?</svg>', re.DOTALL)


def svgs(html: str) -> list[str]:
    """The inline SVG QR codes of a page, in order."""
    return [found.group(0) for found in SVG.finditer(html)]


def modules(svg: str) -> list[list[bool]]:
    """An inline SVG of segno read back into its grid of modules (dark: True), quiet zone
    included: its dark path is moves (`M`, `m`) and horizontal runs (`h`) along rows."""
    found = SVG.match(svg)
    assert found is not None, svg[:80]
    size = int(found.group(1))
    path = re.search(r'<path class="qrline"[^>]*\sd="([^"]+)"', svg)
    assert path is not None
    grid = [[False] * size for _ in range(size)]
    x = y = 0.0
    for op, args in re.findall(r"([A-Za-z])([^A-Za-z]*)", path.group(1)):
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", args)]
        if op == "M":
            x, y = numbers
        elif op == "m":
            x, y = x + numbers[0], y + numbers[1]
        elif op == "h":
            for i in range(int(numbers[0])):
                grid[int(y)][int(x) + i] = True
            x += numbers[0]
        else:
            raise AssertionError(f"an SVG path command this reader does not know: {op}")
    return grid


def _zxing() -> Any:
    return pytest.importorskip("zxingcpp", reason="zxing-cpp is in the dev extra")


def decode_modules(grid: list[list[bool]], scale: int = 6) -> list[str]:
    """The texts a real decoder reads from a grid of modules drawn black on white."""
    import numpy as np

    dark = np.array(grid, dtype=bool)
    image = np.where(dark, 0, 255).astype(np.uint8).repeat(scale, 0).repeat(scale, 1)
    return [code.text for code in _zxing().read_barcodes(image)]


def decode_pdf(pdf: Path, dpi: int = 150) -> list[list[str]]:
    """Each page of a PDF rasterised in grey (pdftoppm), and the QR codes read from it."""
    import numpy as np

    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm is not installed here (.ci/run installs poppler-utils)")
    stem = pdf.with_name(pdf.stem + "-page")
    argv = ["pdftoppm", "-gray", "-r", str(dpi), str(pdf), str(stem)]
    subprocess.run(argv, capture_output=True, timeout=120, check=True)
    pages = []
    for page in sorted(pdf.parent.glob(stem.name + "-*.pgm")):
        data = page.read_bytes()
        header = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", data)
        assert header is not None, data[:20]
        width, height = int(header.group(1)), int(header.group(2))
        pixels = np.frombuffer(data[header.end() : header.end() + width * height], np.uint8)
        found = _zxing().read_barcodes(pixels.reshape(height, width))
        pages.append([code.text for code in found])
    return pages
