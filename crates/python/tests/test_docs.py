"""Every Python example of docs/python.md runs: its ```python blocks, in order, in one
namespace (each block's asserts are its checks)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import require

DOC = Path(__file__).resolve().parents[3] / "docs" / "python.md"


def blocks():
    text = DOC.read_text()
    return [(text[: m.start()].count("\n") + 2, m.group(1)) for m in re.finditer(r"^```python\n(.*?)^```$", text, re.M | re.S)]


def test_the_document_has_examples():
    assert DOC.is_file(), f"{DOC} is missing"
    assert len(blocks()) >= 8


def test_the_examples_run(capsys):
    require("pyspiel", "openspiel")
    require("pettingzoo", "pettingzoo")
    namespace: dict = {"__name__": "docs_python"}
    for line, code in blocks():
        try:
            exec(compile(code, f"{DOC.name}:{line}", "exec"), namespace)
        except Exception as error:
            pytest.fail(f"the example at docs/python.md:{line} fails: {error!r}")
