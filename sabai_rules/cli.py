"""The ``sabai`` command line (also ``python -m sabai_rules``).

Exit codes:

* 0 — done;
* 1 — reserved for the referee: an illegal event was found;
* 2 — unusable input: a bad argument, an unknown id or language, an unusable record, a Ray
  address (``--ray``) where no cluster answers, given up within about 20 seconds;
* 3 — the package's rule catalogue is damaged (reinstall): a file of it is missing or unreadable,
  or it lacks a rule the referee cites;
* 4 — reserved for the referee: no event is illegal, but the record cannot decide every event
  or every round's result (a record of what a table knows leaves a card unknown that an event
  or a round's score turns on);
* 130 — a tournament (``sabai tournament``, ``sabai impact``) was interrupted by Ctrl-C: the games
  it finished are kept, and the same command with ``--resume`` goes on.

``sabai scribe`` serves its page until Ctrl-C, which stops it with exit code 0 (the record is
saved after every step).

Every error is one line on standard error, never a traceback, whatever the input: what it echoes
of the input (an argument, a file name, a key of a record) has its control characters, line
breaks and lone surrogates escaped as Python's ``repr`` escapes them. :func:`run` takes the
argument list and returns the exit code, so that tests can call the command in-process.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import errno
import io
import json
import os
import re
import reprlib
import shutil
import sys
import tempfile
import textwrap
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any, Final, Literal, NoReturn, TextIO

from sabai_rules import __version__
from sabai_rules.agents.simulate import BOTS, simulate
from sabai_rules.model import catalogue, chance
from sabai_rules.model.catalogue import (
    LANGUAGES,
    CatalogueError,
    Edition,
    Rule,
    Ruling,
    UnknownIdError,
)
from sabai_rules.model.ruleset import PRESETS, Ruleset
from sabai_rules.play.position import PositionError, display_state, position, read_position
from sabai_rules.referee.export import seed_guessable, write_export
from sabai_rules.referee.i18n import colon, label, preset_values, written_in
from sabai_rules.referee.judge import ActionTextError, read_actions, ruling_error, ruling_record
from sabai_rules.referee.picture import table_svg
from sabai_rules.referee.record import (
    MAX_BYTES,
    Problem,
    Record,
    RecordError,
    load_record,
    player_index,
    read_record,
    save_whole,
    write_record,
)
from sabai_rules.referee.render import (
    check_rulebook_url,
    render_json,
    render_table,
    render_text,
    rulebook_base,
)
from sabai_rules.referee.replay import Verdict, replay, table_after
from sabai_rules.referee.viewer import render_html
from sabai_rules.state import State

__all__ = [
    "EXIT_DAMAGED",
    "EXIT_ILLEGAL",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_UNDECIDED",
    "EXIT_USAGE",
    "main",
    "run",
]

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_USAGE = 2
EXIT_DAMAGED = 3
#: The referee found no illegal event, but events the record cannot decide
#: (:mod:`sabai_rules.referee.unknown`).
EXIT_UNDECIDED = 4
#: A tournament stopped by Ctrl-C: its finished games are kept (``--resume`` goes on).
EXIT_INTERRUPTED = 130

WIDTH = 100

EPILOG = """\
exit codes:
  0  done
  1  an illegal event was found (the referee's verdict)
  2  unusable input: bad argument, unknown id or language, unusable record,
     a --ray address where no cluster answers (given up within about 20 s)
  3  the package's rule catalogue is damaged
  4  no illegal event, but the record cannot decide every event or every
     round's result (the referee's verdict on a record with unknown cards)
  130  a tournament was interrupted (its finished games are kept: --resume)
"""


class _UsageError(Exception):
    """A command-line mistake, reported in one line with exit code 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, raising instead of exiting, so that :func:`run` stays in control; every command's
    help ends with the exit codes."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("epilog", EPILOG)
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(**kwargs)

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: error: {message}")


def _integer(text: str) -> int:
    """A whole number in ASCII digits: ``int`` would also take other scripts' digits (Arabic-Indic,
    fullwidth), underscores and spaces, and fail on more than 4,300 digits."""
    if re.fullmatch(r"-?[0-9]+", text, re.ASCII):
        with contextlib.suppress(ValueError):
            return int(text)
    raise argparse.ArgumentTypeError(f"invalid int value: {reprlib.repr(text)}")


