"""The reader and the JSON Schema judge the fuzzed records alike: whatever the reader accepts
the schema accepts, whatever the schema refuses the reader refuses, and where only the reader
refuses, its reason is one the schema's description leaves to it. The reader itself only ever
raises :class:`~sabai_rules.referee.record.RecordError`, strict or tolerant."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings

from sabai_rules.referee.record import Problem, RecordError, read_record
from tests.fuzz.schema import reader_only, schema_errors
from tests.fuzz.strategies import CI, Case, mutated_records, raw_files, trial_cases


def _read(data: bytes, *, tolerant: bool) -> RecordError | None:
    problems: list[Problem] | None = [] if tolerant else None
    try:
        read_record(data, problems=problems)
    except RecordError as error:
        return error
    return None


def _judged_alike(case: Case) -> None:
    refused = _read(case.data, tolerant=False)
    if refused is not None and not refused.path:
        return  # not a JSON document at all (not UTF-8, nested too deep): no schema applies
    doc = json.loads(case.data.decode("utf-8"))
    errors = schema_errors(doc)
    if refused is None:
        assert not errors, f"the reader accepts it, the schema refuses it: {errors[:3]}"
    elif not errors:
        reason = reader_only(doc, refused)
        assert reason is not None, (
            f"the schema accepts it, the reader refuses it for a reason the schema's description "
            f"does not leave to the reader: {refused}"
        )


@settings(max_examples=settings().max_examples * 4)
@given(case=mutated_records(CI))
def test_the_reader_and_the_schema_accept_and_refuse_the_same_records(case: Case) -> None:
    _judged_alike(case)


@pytest.mark.parametrize("case", trial_cases(CI), ids=lambda c: c.how[-1])
def test_the_reader_and_the_schema_judge_the_trial_s_cases_alike(case: Case) -> None:
    _judged_alike(case)


@settings(max_examples=settings().max_examples * 2)
@given(case=mutated_records(CI) | raw_files(CI))
def test_the_reader_raises_nothing_but_a_record_error(case: Case) -> None:
    # _read lets anything but a RecordError through: Hypothesis shows it.
    strict = _read(case.data, tolerant=False)
    tolerant = _read(case.data, tolerant=True)
    if strict is None:
        assert tolerant is None, (
            f"the tolerant reader refuses what the strict one reads: {tolerant}"
        )
