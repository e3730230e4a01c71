"""Tournaments: many games between bots, one row of results per game, on every core or a cluster.

A :class:`Tournament` says what to play: the table size, the bots' lineup (rotated one seat per
game, so that every bot sits at every seat equally often), the ruleset and a seed. Game ``i`` is
seeded by :func:`game_seed` from the tournament's seed and ``i`` alone, so a game's result does not
depend on which worker played it, nor on how many there were: the results file is the same for
one worker, all the cores or a Ray cluster. A game of sensible bots is exactly what
:func:`~sabai_rules.agents.simulate.simulate` plays with that seed and that lineup (``sabai simulate
--seed`` shows it).

:func:`run` plays a :class:`Plan` (one tournament, or several variants of one: ``sabai impact``)
with the standard library's process pool (``workers``), or Ray (``ray="auto"`` for a local Ray, or
a cluster's address; the ``ray`` extra). Finished games are written as they come, a part file per
range of games, beside the results file (``RESULTS.parts/``); an interrupted run (Ctrl-C) keeps
them and ``resume=True`` plays only the games missing. Once every game is played the parts are
merged into one Parquet file, rows in game order, row groups of :data:`ROW_GROUP` games: the same
bytes however the games were shared out or interrupted.

Parquet (the ``tournament`` extra: pyarrow), not CSV: the rows hold lists (each round's length,
end, dealer and winners; the bots per seat), which Parquet types and CSV would flatten into text;
files are a tenth of the size; pandas (``pd.read_parquet``) and polars (``pl.read_parquet``) read
them with their types; and row groups let a run append safely.

The row of a game (:data:`COLUMNS`): the game's index, seed and variant; the table (players, the
bots per seat, the changed options, the first dealer); the result (rounds, victory points, the
winners); per round its dealer, length in actions and in turns, how it ended
(:class:`~sabai_rules.state.EndCause`), its winners and card points; and how often each mechanic
happened (:data:`MECHANICS`).
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import random
import reprlib
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from sabai_rules.agents.bots import MAX_STEPS_PER_ROUND, Bot, next_action
from sabai_rules.agents.search import SearchBot
from sabai_rules.agents.simulate import BOTS
from sabai_rules.model import chance
from sabai_rules.model.events import (
    AssJokerShown,
    AssJokerTurnedOver,
    Called,
    Compensated,
    Event,
    FirstRefusalOffered,
    FunctionFizzled,
    Gave,
    NoseRaceLost,
    Peeked,
    PenaltyCard,
    Reshuffled,
    Spied,
    Switched,
    ThrewIn,
)
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import MAX_PLAYERS, MIN_PLAYERS, apply_events
from sabai_rules.play.game import finish_round, new_game, start_round
from sabai_rules.state import State

__all__ = [
    "COLUMNS",
    "MECHANICS",
    "RAY_CONNECT_SETTINGS",
    "ROW_GROUP",
    "MissingExtraError",
    "Plan",
    "RayAddressError",
    "RunResult",
    "Tournament",
    "game_seed",
    "lineup",
    "play_game",
    "run",
]

#: Rows per row group of a results file.
ROW_GROUP: Final = 1000

#: What is counted in each game, with what counts it.
MECHANICS: Final = {
    "calls": "sabai sabai called",
    "throw_ins": "cards thrown in",
    "wrong_throw_ins": "wrong cards thrown in (each costs a penalty card)",
    "on_behalf": "throw-ins of another player's card (sabai-sabai moves)",
    "penalty_cards": "penalty cards drawn",
    "first_refusals": "offers of first refusal",
    "nose_races": "nose races (all four cards of a rank together)",
    "ass_moves": "Ass Moves (a 13 or 14 moved to a player, then thrown in for them)",
    "hall_of_fame": "rounds won by the Hall of Fame (all four jokers)",
    "ass_joker_sanctions": "rounds ending with the Ass Joker in a row (its holder's -1)",
    "ass_joker_shown": "Ass Jokers turned over by a keep or a compensation",
    "reshuffles": "reshuffles of the discard pile",
    "peeks": "peeks (11)",
    "spies": "spies (12)",
    "gives": "gives (13)",
    "switches": "switches (14)",
    "compensations": "compensation cards given",
    "fizzled": "functions that could not be carried out",
}

#: The columns of a results file, in order.
COLUMNS: Final = (
    "game",
    "seed",
    "variant",
    "players",
    "bots",
    "options",
    "first_dealer",
    "rounds",
    "victory_points",
    "winners",
    "round_dealer",
    "round_actions",
    "round_turns",
    "round_end",
    "round_winners",
    "round_card_points",
    *MECHANICS,
)

#: The ranks whose functions an Ass Move repeats: give (13) and switch (14); the Ass Move is the
#: chain of a player's own 13 (14) moving another 13 (14) to a player and throwing it in for them.
_GIVE, _SWITCH = 13, 14


#: Finished ranges of games with their rows, as a pool or Ray hands them back.
_Results = Generator[tuple[int, int, list[dict[str, Any]]], None, None]


class MissingExtraError(RuntimeError):
    """An optional library is not installed; the message names the extra that brings it."""


def need(module: str, extra: str) -> Any:
    """Import ``module`` of the ``extra`` (``pip install 'sabai-rules[extra]'``), or raise
    :class:`MissingExtraError` saying so."""
    import importlib  # noqa: PLC0415

    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingExtraError(
            f"this needs {module.partition('.')[0]}: pip install 'sabai-rules[{extra}]'"
        ) from None


@attrs.frozen
class Tournament:
    """Games to play: ``games`` games of ``players`` players under ``ruleset``; ``bots`` is the
    lineup, one bot kind of :data:`~sabai_rules.agents.simulate.BOTS` per seat (or one for every
    seat), rotated one seat per game (:func:`lineup`); ``seed`` seeds every game
    (:func:`game_seed`); ``variant`` names these games in the results (``sabai impact`` plays one
    tournament per value of an option); the search bot plays ``search_playouts`` playouts per
    decision, or ``search_seconds`` of search (then the games no longer replay from the seed)."""

    players: int
    games: int
    seed: int | str
    bots: tuple[str, ...] = ("sensible",)
    ruleset: Ruleset = attrs.field(factory=Ruleset)
    variant: str = ""
    search_playouts: int = 32
    search_seconds: float | None = None

    def __attrs_post_init__(self) -> None:
        if type(self.players) is not int or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(
                f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {self.players!r}"
            )
        if type(self.games) is not int or self.games < 1:
            raise ValueError(f"games must be at least 1, not {self.games!r}")
        chance.check_seed(self.seed)
        if len(self.bots) not in (1, self.players):
            raise ValueError(f"bots: give one bot kind, or one per seat ({self.players})")
        for kind in self.bots:
            if kind not in BOTS:
                raise ValueError(f"bots: unknown bot {kind!r} (expected one of {', '.join(BOTS)})")
        if not isinstance(self.ruleset, Ruleset):
            raise TypeError("ruleset must be a Ruleset")
        if type(self.search_playouts) is not int or self.search_playouts < 1:
            raise ValueError(f"search_playouts must be at least 1, not {self.search_playouts!r}")
        if self.search_seconds is not None and not self.search_seconds > 0:
            raise ValueError(f"search_seconds must be positive, not {self.search_seconds!r}")

    def describe(self) -> dict[str, Any]:
        """What a results file's parts record of the tournament, to check a resumed run."""
        return {
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "bots": list(self.bots),
            "options": _jsonable(self.ruleset.differences()),
            "variant": self.variant,
            "search_playouts": self.search_playouts,
            "search_seconds": self.search_seconds,
        }


