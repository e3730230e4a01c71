"""The package's layers: each module imports only from its own layer or the ones below, the
engine's inner modules never import their public front, and ``import sabai_rules`` needs nothing
but the standard library and attrs."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "sabai_rules"

#: Each module's layer: the data (0), the engine (1), play above the engine (2), the referee's
#: record format (3), replaying and wording (4), rendering and export (5), applications (6): the
#: bots, the command line, the scribe and the adapters to OpenSpiel and PettingZoo (which alone
#: import numpy and their framework, and only when imported themselves; the scribe's server alone
#: imports Starlette).
LAYERS = {
    "sabai_rules.cards": 0,
    "sabai_rules.catalogue": 0,
    "sabai_rules.chance": 0,
    "sabai_rules.ruleset": 0,
    "sabai_rules.state": 0,
    "sabai_rules.events": 0,
    "sabai_rules.messages": 0,
    "sabai_rules.engine": 1,
    "sabai_rules.engine.actions": 1,
    "sabai_rules.engine.arguments": 1,
    "sabai_rules.engine.rules": 1,
    "sabai_rules.engine.dealing": 1,
    "sabai_rules.engine.legality": 1,
    "sabai_rules.engine.work": 1,
    "sabai_rules.engine.flow": 1,
    "sabai_rules.engine.effects": 1,
    "sabai_rules.engine.shortcuts": 1,
    "sabai_rules.engine.outcomes": 1,
    "sabai_rules.engine.transition": 1,
    "sabai_rules.engine.enumeration": 1,
    "sabai_rules.moves": 1,
    "sabai_rules.views": 2,
    "sabai_rules.scoring": 2,
    "sabai_rules.layout": 2,
    "sabai_rules.position": 2,
    "sabai_rules.game": 2,
    "sabai_rules.space": 2,
    "sabai_rules.sequential": 2,
    "sabai_rules.episode": 2,
    "sabai_rules.referee.record": 3,
    "sabai_rules.referee.unknown": 4,
    "sabai_rules.referee.steps": 4,
    "sabai_rules.referee.tables": 4,
    "sabai_rules.referee.replay": 4,
    "sabai_rules.referee.judge": 4,
    "sabai_rules.referee.i18n": 4,
    "sabai_rules.referee.render": 5,
    "sabai_rules.referee.picture": 5,
    "sabai_rules.referee.export": 5,
    "sabai_rules.referee.viewer": 5,
    "sabai_rules.referee": 5,
    "sabai_rules.bots": 6,
    "sabai_rules.search": 6,
    "sabai_rules.tournament": 6,
    "sabai_rules.report": 6,
    "sabai_rules.impact": 6,
    "sabai_rules.cli": 6,
    "sabai_rules.scribe": 6,
    "sabai_rules.scribe.session": 6,
    "sabai_rules.scribe.wire": 6,
    "sabai_rules.scribe.server": 6,
    "sabai_rules.openspiel": 6,
    "sabai_rules.pettingzoo": 6,
    "sabai_rules.__main__": 6,
    "sabai_rules": 6,
}

#: Imports the layers alone would allow, but the design does not.
FORBIDDEN = {
    # The engine's inner modules are below their front.
    **{m: {"sabai_rules.moves"} for m in LAYERS if m.startswith("sabai_rules.engine")},
    # Wording actions for people does not depend on how records store them.
    "sabai_rules.referee.i18n": {"sabai_rules.referee.record"},
    # The scribe's record and its JSON know nothing of the web server that carries them.
    "sabai_rules.scribe.session": {"sabai_rules.scribe.wire", "sabai_rules.scribe.server"},
    "sabai_rules.scribe.wire": {"sabai_rules.scribe.server"},
}


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The sabai modules ``path`` imports (``from a import b`` counts a.b when that is a
    module, else a)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                found.add(submodule if submodule in LAYERS else node.module)
    return {name for name in found if name.split(".")[0] in ("sabai_rules", "sabai_dev")}


def _layer_of(name: str) -> int | None:
    while name:
        if name in LAYERS:
            return LAYERS[name]
        name = name.rpartition(".")[0]
    return None


def test_every_module_has_a_layer() -> None:
    modules = {_module_name(p) for p in PACKAGE.rglob("*.py")}
    assert modules == set(LAYERS)


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: p.stem)
def test_a_module_imports_nothing_above_its_layer(path: Path) -> None:
    module = _module_name(path)
    own = LAYERS[module]
    for target in sorted(_imports(path)):
        assert not target.startswith("sabai_dev"), f"{module} imports development code {target}"
        layer = _layer_of(target)
        assert layer is not None, f"{module} imports {target}, which has no layer"
        assert layer <= own, f"{module} (layer {own}) imports {target} (layer {layer})"
        assert target not in FORBIDDEN.get(module, set()), f"{module} must not import {target}"


def test_the_layer_check_catches_an_upward_import(tmp_path: Path) -> None:
    """The check above reads imports as written: an engine module importing the referee is
    found (so the test cannot pass by reading nothing)."""
    bad = tmp_path / "bad.py"
    bad.write_text("from sabai_rules.referee.record import Record\n", encoding="utf-8")
    assert _layer_of(max(_imports(bad))) == 3 > LAYERS["sabai_rules.engine.rules"]


def test_importing_the_package_needs_only_the_standard_library_and_attrs() -> None:
    """What ``python -X importtime -c "import sabai_rules"`` lists: every module it loads."""
    probe = (
        "import sys; before = set(sys.modules); import sabai_rules; "
        "print('\\n'.join(sorted(set(sys.modules) - before)))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    # The compiled build adds mypyc's shared library of this package, ``<hash>__mypyc``.
    loaded = {name.split(".")[0] for name in result.stdout.split() if not name.endswith("__mypyc")}
    allowed = set(sys.stdlib_module_names) | {"attr", "attrs", "sabai_rules"}
    assert "sabai_rules" in loaded
    assert loaded <= allowed, sorted(loaded - allowed)


@pytest.mark.parametrize(
    "module", ["sabai_rules.cli", "sabai_rules.scribe.session", "sabai_rules.scribe.wire"]
)
def test_the_command_line_and_the_scribes_record_load_no_web_framework(module: str) -> None:
    """Starlette and uvicorn are the ``scribe`` extra: only the scribe's server imports them, when
    ``sabai scribe`` serves."""
    probe = (
        f"import sys; import {module}; "
        "print(' '.join(m for m in ('starlette', 'uvicorn') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert result.stdout.split() == []
