"""The rulebook's page of what each ruling changes (docs/impact.md) is made from the committed
run of ``sabai impact`` (docs/_data/impact.json) by tools/impact_page.py."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from sabai_rules.impact import varied_options
from sabai_rules.ruleset import Ruleset


def test_the_rulebook_s_impact_page_is_made_from_the_committed_run() -> None:
    """docs/impact.md is what tools/impact_page.py makes of docs/_data/impact.json, and that
    run varied every option impact varies."""
    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("impact_page", root / "tools" / "impact_page.py")
    assert spec is not None
    assert spec.loader is not None
    page = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(page)
    summary = json.loads((root / "docs" / "_data" / "impact.json").read_text(encoding="utf-8"))
    assert (root / "docs" / "impact.md").read_text(encoding="utf-8") == page.render(summary)
    assert {v["option"] for v in summary["variants"]} == set(varied_options())
    for variant in summary["variants"]:
        assert variant["ruling"] == Ruleset.ruling_of(variant["option"])
        assert f"{{ruling}}`{variant['ruling']}`" in page.render(summary)
