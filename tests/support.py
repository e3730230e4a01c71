"""What the command-line tests share: the ``sabai`` command called in-process, and the keys of a
JSON document (to show that a key such as ``order`` or ``seed`` appears nowhere in it)."""

from __future__ import annotations

import io
from collections.abc import Iterator

from sabai_rules.cli import run


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
