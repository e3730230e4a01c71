"""Every scenario of tests/scenarios, played by the engine. A failure names the scenario, the
step and the rules it exercises."""

from __future__ import annotations

from pathlib import Path

import pytest

from sabai_dev.scenarios import Scenario, load_scenarios, run_scenario
from sabai_rules.model import catalogue

HERE = Path(__file__).resolve().parent
SCENARIOS = load_scenarios(HERE)


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 1


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.id)
def test_scenario(scenario: Scenario) -> None:
    run_scenario(scenario)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.id)
def test_scenario_is_described_for_players(scenario: Scenario) -> None:
    cat = catalogue.default()
    for ident in scenario.rules:
        assert cat.kind_of(ident) == "rule", f"{scenario.id}: {ident!r} is not a rule"
    for ident in scenario.rulings:
        assert cat.kind_of(ident) == "ruling", f"{scenario.id}: {ident!r} is not a ruling"
    assert scenario.rules or scenario.rulings
    languages = {"fi"} if scenario.edition == "older" else {"en", "fr", "nl"}
    missing = languages - set(scenario.description)
    assert not missing, f"{scenario.id}: no description in {sorted(missing)}"
    assert all(text.strip() for text in scenario.description.values())
    # The rulebook shows each example under its title in the page's language.
    untitled = languages - set(scenario.titles)
    assert not untitled, f"{scenario.id}: no title in {sorted(untitled)}"
    assert scenario.steps, f"{scenario.id}: no steps"