@attrs.frozen
class Plan:
    """Tournaments played as one run, their games numbered one after the other (``sabai impact``
    plays a variant per value of each option; ``sabai tournament`` one)."""

    tournaments: tuple[Tournament, ...]

    @property
    def games(self) -> int:
        return sum(t.games for t in self.tournaments)

    def locate(self, index: int) -> tuple[Tournament, int]:
        """The tournament of the run's game ``index``, and its own game number."""
        for tournament in self.tournaments:
            if index < tournament.games:
                return tournament, index
            index -= tournament.games
        raise IndexError(index)

    def describe(self) -> list[dict[str, Any]]:
        return [t.describe() for t in self.tournaments]


def _jsonable(value: Any) -> Any:
    if attrs.has(type(value)):
        return {k: _jsonable(v) for k, v in attrs.asdict(value).items()}
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    return value


def game_seed(seed: int | str, index: int) -> int:
    """The seed of game ``index`` of a tournament seeded ``seed``: 128 bits of the documented
    generator's key for ``seed`` salted with ``"tournament"`` and ``index``
    (:func:`~sabai_rules.model.chance.seed_state`), so that no game's seed depends on another's.

    >>> game_seed(7, 0) != game_seed(7, 1)
    True
    """
    return chance.seed_state(seed, "tournament", index) >> 32


