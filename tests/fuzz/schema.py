"""The JSON Schema of records, and what it leaves to the reader.

The schema's description lists the checks JSON Schema cannot make and the reader does:
:func:`reader_only` tells whether a refusal of the reader is one of them.
"""

from __future__ import annotations

import json
import re
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Final

import jsonschema

import sabai_rules
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.referee.record import MAX_EVENTS, RecordError

__all__ = ["SCHEMA_PATH", "option_choices", "reader_only", "schema", "schema_errors"]

SCHEMA_PATH: Final = Path(sabai_rules.__file__).parent / "schema" / "record-v1.schema.json"

Json = Any


@cache
def schema() -> Json:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


@cache
def _validator(part: str | None = None) -> jsonschema.Draft202012Validator:
    """The schema's validator, or one for a part of it (``"event"``: ``#/$defs/event``)."""
    whole = schema()
    if part is None:
        return jsonschema.Draft202012Validator(whole)
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{part}", "$defs": whole["$defs"]})


@lru_cache(maxsize=200_000)
def _part_errors(part: str, text: str) -> tuple[str, ...]:
    return tuple(e.message[:200] for e in _validator(part).iter_errors(json.loads(text)))


#: A deal the schema accepts, standing in for the deal checked on its own.
_SOME_DEAL: Final = {"seed": 0, "generator": "shake256-fisher-yates/1"}


def schema_errors(doc: Json) -> list[str]:
    """What the schema finds wrong with ``doc`` (nothing: valid).

    A record is mostly its events and deals, each judged alone by the schema (an item of
    ``events``, the ``deal`` of a round): they are checked one by one, each distinct one once per
    process, and the rest of the record without them. The schema is slow (its ``oneOf`` of 17
    actions), the fuzzed records share most of their events, and the verdict is the same.
    """
    errors: list[str] = []
    rest = doc
    rounds = doc.get("rounds") if isinstance(doc, dict) else None
    if isinstance(rounds, list):
        rest = {**doc, "rounds": list(rounds)}
        for r, original in enumerate(rounds):
            if not isinstance(original, dict):
                continue
            rnd = rest["rounds"][r] = dict(original)
            if isinstance(rnd.get("events"), list):
                for i, event in enumerate(rnd["events"]):
                    found = _part_errors("event", json.dumps(event, sort_keys=True))
                    errors += [f"$.rounds[{r}].events[{i}]: {e}" for e in found]
                rnd["events"] = []
            if "deal" in rnd:
                found = _part_errors("deal", json.dumps(rnd["deal"], sort_keys=True))
                errors += [f"$.rounds[{r}].deal: {e}" for e in found]
                rnd["deal"] = _SOME_DEAL
    errors += [f"{e.json_path}: {e.message[:200]}" for e in _validator().iter_errors(rest)]
    return errors


def option_choices(name: str) -> list[str]:
    """The values the schema allows for a ruleset option with a set of choices."""
    options = schema()["$defs"]["ruleset"]["properties"]["options"]["properties"]
    return list(options.get(name, {}).get("enum", []))


_STEP = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")


def _at(doc: Json, path: str) -> tuple[bool, Json]:
    """The value at a reader's error path (``$.rounds[0].events[3].slot``), if it is there."""
    if not path.startswith("$"):
        return False, None
    rest = path[1:]
    while rest:
        step = _STEP.match(rest)
        if step is None:
            return False, None
        key, index = step.groups()
        try:
            doc = doc[key] if key is not None else doc[int(index)]
        except (KeyError, IndexError, TypeError):
            return False, None
        rest = rest[step.end() :]
    return True, doc


def _whole_fraction(value: Json) -> bool:
    return isinstance(value, float) and value.is_integer()


def reader_only(doc: Json, error: RecordError) -> str | None:
    """Which check the schema leaves to the reader ``error`` is, if it is one of those its
    description lists; else ``None``."""
    message, path = error.message, error.path
    # "that the text holds no lone surrogate (a \ud800 escape without its pair)".
    if "lone surrogate" in message:
        return "a lone surrogate"
    # "that the record holds at most 100,000 events in all".
    if message.startswith(f"the record holds more than {MAX_EVENTS:,} events"):
        return "too many events in all"
    found, value = _at(doc, path)
    # "Numbers are written as integers: the reader refuses 1.0 where it expects 1".
    if found and (
        _whole_fraction(value)
        or (isinstance(value, list) and any(_whole_fraction(v) for v in value))
    ):
        return "a whole fraction"
    # "that a seed written as a text of digits is within 256 bits".
    if path.endswith(".seed") and found and isinstance(value, str) and "bits" in message:
        return "a seed of digits beyond 256 bits"
    # "that named players exist, that a seat number is below the number of players".
    if message.startswith("unknown player"):
        return "a player who is not at the table"
    # "that a claim's rule is in the catalogue".
    if path == "$.claim.rule" and message.startswith("unknown rule"):
        return "a rule that is not in the catalogue"
    # "that the ruleset options fit together": the value is fine on its own.
    if path.startswith("$.ruleset.options.") and found:
        name = path.removeprefix("$.ruleset.options.")
        ruleset = doc.get("ruleset") or {}
        try:
            Ruleset.preset(ruleset.get("preset", "current")).with_options(**{name: value})
        except (TypeError, ValueError):
            return None
        return "options that do not fit together"
    # "that a round states reshuffles and nose races only under a ruleset that has them".
    if path.endswith((".reshuffles", ".nose_races")) and (
        "(ruling.draw-pile-exhausted)" in message or "(ruling.nose-race)" in message
    ):
        return "chance the ruleset does not have"
    return None
