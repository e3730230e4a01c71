"""Every rule id the code cites exists in the catalogue; every refusal path names one; the table
that turns a refusal's rule into the older edition's maps rules of one edition to the other's."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from sabai_rules import moves
from sabai_rules.catalogue import Catalogue

PACKAGE = Path(__file__).resolve().parents[2] / "sabai_rules"
ROLE = re.compile(r":rule:" "`" r"([^`]+)`")  # written apart so that it is not itself a role


def _refusal_ids() -> list[tuple[str, str]]:
    """The first argument of every ``_refuse(...)`` call in the package, where it is a literal (the
    ids a refusal takes from a table are checked with the table)."""
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("_refuse", "IllegalActionError")
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                found.append((f"{path.name}:{node.lineno}", str(node.args[0].value)))
    return found


def test_every_refusal_cites_a_rule_of_the_catalogue(cat: Catalogue) -> None:
    refusals = _refusal_ids()
    assert len(refusals) > 40
    for where, ident in refusals:
        assert cat.kind_of(ident) in ("rule", "ruling"), f"{where} cites {ident!r}"


def test_every_rule_role_in_the_code_resolves(cat: Catalogue) -> None:
    cited = 0
    for path in sorted(PACKAGE.glob("*.py")):
        for ident in ROLE.findall(path.read_text(encoding="utf-8")):
            cited += 1
            assert cat.kind_of(ident) in ("rule", "ruling"), f"{path.name} cites {ident!r}"
    assert cited > 100


def test_function_rule_table_names_real_rules(cat: Catalogue) -> None:
    for ident in moves._FUNCTION_RULE.values():
        assert cat.kind_of(ident) == "rule"


def test_older_rule_table_maps_current_rules_to_older_ones(cat: Catalogue) -> None:
    """Under the older preset a refusal citing a key of ``moves._OLDER_RULES`` cites its value
    instead: a current-edition rule and the older edition's own."""
    assert moves._OLDER_RULES
    for current, older in moves._OLDER_RULES.items():
        assert cat.kind_of(current) == "rule", f"{current!r} is not a rule"
        assert cat.kind_of(older) == "rule", f"{older!r} is not a rule"
        assert cat.rule(current).in_edition("current"), f"{current} is not in the current edition"
        assert cat.rule(older).in_edition("older"), f"{older} is not in the older edition"


@pytest.mark.parametrize("module", ["moves.py", "state.py", "scoring.py", "cards.py"])
def test_core_modules_cite_rules(module: str) -> None:
    text = (PACKAGE / module).read_text(encoding="utf-8")
    assert ROLE.search(text), f"{module} cites no rule"