def _seed(text: str) -> int | str:
    """A seed as a record writes it (:func:`~sabai_rules.model.chance.canonical_seed`): ASCII digits
    are the integer, any other text is the text, so that a seed ``simulate`` drew (32 hexadecimal
    digits) can be given back."""
    try:
        return chance.canonical_seed(text, "--seed")
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="sabai",
        description=(
            "The rules of sabai-sabai: look up rules, referee recorded games, write a game's "
            "record as it goes (scribe), simulate."
        ),
    )
    parser.add_argument("--version", action="version", version=f"sabai-rules {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    rules = commands.add_parser(
        "rules",
        help="print a rule or ruling, or list the rules",
        description=(
            "Print the rule (or ruling) with the given id: its published text in the chosen "
            "language, our statement of it and the rulings that settle it. Without an id, list "
            "the rules."
        ),
    )
    rules.add_argument(
        "id", nargs="?", help="a rule id (throw-in.identical) or ruling id (ruling.…)"
    )
    rules.add_argument("--lang", choices=LANGUAGES, default="en", help="language (default: en)")
    rules.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    rules.add_argument(
        "--edition",
        choices=catalogue.EDITIONS,
        help="list only this edition's rules, numbered as its rulebook numbers them",
    )
    rules.add_argument("--chapter", help="list only this chapter's rules")
    rules.set_defaults(handler=_rules_command)

    glossary = commands.add_parser(
        "glossary",
        help="print the glossary, or one term",
        description="Print the vocabulary of the rules, or one term, in the chosen language.",
    )
    glossary.add_argument("term", nargs="?", help="a glossary id (final-lap)")
    glossary.add_argument("--lang", choices=LANGUAGES, default="en", help="language (default: en)")
    glossary.add_argument(
        "--format", choices=("text", "json"), default="text", help="output format"
    )
    glossary.set_defaults(handler=_glossary_command)

    replay = commands.add_parser(
        "replay",
        help="replay a game record under the rules and give the verdict",
        description=(
            "Replay every event of a game record. A legal game: one line per round and the final "
            "scores. Otherwise the first illegal event (with --tolerant, every one: the first 100 "
            "in full, then how many more): its number, "
            "actor and action, the rule it breaks in the chosen language, what the rules allowed "
            "instead and the table just before it. A claim in the record is checked. With "
            "--format html, one self-contained web page (it fetches nothing) that opens on the "
            "verdict in one sentence and steps through the game: the table after each event as "
            "sabai show --at N --svg draws it, every card shown or as one player saw it, the "
            "event in words, what changed, the illegal and undecided events marked on a "
            "timeline; then each rule cited, with its published text and statement."
        ),
    )
    replay.add_argument(
        "record", type=Path, help="a game record (JSON); - reads it from standard input"
    )
    replay.add_argument("--lang", choices=LANGUAGES, default="en", help="language (default: en)")
    replay.add_argument(
        "--format", choices=("text", "json", "html"), default="text", help="output format"
    )
    replay.add_argument(
        "--tolerant", action="store_true", help="report every problem and go on where possible"
    )
    _add_rulebook_url(replay)
    replay.set_defaults(handler=_replay_command)

    _add_judge_command(commands)
    _add_scribe_command(commands)

    show = commands.add_parser(
        "show",
        help="show the table after an event of a record, or of a position",
        description="Show the table after event N of a record (0: the deal), or the table a "
        "position writes (--from-position), all-seeing or as one player sees it: drawn as text, "
        "or written as a position (--format position), one line players can type and read "
        "aloud. With --as, the position holds only what that player has seen: every other card "
        "is ?, the draw pile a count.",
    )
    show.add_argument(
        "record",
        type=Path,
        nargs="?",
        help="a game record (JSON); - reads it from standard input",
    )
    show.add_argument(
        "--at", type=_integer, metavar="N", help="event number (0: the deal); with a RECORD"
    )
    show.add_argument(
        "--from-position",
        metavar="TEXT",
        help="the table of a position instead of a record "
        "('Anna: ? 5! / Ben: ? ? / pile ?x9 top 7 / Anna to draw')",
    )
    show.add_argument("--as", dest="as_player", metavar="PLAYER", help="show only what PLAYER sees")
    show.add_argument("--lang", choices=LANGUAGES, default="en", help="language (default: en)")
    show.add_argument(
        "--format",
        choices=("text", "position"),
        default="text",
        help="text: the table drawn (the default); position: the table as a position, one line",
    )
    show.add_argument(
        "--svg",
        metavar="FILE",
        help="also draw the table as an SVG picture into FILE (-: the picture on standard output, "
        "instead of the text)",
    )
    show.set_defaults(handler=_show_command)

    simulate = commands.add_parser(
        "simulate",
        help="play a game with seeded bots and write its record",
        description="Play a game with seeded bots and write its record (for examples and tests).",
    )
    simulate.add_argument("--players", type=_integer, required=True, help="2 to 12")
    simulate.add_argument(
        "--seed",
        type=_seed,
        help="the seed of the deals and bots: a whole number or a text, as a record's seed"
        " (default: one nobody can guess, from the system)",
    )
    simulate.add_argument("--rounds", type=_integer, help="stop after this many rounds")
    simulate.add_argument("--preset", choices=PRESETS, default="current", help="the ruleset")
    simulate.add_argument(
        "--bot", choices=tuple(BOTS), default="sensible", help="the bots' kind (default: sensible)"
    )
    simulate.add_argument("-o", "--output", type=Path, required=True, help="the record to write")
    simulate.set_defaults(handler=_simulate_command)

    export = commands.add_parser(
        "export",
        help="export a record as one player saw it",
        description="Export a record as one player saw it: every event with only what that "
        "player saw (no deal order, no seed, no face they did not see).",
    )
    export.add_argument(
        "record", type=Path, help="a game record (JSON); - reads it from standard input"
    )
    export.add_argument("--as", dest="as_player", required=True, metavar="PLAYER")
    export.add_argument(
        "-o", "--output", type=Path, help="where to write (default: standard output)"
    )
    export.set_defaults(handler=_export_command)
    _add_tournament_commands(commands)
    return parser


# -- rendering ------------------------------------------------------------------------------------


def _wrap(text: str, indent: str = "  ") -> str:
    paragraphs = catalogue.plain(text).split("\n\n")
    out = []
    for paragraph in paragraphs:
        lines = paragraph.splitlines()
        if any(line.lstrip().startswith(("- ", "1.", "2.")) for line in lines):
            out.append("\n".join(indent + line for line in lines))
        else:
            out.append(
                textwrap.fill(
                    catalogue.one_line(paragraph),
                    WIDTH,
                    initial_indent=indent,
                    subsequent_indent=indent,
                    break_on_hyphens=False,
                    break_long_words=False,
                )
            )
    return "\n\n".join(out)


