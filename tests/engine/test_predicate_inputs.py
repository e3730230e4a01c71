"""Each predicate of sabai_rules.engine.rules declares what it reads: its parameters, the parts of
the state it is given (a row, the flow, the ruleset), never the whole state nor anything kept
between calls. The lists of legal actions are cached under keys that hold those parts or the
predicates' answers (tests/engine/test_list_keys.py builds them afresh); a predicate that started
reading something else — a module-level table that changes, a state it was not given — would make
those keys incomplete. Read from the source, so that such a read fails here, as planted below."""

from __future__ import annotations

import ast
import builtins
from pathlib import Path

from sabai_rules.engine import rules
from sabai_rules.model import deciders

#: Read from the source tree, not the module's file: in the compiled build that is an extension.
RULES = Path(__file__).resolve().parents[2] / "sabai_rules" / "engine" / "rules.py"

#: What a predicate may name beside its parameters and locals: the module's functions and
#: constants, the types and helpers it imports, Python's builtins. Not the registries of the marks
#: (filled at import, the program's description of itself, not an input).
_REGISTRIES = {"DECIDED", "OLDER_RULES", "RULE_OF", "_RULE_OF"}


def _module_names(tree: ast.Module) -> tuple[set[str], set[str]]:
    """The module's names that a predicate may read (functions, imports, final constants), and the
    module-level names that are not constants (what no predicate may read)."""
    readable: set[str] = set(dir(builtins))
    mutable: set[str] = set(_REGISTRIES)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            readable.add(node.name)
        elif isinstance(node, ast.ImportFrom | ast.Import):
            readable.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            final = "Final" in ast.unparse(node.annotation)
            value = node.value
            constant = value is not None and not isinstance(value, ast.Dict | ast.List | ast.Set)
            (readable if final and constant else mutable).add(node.target.id)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    mutable.add(target.id)
    # A Final mapping built once from other constants (FUNCTION_RULES, _NUMBER_FIELDS) is a
    # constant too.
    for node in tree.body:
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and "Final" in ast.unparse(node.annotation)
            and node.target.id not in _REGISTRIES
        ):
            mutable.discard(node.target.id)
            readable.add(node.target.id)
    return readable, mutable


def _stray_reads(function: ast.FunctionDef, readable: set[str]) -> list[str]:
    """The names ``function`` reads that are neither its parameters, its locals nor readable."""
    arguments = function.args
    own = {a.arg for a in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]}
    own.update(a.arg for a in (arguments.vararg, arguments.kwarg) if a is not None)
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, ast.arg):
            own.add(node.arg)
    return sorted(
        {
            node.id
            for node in ast.walk(function)
            if isinstance(node, ast.Name)
            and isinstance(node.ctx, ast.Load)
            and node.id not in own
            and node.id not in readable
        }
    )


def _predicates(tree: ast.Module) -> list[ast.FunctionDef]:
    decided = {
        f.__name__
        for f in deciders.DECIDED.values()
        if getattr(f, "__module__", None) == rules.__name__
    }
    return [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in decided]


def _strays(source: str) -> dict[str, list[str]]:
    tree = ast.parse(source)
    readable, _ = _module_names(tree)
    found = {}
    for function in _predicates(tree):
        stray = _stray_reads(function, readable)
        if stray:
            found[function.name] = stray
    return found


def test_every_predicate_reads_only_its_parameters_and_constants() -> None:
    tree = ast.parse(RULES.read_text(encoding="utf-8"))
    assert len(_predicates(tree)) >= 60
    assert _strays(RULES.read_text(encoding="utf-8")) == {}


def test_a_predicate_reading_a_table_kept_between_calls_is_found() -> None:
    """Planted: ``may_peek`` consults the registry of marks, a module-level table."""
    source = RULES.read_text(encoding="utf-8")
    planted = source.replace(
        '    """11 peek: one of one\'s own cards."""\n',
        '    """11 peek: one of one\'s own cards."""\n    assert DECIDED\n',
    )
    assert planted != source
    assert _strays(planted) == {"may_peek": ["DECIDED"]}
