"""Seeds: what a seed may be, the games the seeds always dealt, seeds nobody can guess, and the
records whose seed somebody could.

The generator (:data:`sabai_rules.model.chance.GENERATOR`, ``shake256-fisher-yates/1``) keys its
state on SHA-256 of the seed's text, so ``7`` and ``"7"`` dealt one game. No game changes: a text
that spells an integer is refused (a record that wrote one reads it as the integer, the very game it
dealt), every other seed deals what it dealt, and the generator keeps its name.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from pathlib import Path

import attrs
import pytest

from sabai_rules.agents.simulate import simulate
from sabai_rules.model import chance
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import deal
from sabai_rules.play.game import new_game
from sabai_rules.referee.export import export_view
from sabai_rules.referee.record import Record, RecordError, load_record, read_record, write_record
from sabai_rules.referee.replay import replay
from tests.support import sabai

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

#: Seeds of every kind the generator took before seeds were checked, and kept.
KEPT: list[int | str] = [
    0,
    1,
    7,
    42,
    424242,
    -5,
    2**63,
    2**200,
    2**256 - 1,
    "table 3",
    "07",
    "+7",
    "",
    "é/ü",
]


def _deals_digest() -> str:
    """SHA-256 over each kept seed's generator state, deal and first dealer."""
    digest = hashlib.sha256()
    for seed in KEPT:
        for r in (0, 1, 5):
            state = deal(None, 4, dealer=r % 4, seed=seed, round_index=r)
            table = state.table
            rng = state.flow.status.rng
            data = (seed, r, chance.seed_state(seed, r), table.rows, table.draw, rng)
            digest.update(repr(data).encode())
        digest.update(repr(new_game(5, seed=seed).first_dealer).encode())
    return digest.hexdigest()


def _actions_digest(record: Record) -> str:
    events = [
        (type(e.action).__name__, attrs.astuple(e.action)) for r in record.rounds for e in r.events
    ]
    return hashlib.sha256(repr([record.first_dealer, *events]).encode()).hexdigest()


def test_every_seed_deals_the_game_it_always_dealt() -> None:
    # The digests were taken before seeds were checked (sabai-rules at 69840f8).
    assert _deals_digest() == "06fbb7feda4c0d1416ad18698abfe4d8ead199a2510002858a02119796e48cb6"
    assert (
        _actions_digest(simulate(3, 424242))
        == "30f2a2b7d2a908c9f63f29252b0bba1a636fa6954926dcc60ac705166aa81771"
    )
    # That game burns the Ass Joker and reshuffles the pile under it: played under the rules of
    # the time, where the burned Ass Joker went back into the deck (ruling.ass-joker-holder-at-
    # reveal's option; its default now keeps the card out), the seed deals and plays it as ever.
    then = Ruleset(burned_ass_joker="reshuffled")
    assert (
        _actions_digest(simulate(2, "table 3", bots="random", ruleset=then))
        == "afed1642decdd17b30ac7b5084e14f967d99ba79aeaef26b38020fec1a227aa9"
    )
    assert chance.GENERATOR == "shake256-fisher-yates/1"


@pytest.mark.parametrize("text", ["7", "0", "-12", str(2**100)])
def test_a_text_that_spells_an_integer_is_refused(text: str) -> None:
    # It would deal the integer's game: 7 and "7" were one seed.
    with pytest.raises(ValueError, match=f"seed '{text}' is a text that spells an integer"):
        deal(seed=text)
    with pytest.raises(ValueError, match="spells an integer"):
        new_game(2, seed=text)
    with pytest.raises(ValueError, match="spells an integer"):
        simulate(2, text)


@pytest.mark.parametrize(
    ("text", "number"),
    [("07", 7), ("+7", 7), (" 7", 7), ("7.0", 7), ("-0", 0), ("\u0667", 7), ("1_000", 1000)],
)
def test_a_text_that_str_never_writes_for_an_integer_is_a_seed_of_its_own(
    text: str, number: int
) -> None:
    assert chance.check_seed(text) == text
    assert deal(seed=text).table != deal(seed=number).table


def test_a_record_that_wrote_its_seed_as_a_text_replays_as_the_integer() -> None:
    by_number = json.loads(write_record(simulate(2, 7, rounds=1)))
    by_text = {**by_number, "seed": "7"}
    by_text["rounds"] = [{**by_number["rounds"][0], "deal": {**by_number["rounds"][0]["deal"]}}]
    by_text["rounds"][0]["deal"]["seed"] = "7"
    record = read_record(by_text)
    assert record.seed == 7
    assert record.rounds[0].deal.seed == 7
    assert record == read_record(by_number)
    assert replay(record).game == replay(read_record(by_number)).game