def _rule_text(rule: Rule, lang: str) -> str:
    cat = catalogue.default()
    chapter = cat.chapter(rule.chapter)
    editions = ", ".join(label(lang, f"edition.{e}") for e in rule.editions)
    number = cat.rule_number(rule.id, cat.site_edition(rule.id, lang))
    lines = [
        f"{label(lang, 'rule')} {number} · {rule.id}",
        rule.title(lang),
        f"{label(lang, 'chapter')} {chapter.number} · {chapter.title(lang)} · "
        f"{label(lang, f'kind.{rule.kind}')} · {editions}",
        "",
    ]
    quote = rule.text(lang)
    said, ends = colon(lang), colon(lang).rstrip()
    if quote is None:
        lines.append(f"{label(lang, 'source.derived')}{said}{', '.join(rule.derived_from)}")
    else:
        absent = rule.absence(lang)
        if absent is not None:
            lines += [f"{label(lang, 'source.absent')} ({lang}){ends}", _wrap(absent), ""]
        edition = label(lang, f"edition.{quote.edition}")
        if quote.language == lang:
            lines.append(f"{label(lang, 'source')} ({lang}, {edition}){ends}")
        else:
            fallback = label(lang, "source.fallback")
            shown = label(lang, f"language.{quote.language}")
            lines.append(f"{label(lang, 'source')} ({fallback} {shown}, {edition}){ends}")
        lines += [_wrap(excerpt) for excerpt in quote.excerpts]
    written, statement = rule.statement_in(lang)
    lines += ["", f"{label(lang, 'statement')}{written_in(written, lang)}{ends}", _wrap(statement)]
    settling = cat.rulings(rule=rule.id)
    if settling:
        lines += ["", f"{label(lang, 'rulings')}{ends}"]
        lines += [f"  R{r.number} {r.id} — {r.text_in(lang).title}" for r in settling]
    return "\n".join(lines)


def _ruling_text(ruling: Ruling, lang: str) -> str:
    text = ruling.text_in(lang)
    written = written_in(text.language, lang)
    lines = [f"{label(lang, 'ruling')} R{ruling.number} · {ruling.id}{written}", text.title, ""]
    if ruling.assumption:
        lines += [label(lang, "assumption"), ""]
    for key, prose in (
        ("question", text.question),
        ("decision", text.decision),
        ("rationale", text.rationale),
    ):
        lines += [f"{label(lang, key)}{colon(lang).rstrip()}", _wrap(prose), ""]
    said = colon(lang)
    if ruling.option is not None:
        values = preset_values(lang, [(p, _show_value(value)) for p, value in ruling.values])
        presets = f"{label(lang, 'presets')}{said}{values}"
        lines += [f"{label(lang, 'option')}{said}{ruling.option} ({presets})"]
        if text.alternatives:
            lines += [f"{label(lang, 'alternatives')}{said.rstrip()}"]
            lines += [f"  - {alternative}" for alternative in text.alternatives]
        lines.append("")
    lines.append(f"{label(lang, 'rules')}{said}{', '.join(ruling.rules)}")
    return "\n".join(lines).rstrip()


def _show_value(value: object) -> str:
    if isinstance(value, tuple):
        return "{" + ", ".join(f"{k}={_show_value(v)}" for k, v in value) + "}"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _json_value(value: object) -> Any:
    if isinstance(value, tuple):
        return {k: _json_value(v) for k, v in value}
    return value


def _rule_json(rule: Rule, lang: str, edition: Edition | None = None) -> dict[str, Any]:
    """A rule for programs; numbered in ``edition``, else as the rulebook site of ``lang``
    shows it."""
    quote = rule.text(lang)
    cat = catalogue.default()
    edition = edition or cat.site_edition(rule.id, lang)
    return {
        "id": rule.id,
        "number": cat.rule_number(rule.id, edition),
        "numbered_in": edition,
        "chapter": rule.chapter,
        "kind": rule.kind,
        "editions": list(rule.editions),
        "title": rule.title(lang),
        "language": lang,
        "source": None
        if quote is None
        else {
            "language": quote.language,
            "edition": quote.edition,
            "excerpts": list(quote.excerpts),
        },
        "absent": rule.absence(lang),
        "derived_from": list(rule.derived_from),
        "statement": catalogue.plain(rule.statement_in(lang)[1]),
        "statement_language": rule.statement_in(lang)[0],
        "rulings": [r.id for r in catalogue.rulings(rule=rule.id)],
    }


def _ruling_json(ruling: Ruling, lang: str = "en") -> dict[str, Any]:
    text = ruling.text_in(lang)
    return {
        "id": ruling.id,
        "number": ruling.number,
        "language": text.language,
        "title": text.title,
        "question": catalogue.plain(text.question),
        "decision": catalogue.plain(text.decision),
        "rationale": catalogue.plain(text.rationale),
        "option": ruling.option,
        "values": {preset: _json_value(value) for preset, value in ruling.values},
        "alternatives": list(text.alternatives),
        "assumption": ruling.assumption,
        "rules": list(ruling.rules),
    }


# -- commands -------------------------------------------------------------------------------------


def _rules_command(args: argparse.Namespace, out: TextIO) -> int:
    cat = catalogue.default()
    lang: str = args.lang
    if args.id is None:
        listed = cat.rules(edition=args.edition, chapter=args.chapter)
        if args.format == "json":
            rules = [_rule_json(r, lang, args.edition) for r in listed]
            json.dump(rules, out, ensure_ascii=False, indent=2)
            out.write("\n")
        else:
            # Numbered in the edition asked for, else as the language's rulebook site has them.
            for r in listed:
                number = cat.rule_number(r.id, args.edition or cat.site_edition(r.id, lang))
                out.write(f"{number:<6} {r.id:<42} {r.title(lang)}\n")
        return EXIT_OK
    if args.edition or args.chapter:
        raise _UsageError("sabai rules: error: --edition and --chapter only filter the list")
    if args.id.startswith("ruling."):
        ruling = cat.ruling(args.id)
        if args.format == "json":
            json.dump(_ruling_json(ruling, args.lang), out, ensure_ascii=False, indent=2)
            out.write("\n")
        else:
            out.write(_ruling_text(ruling, lang) + "\n")
        return EXIT_OK
    rule = cat.rule(args.id)
    if args.format == "json":
        json.dump(_rule_json(rule, lang), out, ensure_ascii=False, indent=2)
        out.write("\n")
    else:
        out.write(_rule_text(rule, lang) + "\n")
    return EXIT_OK