def lineup(tournament: Tournament, index: int) -> tuple[str, ...]:
    """The bot kind at each seat in game ``index``: the lineup turned by ``index`` seats.

    >>> lineup(Tournament(players=3, games=3, seed=1, bots=("search", "sensible", "random")), 1)
    ('random', 'search', 'sensible')
    """
    n = tournament.players
    bots = tournament.bots * n if len(tournament.bots) == 1 else tournament.bots
    shift = index % n
    return tuple(bots[(seat - shift) % n] for seat in range(n))


def _make_bot(kind: str, tournament: Tournament) -> Bot:
    if kind == "search":
        return SearchBot(tournament.search_playouts, seconds=tournament.search_seconds)
    return BOTS[kind]()


#: The mechanics counted one per event of a kind, by the event's kind.
_COUNTED: Final[Mapping[type[Event], str]] = {
    Called: "calls",
    PenaltyCard: "penalty_cards",
    Reshuffled: "reshuffles",
    NoseRaceLost: "nose_races",
    FirstRefusalOffered: "first_refusals",
    Peeked: "peeks",
    Spied: "spies",
    Compensated: "compensations",
    FunctionFizzled: "fizzled",
    AssJokerTurnedOver: "ass_joker_shown",
    AssJokerShown: "ass_joker_shown",
}


class _Counter:
    """Counts the mechanics of a game from its events. The engine has no event of its own for an
    Ass Move: one is counted when a card a give or switch of its own rank moved
    (``ass-move.slide-second``) is thrown in correctly by its mover on its receiver's behalf
    (``ass-move.throw-in-second``): statistics, not the rule's implementation."""

    def __init__(self) -> None:
        self.counts = dict.fromkeys(MECHANICS, 0)
        #: Per card moved by a give or switch of its own rank: (mover, receiver).
        self.moved: dict[int, tuple[int, int]] = {}

    def round_begins(self) -> None:
        self.moved = {}

    def add(self, state: State, events: Sequence[Event]) -> None:
        counts = self.counts
        faces = state.deck.faces
        for event in events:
            kind = type(event)
            if kind is ThrewIn:
                assert isinstance(event, ThrewIn)
                counts["throw_ins"] += 1
                if not event.correct:
                    counts["wrong_throw_ins"] += 1
                if event.owner != event.player:
                    counts["on_behalf"] += 1
                    if event.correct and self.moved.get(event.card) == (event.player, event.owner):
                        counts["ass_moves"] += 1
                        del self.moved[event.card]
            elif kind is Gave:
                assert isinstance(event, Gave)
                counts["gives"] += 1
                if faces[event.card] == _GIVE:
                    self.moved[event.card] = (event.player, event.target)
            elif kind is Switched:
                assert isinstance(event, Switched)
                counts["switches"] += 1
                if faces[event.card] == _SWITCH:
                    self.moved[event.card] = (event.player, event.target)
            else:
                counted = _COUNTED.get(kind)
                if counted is not None:
                    counts[counted] += 1


def play_game(tournament: Tournament, index: int) -> dict[str, Any]:
    """Play game ``index`` of ``tournament`` and return its row (:data:`COLUMNS`)."""
    n = tournament.players
    seed = game_seed(tournament.seed, index)
    kinds = lineup(tournament, index)
    bots = [_make_bot(kind, tournament) for kind in kinds]
    # The bots' generator as simulate() seeds it: a sensible game is simulate()'s game.
    rng = random.Random(chance.seed_state(seed, "bots"))
    game = new_game(n, tournament.ruleset, seed=seed)
    counter = _Counter()
    dealers, actions, turns, ends, winners, points = [], [], [], [], [], []
    while not game.is_over:
        state = start_round(game)
        counter.round_begins()
        steps = 0
        while not state.is_over:
            state, events = apply_events(state, next_action(state, bots, rng))
            counter.add(state, events)
            steps += 1
            if steps > MAX_STEPS_PER_ROUND:
                raise RuntimeError(
                    f"game {index} (seed {seed}): a round went on for {steps} actions"
                )
        game = finish_round(game, state)
        result = game.rounds[-1]
        dealers.append(result.dealer)
        actions.append(steps)
        turns.append(state.flow.turns)
        ends.append(result.end.value)
        winners.append(list(result.winners))
        points.append(list(result.card_points))
        if result.hall_of_fame is not None:
            counter.counts["hall_of_fame"] += 1
        elif result.ass_joker_holder is not None:
            counter.counts["ass_joker_sanctions"] += 1
    assert game.winners is not None
    return {
        "game": index,
        "seed": str(seed),
        "variant": tournament.variant,
        "players": n,
        "bots": list(kinds),
        "options": json.dumps(_jsonable(tournament.ruleset.differences()), sort_keys=True),
        "first_dealer": game.first_dealer,
        "rounds": len(game.rounds),
        "victory_points": list(game.victory_points),
        "winners": list(game.winners),
        "round_dealer": dealers,
        "round_actions": actions,
        "round_turns": turns,
        "round_end": ends,
        "round_winners": winners,
        "round_card_points": points,
        **counter.counts,
    }