def test_a_record_whose_seed_is_out_of_bounds_is_refused_where_it_says_so() -> None:
    data = json.loads(write_record(simulate(2, 7, rounds=1)))
    with pytest.raises(RecordError, match="at most 256 bits") as caught:
        read_record({**data, "seed": 2**256})
    assert caught.value.path == "$.seed"
    data["rounds"][0]["deal"]["seed"] = "\ud800"
    with pytest.raises(RecordError, match="lone surrogate") as caught:
        read_record(data)
    assert caught.value.path == "$.rounds[0].deal.seed"


def test_a_lone_surrogate_is_refused_naming_the_seed() -> None:
    message = "seed must be valid Unicode text: character 1 is a lone surrogate"
    with pytest.raises(ValueError, match=message) as caught:
        deal(seed="a\udc80b")
    # Not a UnicodeEncodeError from deep inside the generator.
    assert type(caught.value) is ValueError


@pytest.mark.parametrize("seed", [2**256 - 1, -(2**256) + 1, "x" * 256])
def test_the_largest_seeds_are_seeds(seed: int | str) -> None:
    assert chance.check_seed(seed) == seed


@pytest.mark.parametrize(
    ("seed", "message"),
    [
        (2**256, "seed must be an integer of at most 256 bits, not one of 257 bits"),
        (-(2**256), "seed must be an integer of at most 256 bits, not one of 257 bits"),
        (10**4300, "seed must be an integer of at most 256 bits, not one of 14285 bits"),
        (10**5000, "seed must be an integer of at most 256 bits, not one of 16610 bits"),
        ("x" * 257, "seed must be a text of at most 256 characters, not 257"),
    ],
    ids=["2**256", "-2**256", "10**4300", "10**5000", "257-characters"],
)
def test_a_seed_beyond_the_bounds_is_refused_naming_the_seed(seed: int | str, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}$"):
        deal(seed=seed)


@pytest.mark.parametrize("seed", [True, [1], b"x", 1.5, (7,)])
def test_a_seed_of_another_type_is_refused(seed: object) -> None:
    for call in (
        lambda: chance.check_seed(seed),
        lambda: new_game(2, seed=seed),  # type: ignore[arg-type]
        lambda: simulate(2, seed),  # type: ignore[arg-type]
    ):
        with pytest.raises(TypeError, match="seed must be an int or a str"):
            call()
    with pytest.raises(TypeError):  # the compiled build's own check may come first
        deal(seed=seed)  # type: ignore[arg-type]


# -- seeds nobody can guess ----------------------------------------------------------------------


def test_without_a_seed_deal_draws_one_nobody_can_guess() -> None:
    first, second = deal(players=4), deal(players=4)
    seed = first.setup.seed
    assert isinstance(seed, str)
    assert len(seed) == 32
    assert int(seed, 16) >= 0
    assert seed != second.setup.seed
    assert not chance.is_guessable(seed)
    # The state keeps the seed: dealing from it again deals the same round.
    assert deal(players=4, seed=seed) == first


def test_without_a_seed_a_game_and_a_simulation_draw_one_nobody_can_guess() -> None:
    game = new_game(3)
    assert not chance.is_guessable(game.seed)
    assert game.seed != new_game(3).seed
    record = simulate(2, rounds=1)
    assert not chance.is_guessable(record.seed)
    assert record.rounds[0].deal.seed == record.seed
    # The record holds the seed: it replays, and simulating from it plays the same game.
    assert read_record(write_record(record)) == record
    assert simulate(2, record.seed, rounds=1) == record


def test_seed_zero_is_what_the_default_used_to_be() -> None:
    # Callers that relied on the old default now pass seed=0, and deal what they dealt.
    assert deal(players=4, seed=0) == deal(players=4, seed=0)
    assert deal(players=4, seed=0).setup.seed == 0


def test_a_new_seed_is_drawn_again_when_it_spells_an_integer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn = iter(["1" * 32, "0" * 32, "f" * 32])
    monkeypatch.setattr(secrets, "token_hex", lambda size: next(drawn))
    # "1111..." spells an integer; "0000..." does not (str never writes leading zeros).
    assert chance.new_seed() == "0" * 32
    assert chance.new_seed() == "f" * 32


@pytest.mark.parametrize(
    ("seed", "guessable"),
    [
        (0, True),
        (424242, True),
        (-(2**63), True),
        (2**64 - 1, True),
        (2**64, False),
        (-(2**64), False),
        (2**127 + 12345, False),
        ("", True),
        ("table 3", True),
        ("x" * 15, True),
        ("x" * 16, False),
        ("0123456789abcdef0123456789abcdef", False),
    ],
)
def test_is_guessable_says_whether_trying_every_seed_finds_it(
    seed: int | str, guessable: bool
) -> None:
    assert chance.is_guessable(seed) is guessable


