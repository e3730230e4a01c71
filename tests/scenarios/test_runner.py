"""The scenario runner fails loudly: a scenario whose expectation, refusal or result the engine
does not meet fails at that step, naming the scenario, the step and the rules it cites; a file
with a key the runner does not know is refused, so nothing it says is silently ignored."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sabai_dev import scenarios
from sabai_dev.scenarios import (
    ScenarioError,
    ScenarioFailureError,
    load_scenarios,
    run_scenario,
)
from sabai_rules.moves import Action, ThrowIn, legal_actions
from sabai_rules.state import State

#: A wrong throw-in onto a 5, then a second attempt under lock-out (what the engine does).
SCENARIO = """
id: lockout
title: A wrong throw-in locks the thrower out
rules: [throw-in.retry-lockout]
description: {en: A wrong 9 onto a 5, then another try.}
ruleset: current
table:
  rows: [[9, 8, 5], [5, 4]]
  discard: [5]
  draw: [2, 6]
  turn: 1
steps:
  - do: ThrowIn(0, 0, 0)
    expect:
      rows: {0: [9, 8, 5, 2]}
      locked_out: [0]
  - do: ThrowIn(0, 0, 2)
    refused: throw-in.retry-lockout
"""


def _run(tmp_path: Path, text: str) -> None:
    ident = re.search(r"^id: (\S+)$", text, re.MULTILINE)
    assert ident is not None
    (tmp_path / f"{ident.group(1)}.yaml").write_text(text, encoding="utf-8")
    (scenario,) = load_scenarios(tmp_path)
    run_scenario(scenario)


def test_the_scenario_as_written_passes(tmp_path: Path) -> None:
    _run(tmp_path, SCENARIO)


@pytest.mark.parametrize(
    ("old", "new", "step", "message"),
    [
        pytest.param(
            "rows: {0: [9, 8, 5, 2]}",
            "rows: {0: [9, 8, 5]}",
            1,
            "P0's row is ['9', '8', '5', '2'], expected [9, 8, 5]",
            id="expectation",
        ),
        pytest.param(
            "refused: throw-in.retry-lockout",
            "refused: throw-in.identical",
            2,
            "refused citing throw-in.retry-lockout, expected throw-in.identical",
            id="refusal-citing-another-rule",
        ),
        pytest.param(
            "do: ThrowIn(0, 0, 2)\n    refused: throw-in.retry-lockout",
            "do: ThrowIn(1, 1, 0)\n    refused: throw-in.retry-lockout",
            2,
            "legal, expected a refusal citing throw-in.retry-lockout",
            id="legal-step-said-refused",
        ),
        pytest.param(
            "do: ThrowIn(0, 0, 0)\n",
            "do: ThrowIn(0, 0, 2)\n",
            1,
            "P0's row is ['9', '8'], expected [9, 8, 5, 2]",
            id="the-real-5-instead",
        ),
    ],
)
def test_a_scenario_the_engine_does_not_meet_fails_at_its_step(
    tmp_path: Path, old: str, new: str, step: int, message: str
) -> None:
    assert old in SCENARIO
    with pytest.raises(ScenarioFailureError) as caught:
        _run(tmp_path, SCENARIO.replace(old, new))
    assert caught.value.scenario == "lockout"
    assert caught.value.step == step
    assert "[throw-in.retry-lockout]" in str(caught.value)
    assert message in str(caught.value)


def test_a_refusal_listed_as_legal_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A refused step, and an ``illegal`` check, need ``apply`` to refuse the action and
    ``legal_actions`` not to list it: an engine whose list offers the move it refuses fails."""
    illegal = SCENARIO.replace(
        "      locked_out: [0]\n",
        "      locked_out: [0]\n      illegal: {'ThrowIn(0, 0, 2)': throw-in.retry-lockout}\n",
    )
    _run(tmp_path, illegal)

    def offering_the_retry(state: State) -> list[Action]:
        return [*legal_actions(state), ThrowIn(0, 0, 2)]

    monkeypatch.setattr(scenarios, "legal_actions", offering_the_retry)
    with pytest.raises(ScenarioFailureError) as caught:
        _run(tmp_path, SCENARIO)
    assert caught.value.step == 2
    assert "refused citing throw-in.retry-lockout but listed as legal" in str(caught.value)
    with pytest.raises(ScenarioFailureError) as caught:
        _run(tmp_path, illegal)
    assert caught.value.step == 1
    assert "ThrowIn(0, 0, 2) is refused citing throw-in.retry-lockout but listed as legal" in str(
        caught.value
    )


