"""pytest's collection from the repository's root: the adapters to OpenSpiel and PettingZoo and
the scribe's server are optional extras, so their modules are collected for their doctests only
where their framework is installed (``pip install -e '.[test,openspiel,pettingzoo,scribe]'``, as
CI does)."""

from __future__ import annotations

import importlib.util

collect_ignore = [
    f"sabai_rules/{module}.py"
    for module, needs in (
        ("openspiel", "pyspiel"),
        ("frameworks/openspiel", "pyspiel"),
        ("pettingzoo", "pettingzoo"),
        ("frameworks/pettingzoo", "pettingzoo"),
        ("scribe/server", "starlette"),
    )
    if importlib.util.find_spec(needs) is None
]