def play_range(plan: Plan, start: int, stop: int) -> list[dict[str, Any]]:
    """The rows of the run's games ``start`` to ``stop - 1`` (what a worker plays)."""
    return [play_game(*plan.locate(i)) for i in range(start, stop)]


# -- results files ----------------------------------------------------------------------------


def schema() -> Any:
    """The results file's Arrow schema (:data:`COLUMNS`)."""
    pa = need("pyarrow", "tournament")
    small = pa.int16()
    fields = [
        ("game", pa.int32()),
        ("seed", pa.string()),
        ("variant", pa.string()),
        ("players", pa.int8()),
        ("bots", pa.list_(pa.string())),
        ("options", pa.string()),
        ("first_dealer", pa.int8()),
        ("rounds", small),
        ("victory_points", pa.list_(small)),
        ("winners", pa.list_(pa.int8())),
        ("round_dealer", pa.list_(pa.int8())),
        ("round_actions", pa.list_(pa.int32())),
        ("round_turns", pa.list_(pa.int32())),
        ("round_end", pa.list_(pa.string())),
        ("round_winners", pa.list_(pa.list_(pa.int8()))),
        ("round_card_points", pa.list_(pa.list_(small))),
        *((name, pa.int32()) for name in MECHANICS),
    ]
    return pa.schema(fields, metadata={"format": "sabai-tournament", "version": "1"})


def parts_dir(path: Path) -> Path:
    """Where a run writes its finished games until they are merged into ``path``."""
    return path.with_name(path.name + ".parts")


_MANIFEST: Final = "manifest.json"


def _part_name(start: int, stop: int) -> str:
    return f"games-{start:09d}-{stop:09d}.parquet"


def _parts(directory: Path) -> list[tuple[int, int, Path]]:
    """The part files in ``directory``: (first game, end, path), in game order."""
    found = []
    for part in directory.glob("games-*-*.parquet"):
        _, start, stop = part.stem.split("-")
        found.append((int(start), int(stop), part))
    return sorted(found)


def _write_part(directory: Path, start: int, stop: int, rows: list[dict[str, Any]]) -> None:
    pa = need("pyarrow", "tournament")
    pq = need("pyarrow.parquet", "tournament")
    table = pa.Table.from_pylist(rows, schema=schema())
    final = directory / _part_name(start, stop)
    temporary = final.with_suffix(".tmp")
    pq.write_table(table, temporary)
    os.replace(temporary, final)  # a part is on disk whole, or not at all


def _merge(directory: Path, path: Path) -> None:
    """The parts, in game order, as one file of :data:`ROW_GROUP`-row groups; memory holds a row
    group at a time."""
    pa = need("pyarrow", "tournament")
    pq = need("pyarrow.parquet", "tournament")
    temporary = path.with_name(path.name + ".tmp")
    buffered: list[Any] = []
    count = 0
    with pq.ParquetWriter(temporary, schema()) as writer:
        for _, _, part in _parts(directory):
            table = pq.read_table(part, schema=schema())
            buffered.append(table)
            count += table.num_rows
            while count >= ROW_GROUP:
                whole = pa.concat_tables(buffered)
                writer.write_table(whole.slice(0, ROW_GROUP), row_group_size=ROW_GROUP)
                rest = whole.slice(ROW_GROUP)
                buffered, count = [rest], rest.num_rows
        if count:
            writer.write_table(pa.concat_tables(buffered), row_group_size=ROW_GROUP)
    os.replace(temporary, path)


# -- running ----------------------------------------------------------------------------------


