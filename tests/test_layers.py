"""The package's layers, read from the folders: each module imports only from its own layer or the
ones below (module-level, function-level and ``TYPE_CHECKING`` imports alike), siblings in a layer
do not know each other, nothing inside the package imports a public compatibility path, and the
import graph has no cycle."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from sabai_dev.layers import PUBLIC_PATHS

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "sabai_rules"

#: Each folder's (or top-level module's) layer and group: the model (0), the engine and its front
#: (1), play (2), the referee beside the frameworks' adapters (3), the agents beside the scribe (4),
#: the command line, the package and the public paths kept for the README (5).
GROUPS: dict[str, tuple[int, str]] = {
    "sabai_rules.model": (0, "model"),
    "sabai_rules.state": (0, "model"),
    "sabai_rules.engine": (1, "engine"),
    "sabai_rules.moves": (1, "engine"),
    "sabai_rules.play": (2, "play"),
    "sabai_rules.referee": (3, "referee"),
    "sabai_rules.frameworks": (3, "frameworks"),
    "sabai_rules.agents": (4, "agents"),
    "sabai_rules.scribe": (4, "scribe"),
    "sabai_rules.cli": (5, "app"),
    "sabai_rules.__main__": (5, "app"),
    "sabai_rules": (5, "app"),
}
#: What the layers above the engine may import of it: its front and the documented engine API.
ENGINE_API = {"sabai_rules.moves", "sabai_rules.engine", "sabai_rules.engine.rules"}
#: Past the front on purpose: the episodes apply the action the listing numbered, unchecked.
ENGINE_EXCEPTIONS = {("sabai_rules.play.episode", "sabai_rules.engine.transition")}
#: The build order inside a folder, as its package's docstring gives it: a module imports no
#: module of a higher rank (the cycle test keeps those of equal rank apart).
ORDER: dict[str, int] = {
    **dict.fromkeys(["sabai_rules.engine", "sabai_rules.engine.actions"], 0),
    "sabai_rules.engine.rules": 1,
    **dict.fromkeys(["sabai_rules.engine.dealing", "sabai_rules.engine.legality"], 2),
    "sabai_rules.engine.work": 2,
    "sabai_rules.engine.flow": 3,
    **dict.fromkeys(["sabai_rules.engine.effects", "sabai_rules.engine.shortcuts"], 4),
    "sabai_rules.engine.outcomes": 5,
    "sabai_rules.engine.enumeration": 5,
    "sabai_rules.engine.transition": 6,
    "sabai_rules.moves": 7,
    "sabai_rules.referee.record": 0,
    **dict.fromkeys(
        [
            f"sabai_rules.referee.{m}"
            for m in ("unknown", "steps", "tables", "replay", "judge", "i18n")
        ],
        1,
    ),
    **dict.fromkeys(
        [f"sabai_rules.referee.{m}" for m in ("render", "picture", "export", "viewer")], 2
    ),
    "sabai_rules.referee": 2,
}
#: Imports the layers alone would allow, but the design does not.
FORBIDDEN = {
    "sabai_rules.referee.i18n": {"sabai_rules.referee.record"},
    "sabai_rules.scribe.session": {"sabai_rules.scribe.wire", "sabai_rules.scribe.server"},
    "sabai_rules.scribe.wire": {"sabai_rules.scribe.server"},
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(module: str) -> list[tuple[str, int, str]]:
    """(imported module, line, kind) of every import in ``module``: kind ``top`` (run on import),
    ``lazy`` (in a function's body) or ``typing`` (under ``if TYPE_CHECKING:``). ``from a import
    b`` counts ``a.b`` when that is a module, else ``a``; relative imports are resolved."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[str, int, str]] = []

    def visit(node: ast.AST, kind: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = kind
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                inner = "lazy" if kind == "top" else kind
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for statement in child.body:
                    visit(ast.Module(body=[statement], type_ignores=[]), "typing")
                for statement in child.orelse:
                    visit(ast.Module(body=[statement], type_ignores=[]), kind)
                continue
            if isinstance(child, ast.Import):
                found.extend((alias.name, child.lineno, inner) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join([*parts, *([base] if base else [])])
                for alias in child.names:
                    sub = f"{base}.{alias.name}"
                    found.append((sub if sub in MODULES else base, child.lineno, inner))
            visit(child, inner)

    visit(ast.parse(path.read_text(encoding="utf-8")), "top")
    ours = {(t, line, k) for t, line, k in found if t.split(".")[0] in ("sabai_rules", "sabai_dev")}
    return sorted(ours, key=lambda item: (item[1], item[0]))


def place(module: str) -> tuple[int, str]:
    if module in PUBLIC_PATHS:
        return 5, "public"
    name = module
    while name:
        if name in GROUPS:
            return GROUPS[name]
        name = name.rpartition(".")[0]
    raise AssertionError(f"{module} is in no layer: add its folder to GROUPS")


def problems() -> list[str]:
    out: list[str] = []
    for module in sorted(MODULES):
        layer, group = place(module)
        for target, line, kind in imports(module):
            where = f"{module}:{line} ({kind}) imports {target}"
            if target.startswith("sabai_dev"):
                out.append(f"{where}: development code")
                continue
            if target in PUBLIC_PATHS and module != "sabai_rules":
                out.append(f"{where}: a public path; import {PUBLIC_PATHS[target]}")
                continue
            t_layer, t_group = place(target)
            if t_layer > layer:
                out.append(f"{where}: layer {layer} imports layer {t_layer}")
            elif t_layer == layer and t_group != group and "public" not in (group, t_group):
                out.append(f"{where}: {group} and {t_group} are siblings")
            if (
                layer >= 2
                and t_group == "engine"
                and target not in ENGINE_API
                and module != "sabai_rules"
                and (module, target) not in ENGINE_EXCEPTIONS
            ):
                out.append(f"{where}: past the engine's front")
            if (
                group == "engine"
                and module != "sabai_rules.moves"
                and target == "sabai_rules.moves"
            ):
                out.append(f"{where}: the engine's inner modules are below their front")
            if (
                t_group == group
                and module in ORDER
                and target in ORDER
                and ORDER[target] > ORDER[module]
            ):
                out.append(f"{where}: against the build order of {group}")
            if target in FORBIDDEN.get(module, ()):
                out.append(f"{where}: forbidden")
    return out


def cycles() -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), every kind of import."""
    graph = {m: sorted({t for t, _, _ in imports(m) if t in MODULES and t != m}) for m in MODULES}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    sys.setrecursionlimit(10_000)

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def test_every_module_is_in_a_layer() -> None:
    for module in MODULES:
        place(module)


def test_no_module_imports_above_its_layer_nor_a_sibling() -> None:
    assert problems() == []


def test_the_import_graph_has_no_cycle() -> None:
    assert cycles() == []


@pytest.mark.parametrize("public", sorted(PUBLIC_PATHS))
def test_a_public_path_re_exports_its_module(public: str) -> None:
    """A public path holds no code: it imports names from its layer's modules and lists them
    in ``__all__``, the very objects."""
    tree = ast.parse(MODULES[public].read_text(encoding="utf-8"))
    sources: dict[str, str] = {}
    for node in tree.body:
        assert isinstance(node, ast.Expr | ast.ImportFrom | ast.Assign), (public, node.lineno)
        if isinstance(node, ast.ImportFrom) and node.module != "__future__":
            assert node.module is not None
            assert node.module.startswith(PUBLIC_PATHS[public].rpartition(".")[0])
            sources.update((alias.name, node.module) for alias in node.names)
    front = importlib.import_module(public)
    assert sorted(front.__all__) == sorted(sources)
    for name, source in sources.items():
        assert getattr(front, name) is getattr(importlib.import_module(source), name), name


def test_the_check_catches_an_upward_import_in_a_function(tmp_path: Path) -> None:
    """A function-level import counts: a model module importing the referee is found."""
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from sabai_rules.referee import record\n", encoding="utf-8")
    MODULES["sabai_rules.model.bad"] = bad
    try:
        assert any("layer 0 imports layer 3" in p for p in problems())
    finally:
        del MODULES["sabai_rules.model.bad"]


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


if __name__ == "__main__":  # python tests/test_layers.py: the problems, one a line
    for line in problems():
        print(line)
    for component in cycles():
        print("cycle:", " -> ".join(component))
