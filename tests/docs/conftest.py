"""The built rulebook site, for the tests of tests/docs.

They read what ``tools/build_docs.py`` wrote (``docs/_build/html/<lang>/``, or the directory
``SABAI_DOCS_SITE`` names) and skip a language whose site is not built: ``.ci/run`` runs them
after the four builds.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sabai_rules.model.catalogue import Language

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("SABAI_DOCS_SITE", ROOT / "docs" / "_build" / "html"))


def built(lang: Language) -> Path:
    """The site of ``lang``; the test is skipped if it is not built."""
    site = SITE / lang
    if not (site / "index.html").is_file():
        pytest.skip(f"the {lang} site is not built (python tools/build_docs.py --lang {lang})")
    return site