def _glossary_command(args: argparse.Namespace, out: TextIO) -> int:
    cat = catalogue.default()
    lang: str = args.lang
    terms = cat.glossary() if args.term is None else (cat.term(args.term),)
    if args.format == "json":
        data = [
            {
                "id": t.id,
                "term": t.term(lang),
                "definition": catalogue.plain(t.definition(lang)),
                "rules": list(t.rules),
            }
            for t in terms
        ]
        json.dump(data if args.term is None else data[0], out, ensure_ascii=False, indent=2)
        out.write("\n")
        return EXIT_OK
    for index, t in enumerate(terms):
        if index:
            out.write("\n")
        out.write(f"{t.term(lang)} ({t.id})\n{_wrap(t.definition(lang))}\n")
    return EXIT_OK


@contextlib.contextmanager
def _citing() -> Iterator[None]:
    """The rules the referee cites come from the engine, never from the user (a record's own
    rule ids are checked as it is read): one the catalogue lacks means a damaged catalogue."""
    try:
        yield
    except UnknownIdError as error:
        raise CatalogueError(
            f"it lacks the {error.kind} {reprlib.repr(error.ident)} that the referee cites"
        ) from None


def _replay_command(args: argparse.Namespace, out: TextIO) -> int:
    problems: list[Problem] = []
    record = _load(args.record, problems=problems if args.tolerant else None)
    with _citing():
        verdict = replay(record, tolerant=args.tolerant, problems=problems)
    return _verdict_out(verdict, args, out)


def _verdict_out(verdict: Verdict, args: argparse.Namespace, out: TextIO) -> int:
    """Write the verdict in the format and language asked for; its exit code: 1 for an illegal
    event or a problem, 4 for an event the record cannot decide, else 0."""
    base = args.rulebook_url if args.rulebook_url is not None else rulebook_base()
    with _citing():
        if args.format == "html":
            text = render_html(verdict, args.lang, rulebook_url=base, tolerant=args.tolerant)
        elif args.format == "json":
            text = render_json(verdict, args.lang, rulebook_url=base)
        else:
            text = render_text(verdict, args.lang, rulebook_url=base)
    out.write(text)
    if verdict.illegal or verdict.problems:
        return EXIT_ILLEGAL
    return EXIT_OK if verdict.decided else EXIT_UNDECIDED


def _judge_command(args: argparse.Namespace, out: TextIO) -> int:
    try:
        start = read_position(args.position)
    except PositionError as error:
        raise _UsageError(f"sabai judge: error: position: {error}") from None
    try:
        events = read_actions(args.actions, start.names)
    except ActionTextError as error:
        raise _UsageError(f"sabai judge: error: {error}") from None
    record = ruling_record(args.position, start, events)
    if args.record is not None:
        _write_atomic(args.record, write_record(record))
    with _citing():
        try:
            verdict = replay(record, tolerant=args.tolerant)
        except RecordError as error:
            raise _UsageError(f"sabai judge: error: {ruling_error(error)}") from None
    return _verdict_out(verdict, args, out)


#: A seat number as ``--as`` takes it: ASCII digits, few enough for any table.
_SEAT = re.compile(r"[0-9]{1,2}", re.ASCII)


def _player_arg(record: Record, name: str) -> int:
    """A player named as in the record, or by seat number."""
    seat = name not in record.players and _SEAT.fullmatch(name) is not None
    try:
        return player_index(int(name) if seat else name, record.players, "--as")
    except RecordError as error:
        raise _UsageError(f"sabai: error: {error.message}") from None


def _show_command(args: argparse.Namespace, out: TextIO) -> int:
    if args.from_position is not None:
        if args.record is not None or args.at is not None:
            raise _UsageError(
                "sabai show: error: --from-position shows a position: no RECORD, no --at"
            )
        return _show_position(args, out)
    if args.record is None:
        raise _UsageError("sabai show: error: give a RECORD and --at N, or --from-position TEXT")
    if args.at is None:
        raise _UsageError("sabai show: error: the following arguments are required: --at")
    record = _load(args.record)
    with _citing():
        state = table_after(record, args.at)
    player = None if args.as_player is None else _player_arg(record, args.as_player)
    if _show(args, out, state, record.players, player, 0) and seed_guessable(record):
        out.write(label(args.lang, "table.seed-guessable") + "\n")
    return EXIT_OK


def _show_position(args: argparse.Namespace, out: TextIO) -> int:
    try:
        found = read_position(args.from_position)
    except PositionError as error:
        raise _UsageError(f"sabai show: error: position: {error}") from None
    player = None
    if args.as_player is not None:
        seat = _SEAT.fullmatch(args.as_player)
        try:
            player = int(args.as_player) if seat else found.seat_of(args.as_player)
        except ValueError as error:
            raise _UsageError(f"sabai show: error: --as: {error}") from None
        if player >= len(found.names):
            names = ", ".join(found.names)
            raise _UsageError(
                f"sabai show: error: --as: no seat {player} (the players are {names})"
            )
    _show(args, out, found.state, found.names, player, found.unknown)
    return EXIT_OK