@attrs.frozen
class RunResult:
    """What :func:`run` did: games played now, games already on disk (a resumed run), whether it
    was interrupted (the finished games are kept in the parts directory), and the time taken."""

    played: int
    resumed: int
    interrupted: bool
    seconds: float
    path: Path


class ResumeError(ValueError):
    """A run cannot start or resume: its parts directory holds another run's games, or an
    interrupted run's games and no ``resume``."""


def _missing(total: int, done: list[tuple[int, int, Path]]) -> list[tuple[int, int]]:
    """The ranges of games not in ``done``."""
    missing = []
    at = 0
    for start, stop, _ in done:
        if start > at:
            missing.append((at, start))
        at = max(at, stop)
    if at < total:
        missing.append((at, total))
    return missing


def _chunks(ranges: list[tuple[int, int]], size: int) -> list[tuple[int, int]]:
    out = []
    for start, stop in ranges:
        for first in range(start, stop, size):
            out.append((first, min(stop, first + size)))
    return out


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the main process, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_chunk(plan: Plan, chunk: tuple[int, int]) -> tuple[int, int, list[dict[str, Any]]]:
    return (*chunk, play_range(plan, *chunk))


def _pool_results(plan: Plan, chunks: list[tuple[int, int]], workers: int) -> _Results:
    if workers == 1:
        for chunk in chunks:
            yield _play_chunk(plan, chunk)
        return
    pool = multiprocessing.get_context().Pool(workers, initializer=_ignore_interrupts)
    try:
        import functools  # noqa: PLC0415

        yield from pool.imap_unordered(functools.partial(_play_chunk, plan), chunks)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


class RayAddressError(ValueError):
    """Ray cannot be used at the address given: no cluster answers there, or Ray refuses it as
    an address."""


#: Ray's own settings that bound the time connecting to a cluster's address takes, given while
#: connecting where the environment does not set them. Ray's defaults make an address nobody
#: listens at cost some fourteen minutes (20 attempts, each waiting 5 s for a channel, 5 s for
#: another and 30 s for an answer); with these, one attempt of about 20 s. The first is read
#: when Ray is imported: in a process that imported Ray before, the attempt waits Ray's 30 s.
RAY_CONNECT_SETTINGS: Final[Mapping[str, str]] = {
    "RAY_py_gcs_connect_timeout_s": "10",
    "RAY_gcs_server_port_wait_time_s": "1",
}


@contextlib.contextmanager
def _environment_defaults(values: Mapping[str, str]) -> Iterator[None]:
    """``values`` in ``os.environ`` for the block, each where the environment lacks it."""
    added = [name for name in values if name not in os.environ]
    for name in added:
        os.environ[name] = values[name]
    try:
        yield
    finally:
        for name in added:
            os.environ.pop(name, None)


