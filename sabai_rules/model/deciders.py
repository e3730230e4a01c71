"""Which function decides each rule: the registry that the ``decides(function, "rule-id")`` marks
fill.

A rule or ruling that code decides (a legality predicate, the effect that carries it out, the flow,
the deal, the scoring, the game's result) has one *decider*: the function, method or property
marked by the statement ``decides(function, "rule-id")`` right after it (after its class, for a
method or a property), ``older=`` naming the older edition's own statement of that rule. A decider
may decide several rules, one mark each; the first is the rule its refusals cite
(:func:`~sabai_rules.engine.rules.rule_of`). The rules no code can decide (an informational rule, a
ruling on the words of the texts) are listed with the reason in ``spec/undecided.toml``;
``tests/engine/test_rule_citations.py`` holds that every other id of the catalogue has a decider.

The mark is a statement, not a decorator: the compiled build calls a decorated function through
Python (it cannot know what the decorator returned), and the predicates are asked on every step (a
decorator cost about 18 % of the compiled engine's instructions per step). Nor does a decider grow
a call for being one: a rule carried out inside a larger function marks that function.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Final

__all__ = ["DECIDED", "OLDER_RULES", "RULE_OF", "decides"]

#: The decider of each rule id.
DECIDED: Final[dict[str, Callable[..., object]]] = {}
#: Where the older edition states a rule in its own words: the current rule id -> the older one.
OLDER_RULES: Final[dict[str, str]] = {}
#: The rule each decider's refusals cite: its first mark's
#: (:func:`~sabai_rules.engine.rules.rule_of`).
RULE_OF: Final[dict[Callable[..., object], str]] = {}
#: Per decider, the rules it decides as its docstring cites them, in the order of its marks.
_CITED: Final[dict[Callable[..., object], list[str]]] = {}
#: Per decider, its docstring before any mark.
_DOCS: Final[dict[Callable[..., object], str]] = {}

#: The Sphinx role of a rule, kept apart from the ids so that the source scanners do not read the
#: template below as a citation.
_ROLE: Final = ":rule:"


def decides(decider: Callable[..., object], rule: str, *, older: str | None = None) -> None:
    """Mark ``decider`` as the function that decides ``rule``; a rule is decided by one function
    only. The rule (and the older edition's own, if any) is added to the decider's docstring, so
    that the API reference says which rules each decider decides."""
    if rule in DECIDED:
        raise RuntimeError(f"{rule} is decided twice: {DECIDED[rule]!r}, {decider!r}")
    DECIDED[rule] = decider
    RULE_OF.setdefault(decider, rule)
    cited = f"{_ROLE}`{rule}`"
    if older is not None:
        OLDER_RULES[rule] = older
        cited += f" (in the older edition, {_ROLE}`{older}`)"
    rules = _CITED.setdefault(decider, [])
    rules.append(cited)
    doc = _DOCS.setdefault(decider, decider.__doc__ or "")
    listed = rules[0] if len(rules) == 1 else f"{', '.join(rules[:-1])} and {rules[-1]}"
    # A compiled build's functions have read-only docstrings; the API reference is built
    # from the pure-Python package.
    with contextlib.suppress(AttributeError):
        decider.__doc__ = f"{doc}\n\n{_indent(doc)}Decides {listed}."


def _indent(doc: str) -> str:
    """The indentation of a docstring's lines after the first (a method's is deeper than a
    function's), so that the added line stays in its paragraph structure."""
    lines = [line for line in doc.splitlines()[1:] if line.strip()]
    if not lines:
        return "    "
    return " " * min(len(line) - len(line.lstrip()) for line in lines)
