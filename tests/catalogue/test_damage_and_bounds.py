"""A damaged catalogue is a :class:`CatalogueError` naming the file, whatever the damage; an
unknown id is answered in bounded time with a bounded message, whatever its length."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from sabai_rules.model import catalogue
from sabai_rules.model.catalogue import (
    MAX_ID_LENGTH,
    Catalogue,
    CatalogueError,
    UnknownIdError,
    UnknownLanguageError,
)


def _copy(tmp_path: Path) -> Path:
    spec = tmp_path / "spec"
    shutil.copytree(catalogue.spec_root(), spec)  # type: ignore[arg-type]
    return spec


def _append_latin_1(spec: Path) -> None:
    path = spec / "rulings" / sorted(p.name for p in (spec / "rulings").iterdir())[0]
    path.write_bytes(path.read_bytes() + "# Noël\n".encode("latin-1"))


DAMAGE: list[object] = [
    pytest.param(_append_latin_1, "not UTF-8 text (byte", id="not-utf8"),
    pytest.param(
        lambda spec: (spec / "editions.toml").unlink(),
        "missing file editions.toml",
        id="missing-editions",
    ),
    pytest.param(
        lambda spec: (spec / "sources" / "manifest.toml").unlink(),
        "missing file manifest.toml",
        id="missing-manifest",
    ),
    pytest.param(
        lambda spec: (spec / "rules" / "notes.toml").mkdir(),
        "notes.toml is a directory, not a file",
        id="directory-named-toml",
    ),
    pytest.param(
        lambda spec: (spec / "retired.toml").unlink() or (spec / "retired.toml").mkdir(),
        "retired.toml is a directory, not a file",
        id="file-replaced-by-a-directory",
    ),
]


@pytest.mark.parametrize(("damage", "expected"), DAMAGE)
def test_a_damaged_catalogue_is_a_catalogue_error(
    damage: Callable[[Path], object], expected: str, tmp_path: Path
) -> None:
    spec = _copy(tmp_path)
    damage(spec)
    with pytest.raises(CatalogueError) as caught:
        catalogue.load(spec)
    assert expected in str(caught.value)
    assert "\n" not in str(caught.value)


def test_the_bound_on_ids_is_above_every_id(cat: Catalogue) -> None:
    ids = [
        *(r.id for r in cat.rules()),
        *(r.id for r in cat.rulings()),
        *(t.id for t in cat.glossary()),
        *(d.id for d in cat.concordance()),
        *(c.id for c in cat.chapters()),
    ]
    assert max(map(len, ids)) < MAX_ID_LENGTH


@pytest.mark.parametrize("length", [MAX_ID_LENGTH + 1, 100_000, 2_000_000])
def test_an_id_longer_than_any_gets_no_suggestion_and_a_short_message(
    cat: Catalogue, length: int
) -> None:
    # Comparing it with every id (difflib) took seconds at 100,000 characters, and minutes at
    # megabytes; it cannot be a typo of an id anyway.
    ident = ("throw-in.identical" * length)[:length]
    for lookup in (cat.rule, cat.ruling, cat.term, cat.chapter):
        with pytest.raises(UnknownIdError) as caught:
            lookup(ident)
        assert caught.value.suggestions == ()
        assert caught.value.ident == ident
        assert len(str(caught.value)) < 2 * MAX_ID_LENGTH
        assert str(caught.value).startswith("unknown ")


def test_a_typo_still_gets_its_suggestion_and_odd_characters_are_escaped(cat: Catalogue) -> None:
    with pytest.raises(UnknownIdError) as caught:
        cat.rule("turn.kep\n")
    assert str(caught.value) == "unknown rule id 'turn.kep\\n'; did you mean 'turn.keep'?"
    with pytest.raises(UnknownLanguageError) as language:
        catalogue.check_language("e\u2028n" * 1000)
    assert "\n" not in str(language.value)
    assert "\\u2028" in str(language.value)
    assert len(str(language.value)) < 2 * MAX_ID_LENGTH
