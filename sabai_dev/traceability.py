"""Rules to code to tests: which code implements each rule, which tests and scenarios check it.

The scanner reads a source checkout (the package ``sabai_rules/`` with its subpackages,
``tests/`` and ``tests/scenarios/``) and finds every citation of a catalogue id:

* in code — a ``rule`` role (colon, ``rule``, colon, the id in backquotes) in a docstring or
  comment, or the mark of the decider of a rule (``decides(is_locked_out,
  "throw-in.retry-lockout")`` after the function, ``decides(Work.penalty, "throw-in.penalty-card")``
  after the class of a method or property, with the older edition's own rule as ``older=``):
  :meth:`Trace.deciders` lists them;
* in tests — ``@pytest.mark.rules("id", ...)`` markers and ``:rule:`` roles;
* in scenarios — the ``rules`` and ``rulings`` lists of each scenario file.

:func:`trace` returns a :class:`Trace`; :func:`gate` lists what the traceability gate refuses: a
normative rule with no implementing code or no test or scenario, a normative rule or a ruling that
no scenario shows, an unknown or retired id cited anywhere, a waiver without a reason or no longer
needed. Waivers live in ``spec/waivers.toml``; the rules and rulings no code decides, with the
reason, in ``spec/undecided.toml`` (:func:`load_undecided`). The rulebook uses the same
:class:`Trace` to list, for each rule, the code that decides it, the code and the tests.
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path

import attrs

from sabai_dev.scenarios import load_scenarios
from sabai_rules.model.catalogue import Catalogue

__all__ = [
    "Citation",
    "Trace",
    "Undecided",
    "Waiver",
    "gate",
    "load_undecided",
    "load_waivers",
    "scan_code",
    "trace",
]

_ROLE = re.compile(r":(rule|ruling):`([^`]+)`")
#: The statement that marks the one predicate deciding a rule (sabai_rules.engine.rules).
_DECIDES = "decides"


@attrs.frozen
class Citation:
    """One place that cites an id: ``where`` is ``path:line`` (or a scenario id), ``kind`` is
    ``"code"``, ``"test"`` or ``"scenario"``, ``name`` the function, class or scenario. A
    ``decides`` mark is a citation of its rule by the decider it names (``Class.member`` for a
    method or property), ``decides`` telling how: ``"rule"`` for the rule it decides,
    ``"older"`` for the older edition's own statement of it (``older=``); ``""`` for any other
    citation."""

    ident: str
    kind: str
    where: str
    name: str
    decides: str = ""


@attrs.frozen
class Waiver:
    ident: str
    needs: str
    reason: str


@attrs.frozen
class Undecided:
    """A rule or ruling that no code decides (``spec/undecided.toml``): ``why`` names the reason,
    ``reasons`` give it per language."""

    ident: str
    why: str
    reasons: tuple[tuple[str, str], ...]

    def reason(self, language: str) -> str:
        """The reason in ``language`` (MyST text, which may hold roles)."""
        return dict(self.reasons)[language]


@attrs.frozen
class Trace:
    """Every citation found, by id."""

    citations: tuple[Citation, ...]

    def of(self, ident: str, kind: str | None = None) -> tuple[Citation, ...]:
        return tuple(
            c for c in self.citations if c.ident == ident and (kind is None or c.kind == kind)
        )

    def code(self, ident: str) -> tuple[Citation, ...]:
        return self.of(ident, "code")

    def deciders(self, ident: str) -> tuple[Citation, ...]:
        """The marks of the code that decides ``ident``: the decider of the rule first, then those
        whose rule the older edition states as ``ident``."""
        marks = [c for c in self.code(ident) if c.decides]
        return tuple(sorted(marks, key=lambda c: c.decides != "rule"))

    def tests(self, ident: str) -> tuple[Citation, ...]:
        return self.of(ident, "test")

    def scenarios(self, ident: str) -> tuple[Citation, ...]:
        return self.of(ident, "scenario")


def _enclosing_names(tree: ast.AST) -> dict[int, str]:
    """For every line, the innermost function or class that contains it."""
    names: dict[int, str] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}{child.name}"
                end = child.end_lineno or child.lineno
                start = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                for line in range(start, end + 1):
                    names[line] = name
                visit(child, f"{name}.")
            else:
                visit(child, prefix)

    visit(tree, "")
    return names


def scan_code(path: Path, kind: str, root: Path) -> Iterator[Citation]:
    """The citations of one Python file."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    names = _enclosing_names(tree)
    where = path.relative_to(root).as_posix()
    for number, line in enumerate(text.splitlines(), start=1):
        for match in _ROLE.finditer(line):
            ident = match.group(2)
            yield Citation(ident, kind, f"{where}:{number}", names.get(number, "(module)"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _is_rules_marker(node.func):
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    name = names.get(node.lineno, "(module)")
                    yield Citation(arg.value, kind, f"{where}:{node.lineno}", name)
    yield from _marker_constants(tree, kind, where, names)
    yield from _deciders(tree, kind, where)


def _deciders(tree: ast.Module, kind: str, where: str) -> Iterator[Citation]:
    """``decides(function, "id", older="id")`` after a function (``decides(Class.member, ...)``
    after a class): it decides that rule."""
    for node in tree.body:
        call = node.value if isinstance(node, ast.Expr) else None
        if not (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Name)
            and call.func.id == _DECIDES
            and call.args
            and isinstance(call.args[0], ast.Name | ast.Attribute)
        ):
            continue
        name = ast.unparse(call.args[0])
        marked = [(value, "rule") for value in call.args[1:]]
        marked += [(k.value, "older") for k in call.keywords if k.arg == "older"]
        for value, how in marked:
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                yield Citation(value.value, kind, f"{where}:{call.lineno}", name, how)


def _is_rules_marker(func: ast.expr) -> bool:
    """``pytest.mark.rules(...)``."""
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "rules"
        and isinstance(func.value, ast.Attribute)
        and func.value.attr == "mark"
    )