# -- marking records whose seed is guessable -----------------------------------------------------


def test_an_export_says_whether_the_seed_is_guessable() -> None:
    assert export_view(simulate(2, 424242, rounds=1), 0)["seed_guessable"] is True
    assert export_view(simulate(2, rounds=1), 0)["seed_guessable"] is False
    # A real table's deal is its order: no seed decides a card anybody could hide.
    real = load_record(EXAMPLES / "real-table-reshuffle.json")
    assert all(r.deal.order is not None for r in real.rounds)
    assert export_view(real, 0)["seed_guessable"] is False


def test_sabai_export_and_show_mark_a_guessable_seed(tmp_path: Path) -> None:
    guessable, drawn = tmp_path / "small.json", tmp_path / "drawn.json"
    guessable.write_text(write_record(simulate(2, 424242, rounds=1)), encoding="utf-8")
    drawn.write_text(write_record(simulate(2, rounds=1)), encoding="utf-8")
    for path, marked in ((guessable, True), (drawn, False)):
        code, out, _ = sabai("export", str(path), "--as", "P1")
        assert code == 0
        assert json.loads(out)["seed_guessable"] is marked
        code, out, _ = sabai("show", str(path), "--at", "1", "--as", "P1")
        assert code == 0
        assert ("seed guessable" in out) is marked
        code, out, _ = sabai("show", str(path), "--at", "1", "--format", "position")
        assert code == 0
        assert ("seed guessable" in out) is marked
        # A picture on standard output is the picture alone: the note goes with the text.
        code, out, _ = sabai("show", str(path), "--at", "1", "--svg", "-")
        assert code == 0
        assert out.startswith("<svg ")
        assert out.rstrip().endswith("</svg>")


def test_sabai_simulate_draws_a_seed_when_given_none(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, _, err = sabai("simulate", "--players", "2", "--rounds", "1", "-o", str(path))
    assert (code, err) == (0, "")
    record = load_record(path)
    assert not chance.is_guessable(record.seed)
    code, _, _ = sabai(
        "simulate", "--players", "2", "--rounds", "1", "--seed", "7", "-o", str(path)
    )
    assert code == 0
    assert load_record(path).seed == 7


def test_sabai_simulate_takes_back_the_seed_it_drew(tmp_path: Path) -> None:
    """A drawn seed is a text of hexadecimal digits: given to ``--seed``, the same game."""
    first, again = tmp_path / "first.json", tmp_path / "again.json"
    assert sabai("simulate", "--players", "3", "--rounds", "2", "-o", str(first))[0] == 0
    drawn = load_record(first).seed
    assert isinstance(drawn, str)
    code, _, err = sabai(
        "simulate", "--players", "3", "--rounds", "2", "--seed", drawn, "-o", str(again)
    )
    assert (code, err) == (0, "")
    assert again.read_bytes() == first.read_bytes()


@pytest.mark.parametrize(
    ("given", "seed"), [("7", 7), ("-12", -12), ("07", "07"), ("table 3", "table 3")]
)
def test_sabai_simulate_reads_a_seed_as_a_record_does(
    tmp_path: Path, given: str, seed: int | str
) -> None:
    path = tmp_path / "game.json"
    code, _, err = sabai(
        "simulate", "--players", "2", "--rounds", "1", "--seed", given, "-o", str(path)
    )
    assert (code, err) == (0, "")
    assert load_record(path).seed == seed


@pytest.mark.parametrize(
    ("given", "why"),
    [
        (str(2**256), "at most 256 bits"),
        ("s" * 257, "at most 256 characters"),
    ],
)
def test_sabai_simulate_refuses_a_seed_out_of_bounds(tmp_path: Path, given: str, why: str) -> None:
    path = tmp_path / "game.json"
    code, out, err = sabai(
        "simulate", "--players", "2", "--rounds", "1", "--seed", given, "-o", str(path)
    )
    assert (code, out) == (2, "")
    assert why in err
    assert err.startswith("sabai simulate: error: argument --seed: --seed must be")
    assert err.count("\n") == 1
    assert not path.exists()


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "seed guessable: whoever knows some cards"),
        ("fr", "graine devinable\u00a0: qui connaît quelques cartes"),
        ("nl", "seed te raden: wie enkele kaarten"),
        ("fi", "siemen arvattavissa: joka tuntee"),
    ],
)
def test_show_warns_of_a_guessable_seed_in_the_reader_s_language(
    tmp_path: Path, lang: str, line: str
) -> None:
    path = tmp_path / "game.json"
    assert (
        sabai("simulate", "--players", "2", "--rounds", "1", "--seed", "7", "-o", str(path))[0] == 0
    )
    code, out, err = sabai("show", str(path), "--at", "1", "--lang", lang)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1].startswith(line)
