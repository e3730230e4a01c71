"""The rulebook's page for framework authors (``docs/frameworks.md``) and the README's section
*Learning and search frameworks*: every Python block runs as a reader would run it (each on its
own, skipped where its framework is not installed), and the figures the page states are the
ones the code computes."""

from __future__ import annotations

import contextlib
import importlib
import io
import re
from pathlib import Path
from typing import Final

import pytest

from sabai_rules.play.episode import EpisodeSpec

ROOT: Final = Path(__file__).resolve().parents[2]
PAGE: Final = ROOT / "docs" / "frameworks.md"
README: Final = ROOT / "README.md"
README_SECTION: Final = "## Learning and search frameworks"

BLOCK: Final = re.compile(r"^```python\n(.*?)^```$", re.M | re.S)
#: The framework each module needs: a block importing one is skipped without it.
FRAMEWORKS: Final = {
    "pyspiel": "pyspiel",
    "open_spiel": "pyspiel",
    "sabai_rules.frameworks.openspiel": "pyspiel",
    "pettingzoo": "pettingzoo",
    "sabai_rules.frameworks.pettingzoo": "pettingzoo",
}
TABLE_SIZES: Final = (2, 4, 12)


def python_blocks(text: str) -> list[str]:
    return [match.group(1) for match in BLOCK.finditer(text)]


def readme_section() -> str:
    """The README's section on the frameworks, up to the next section."""
    text = README.read_text(encoding="utf-8")
    start = text.index(README_SECTION)
    end = text.find("\n## ", start + len(README_SECTION))
    return text[start : end if end >= 0 else len(text)]


def run_block(code: str, name: str) -> str:
    """Run ``code`` in a namespace of its own; what it prints."""
    for module, framework in FRAMEWORKS.items():
        if re.search(rf"^\s*(import|from) {re.escape(module)}\b", code, re.M):
            pytest.importorskip(framework)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, name, "exec"), {"__name__": "__main__"})
    return printed.getvalue()


PAGE_BLOCKS: Final = python_blocks(PAGE.read_text(encoding="utf-8"))
README_BLOCKS: Final = python_blocks(readme_section())


def test_the_page_and_the_readme_show_code() -> None:
    # One block per example of the page (loading, PettingZoo, actions, observations,
    # determinization, two searches), one per framework in the README.
    assert len(PAGE_BLOCKS) == 7
    assert len(README_BLOCKS) == 2
    assert "pettingzoo" in README_BLOCKS[1]
    assert "pyspiel" in README_BLOCKS[0]


@pytest.mark.parametrize("number", range(len(PAGE_BLOCKS)))
def test_every_example_of_the_page_runs(number: int) -> None:
    # Each example of the page prints what it shows.
    assert run_block(PAGE_BLOCKS[number], f"docs/frameworks.md, block {number + 1}")


@pytest.mark.parametrize("number", range(len(README_BLOCKS)))
def test_every_example_of_the_readme_s_section_runs(number: int) -> None:
    run_block(README_BLOCKS[number], f"README.md, {README_SECTION[3:]}, block {number + 1}")


def table(heading: str) -> dict[int, tuple[int, ...]]:
    """The page's table whose header row starts with ``heading``: its figures by table size."""
    text = PAGE.read_text(encoding="utf-8")
    found = re.search(rf"^\| {re.escape(heading)} \|.*\n\|[-|]+\|\n((?:\|.*\|\n)+)", text, re.M)
    assert found, f"no table headed {heading!r} on the page"
    rows = {}
    for line in found.group(1).splitlines():
        players, *figures = (cell.strip() for cell in line.strip("|").split("|"))
        rows[int(players)] = tuple(int(figure) for figure in figures)
    return rows


def test_the_page_states_the_number_of_moves_the_space_has() -> None:
    want = {
        n: (
            EpisodeSpec.of(players=n).moves,
            EpisodeSpec.of(players=n, preset="simplified").moves,
            EpisodeSpec.of(players=n, preset="older").moves,
        )
        for n in TABLE_SIZES
    }
    assert all(current == simplified for current, simplified, _ in want.values())
    got = table("players | moves, current and simplified presets")
    assert got == {n: (current, older) for n, (current, _, older) in want.items()}


def test_the_page_states_the_observation_s_length() -> None:
    got = table("players | length, a round")
    for preset in ("current", "older", "simplified"):
        want = {
            n: (
                EpisodeSpec.of(players=n, preset=preset).observation_size,
                EpisodeSpec.of(players=n, preset=preset, mode="game").observation_size,
            )
            for n in TABLE_SIZES
        }
        assert got == want, preset


def test_the_page_states_the_bound_on_an_episode_s_length() -> None:
    want = {
        n: (
            EpisodeSpec.of(players=n).max_length,
            EpisodeSpec.of(players=n, mode="game").max_length,
        )
        for n in TABLE_SIZES
    }
    assert table("players | `max_game_length()`, a round") == want


def test_the_page_s_figures_are_what_openspiel_declares() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    importlib.import_module("sabai_rules.frameworks.openspiel")  # registers python_sabai_sabai
    moves = table("players | moves, current and simplified presets")
    lengths = table("players | length, a round")
    bounds = table("players | `max_game_length()`, a round")
    for n in TABLE_SIZES:
        for column, mode in enumerate(("round", "game")):
            game = pyspiel.load_game("python_sabai_sabai", {"players": n, "mode": mode})
            assert game.num_distinct_actions() == moves[n][0]
            assert game.observation_tensor_shape() == [lengths[n][column]]
            assert game.max_game_length() == bounds[n][column]
            assert game.max_chance_outcomes() == 60
        older = pyspiel.load_game("python_sabai_sabai", {"players": n, "preset": "older"})
        assert older.num_distinct_actions() == moves[n][1]
    # A round's returns lie within -1 and +1; a game's, the same times its rounds.
    game = pyspiel.load_game("python_sabai_sabai", {"players": 4, "mode": "game"})
    assert (game.min_utility(), game.max_utility()) == (-4.0, 4.0)
    older = pyspiel.load_game("python_sabai_sabai", {"mode": "game", "preset": "older"})
    assert (older.min_utility(), older.max_utility()) == (-1.0, 1.0)
