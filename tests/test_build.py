"""Which build the suite runs on. ``SABAI_BUILD=compiled`` (set by ``.ci/run`` once the compiled
wheel's hook has compiled in place, or after ``tools/build_compiled.py``) expects every module of
the mypyc hook to import compiled; otherwise
the pure-Python package is expected, so that a compiled build left in the tree is never tested by
mistake as the reference."""

from __future__ import annotations

import importlib
import importlib.util
import os
from pathlib import Path

import pytest

from sabai_rules.engine import COMPILED

ROOT = Path(__file__).resolve().parent.parent
BUILD = os.environ.get("SABAI_BUILD", "pure")


def _module_names() -> list[str]:
    spec = importlib.util.spec_from_file_location(
        "build_compiled", ROOT / "tools" / "build_compiled.py"
    )
    assert spec is not None
    assert spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    files: list[str] = tool.modules()
    return [f.removesuffix(".py").replace("/", ".").removesuffix(".__init__") for f in files]


def test_the_hook_compiles_the_engine_the_state_and_the_cards() -> None:
    names = _module_names()
    for name in ("sabai_rules.state", "sabai_rules.moves", "sabai_rules.engine.rules"):
        assert name in names
    # The referee, the records and the catalogue stay interpreted in both builds.
    assert not [
        n for n in names if n.startswith(("sabai_rules.referee", "sabai_rules.model.catalogue"))
    ]


@pytest.mark.parametrize("name", _module_names())
def test_the_suite_runs_on_the_build_it_names(name: str) -> None:
    assert BUILD in {"pure", "compiled"}, f"SABAI_BUILD={BUILD!r}: pure or compiled"
    path = importlib.import_module(name).__file__
    assert path is not None
    compiled = not path.endswith(".py")
    assert compiled == (BUILD == "compiled"), f"{name} is loaded from {path} (SABAI_BUILD={BUILD})"


def test_the_engine_says_which_build_it_is() -> None:
    assert COMPILED is (BUILD == "compiled")
