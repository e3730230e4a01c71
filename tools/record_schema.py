"""The JSON Schemas of records: version 1's ruleset options from the ruleset, version 2 from
version 1.

    python tools/record_schema.py          # write both files in sabai_rules/schema/
    python tools/record_schema.py --check  # exit 1 if either is not what it should be

Version 1 is written by hand, but for its ruleset options: their names, and each option's entry
(:meth:`sabai_rules.model.ruleset.Ruleset.option_schema`), come from the options' declared values,
so that a new option or a new value reaches the schemas by running this script.

A record of version 2 is a record of version 1 that may also say what a table knows
(:mod:`sabai_rules.referee.record`): a round may start from a position (``start``) instead of a
deal, a deal's order may hold ``"?"`` and stop before the end of the deck, an event may state the
face of the card it shows (``shows``), a round the rows turned up at its end (``reveal``). Every
other part of the schema is version 1's. ``tests/records/test_table_schema.py`` checks that both
files are what this script writes.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "sabai_rules" / "schema"
V1 = SCHEMA / "record-v1.schema.json"
V2 = SCHEMA / "record-v2.schema.json"
sys.path.insert(0, str(ROOT))

from sabai_rules.model.ruleset import Ruleset  # noqa: E402

Json = dict[str, Any]

#: The actions whose event may state a face (sabai_rules.referee.record.SHOWN_BY).
SHOWN_BY = (
    "Draw",
    "Play",
    "Keep",
    "ThrowIn",
    "AlsoThrowIn",
    "TakeFirstRefusal",
    "WaiveFirstRefusal",
    "Give",
    "Compensate",
    "Peek",
    "Spy",
)
#: The actions whose event may show a card to the players
#: (sabai_rules.referee.record.SHOWN_TO_PLAYERS).
SHOWN_TO_PLAYERS = (
    "ThrowIn",
    "AlsoThrowIn",
    "TakeFirstRefusal",
    "WaiveFirstRefusal",
    "Keep",
    "Compensate",
)
#: Whitespace as the reader strips it around a face (Python's ``str.strip`` of ASCII text).
_SPACE = "[\\t\\n\\v\\f\\r ]*"

_DESCRIPTION = (
    " Version 2 also says what a table knows: a round may start from a position (start, the"
    " notation of sabai_rules.read_position, at most 10,000 characters) instead of a deal; a deal's"
    " order may hold '?' for a card nobody at the table can name, and may stop before the end of"
    " the deck (the rest is unknown), each face at most as often as the deck holds it; an event"
    " of the actions that show or are about one card may state its face (shows; one face per"
    " slot for LookAtCards); a round may state the rows as they were turned up at its end"
    " (reveal, '?' for a card nobody noted); and table facts: who got a card two players reached"
    " for at once (first), the order of a nose race's gestures (order), who did not look at a"
    " card shown (unseen_by). The reader also checks that the faces a record"
    " states can be dealt together, and the referee that the play agrees with them."
)


def with_options(v1: Json) -> Json:
    """Version 1 with its ruleset options written from the ruleset (the deck is always the
    preset's: no option of a record)."""
    out = copy.deepcopy(v1)
    options = out["$defs"]["ruleset"]["properties"]["options"]
    names = [name for name in Ruleset.option_names() if name != "deck"]
    options["propertyNames"] = {"enum": names}
    options["properties"] = {name: Ruleset.option_schema(name) for name in names}
    return out


def derived(v1: Json) -> Json:
    """The schema of version 2, from version 1's."""
    v2 = copy.deepcopy(v1)
    v2["title"] = v1["title"].replace("version 1", "version 2")
    v2["description"] = v1["description"] + _DESCRIPTION
    v2["properties"]["version"] = {"const": 2}
    defs = v2["$defs"]
    unknown = {"type": "string", "pattern": f"^{_SPACE}\\?{_SPACE}$"}
    defs["face_or_unknown"] = {
        "description": "A card face, or '?' for a card nobody at the table can name.",
        "anyOf": [{"$ref": "#/$defs/face"}, unknown],
    }
    order = defs["deal"]["properties"]["order"]
    order["description"] = (
        "The card order as far as the table knows it: faces, '?' for a card nobody can name, "
        "first card dealt first; it may stop before the end of the deck (the rest is unknown). "
        "Each face at most as often as the preset's deck holds it."
    )
    order["items"] = {"$ref": "#/$defs/face_or_unknown"}
    order["minItems"] = 0
    for clause in order.get("allOf", []):
        clause["minContains"] = 0
    rnd = defs["round"]
    rnd["properties"]["start"] = {
        "description": "The position the round starts from (sabai_rules.read_position), instead "
        "of a deal.",
        "type": "string",
        "maxLength": 10_000,
    }
    rnd["properties"]["reveal"] = {
        "description": "The rows as they were turned up at the end of the round, player by "
        "player in seat order, slot by slot; '?' for a card nobody noted.",
        "type": "array",
        "items": {"type": "array", "items": {"$ref": "#/$defs/face_or_unknown"}, "maxItems": 60},
        "minItems": 2,
        "maxItems": 12,
    }
    rnd.pop("required", None)
    rnd["oneOf"] = [{"required": ["deal"]}, {"required": ["start"]}]
    for name in (*SHOWN_BY, "LookAtCards"):
        action = defs[f"action.{name}"]
        if name == "LookAtCards":
            shows: Json = {
                "description": "The faces of the cards looked at, one per slot, as the player "
                "said them.",
                "type": "array",
                "items": {"$ref": "#/$defs/face"},
                "maxItems": 100,
            }
        else:
            shows = {
                "description": "The face of the card the action shows or is about, as the table "
                "saw it.",
                "$ref": "#/$defs/face",
            }
        action["properties"]["shows"] = shows
    defs["action.ThrowIn"]["properties"]["first"] = {
        "description": "In a group of simultaneous throw-ins: this player got the card (touched "
        "it first) that another of the group reached for too (ruling.same-card-reach).",
        "type": "boolean",
    }
    defs["action.TouchNoseLast"]["properties"]["order"] = {
        "description": "The players in the order they touched their noses, first to last, every "
        "player once, the actor last (ruling.nose-race-order).",
        "type": "array",
        "items": {"$ref": "#/$defs/player"},
        "minItems": 2,
        "maxItems": 12,
    }
    for name in SHOWN_TO_PLAYERS:
        defs[f"action.{name}"]["properties"]["unseen_by"] = {
            "description": "The players who say they did not look at the card the event shows "
            "(not its actor; ruling.unseen-card).",
            "type": "array",
            "items": {"$ref": "#/$defs/player"},
            "maxItems": 11,
        }
    return v2


def text(schema: Json) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="check instead of writing")
    args = parser.parse_args(argv)
    v1 = with_options(json.loads(V1.read_text(encoding="utf-8")))
    wanted = {V1: text(v1), V2: text(derived(v1))}
    if args.check:
        stale = [path for path, want in wanted.items() if path.read_text(encoding="utf-8") != want]
        for path in stale:
            where = path.relative_to(ROOT)
            print(f"{where} is not what the ruleset and version 1 give: run {__file__}")
        return 1 if stale else 0
    for path, want in wanted.items():
        path.write_text(want, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
