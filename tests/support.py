"""What the command-line tests share: the ``sabai`` command called in-process, the keys of a
JSON document (to show that a key such as ``order`` or ``seed`` appears nowhere in it), and the
lines of an examples README that describe its records, the row of an examples table, and the
lock-out record with a second Draw."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from sabai_rules.cli import run
from sabai_rules.model import catalogue


def sabai(*argv: str) -> tuple[int, str, str]:
    """Run ``sabai argv...``; its exit code, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def json_keys(value: object) -> Iterator[str]:
    """Every key of every object in a JSON document, at any depth."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from json_keys(item)
    elif isinstance(value, list):
        for item in value:
            yield from json_keys(item)


def example_lines(readme: Path, command: str, files: Iterable[str]) -> dict[str, str]:
    """The line of an examples README (``- `file.json` ...``) that describes each of ``files``,
    by file: the README says how to replay them (``command``), describes exactly those files,
    and each line cites at least one rule or ruling, every id it cites a real one."""
    text = readme.read_text(encoding="utf-8")
    assert command in text
    lines = [line for line in text.splitlines() if line.startswith("- `")]
    described = {line.split("`")[1]: line for line in lines}
    assert sorted(described) == sorted(files)
    cat = catalogue.default()
    for line in lines:
        ids = re.findall(r"`([a-z-]+(?:\.[a-z0-9-]+)+)`", line)
        cited = [i for i in ids if not i.endswith(".json")]
        assert cited, line
        assert [i for i in cited if cat.kind_of(i) not in ("rule", "ruling")] == []
    return described


#: The example whose 14th event Anna throws in while locked out.
LOCKOUT = Path(__file__).resolve().parents[1] / "examples" / "wrong-throw-in-lockout.json"
#: How the referee opens a quotation (a record's claim), per language: « in French.
OPENING = {"en": '"', "fr": "\u00ab\u00a0", "nl": '"', "fi": '"'}


def lockout_with_a_second_draw(folder: Path) -> Path:
    """:data:`LOCKOUT` with its first event, a Draw, recorded twice (the second refused: the drawn
    card is held), written into ``folder``: a record with two illegal events, for tolerant
    verdicts."""
    data = json.loads(LOCKOUT.read_text(encoding="utf-8"))
    events = data["rounds"][0]["events"]
    events.insert(1, dict(events[0]))
    path = folder / "two.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


_Row = TypeVar("_Row")


def row_of(param: Any, kind: type[_Row]) -> _Row:
    """The one value of a ``pytest.param`` row of an examples table, checked to be a ``kind``."""
    value = param.values[0]
    assert isinstance(value, kind)
    return value
