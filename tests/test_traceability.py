"""The traceability gate: every normative rule is implemented by cited code, checked by a cited
test or scenario, and shown in a scenario; every ruling is shown in a scenario; nothing cites an
unknown or retired id; every waiver (spec/waivers.toml) has a written reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from sabai_dev.traceability import Trace, Waiver, gate, load_waivers, scan_code, trace
from sabai_rules.model.catalogue import Catalogue

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def found() -> Trace:
    return trace(ROOT)


def test_the_gate_passes(cat: Catalogue, found: Trace) -> None:
    problems = gate(cat, found, load_waivers(ROOT / "spec" / "waivers.toml"))
    assert problems == [], "\n".join(problems)


def test_the_scanner_finds_code_tests_and_scenarios(found: Trace) -> None:
    code = found.code("throw-in.retry-lockout")
    # The predicate deciding the rule, found by its marker, is code that implements it.
    assert any(
        c.where.startswith("sabai_rules/engine/rules.py") and c.name == "is_locked_out"
        for c in code
    )
    assert found.tests("throw-in.retry-lockout")
    assert found.scenarios("throw-in.retry-lockout")
    older = found.code("four-together.hands-on-pile")
    assert any(c.name == "nose_race_after" for c in older), "an older= rule is cited too"


def test_the_gate_refuses_an_uncited_rule(cat: Catalogue) -> None:
    empty = Trace(())
    problems = gate(cat, empty)
    assert "throw-in.identical: no code cites it (a :rule: role or a decides marker)" in problems
    assert "throw-in.identical: no test or scenario cites it" in problems
    assert "ruling.nose-race: no scenario shows it" in problems
    assert not any(p.startswith("objective.aim:") for p in problems)  # informational


def test_the_gate_refuses_unknown_ids_and_unjustified_waivers(
    cat: Catalogue, tmp_path: Path
) -> None:
    module = tmp_path / "sabai_rules" / "example.py"
    module.parent.mkdir()
    role = ":rule:"  # kept apart from the ids so that this test does not cite them itself
    text = f"Implements {role}`throw-in.identical` and {role}`throw-in.nonsense`."
    module.write_text(f'def f():\n    """{text}"""\n', encoding="utf-8")
    found = Trace(tuple(scan_code(module, "code", tmp_path)))
    problems = gate(cat, found, [Waiver("turn.keep", "test", "later")])
    assert "sabai_rules/example.py:2: cites unknown id 'throw-in.nonsense'" in problems
    assert "waiver for 'turn.keep': give a written reason" in problems


def test_a_waiver_with_a_reason_excuses_a_missing_citation(cat: Catalogue) -> None:
    reason = "Shown by the game tests: a scenario plays one round only."
    problems = gate(cat, Trace(()), [Waiver("ruling.game-ties", "scenario", reason)])
    assert "ruling.game-ties: no scenario shows it" not in problems


def test_a_waiver_no_longer_needed_must_go(cat: Catalogue, found: Trace) -> None:
    reason = "Written before the lock-out had its refusal and its tests."
    waivers = [
        Waiver("throw-in.retry-lockout", "code", reason),
        Waiver("throw-in.retry-lockout", "test", reason),
        Waiver("ruling.retry-lockout-scope", "scenario", reason),
    ]
    problems = gate(cat, found, waivers)
    for needs in ("code", "test"):
        assert f"waiver for 'throw-in.retry-lockout' ({needs}) is no longer needed: remove it" in (
            problems
        )
    assert (
        "waiver for 'ruling.retry-lockout-scope' (scenario) is no longer needed: remove it"
        in problems
    )


def test_a_ruling_can_only_be_waived_from_showing_in_a_scenario(cat: Catalogue) -> None:
    reason = "A ruling is implemented through the rules it settles."
    problems = gate(cat, Trace(()), [Waiver("ruling.game-ties", "code", reason)])
    assert "waiver for 'ruling.game-ties': a ruling needs only a scenario" in problems
