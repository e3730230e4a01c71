"""The bounds on what the referee reads, as docs/records.md lists them: each holds at its value and
refuses one beyond, through the command line (exit code 2, one line naming the place) and the API
(a ValueError naming the argument). A tolerant replay skips an event beyond a bound of its own (a
long comment) as any event it cannot read, and refuses the record beyond the others."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sabai_rules.agents.simulate import simulate
from sabai_rules.cli import EXIT_USAGE
from sabai_rules.model import cards, catalogue, ruleset
from sabai_rules.model.cards import MAX_DECK_SIZE, DeckSpec
from sabai_rules.model.ruleset import MAX_NUM_ROUNDS, Ruleset
from sabai_rules.referee import record
from sabai_rules.referee.record import (
    MAX_CLAIM_TEXT,
    MAX_COMMENT,
    MAX_EVENTS,
    MAX_NAME,
    MAX_ROUND_EVENTS,
    MAX_ROUNDS,
    MAX_SEED_TEXT,
    MAX_SHORT_TEXT,
    MAX_SLOTS,
    RecordError,
    read_record,
    write_record,
)
from tests.support import sabai

Json = dict[str, Any]

DOCS = Path(__file__).resolve().parents[2] / "docs" / "records.md"

#: A short game of two players, P1 and P2: one round.
GAME: Json = json.loads(write_record(simulate(2, 5, rounds=1)))
DRAW: Json = {"actor": "P1", "action": "Draw"}
SEED_DEAL: Json = {"seed": 1, "generator": "shake256-fisher-yates/1"}


def test_the_documented_limits_are_the_code_s() -> None:
    # Each row of the table names its constant; its value is the constant's.
    rows = {
        match.group(2): match.group(1)
        for match in re.finditer(
            r"^\| [^|]+ \| ([^|]+) \| `(\w+\.MAX_\w+)` \|$", DOCS.read_text("utf-8"), re.M
        )
    }
    modules = {"record": record, "catalogue": catalogue, "cards": cards, "ruleset": ruleset}
    constants = {
        f"{name}.{constant}": getattr(module, constant)
        for name, module in modules.items()
        for constant in module.__all__
        if constant.startswith("MAX_")
    }
    assert set(rows) == set(constants)
    for name, value in constants.items():
        assert rows[name].split()[0] == f"{value:,}", name


# -- through the command line ---------------------------------------------------------------------


def _with(change: Callable[[Json], None]) -> Json:
    data = copy.deepcopy(GAME)
    change(data)
    return data


def _events(count: int, rounds: int = 1) -> Callable[[Json], None]:
    def change(data: Json) -> None:
        data["rounds"] = [{"deal": SEED_DEAL, "events": [DRAW] * count} for _ in range(rounds)]

    return change


def _put(*path: str | int, value: object) -> Callable[[Json], None]:
    def change(data: Json) -> None:
        node: Any = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


def _name(name: str) -> Callable[[Json], None]:
    def change(data: Json) -> None:
        data["players"][1] = name
        data["first_dealer"] = 0
        for event in data["rounds"][0]["events"]:
            for key in ("actor", "owner", "target"):
                if event.get(key) == "P2":
                    event[key] = 1

    return change


#: (the record at a limit, the record one beyond it, what the refusal says).
LIMITS: list[Any] = [
    pytest.param(
        _events(0, MAX_ROUNDS),
        _events(0, MAX_ROUNDS + 1),
        "$.rounds: at most 1,000 rounds, not 1,001",
        id="rounds",
    ),
    pytest.param(
        _events(MAX_ROUND_EVENTS),
        _events(MAX_ROUND_EVENTS + 1),
        "$.rounds[0].events: at most 10,000 events in a round, not 10,001",
        id="events-of-a-round",
    ),
    pytest.param(
        _events(MAX_EVENTS // 10, 10),
        _events(MAX_EVENTS // 10 + 1, 10),
        "$.rounds[9].events: the record holds more than 100,000 events",
        id="events-of-a-record",
    ),
    pytest.param(
        _put("rounds", 0, "reshuffles", value=[["7"]] * MAX_ROUND_EVENTS),
        _put("rounds", 0, "reshuffles", value=[["7"]] * (MAX_ROUND_EVENTS + 1)),
        "$.rounds[0].reshuffles: at most 10,000 reshuffles in a round, not 10,001",
        id="reshuffles-of-a-round",
    ),
    pytest.param(
        _put("rounds", 0, "reshuffles", value=[["7"] * 60]),
        _put("rounds", 0, "reshuffles", value=[["7"] * 61]),
        "$.rounds[0].reshuffles[0]: at most 60 cards in a new draw pile (the deck's), not 61",
        id="cards-of-a-new-draw-pile",
    ),
    pytest.param(
        _put(
            "rounds",
            0,
            "events",
            1,
            value={"actor": 0, "action": "LookAtCards", "slots": [0] * MAX_SLOTS},
        ),
        _put(
            "rounds",
            0,
            "events",
            1,
            value={"actor": 0, "action": "LookAtCards", "slots": [0] * (MAX_SLOTS + 1)},
        ),
        "$.rounds[0].events[1].slots: an action names at most 100 slots, not 101",
        id="slots-of-an-action",
    ),
    pytest.param(
        _name("x" * MAX_NAME),
        _name("x" * (MAX_NAME + 1)),
        "$.players[1]: a player's name has at most 100 characters, not 101",
        id="name",
    ),
    pytest.param(
        _put("rounds", 0, "events", 0, "time", value="x" * MAX_SHORT_TEXT),
        _put("rounds", 0, "events", 0, "time", value="x" * (MAX_SHORT_TEXT + 1)),
        "$.rounds[0].events[0].time: a time (ISO 8601) has at most 100 characters, not 101",
        id="time",
    ),
    pytest.param(
        _put("seed", value="x" * MAX_SEED_TEXT),
        _put("seed", value="x" * (MAX_SEED_TEXT + 1)),
        "$.seed: a seed given as a text has at most 256 characters, not 257",
        id="seed",
    ),
    pytest.param(
        _put("rounds", 0, "deal", value={**SEED_DEAL, "seed": "x" * MAX_SEED_TEXT}),
        _put("rounds", 0, "deal", value={**SEED_DEAL, "seed": "x" * (MAX_SEED_TEXT + 1)}),
        "$.rounds[0].deal.seed: a seed given as a text has at most 256 characters, not 257",
        id="deal-seed",
    ),
    pytest.param(
        _put("claim", value={"text": "x" * MAX_CLAIM_TEXT}),
        _put("claim", value={"text": "x" * (MAX_CLAIM_TEXT + 1)}),
        "$.claim.text: a claim's text has at most 1,000 characters, not 1,001",
        id="claim-text",
    ),
    pytest.param(
        _put("claim", value={"winners": ["P1"] * 12}),
        _put("claim", value={"winners": ["P1"] * 13}),
        "$.claim.winners: at most 12 winners, not 13",
        id="claim-winners",
    ),
    pytest.param(
        _put("claim", value={"rule": "turn.keep"}),
        _put("claim", value={"rule": "x" * 19_000_000}),
        "$.claim.rule: a rule id has at most 100 characters, not 19,000,000",
        id="claim-rule",
    ),
    pytest.param(
        _put("comment", value="x" * MAX_COMMENT),
        _put("comment", value="x" * (MAX_COMMENT + 1)),
        "$.comment: a comment has at most 10,000 characters, not 10,001",
        id="comment",
    ),
    pytest.param(
        _put("rounds", 0, "comment", value="x" * MAX_COMMENT),
        _put("rounds", 0, "comment", value="x" * (MAX_COMMENT + 1)),
        "$.rounds[0].comment: a comment has at most 10,000 characters",
        id="round-comment",
    ),
    pytest.param(
        _put("rounds", 0, "events", 0, "comment", value="x" * MAX_COMMENT),
        _put("rounds", 0, "events", 0, "comment", value="x" * (MAX_COMMENT + 1)),
        "$.rounds[0].events[0].comment: a comment has at most 10,000 characters",
        id="event-comment",
    ),
    pytest.param(
        _put("ruleset", "options", "num_rounds", value=MAX_NUM_ROUNDS),
        _put("ruleset", "options", "num_rounds", value=10**100),
        "$.ruleset.options.num_rounds: num_rounds must be 1 to 100 (or None: one round per "
        "player), not 1000000000",
        id="num-rounds",
    ),
]


@pytest.mark.parametrize(("at", "beyond", "expected"), LIMITS)
def test_a_record_beyond_a_limit_is_refused_naming_the_place(
    at: Callable[[Json], None],
    beyond: Callable[[Json], None],
    expected: str,
    tmp_path: Path,
) -> None:
    read_record(_with(at))  # the limit itself is fine
    path = tmp_path / "record.json"
    path.write_text(json.dumps(_with(beyond)), encoding="utf-8")
    code, out, err = sabai("replay", str(path))
    assert (code, out) == (EXIT_USAGE, "")
    assert err.startswith(f"sabai: error: {path}: {expected}"), err
    assert err.count("\n") == 1
    assert len(err) < 400


# -- through the API ------------------------------------------------------------------------------


def test_a_deck_holds_at_most_240_cards_and_the_message_names_the_argument() -> None:
    assert DeckSpec(copies=16).size == 228 <= MAX_DECK_SIZE
    assert DeckSpec(first_rank=-50, last_rank=99, copies=1, plain_jokers=89).size == MAX_DECK_SIZE
    with pytest.raises(
        ValueError, match=r"^copies=17 makes a deck of 242 cards; a deck holds at most 240"
    ):
        DeckSpec(copies=17)
    with pytest.raises(ValueError, match=r"^copies=2000000 makes a deck of 28,000,004 cards"):
        DeckSpec(copies=2_000_000)
    with pytest.raises(ValueError, match=r"^plain_jokers=10000 makes a deck of 10,057 cards"):
        DeckSpec(plain_jokers=10_000)
    with pytest.raises(ValueError, match=r"^copies=1000000000000000.*over a billion cards"):
        DeckSpec(copies=10**100)
    with pytest.raises(ValueError, match="makes a deck of 241 cards"):
        Ruleset().with_options(
            deck=DeckSpec(first_rank=-50, last_rank=99, plain_jokers=90, copies=1)
        )


def test_a_game_lasts_at_most_100_rounds() -> None:
    assert Ruleset(num_rounds=MAX_NUM_ROUNDS).rounds_for(4) == 100
    for value in (MAX_NUM_ROUNDS + 1, 10**100, 0):
        with pytest.raises(ValueError, match=r"^num_rounds must be 1 to 100 \(or None"):
            Ruleset(num_rounds=value)


@pytest.mark.parametrize("cap", ["final_round_max_turns", "max_round_turns", "max_turn_reactions"])
def test_a_cap_is_at_least_1_as_the_schema_says(cap: str) -> None:
    assert Ruleset().with_options(**{cap: 1}).options()[cap] == 1
    with pytest.raises(ValueError, match=rf"^{cap} must be at least 1 \(or None\), not 0"):
        Ruleset().with_options(**{cap: 0})


def test_a_choice_names_the_option_the_value_and_the_choices() -> None:
    with pytest.raises(ValueError, match=r"^throw_in_window must be one of") as caught:
        Ruleset().with_options(throw_in_window="x" * 1000)
    message = str(caught.value)
    assert message.startswith(
        "throw_in_window must be one of 'until_covered', 'until_next_draw', not 'xxx"
    )
    assert len(message) < 120
    assert "Attribute" not in message


def test_a_record_over_the_limits_is_refused_by_the_api_too() -> None:
    with pytest.raises(RecordError) as caught:
        read_record(_with(_events(MAX_ROUND_EVENTS + 1)))
    assert caught.value.path == "$.rounds[0].events"