def _show(
    args: argparse.Namespace,
    out: TextIO,
    state: State,
    names: Sequence[str],
    player: int | None,
    unknown: int,
) -> bool:
    """The table of ``state`` as ``args`` ask: drawn as text (the cards of ``unknown`` as ``?``)
    or written as a position, and perhaps as a picture; all-seeing or as ``player`` sees it.
    Whether the text was written (not when the picture takes its place: ``--svg -``)."""
    if args.format == "position":
        draw: Literal["faces", "count"] = "faces"
        if player is not None:
            # Every card the player has not seen is ?, and the draw pile a count.
            unknown |= ((1 << len(state.deck)) - 1) & ~state.table.mask(player)
            draw = "count"
        text = position(state, names, unknown=unknown, draw=draw)
    shown = display_state(state, unknown)
    with _citing():
        if args.format != "position":
            text = render_table(shown, names, as_player=player, lang=args.lang)
        picture = None
        if args.svg is not None:
            picture = table_svg(shown, names, as_player=player, lang=args.lang) + "\n"
    if picture is not None and args.svg == "-":
        out.write(picture)
        return False
    if picture is not None:
        _write_atomic(args.svg, picture)
    out.write(text + "\n")
    return True


def _simulate_command(args: argparse.Namespace, out: TextIO) -> int:
    if not 2 <= args.players <= 12:
        raise _UsageError(f"sabai simulate: error: --players must be 2 to 12, not {args.players}")
    if args.rounds is not None and args.rounds < 1:
        raise _UsageError("sabai simulate: error: --rounds must be at least 1")
    record = simulate(
        args.players, args.seed, rounds=args.rounds, preset=args.preset, bots=args.bot
    )
    _write(args.output, write_record(record))
    events = sum(len(r.events) for r in record.rounds)
    out.write(f"{_printable(str(args.output))}: {len(record.rounds)} rounds, {events} events\n")
    return EXIT_OK


# -- tournaments, reports and what a ruling changes -----------------------------------------------


def _add_judge_command(commands: Any) -> None:
    """``sabai judge``: a quick ruling at the table."""
    judge = commands.add_parser(
        "judge",
        help="judge actions from a position: a quick ruling at the table",
        description=(
            "Judge one or more actions played from a position (the notation of the rulebook's "
            "page Positions), as a replay judges a record: each action legal, illegal (the rule "
            "it breaks, in the chosen language, and what the rules allowed instead) or undecided "
            "where the position leaves a card unknown that it turns on. An action is a player, "
            "what they did and what it names, as a player says it: 'Anna throws in Chloé's 3 "
            "(7)', 'Ben draws', 'Ben plays a 9', or in a record's words ('Ben Switch 1 Anna 3'); "
            "slots count from 0; a face in brackets or after 'shows' is what the table saw. "
            "Several actions are several arguments, or separated by ';'."
        ),
    )
    judge.add_argument("position", help="the table, as a position (one argument: quote it)")
    judge.add_argument("actions", nargs="+", metavar="ACTION", help="an action, in order")
    judge.add_argument("--lang", choices=LANGUAGES, default="en", help="language (default: en)")
    judge.add_argument(
        "--format", choices=("text", "json", "html"), default="text", help="output format"
    )
    judge.add_argument(
        "--tolerant",
        action="store_true",
        help="judge every action, not only up to the first illegal one",
    )
    judge.add_argument(
        "--record",
        metavar="FILE",
        help="also write the record judged (version 2, starting from the position) into FILE",
    )
    _add_rulebook_url(judge)
    judge.set_defaults(handler=_judge_command)


def _port(text: str) -> int:
    """A TCP port: 0 (a free one) to 65535."""
    port = _integer(text)
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 (a free one) to 65535, not {port}")
    return port


def _add_scribe_command(commands: Any) -> None:
    """``sabai scribe``: a local page that writes a game's record as the game goes (the
    ``scribe`` extra)."""
    scribe = commands.add_parser(
        "scribe",
        help="write a game's record as the game goes, on a local web page",
        description=(
            "Serve a local web page (its address is printed) on which one person writes the "
            "record of the game being played, without knowing JSON: the players, the rules and "
            "who deals first (or a position to start from); then, tap by tap, what the rules "
            "allow at each moment (or anything else that happened), the faces the table saw, "
            "comments, throw-ins made at the same moment, the rows turned up at the end of each "
            "round; undo, and the referee's answer to 'was that legal?' at any moment. The "
            "record (version 2) is saved after every step; given an existing RECORD, the scribe "
            "resumes it. Needs the scribe extra (pip install 'sabai-rules[scribe]'). Ctrl-C "
            "stops it."
        ),
    )
    scribe.add_argument(
        "record",
        type=Path,
        nargs="?",
        help="the record to write, or to resume if it exists "
        "(default: a new game-DATE-TIME.json in the current folder)",
    )
    scribe.add_argument(
        "--lang", choices=LANGUAGES, default="en", help="the page's language (default: en)"
    )
    scribe.add_argument(
        "--port", type=_port, default=0, help="the port to listen on (default: a free one)"
    )
    scribe.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address or name to listen on (default: 127.0.0.1, this machine only)",
    )
    scribe.set_defaults(handler=_scribe_command)


#: A host as --host takes it: a name or an address, without a scheme, a path or spaces.
_HOST = re.compile(r"[A-Za-z0-9.:\-]{1,253}", re.ASCII)


