"""The JSON Schema of records of version 2 (``record-v2.schema.json``): derived from version 1's
(``tools/record_schema.py``), valid, and in agreement with the reader on a corpus of what a
table writes — a deal with unknown cards, faces shown, rows turned up, a round from a position —
but for what JSON Schema cannot say (that the faces stated can be dealt together, that a
position reads)."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import sabai_rules
from sabai_dev.table_records import table_record
from sabai_rules.referee.record import RecordError, read_record
from tests.records.support import game_json
from tests.records.test_record_format import _drop, _set

Json = dict[str, Any]
SCHEMA = Path(sabai_rules.__file__).parent / "schema" / "record-v2.schema.json"


@cache
def validator() -> jsonschema.Draft202012Validator:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_the_schema_of_version_2_is_version_1_with_what_a_table_knows() -> None:
    tool = Path(__file__).resolve().parents[2] / "tools" / "record_schema.py"
    result = subprocess.run(
        [sys.executable, str(tool), "--check"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout


def _base() -> Json:
    return {
        "format": "sabai-record",
        "version": 2,
        "players": ["Anna", "Ben"],
        "first_dealer": "Ben",
        "rounds": [
            {
                "deal": {"order": ["7", "?", "3"]},
                "events": [
                    {"actor": "Anna", "action": "Draw", "shows": "9"},
                    {"actor": "Anna", "action": "Play", "shows": "9"},
                ],
            }
        ],
    }


ROUND = "rounds.0"
EVENT = "rounds.0.events.1"

GOOD = {
    "as-is": lambda d: None,
    "no-order-at-all": _set(f"{ROUND}.deal", {"order": []}),
    "a-whole-deck-of-question-marks": _set(f"{ROUND}.deal", {"order": ["?"] * 60}),
    "question-mark-with-spaces": _set(f"{ROUND}.deal", {"order": [" ? "]}),
    "seed-deal": _set(f"{ROUND}.deal", {"seed": 3, "generator": "shake256-fisher-yates/1"}),
    "shows-a-number": _set(f"{EVENT}.shows", 9),
    "shows-a-joker": _set(f"{EVENT}.shows", "AJ"),
    "reveal": _set(f"{ROUND}.reveal", [["7", "?"], ["3"]]),
    "start": lambda d: d["rounds"].__setitem__(
        0, {"start": "current / Anna: ? ? / Ben: ? ? / pile top 7", "events": []}
    ),
    "looked-at-cards-shown": _set(
        f"{ROUND}.events",
        [{"actor": "Anna", "action": "LookAtCards", "slots": [0, 1], "shows": ["3", "J"]}],
    ),
}

BAD = {
    "shows-on-a-pass": _set(EVENT, {"actor": "Anna", "action": "Pass", "shows": "7"}),
    "shows-a-question-mark": _set(f"{EVENT}.shows", "?"),
    "shows-no-card": _set(f"{EVENT}.shows", "15"),
    "shows-a-list-for-one-card": _set(f"{EVENT}.shows", ["9"]),
    "a-fifth-7": _set(f"{ROUND}.deal", {"order": ["7", "7", "?", "7", "7", "7"]}),
    "sixty-one-cards": _set(f"{ROUND}.deal", {"order": ["?"] * 61}),
    "a-card-not-in-the-deck": _set(f"{ROUND}.deal", {"order": ["0"]}),
    "reveal-of-one-row": _set(f"{ROUND}.reveal", [["7"]]),
    "reveal-not-a-list": _set(f"{ROUND}.reveal", "7 3"),
    "reveal-of-a-bad-face": _set(f"{ROUND}.reveal", [["7"], ["X"]]),
    "deal-and-start": _set(f"{ROUND}.start", "current / Anna: ? / Ben: ?"),
    "neither-deal-nor-start": _drop(f"{ROUND}.deal"),
    "start-not-a-text": lambda d: d["rounds"].__setitem__(0, {"start": 7, "events": []}),
    "start-too-long": lambda d: d["rounds"].__setitem__(0, {"start": "x" * 10_001, "events": []}),
    "version-3": _set("version", 3),
    "an-unknown-key": _set(f"{ROUND}.seen", []),
}


@pytest.mark.parametrize("change", GOOD.values(), ids=GOOD.keys())
def test_what_a_table_writes_is_valid_for_the_schema_and_the_reader(
    change: Callable[[Json], None],
) -> None:
    data = _base()
    change(data)
    assert list(validator().iter_errors(data)) == []
    read_record(copy.deepcopy(data))


@pytest.mark.parametrize("change", BAD.values(), ids=BAD.keys())
def test_the_schema_and_the_reader_refuse_the_same_table_records(
    change: Callable[[Json], None],
) -> None:
    data = _base()
    change(data)
    assert list(validator().iter_errors(data)) != []
    with pytest.raises(RecordError):
        read_record(copy.deepcopy(data))


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_record_a_table_would_write_of_a_simulated_game_is_valid(players: int) -> None:
    data = table_record(game_json(players, 7), random.Random(players), 0.2)
    assert list(validator().iter_errors(data)) == []
    read_record(data)