@contextlib.contextmanager
def _stderr_held_back() -> Iterator[None]:
    """What is written to standard error's file descriptor during the block, held back: written
    out after it, dropped if it fails. Ray's core writes its warnings there, not to
    ``sys.stderr``, three lines of them before it gives up on an address: a failure is then
    reported by the one line of its error alone."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as held:
        os.dup2(held.fileno(), 2)
        try:
            yield
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
        held.seek(0)
        with open(2, "wb", closefd=False) as stderr:
            shutil.copyfileobj(held, stderr)


def _connect(address: str) -> tuple[Any, bool]:
    """Ray, connected to ``address`` (``"auto"``: a local Ray, started here), and whether this
    call started it (then :func:`_ray_results` shuts it down). A cluster's address that no
    cluster answers at, or that Ray cannot read, is a :class:`RayAddressError` within about 20
    seconds (:data:`RAY_CONNECT_SETTINGS`)."""
    options = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
    if address == "auto":
        ray = need("ray", "ray")
        if ray.is_initialized():
            return ray, False
        ray.init(address=None, **options)
        return ray, True
    # Not for "auto": the same settings bound the wait for a local Ray's own GCS to start.
    with _environment_defaults(RAY_CONNECT_SETTINGS):
        ray = need("ray", "ray")
        if ray.is_initialized():
            return ray, False
        try:
            with _stderr_held_back():
                ray.init(address=address, **options)
        except ConnectionError:
            raise RayAddressError(
                f"no Ray cluster answers at {reprlib.repr(address)} (is one started there, by "
                "ray start --head?)"
            ) from None
        except ValueError as error:
            raise RayAddressError(
                f"Ray cannot use the address {reprlib.repr(address)}: {error}"
            ) from None
    return ray, True


def _ray_results(plan: Plan, chunks: list[tuple[int, int]], ray: Any, started: bool) -> _Results:
    pending: list[Any] = []
    try:
        remote = ray.remote(_play_chunk)
        plan_ref = ray.put(plan)
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        queue = list(chunks)
        while queue or pending:
            while queue and len(pending) < 2 * cpus:
                pending.append(remote.remote(plan_ref, queue.pop(0)))
            ready, pending = ray.wait(pending, num_returns=1)
            yield ray.get(ready[0])
    finally:
        for ref in pending:
            with contextlib.suppress(Exception):
                ray.cancel(ref, force=True)
        if started:
            ray.shutdown()


def _open_parts(plan: Plan, directory: Path, resume: bool) -> None:
    """Make the parts directory, or check that the one there is this plan's to resume."""
    manifest = {"format": "sabai-tournament-parts", "plan": plan.describe()}
    if directory.exists():
        try:
            found = json.loads((directory / _MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            found = None
        if found != manifest:
            raise ResumeError(
                f"{directory} holds another run's games: remove it, or give the same arguments"
            )
        if not resume:
            raise ResumeError(f"{directory} holds an interrupted run's games: resume, or remove it")
    else:
        directory.mkdir(parents=True)
        (directory / _MANIFEST).write_text(json.dumps(manifest, indent=1), encoding="utf-8")


def run(
    plan: Plan | Tournament,
    path: Path,
    *,
    workers: int | None = None,
    ray: str | None = None,
    resume: bool = False,
    progress: bool = False,
    on_chunk: Callable[[int], None] | None = None,
) -> RunResult:
    """Play ``plan`` and write its results to ``path`` (Parquet, :data:`COLUMNS`).

    ``workers`` processes of the standard library's pool (default: every core; 1 plays in this
    process), or Ray (``ray``: ``"auto"`` starts a local Ray, else a cluster's address). Finished
    games go to ``path``'s parts directory as they come; Ctrl-C (:class:`KeyboardInterrupt`)
    stops the run and keeps them (``interrupted`` in the result); ``resume`` plays only the games
    missing there, which must be this plan's (:class:`ResumeError` otherwise, and when the
    directory holds games and ``resume`` is not given). ``progress`` shows a progress bar (tqdm:
    games per second and the time left). ``on_chunk`` is called with the games finished so far
    after each part is written."""
    if isinstance(plan, Tournament):
        plan = Plan((plan,))
    need("pyarrow", "tournament")
    count = workers if workers is not None else (os.cpu_count() or 1)
    if type(count) is not int or count < 1:
        raise ValueError(f"workers must be at least 1, not {count!r}")
    path = Path(path)
    directory = parts_dir(path)
    connected = None if ray is None else _connect(ray)  # before anything is written
    try:
        _open_parts(plan, directory, resume)
    except BaseException:
        if connected is not None and connected[1]:
            connected[0].shutdown()
        raise
    total = plan.games
    done = _parts(directory)
    resumed = sum(stop - start for start, stop, _ in done)
    share = count if ray is None else 8
    size = max(1, min(50, total // (share * 20) or 1))
    chunks = _chunks(_missing(total, done), size)
    bar = None
    if progress:
        tqdm = need("tqdm", "tournament").tqdm
        bar = tqdm(total=total, initial=resumed, unit="game", smoothing=0.05, dynamic_ncols=True)
    results = (
        _pool_results(plan, chunks, count)
        if connected is None
        else _ray_results(plan, chunks, *connected)
    )
    start_time = time.perf_counter()
    played = 0
    interrupted = False
    try:
        for start, stop, rows in results:
            _write_part(directory, start, stop, rows)
            played += stop - start
            if bar is not None:
                bar.update(stop - start)
            if on_chunk is not None:
                on_chunk(resumed + played)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        results.close()
        if bar is not None:
            bar.close()
    seconds = time.perf_counter() - start_time
    if interrupted:  # what is on disk, a part written as Ctrl-C came included
        played = sum(stop - start for start, stop, _ in _parts(directory)) - resumed
    else:
        _merge(directory, path)
        shutil.rmtree(directory)
    return RunResult(played, resumed, interrupted, seconds, path)


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The rows of a results file, as dictionaries (for reports and tests)."""
    pq = need("pyarrow.parquet", "tournament")
    rows: list[dict[str, Any]] = pq.read_table(path).to_pylist()
    return rows