def _marker_constants(
    tree: ast.AST, kind: str, where: str, names: dict[int, str]
) -> Iterator[Citation]:
    """Ids kept in a module-level tuple and passed to a marker with ``*NAME``: cited by every test
    that uses the tuple."""
    constants: dict[str, list[str]] = {}
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple | ast.List):
            values = [
                e.value
                for e in node.value.elts
                if isinstance(e, ast.Constant) and isinstance(e.value, str)
            ]
            for target in node.targets:
                if isinstance(target, ast.Name) and values:
                    constants[target.id] = values
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _is_rules_marker(node.func):
            for arg in node.args:
                if isinstance(arg, ast.Starred) and isinstance(arg.value, ast.Name):
                    for ident in constants.get(arg.value.id, ()):
                        yield Citation(
                            ident,
                            kind,
                            f"{where}:{node.lineno}",
                            names.get(node.lineno, "(module)"),
                        )


def _scenario_citations(directory: Path, root: Path) -> Iterator[Citation]:
    for scenario in load_scenarios(directory):
        where = scenario.path.relative_to(root).as_posix() if scenario.path else scenario.id
        for ident in (*scenario.rules, *scenario.rulings):
            yield Citation(ident, "scenario", where, scenario.id)


def trace(root: Path) -> Trace:
    """Scan the checkout at ``root``: ``sabai_rules/**/*.py`` is code, ``tests/**/*.py`` tests
    and ``tests/scenarios/*.yaml`` scenarios. Every ``where`` is relative to ``root``."""
    citations: list[Citation] = []
    for path in sorted((root / "sabai_rules").rglob("*.py")):
        citations.extend(scan_code(path, "code", root))
    for path in sorted((root / "tests").rglob("*.py")):
        citations.extend(scan_code(path, "test", root))
    scenarios = root / "tests" / "scenarios"
    if scenarios.is_dir():
        citations.extend(_scenario_citations(scenarios, root))
    return Trace(tuple(citations))


def load_waivers(path: Path) -> tuple[Waiver, ...]:
    """``spec/waivers.toml``: ``[[waiver]] id, needs ("code", "test" or "scenario"), reason``."""
    if not path.is_file():
        return ()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    waivers = []
    for entry in data.get("waiver", []):
        waivers.append(
            Waiver(
                str(entry.get("id", "")),
                str(entry.get("needs", "")),
                str(entry.get("reason", "")).strip(),
            )
        )
    return tuple(waivers)


def load_undecided(path: Path) -> dict[str, Undecided]:
    """``spec/undecided.toml``: per reason (a table named for it), ``reason`` per language and the
    ``ids`` it holds for. :class:`ValueError` for an id listed twice."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    found: dict[str, Undecided] = {}
    for why, entry in data.items():
        reasons = tuple(sorted((str(k), str(v)) for k, v in entry["reason"].items()))
        for ident in entry["ids"]:
            if ident in found:
                raise ValueError(f"{path.name}: {ident} is listed twice")
            found[ident] = Undecided(ident, why, reasons)
    return found


def gate(cat: Catalogue, found: Trace, waivers: Iterable[Waiver] = ()) -> list[str]:
    """Everything the traceability gate refuses, one line each."""
    problems: list[str] = []
    waived: dict[tuple[str, str], Waiver] = {}
    for waiver in waivers:
        if cat.kind_of(waiver.ident) not in ("rule", "ruling"):
            problems.append(f"waiver for {waiver.ident!r}: not a rule or ruling of the catalogue")
        if waiver.needs not in ("code", "test", "scenario"):
            problems.append(f"waiver for {waiver.ident!r}: needs must be code, test or scenario")
        elif cat.kind_of(waiver.ident) == "ruling" and waiver.needs != "scenario":
            # The gate asks of a ruling only that a scenario shows it.
            problems.append(f"waiver for {waiver.ident!r}: a ruling needs only a scenario")
        if len(waiver.reason) < 20:
            problems.append(f"waiver for {waiver.ident!r}: give a written reason")
        waived[(waiver.ident, waiver.needs)] = waiver
    missing = {
        "code": "no code cites it (a :rule: role or a decides marker)",
        "test": "no test or scenario cites it",
    }
    for rule in cat.rules(kind="normative"):
        has = {
            "code": bool(found.code(rule.id)),
            "test": bool(found.tests(rule.id) or found.scenarios(rule.id)),
        }
        for needs, cited in has.items():
            if not cited and (rule.id, needs) not in waived:
                problems.append(f"{rule.id}: {missing[needs]}")
            if cited and (rule.id, needs) in waived:
                problems.append(f"waiver for {rule.id!r} ({needs}) is no longer needed: remove it")
    # Every normative rule and every ruling is shown in a scenario (the rulebook's examples).
    for ident in [r.id for r in cat.rules(kind="normative")] + [r.id for r in cat.rulings()]:
        shown = bool(found.scenarios(ident))
        if not shown and (ident, "scenario") not in waived:
            problems.append(f"{ident}: no scenario shows it")
        if shown and (ident, "scenario") in waived:
            problems.append(f"waiver for {ident!r} (scenario) is no longer needed: remove it")
    for citation in found.citations:
        kind = cat.kind_of(citation.ident)
        if kind == "retired":
            problems.append(f"{citation.where}: cites retired id {citation.ident!r}")
        elif kind not in ("rule", "ruling"):
            problems.append(f"{citation.where}: cites unknown id {citation.ident!r}")
    return problems