def _scribe_command(args: argparse.Namespace, out: TextIO) -> int:
    try:
        import starlette  # noqa: F401, PLC0415 - the scribe extra, checked before it is used
        import uvicorn  # noqa: F401, PLC0415
    except ImportError:
        raise _UsageError(
            "sabai scribe: error: the scribe needs Starlette and uvicorn: "
            "pip install 'sabai-rules[scribe]'"
        ) from None
    from sabai_rules.scribe.server import listen, serve  # noqa: PLC0415
    from sabai_rules.scribe.session import ScribeError, Session  # noqa: PLC0415

    host: str = args.host
    if not _HOST.fullmatch(host):
        raise _UsageError(
            f"sabai scribe: error: --host: expected a host name or an address, not "
            f"{reprlib.repr(host)}"
        )
    path: Path = args.record or Path(f"game-{datetime.datetime.now():%Y-%m-%d-%H%M%S}.json")
    if path.is_dir():
        raise _UsageError(f"sabai scribe: error: {_printable(str(path))} is a folder, not a record")
    if not path.parent.is_dir():
        raise _UsageError(
            f"sabai scribe: error: no folder {_printable(str(path.parent))} to write the record in"
        )
    try:
        session = Session.open(path)
    except ScribeError as error:
        raise _UsageError(f"sabai scribe: error: {_printable(str(path))}: {error}") from None
    try:
        sock = listen(host, args.port)
    except OSError as error:
        reason = error.strerror or str(error)
        raise _UsageError(
            f"sabai scribe: error: cannot listen on {host} port {args.port}: {reason}"
        ) from None
    # Ctrl-C is how the scribe is stopped; the record was saved at its last step.
    with sock, contextlib.suppress(KeyboardInterrupt):
        serve(session, sock, host, args.lang, out)
    out.write(f"sabai scribe: stopped; the record is in {_printable(str(path))}\n")
    return EXIT_OK


def _add_rulebook_url(command: argparse.ArgumentParser) -> None:
    """``--rulebook-url``: where the rulebook is, for the verdict's links."""
    command.add_argument(
        "--rulebook-url",
        metavar="URL",
        type=_rulebook_url,
        help="the rulebook site's root (an absolute http or https URL): each rule the verdict "
        "cites is given at its address there (default: the Documentation address of the "
        "installed package, if it names one; else the HTML page links nowhere and the text "
        "gives each rule's page relative to the site's root)",
    )


def _rulebook_url(text: str) -> str:
    try:
        return check_rulebook_url(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _add_tournament_commands(commands: Any) -> None:
    """``sabai tournament``, ``sabai report`` and ``sabai impact`` (the ``tournament`` extra;
    ``ray`` for a cluster)."""
    tournament = commands.add_parser(
        "tournament",
        help="play many games between bots; write one row per game and a report",
        description=(
            "Play GAMES games of bots at a table of PLAYERS (the lineup turned one seat per "
            "game), each seeded from the tournament's seed and its number, on every core (or "
            "Ray); write one row per game to a Parquet file and print a report. Ctrl-C stops and "
            "keeps the finished games: run the same command with --resume to go on. Needs the "
            "tournament extra (pip install 'sabai-rules[tournament]')."
        ),
    )
    tournament.add_argument("--players", type=_integer, required=True, help="2 to 12")
    tournament.add_argument("--games", type=_integer, required=True, help="how many games")
    tournament.add_argument(
        "--bots",
        nargs="+",
        choices=tuple(BOTS),
        default=["sensible"],
        metavar="BOT",
        help=f"the lineup: one bot kind ({', '.join(BOTS)}) for every seat, or one per seat "
        "(default: sensible)",
    )
    _add_table_arguments(tournament)
    tournament.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a ruleset option changed from the preset (true, false, none, a number or a word);"
        " repeat for several",
    )
    tournament.add_argument("-o", "--output", type=Path, required=True, help="the results file")
    tournament.add_argument("--html", type=Path, help="also write the report as an HTML page")
    tournament.add_argument(
        "--resume", action="store_true", help="go on with an interrupted run's games"
    )
    tournament.set_defaults(handler=_tournament_command)

    report = commands.add_parser(
        "report",
        help="report on a tournament's results file",
        description="Print the report of a results file of sabai tournament, and with --html "
        "write it as a page with plots (win rate by seat, victory points by bot, round lengths, "
        "the mechanics, how rounds ended; 95% intervals).",
    )
    report.add_argument("results", type=Path, help="a results file (Parquet)")
    report.add_argument("--html", type=Path, help="write the report as an HTML page")
    report.set_defaults(handler=_report_command)

    impact = commands.add_parser(
        "impact",
        help="what each ruling changes: the same games under each value of each option",
        description=(
            "For each option of the ruleset (or those named), play the same games (paired by "
            "seed) under each of its values and under the preset, and report the differences "
            "in round length, wins by position after the dealer and the mechanics, with 95% "
            "intervals. Writes a JSON summary (what the rulebook's impact page is made from)."
        ),
    )
    impact.add_argument("--players", type=_integer, default=4, help="2 to 12 (default: 4)")
    impact.add_argument(
        "--games", type=_integer, default=200, help="games per value (default: 200)"
    )
    impact.add_argument(
        "--only", nargs="+", metavar="OPTION", help="only these options (default: every one)"
    )
    _add_table_arguments(impact)
    impact.add_argument("-o", "--output", type=Path, required=True, help="the JSON summary")
    impact.add_argument(
        "--results", type=Path, help="the games' results file (default: OUTPUT.parquet)"
    )
    impact.add_argument(
        "--resume", action="store_true", help="go on with an interrupted run's games"
    )
    impact.set_defaults(handler=_impact_command)


def _add_table_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset", choices=PRESETS, default="current", help="the ruleset")
    parser.add_argument(
        "--seed",
        type=_seed,
        help="the tournament's seed, as simulate's (default: one nobody can guess, printed)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers", type=_integer, help="processes to play in (default: every core)"
    )
    where.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="play on Ray: a cluster's address, or auto for a local Ray (the ray extra)",
    )
    parser.add_argument(
        "--search-playouts",
        type=_integer,
        default=32,
        metavar="N",
        help="the search bot's playouts per decision (default: 32)",
    )
    parser.add_argument(
        "--no-progress", action="store_true", help="no progress bar (standard error)"
    )


