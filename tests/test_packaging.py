"""The wheel carries the catalogue: build it, install it into a fresh virtual environment and
look a rule up from there, away from the source checkout."""

from __future__ import annotations

import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("sabai_rules-*.whl")
    return built


def test_wheel_contains_the_catalogue_and_type_marker(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "sabai_rules/py.typed" in names
    assert "sabai_rules/_spec/sources/manifest.toml" in names
    assert "sabai_rules/_spec/sources/fi-older.txt" in names
    assert "sabai_rules/_spec/rules/throw-in.toml" in names
    assert "sabai_rules/_spec/rulings/04-throw-in.toml" in names
    assert "sabai_rules/_spec/glossary.toml" in names
    assert "sabai_rules/schema/record-v1.schema.json" in names
    assert "sabai_rules/engine/rules.py" in names
    assert "sabai_rules/referee/replay.py" in names
    # The scribe's page: served from the package, nothing to build or download.
    for page in ("index.html", "scribe.js", "scribe.css"):
        assert f"sabai_rules/scribe/page/{page}" in names
    # The verdict viewer's style and script, inlined into every page it writes.
    assert "sabai_rules/referee/viewer.css" in names
    assert "sabai_rules/referee/viewer.js" in names
    # Development code (scenario runner, traceability, catalogue checks) stays in the checkout.
    assert not any(name.startswith(("tests/", "tools/", "spec/", "sabai_dev/")) for name in names)
    # The pure-Python wheel, even when a compiled build sits in the tree (the CI's second run).
    assert not [name for name in names if name.endswith(".so")]


def test_installed_wheel_serves_rules_from_package_data(wheel: Path, tmp_path: Path) -> None:
    env = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env)
    python = env / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
        check=True,
        capture_output=True,
    )
    probe = (
        "from sabai_rules import catalogue;"
        "root = str(catalogue.spec_root());"
        "assert root.endswith('sabai_rules/_spec'), root;"
        "assert 'site-packages' in root, root;"
        "r = catalogue.rule('throw-in.wrong-card.penalty');"
        "print(r.text('nl').text)"
    )
    result = subprocess.run(
        [str(python), "-c", probe], capture_output=True, text=True, cwd=tmp_path, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "(strafkaart)" in result.stdout
    cli = subprocess.run(
        [str(env / "bin" / "sabai"), "rules", "throw-in.identical", "--lang", "nl"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert cli.returncode == 0, cli.stderr
    assert "Een identieke kaart als de laatst gespeelde kaart" in cli.stdout


def test_the_sdist_carries_what_its_tests_read(tmp_path: Path) -> None:
    """An unpacked sdist runs its own tests: it carries the examples, the rulebook's sources (the
    impact run, the translations), the benchmark scripts the tests run and the development tools,
    and no built site."""
    subprocess.run(
        [
            sys.executable,
            "-c",
            f"import hatchling.build as b, os; os.chdir({str(ROOT)!r}); "
            f"b.build_sdist({str(tmp_path)!r})",
        ],
        check=True,
        capture_output=True,
    )
    (built,) = tmp_path.glob("sabai_rules-*.tar.gz")
    with tarfile.open(built) as archive:
        names = {name.partition("/")[2] for name in archive.getnames()}
    for needed in (
        "examples/wrong-throw-in-lockout.json",
        "examples/table/README.md",
        "docs/_data/impact.json",
        "docs/locale/fr/LC_MESSAGES/dispute.po",
        "bench/replay.py",
        "tools/record_schema.py",
        "spec/rules/throw-in.toml",
        "tests/test_examples.py",
        "sabai_dev/layers.py",
        "conftest.py",
    ):
        assert needed in names, needed
    assert not any(name.startswith("docs/_build") for name in names)
