"""Shared fixtures and the Hypothesis profiles.

Profiles: ``ci`` (derandomised, bounded; the default) and ``deep`` (at least 100 times more
examples, for long runs). Select with ``SABAI_HYPOTHESIS_PROFILE=deep``.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from sabai_rules.model import catalogue

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=100,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "deep",
    max_examples=10_000,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("SABAI_HYPOTHESIS_PROFILE", "ci"))

ROOT = Path(__file__).resolve().parent.parent


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "rules(*ids): the rule and ruling ids of the catalogue this test checks",
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test citing an id the catalogue does not know fails at once, naming the id."""
    cat = catalogue.default()
    for item in items:
        for mark in item.iter_markers("rules"):
            unknown = [i for i in mark.args if cat.kind_of(i) not in ("rule", "ruling")]
            if unknown:
                raise pytest.UsageError(f"{item.nodeid} cites unknown rule ids: {unknown}")


@pytest.fixture(scope="session")
def cat() -> catalogue.Catalogue:
    """The catalogue shipped with the package."""
    return catalogue.default()


@pytest.fixture
def spec_copy(tmp_path: Path) -> Path:
    """A writable copy of ``spec/`` for tests that break it on purpose."""
    target = tmp_path / "spec"
    shutil.copytree(Path(str(catalogue.spec_root())), target)
    return target