def _option_value(text: str) -> object:
    """An option's value as --option writes it: true, false, none, a whole number, or a word."""
    if text in ("true", "false"):
        return text == "true"
    if text == "none":
        return None
    if re.fullmatch(r"-?[0-9]{1,6}", text, re.ASCII):
        return int(text)
    return text


def _ruleset(command: str, preset: str, options: Sequence[str]) -> Ruleset:
    changes: dict[str, object] = {}
    for option in options:
        name, equals, value = option.partition("=")
        if not equals or name not in Ruleset.option_names() or name == "deck":
            known = ", ".join(n for n in Ruleset.option_names() if n != "deck")
            raise _UsageError(
                f"sabai {command}: error: --option {reprlib.repr(option)}: expected NAME=VALUE "
                f"with NAME one of {known}"
            )
        changes[name] = _option_value(value)
    try:
        return Ruleset.preset(preset).with_options(**changes)
    except (TypeError, ValueError) as error:
        raise _UsageError(f"sabai {command}: error: --option: {error}") from None


def _table_checks(command: str, args: argparse.Namespace) -> None:
    if not 2 <= args.players <= 12:
        raise _UsageError(f"sabai {command}: error: --players must be 2 to 12, not {args.players}")
    if args.games < 1:
        raise _UsageError(f"sabai {command}: error: --games must be at least 1")
    if args.workers is not None and args.workers < 1:
        raise _UsageError(f"sabai {command}: error: --workers must be at least 1")
    if args.search_playouts < 1:
        raise _UsageError(f"sabai {command}: error: --search-playouts must be at least 1")
    if args.ray is not None and not args.ray.strip():
        raise _UsageError(f"sabai {command}: error: --ray: give an address, or auto")


@contextlib.contextmanager
def _running(command: str) -> Iterator[None]:
    """A tournament's failures that are no bug: a missing extra, a parts directory of another
    run, a file that cannot be written, a Ray cluster that cannot be reached."""
    from sabai_rules.agents.tournament import (  # noqa: PLC0415
        MissingExtraError,
        RayAddressError,
        ResumeError,
    )

    try:
        yield
    except (MissingExtraError, ResumeError) as error:
        raise _UsageError(f"sabai {command}: error: {error}") from None
    except RayAddressError as error:
        raise _UsageError(f"sabai {command}: error: --ray: {error}") from None
    except BrokenPipeError:
        # The report's reader went away (`| head`), the results already written: run() ends
        # that quietly, as for every command.
        raise
    # Before OSError, which ConnectionError is a kind of: a cluster lost during the run.
    except ConnectionError as error:
        raise _UsageError(f"sabai {command}: error: cannot reach Ray: {error}") from None
    except OSError as error:
        where = f" {_echo(error.filename)}" if error.filename else ""
        raise _UsageError(
            f"sabai {command}: error: cannot write{where}: {error.strerror}"
        ) from None


class _InterruptedError(Exception):
    """Ctrl-C stopped a tournament, which kept its finished games: one line, exit 130."""


def _interrupted(command: str, done: int, total: int) -> NoReturn:
    raise _InterruptedError(
        f"sabai {command}: interrupted: {done} of {total} games kept; "
        "run the same command with --resume to go on"
    )


def _tournament_command(args: argparse.Namespace, out: TextIO) -> int:
    from sabai_rules.agents import report  # noqa: PLC0415
    from sabai_rules.agents.tournament import Tournament, run  # noqa: PLC0415

    _table_checks("tournament", args)
    if len(args.bots) not in (1, args.players):
        raise _UsageError(
            f"sabai tournament: error: --bots: give one bot kind, or one per seat ({args.players})"
        )
    rules = _ruleset("tournament", args.preset, args.option)
    seed = chance.new_seed() if args.seed is None else args.seed
    spec = Tournament(
        players=args.players,
        games=args.games,
        seed=seed,
        bots=tuple(args.bots),
        ruleset=rules,
        search_playouts=args.search_playouts,
    )
    if args.seed is None:
        out.write(f"seed {seed}\n")
    with _running("tournament"):
        result = run(
            spec,
            args.output,
            workers=args.workers,
            ray=args.ray,
            resume=args.resume,
            progress=not args.no_progress,
        )
        if result.interrupted:
            _interrupted("tournament", result.played + result.resumed, spec.games)
        rate = result.played / result.seconds if result.seconds > 0 else 0.0
        out.write(
            f"{_printable(str(args.output))}: {spec.games} games "
            f"({result.played} played in {result.seconds:.1f} s, {rate:.1f} games/s)\n\n"
        )
        summary = report.summarize(report.load(args.output))
        out.write(report.render_text(summary))
        if args.html is not None:
            report.write_html(summary, args.html)
            out.write(f"\nreport: {_printable(str(args.html))}\n")
    return EXIT_OK


def _report_command(args: argparse.Namespace, out: TextIO) -> int:
    from sabai_rules.agents import report  # noqa: PLC0415

    with _running("report"):
        try:
            rows = report.load(args.results)
        except report.ResultsError as error:
            raise _UsageError(f"sabai report: error: {error}") from None
        summary = report.summarize(rows)
        out.write(report.render_text(summary))
        if args.html is not None:
            report.write_html(summary, args.html)
            out.write(f"\nreport: {_printable(str(args.html))}\n")
    return EXIT_OK


