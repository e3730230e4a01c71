"""The published texts in spec/sources are exactly what the seeds say.

The checksums in ``spec/sources/manifest.toml`` are always checked. Re-extracting the seeds needs
the seed files: they are looked for in ``$SABAI_SEEDS`` or beside the checkout
(``../shared/seeds``); where they are not, that part is skipped and says why.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pytest

from sabai_rules.model.catalogue import Catalogue

ROOT = Path(__file__).resolve().parents[2]
SEEDS = Path(os.environ.get("SABAI_SEEDS", ROOT.parent / "shared" / "seeds"))


def _extractor() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "extract_sources", ROOT / "tools" / "extract_sources.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


needs_seeds = pytest.mark.skipif(
    not SEEDS.is_dir(), reason=f"no seeds at {SEEDS} (set SABAI_SEEDS)"
)


def test_each_language_and_edition_has_one_text(cat: Catalogue) -> None:
    assert sorted((s.language, s.edition) for s in cat.sources) == [
        ("en", "current"),
        ("fi", "older"),
        ("fr", "current"),
        ("nl", "current"),
    ]


@needs_seeds
def test_seeds_are_the_ones_the_manifest_names(cat: Catalogue) -> None:
    for source in cat.sources:
        assert hashlib.sha256((SEEDS / source.seed).read_bytes()).hexdigest() == source.seed_sha256
        for witness in source.witnesses:
            fields = dict(witness)
            digest = hashlib.sha256((SEEDS / fields["seed"]).read_bytes()).hexdigest()
            assert digest == fields["seed_sha256"]


@needs_seeds
def test_every_source_file_is_the_extraction_of_its_seed(cat: Catalogue) -> None:
    extract = _extractor()
    for source in cat.sources:
        text = extract.seed_text(SEEDS / source.seed, source.seed_form)
        assert cat.root.joinpath("sources", source.file).read_text(encoding="utf-8") == text
        for witness in source.witnesses:
            fields = dict(witness)
            assert extract.seed_text(SEEDS / fields["seed"], fields["seed_form"]) == text


def test_extraction_keeps_headings_and_paragraphs_apart() -> None:
    extract = _extractor()
    rendered = (
        "\n\n\nTitle</h1>\n\n\nFirst line\nsecond line</b> end.</p>\n\n\nNext</h2>\nBody</p>\n"
    )
    assert (
        extract.rendered_to_text(rendered)
        == "Title\n\nFirst line\nsecond line end.\n\nNext\n\nBody"
    )
