"""The type stubs `_native.pyi` name what the native module has: the same functions,
classes, methods and properties, with the same parameters."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path
from typing import Dict, List

import tabula_games
from tabula_games import _native

STUB = Path(tabula_games.__file__).with_name("_native.pyi")
# Declared in the stubs only for type checkers: MoveList iterates through __getitem__.
STUB_ONLY = {("MoveList", "__iter__")}
# Dunders worth a stub; the rest (__repr__, __doc__...) every object has.
DUNDERS = {"__new__", "__len__", "__getitem__", "__eq__", "__hash__", "__copy__", "__deepcopy__"}


def stub_tree() -> ast.Module:
    return ast.parse(STUB.read_text())


def parameters(node: ast.FunctionDef) -> List[str]:
    args = node.args
    names = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
    return [n for n in names if n not in ("self", "cls")]


def runtime_parameters(obj) -> List[str]:
    signature = getattr(obj, "__text_signature__", None)
    if not signature:
        return []
    names = [p.split("=")[0].strip() for p in signature.strip("()").split(",")]
    return [n for n in names if n and n not in ("$self", "$cls", "$type", "/", "*")]


def public(name: str) -> bool:
    return not name.startswith("_") or name in DUNDERS


def test_the_stub_names_every_function_and_class():
    tree = stub_tree()
    names = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and not n.name.startswith("_")}
    assert names | {"__version__"} == set(_native.__all__)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            assert parameters(node) == runtime_parameters(getattr(_native, node.name)), node.name


def test_the_stub_names_every_method_and_property():
    for node in stub_tree().body:
        if not isinstance(node, ast.ClassDef) or node.name.startswith("_"):
            continue
        runtime = getattr(_native, node.name)
        stubbed: Dict[str, ast.FunctionDef] = {}
        for item in node.body:
            if isinstance(item, ast.FunctionDef):
                stubbed[item.name] = item
        present = {name for name, _ in inspect.getmembers(runtime) if public(name) and name in vars(runtime)} - {"__new__"}
        if runtime.__text_signature__:  # a class Python can make has a constructor
            present.add("__new__")
        assert set(stubbed) - {m for c, m in STUB_ONLY if c == node.name} == present, node.name
        for name, item in stubbed.items():
            member = getattr(runtime, name) if name in vars(runtime) else None
            if name == "__new__":
                assert parameters(item) == runtime_parameters(runtime), node.name
            elif callable(member) and name.startswith("__"):
                # Slots take their parameters by position: only the count matters.
                assert len(parameters(item)) == len(runtime_parameters(member)), f"{node.name}.{name}"
            elif callable(member):
                assert parameters(item) == runtime_parameters(member), f"{node.name}.{name}"
            elif member is not None and not callable(member):
                # A property in the stub is a getter in Rust.
                assert any(isinstance(d, ast.Name) and d.id == "property" for d in item.decorator_list), f"{node.name}.{name}"


def test_the_docstrings_of_the_package_run():
    # tabula_games' own docstring is an example session.
    import doctest

    failures, tried = doctest.testmod(tabula_games, verbose=False)
    assert tried > 0 and failures == 0