def test_a_result_the_round_does_not_reach_fails(tmp_path: Path) -> None:
    with pytest.raises(ScenarioFailureError, match="the round is not over"):
        _run(tmp_path, SCENARIO + "result: {end: emptied}\n")
    # P1 throws in the 5 and then the 4 onto it: wrong, a penalty card; the round goes on.
    ending = SCENARIO + "  - do: ThrowIn(1, 1, 0)\n  - do: ThrowIn(1, 1, 0)\n"
    with pytest.raises(ScenarioFailureError, match="the round is not over"):
        _run(tmp_path, ending + "result: {end: emptied}\n")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(SCENARIO + "colour: red\n", "unknown key(s) colour", id="top-level"),
        pytest.param(
            SCENARIO.replace("    expect:\n      rows", "    expect:\n      row"),
            "unknown expectation(s) row",
            id="expectation",
        ),
        pytest.param(
            SCENARIO.replace("    refused:", "    refuse:"), "unknown step key(s) refuse", id="step"
        ),
        pytest.param(
            SCENARIO + "    expect: {locked_out: [0]}\n",
            "lockout.yaml: step ThrowIn(0, 0, 2) is refused and has expectations",
            id="expectations-on-a-refused-step",
        ),
    ],
)
def test_a_key_the_runner_does_not_know_is_refused(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message.replace("(", r"\(").replace(")", r"\)")):
        _run(tmp_path, text)


def test_a_round_of_a_game_may_not_cite_rules_of_its_own(tmp_path: Path) -> None:
    game = """
id: game
title: Two rounds
rules: [game-end.winner]
description: {en: A game.}
ruleset: {preset: current, options: {num_rounds: 1}}
game: {first_dealer: 1}
rounds:
  - rules: [no.such-rule]
    table: {rows: [[5], [9]], discard: [5]}
    steps:
      - do: ThrowIn(0, 0, 0)
"""
    with pytest.raises(ScenarioError, match=r"unknown round key\(s\) rules"):
        _run(tmp_path, game)


#: A table dealt by the engine: the deck in the order that, dealt one card at a time from the
#: player after the dealer, gives these rows and this draw pile.
DEALT = """
id: dealt
title: A fresh deal
rules: [setup.four-cards]
description: {en: P0 deals; P1 starts.}
ruleset: current
table:
  rows: [[7, 8, 10, 3], [4, 5, 6, 1]]
  draw: [9, 2]
  dealer: 0
  dealt: true
steps:
  - do: Draw(1)
    expect:
      held: 9
      draw_count: 51
      cards: {0: 4, 1: 4}
      top: null
"""


def test_a_dealt_table_is_the_engines_deal(tmp_path: Path) -> None:
    _run(tmp_path, DEALT)
    # Three cards a row: a deal of four cards each cannot give that table.
    short = DEALT.replace("[[7, 8, 10, 3], [4, 5, 6, 1]]", "[[7, 8, 10], [4, 5, 6]]")
    with pytest.raises(ScenarioFailureError) as caught:
        _run(tmp_path, short)
    assert caught.value.step == 0
    assert "the deal gives P0 ['7', '8', '10', '2'], expected ['7', '8', '10']" in str(caught.value)
    with pytest.raises(ScenarioError, match="a dealt table has no discard"):
        _run(tmp_path, DEALT.replace("  dealt: true\n", "  dealt: true\n  discard: [5]\n"))


@pytest.mark.parametrize("text", ["Parameter('slot', 'slot', None)", "deal(1)", "Nothing(0)"])
def test_only_the_engine_actions_are_steps(text: str) -> None:
    """A name the engine exports that is not an action (a class, a function) is no step."""
    with pytest.raises(ScenarioError, match="unknown action"):
        scenarios.parse_action(text)


def test_an_observer_is_told_every_table_of_every_round() -> None:
    """The rulebook draws the table at the start of each round and after each step: the runner
    tells it each one, a refused step's (unchanged) table included."""
    root = Path(__file__).parent
    by_id = {s.id: s for s in load_scenarios(root)}
    for ident in ("wrong-throw-in-locks-out", "a-game-of-three-rounds"):
        scenario = by_id[ident]
        seen: list[tuple[int, int, State]] = []

        def observe(
            r: int, s: int, state: State, seen: list[tuple[int, int, State]] = seen
        ) -> None:
            seen.append((r, s, state))

        last = run_scenario(scenario, observe)
        expected = [
            (r, s) for r, script in enumerate(scenario.rounds) for s in range(len(script.steps) + 1)
        ]
        assert [(r, s) for r, s, _ in seen] == expected
        assert seen[-1][2] == last
        refused = [
            number
            for number, step in enumerate(scenario.rounds[0].steps, start=1)
            if step.refused is not None
        ]
        for number in refused:
            assert seen[number][2] == seen[number - 1][2]
