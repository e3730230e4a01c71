"""The referee's commands on fuzzed files: valid records, records spoiled at the JSON level, raw
bytes, and one named case per mutation class of the hostile trial (issue #12).

``replay``, ``replay --tolerant``, ``replay --format json``, ``replay --format html``,
``show --at N``, ``show --at N --svg -`` and ``export --as P`` run in-process on each file and
keep the properties of :mod:`tests.fuzz.harness`: no traceback, an exit code of 0 to 3, one line
on standard error for exit codes 2 and 3, UTF-8 output, a tolerant replay that gives a verdict
wherever the strict one does, an HTML verdict and a picture wherever the text gives them. The
``deep`` profile runs 100 times more cases, at the trial's sizes (a 1 MB rule id, 20 MB of Pass
events); ``tools/fuzz_deep.py`` runs 100,000 and reports the slowest.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz.harness import Broken, Run, check
from tests.fuzz.strategies import (
    CI,
    DEEP,
    LONG,
    Case,
    arguments,
    mutated_records,
    raw_files,
    trial_cases,
    valid_records,
)

_DEEP = os.environ.get("SABAI_HYPOTHESIS_PROFILE") == "deep"
#: The deep profile fuzzes larger records, and plays the trial's cases at the trial's sizes.
SCALE = LONG if _DEEP else CI
TRIAL_SCALE = DEEP if _DEEP else CI

#: What the runs of this module did, for the summary line (tests/fuzz/conftest.py).
SEEN: Counter[str] = Counter()
SLOWEST: list[Run] = []


def _tally(runs: dict[str, Run]) -> None:
    SEEN["files"] += 1
    for one in runs.values():
        SEEN[f"exit {one.code if one.error is None else 'traceback'}"] += 1
        if not SLOWEST or one.seconds > SLOWEST[0].seconds:
            SLOWEST[:] = [one]


def _report(broken: list[Broken]) -> str:
    return "\n".join(str(b) for b in broken)


def _run(case: Case, at: str, as_player: str, folder: Path) -> tuple[dict[str, Run], list[Broken]]:
    path = folder / "record.json"
    path.write_bytes(case.data)
    runs, broken = check(path, at, as_player)
    _tally(runs)
    return runs, broken


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@settings(max_examples=settings().max_examples * 3)
@given(data=st.data(), case=mutated_records(SCALE))
def test_every_command_survives_a_spoiled_record(
    folder: Path, data: st.DataObject, case: Case
) -> None:
    at, as_player = data.draw(arguments(case))
    _runs, broken = _run(case, at, as_player, folder)
    if broken:
        pytest.fail(_report(broken))


@settings(max_examples=settings().max_examples * 2)
@given(data=st.data(), case=raw_files(SCALE))
def test_every_command_refuses_bytes_that_are_no_record_in_one_line(
    folder: Path, data: st.DataObject, case: Case
) -> None:
    at, as_player = data.draw(arguments(case))
    _runs, broken = _run(case, at, as_player, folder)
    if broken:
        pytest.fail(_report(broken))


@given(data=st.data(), case=valid_records())
def test_a_valid_record_replays_as_its_base_whatever_its_players_are_called(
    folder: Path, data: st.DataObject, case: Case
) -> None:
    at = str(data.draw(st.integers(0, case.events)))
    as_player = data.draw(st.sampled_from(case.players))
    runs, broken = _run(case, at, as_player, folder)
    if broken:
        pytest.fail(_report(broken))
    assert runs["replay"].code == case.verdict, runs["replay"].summary()
    assert runs["show --at"].code == 0, runs["show --at"].summary()
    assert runs["export --as"].code == 0, runs["export --as"].summary()


@pytest.mark.parametrize("case", trial_cases(TRIAL_SCALE), ids=lambda c: c.how[-1])
def test_the_trial_s_mutation_classes_keep_every_property(folder: Path, case: Case) -> None:
    # Each of these once made the referee crash, hang or answer in two lines; --as names a
    # player of the record, --at an event within it.
    _runs, broken = _run(case, "3", case.players[-1], folder)
    if broken:
        pytest.fail(_report(broken))