def _impact_command(args: argparse.Namespace, out: TextIO) -> int:
    from sabai_rules.agents import impact  # noqa: PLC0415
    from sabai_rules.agents.tournament import run  # noqa: PLC0415

    _table_checks("impact", args)
    base = Ruleset.preset(args.preset)
    known = impact.varied_options()
    for name in args.only or ():
        if name not in known:
            raise _UsageError(
                f"sabai impact: error: --only {reprlib.repr(name)}: expected options among "
                f"{', '.join(known)}"
            )
    seed = chance.new_seed() if args.seed is None else args.seed
    plan = impact.plan(
        args.players,
        args.games,
        seed,
        base=base,
        options=args.only,
        search_playouts=args.search_playouts,
    )
    results = args.results or args.output.with_name(args.output.name + ".parquet")
    if args.seed is None:
        out.write(f"seed {seed}\n")
    with _running("impact"):
        result = run(
            plan,
            results,
            workers=args.workers,
            ray=args.ray,
            resume=args.resume,
            progress=not args.no_progress,
        )
        if result.interrupted:
            _interrupted("impact", result.played + result.resumed, plan.games)
        summary = impact.compare(_rows(results), preset=args.preset, seed=seed)
        _write(args.output, json.dumps(summary, indent=1, sort_keys=True) + "\n")
        out.write(impact.render_text(summary))
    return EXIT_OK


def _rows(path: Path) -> list[dict[str, Any]]:
    from sabai_rules.agents.tournament import read_rows  # noqa: PLC0415

    return read_rows(path)


def _export_command(args: argparse.Namespace, out: TextIO) -> int:
    record = _load(args.record)
    player = _player_arg(record, args.as_player)
    # Streamed into a spooled file (memory up to 8 MB, then disk), copied out once the whole
    # record is played: an unplayable record writes nothing.
    with tempfile.SpooledTemporaryFile(8_000_000, "w+", encoding="utf-8") as spool:
        with _citing():
            write_export(record, player, spool)
        spool.seek(0)
        if args.output is None:
            shutil.copyfileobj(spool, out)
        else:
            _write(args.output, spool)
    return EXIT_OK


def _write(path: Path, text: str | IO[str]) -> None:
    try:
        if isinstance(text, str):
            path.write_text(text, encoding="utf-8")
        else:
            with path.open("w", encoding="utf-8") as file:
                shutil.copyfileobj(text, file)
    except OSError as error:
        raise _UsageError(f"sabai: error: cannot write {_echo(path)}: {error.strerror}") from None


def _write_atomic(name: str, text: str) -> None:
    """Write ``text`` to the file ``name`` whole or not at all: into a new file beside it, then
    renamed over it, so that a reader never finds half a picture and a failure leaves what was
    there. Any failure is one line (exit code 2)."""
    path = Path(name)
    try:
        if not name or path.is_dir():
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        save_whole(path, text)
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or "not a usable file name"
        raise _UsageError(f"sabai: error: cannot write {_echo(name)}: {reason}") from None


#: The most characters of a path or other value an error line echoes: a longer one is cut in the
#: middle ("/very/long/…/record.json"), so that a line stays a line.
_ECHO: Final = 160


#: The record path that means standard input, as command-line tools read it.
STDIN: Final = Path("-")


def _load(path: Path, *, problems: list[Problem] | None = None) -> Record:
    """The record at ``path``, or on standard input for ``-``."""
    if path == STDIN:
        return read_record(sys.stdin.buffer.read(MAX_BYTES + 1), problems=problems)
    return load_record(path, problems=problems)


def _record_name(path: Path) -> str:
    """A record's path as an error line names it."""
    return "standard input" if path == STDIN else _echo(path)


def _echo(value: object) -> str:
    """``value`` (a path, a name) as an error line echoes it: printable, and cut in the middle
    beyond :data:`_ECHO` characters."""
    text = _printable(str(value))
    if len(text) <= _ECHO:
        return text
    half = (_ECHO - 1) // 2
    return f"{text[:half]}…{text[-half:]}"


def _printable(text: str) -> str:
    """``text`` with each character that is not printable — a control character, a line break, a
    lone surrogate (an undecodable byte of a file name), an invisible format character — escaped
    as ``repr`` escapes it: one line, and valid UTF-8 whatever the terminal."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _error(err: TextIO, message: str) -> None:
    """Write one error line, whatever input it echoes."""
    err.write(_printable(message) + "\n")


def run(
    argv: Sequence[str] | None = None, *, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    """Run the ``sabai`` command with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    out = sys.stdout if stdout is None else stdout
    err = sys.stderr if stderr is None else stderr
    parser = _parser()
    args: argparse.Namespace | None = None
    try:
        args = parser.parse_args(argv)
        code: int = args.handler(args, out)
    except SystemExit as stop:  # --help and --version
        return stop.code if isinstance(stop.code, int) else EXIT_OK
    except _UsageError as error:
        _error(err, str(error))
        return EXIT_USAGE
    except _InterruptedError as error:
        _error(err, str(error))
        return EXIT_INTERRUPTED
    except (UnknownIdError, catalogue.UnknownLanguageError) as error:
        _error(err, f"sabai: error: {error}")
        return EXIT_USAGE
    except RecordError as error:
        where = getattr(args, "record", None)
        prefix = "" if where is None else f"{_record_name(where)}: "
        _error(err, f"sabai: error: {prefix}{error}")
        return EXIT_USAGE
    except CatalogueError as error:
        _error(err, f"sabai: error: the rule catalogue is damaged ({error}); reinstall sabai-rules")
        return EXIT_DAMAGED
    except BrokenPipeError:
        # The reader went away (`sabai rules | head`): not an error of ours. Point stdout at
        # /dev/null so that the interpreter's final flush does not complain either.
        if out is sys.stdout:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    return code


def main() -> NoReturn:
    """Entry point of the ``sabai`` console script."""
    # Whatever the terminal's encoding, a character it cannot show is escaped, never an encoding
    # error (a traceback), nor an undecodable byte passed through (invalid UTF-8).
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    try:
        code = run()
    except KeyboardInterrupt:
        code = 130
    sys.exit(code)
