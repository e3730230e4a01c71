"""The ``sabai`` command, called in-process: output, languages and exit codes."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from sabai_rules import cli
from sabai_rules.cli import (
    EXIT_DAMAGED,
    EXIT_ILLEGAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_UNDECIDED,
    EXIT_USAGE,
    run,
)
from sabai_rules.model import catalogue
from sabai_rules.play.position import position, read_position
from sabai_rules.referee import load_record, table_after
from sabai_rules.state import State
from tests.support import sabai


def test_rule_in_dutch_prints_the_dutch_source_and_our_translated_statement() -> None:
    code, out, err = sabai("rules", "throw-in.wrong-card.penalty", "--lang", "nl")
    assert code == EXIT_OK
    assert err == ""
    assert "Regel 6." in out
    assert "Gepubliceerde tekst (nl, huidige editie):" in out
    assert "(strafkaart)" in out
    # Our statement in the project's Dutch translation, marked as such.
    assert "Formulering (vertaling van het project):" in out
    assert "strafkaart" in out.split("Formulering (vertaling van het project):")[1]


def test_rule_missing_from_dutch_says_so_and_shows_english() -> None:
    code, out, _ = sabai("rules", "game-end.winner", "--lang", "nl")
    assert code == EXIT_OK
    assert "Ontbreekt in de tekst in deze taal (nl)" in out
    assert "getoond in het Engels" in out
    assert "The player with the most victory points at the end of the game wins." in out


def test_older_edition_rule_in_finnish() -> None:
    code, out, _ = sabai("rules", "setup.look-at-two", "--lang", "fi")
    assert code == EXIT_OK
    assert "Kaksi näistä korteista voidaan katsoa ja muistaa kerran." in out
    assert "vanhempi sääntöversio" in out


def test_ruling_by_id() -> None:
    code, out, _ = sabai("rules", "ruling.deck-composition", "--lang", "fr")
    assert code == EXIT_OK
    assert "Décision R" in out
    assert "Cette décision est une hypothèse" in out
    assert "Option\u00a0: deck" in out


def test_rule_as_json() -> None:
    code, out, _ = sabai("rules", "throw-in.identical", "--format", "json", "--lang", "fr")
    assert code == EXIT_OK
    data = json.loads(out)
    assert data["id"] == "throw-in.identical"
    assert data["source"]["language"] == "fr"
    assert data["source"]["excerpts"][0].startswith("Une carte identique")
    assert "ruling.throw-in-window" in data["rulings"]


def test_listing_rules_of_the_older_edition() -> None:
    code, out, _ = sabai("rules", "--edition", "older", "--lang", "fi")
    assert code == EXIT_OK
    lines = out.splitlines()
    assert any(line.split()[1] == "setup.look-at-two" for line in lines)
    assert not any(line.split()[1] == "setup.no-looking" for line in lines)


def test_glossary_term_in_french() -> None:
    code, out, _ = sabai("glossary", "penalty-card", "--lang", "fr")
    assert code == EXIT_OK
    assert out.startswith("carte de pénalité (penalty-card)")


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (
            ["rules", "throw-in.wrong-card.penalties"],
            "unknown rule id 'throw-in.wrong-card.penalties'; did you mean",
        ),
        (["rules", "throw-in.identical", "--lang", "de"], "invalid choice: 'de'"),
        (
            ["rules", "ruling.deck"],
            "unknown ruling id 'ruling.deck'; did you mean 'ruling.deck-composition'?",
        ),
        (["glossary", "nope"], "unknown term id 'nope'"),
        (["rules", "turn.keep", "--chapter", "turn"], "only filter the list"),
        (["rules", "--chapter", "nope"], "unknown chapter id 'nope'"),
        (["referee"], "invalid choice: 'referee'"),
        ([], "the following arguments are required: COMMAND"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(argv: list[str], expected: str) -> None:
    code, out, err = sabai(*argv)
    assert code == EXIT_USAGE
    assert out == ""
    assert expected in err
    assert err.count("\n") == 1
    assert "Traceback" not in err


EXIT_CODES = (EXIT_OK, EXIT_ILLEGAL, EXIT_USAGE, EXIT_DAMAGED, EXIT_UNDECIDED, EXIT_INTERRUPTED)


def test_help_documents_the_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--help"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "exit codes:" in out
    assert "2  unusable input" in out
    for code in EXIT_CODES:
        assert re.search(rf"^  {code}  \S", out, re.MULTILINE), code


def test_no_command_s_help_shows_a_doubled_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse formats ``%`` in an argument's help but not in a command's description: a
    description that writes ``95%%`` shows the doubled sign to the reader."""
    commands = next(
        action
        for action in cli._parser()._actions
        if isinstance(action, argparse._SubParsersAction)
    )
    for name in commands.choices:
        assert run([name, "--help"]) == EXIT_OK
        out = capsys.readouterr().out
        assert "%%" not in out, name
        if name in ("report", "impact"):
            assert "95% intervals" in " ".join(out.split()), name


def test_every_exit_code_is_documented_in_every_language() -> None:
    """The command line page's introduction (words.toml, in the rulebook's four languages), the
    README and the module's docstring list every exit code, 130 (Ctrl-C) included."""
    root = Path(__file__).resolve().parent.parent
    words = tomllib.loads((root / "docs" / "_ext" / "words.toml").read_text(encoding="utf-8"))
    texts = {f"words.toml [{lang}]": words[lang]["intro-cli"] for lang in catalogue.LANGUAGES}
    readme = (root / "README.md").read_text(encoding="utf-8")
    texts["README.md"] = readme.split("Exit codes:", 1)[1].split("\n\n", 1)[0]
    texts["sabai_rules.cli"] = str(cli.__doc__).split("Exit codes:", 1)[1].split("\n\n", 2)[1]
    for where, text in texts.items():
        listed = {int(code) for code in re.findall(r"(?:^|[:;] |\* |`)(\d+)\b", text, re.M)}
        assert listed == set(EXIT_CODES), (where, text)


def test_python_dash_m_runs_the_same_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sabai_rules", "rules", "turn.keep", "--lang", "fr"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Garder la carte" in result.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "sabai_rules", "rules", "no.such"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stderr.strip() == "sabai: error: unknown rule id 'no.such'"


def test_a_damaged_catalogue_is_exit_3(monkeypatch: pytest.MonkeyPatch) -> None:
    def damaged() -> catalogue.Catalogue:
        raise catalogue.CatalogueError("turn.toml: missing key 'id'")

    monkeypatch.setattr(catalogue, "default", damaged)
    code, out, err = sabai("rules", "turn.keep")
    assert code == 3
    assert out == ""
    assert err == (
        "sabai: error: the rule catalogue is damaged (turn.toml: missing key 'id'); "
        "reinstall sabai-rules\n"
    )


def test_a_retired_rule_id_is_refused_naming_its_replacement(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # No id has been retired yet: retire one in a copy of the catalogue.
    spec = tmp_path / "spec"
    shutil.copytree(catalogue.spec_root(), spec)  # type: ignore[arg-type]
    rules = spec / "rules" / "throw-in.toml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(
        text.replace('id = "throw-in.retry-lockout"', 'id = "throw-in.retry"'), "utf-8"
    )
    (spec / "retired.toml").write_text(
        '[[retired]]\nid = "throw-in.retry-lockout"\nreason = "renamed"\n'
        'replaced_by = "throw-in.retry"\n',
        encoding="utf-8",
    )
    retiring = catalogue.load(spec)
    with pytest.raises(catalogue.RetiredIdError) as caught:
        retiring.rule("throw-in.retry-lockout")
    assert caught.value.suggestions == ("throw-in.retry",)
    monkeypatch.setattr(catalogue, "default", lambda: retiring)
    code, out, err = sabai("rules", "throw-in.retry-lockout")
    assert (code, out) == (EXIT_USAGE, "")
    assert err == (
        "sabai: error: rule id 'throw-in.retry-lockout' was retired (renamed); "
        "use 'throw-in.retry'\n"
    )


# -- sabai show: positions ------------------------------------------------------------------------

LOCKOUT = Path(__file__).resolve().parent.parent / "examples" / "wrong-throw-in-lockout.json"
DISPUTE = "current / Anna: ? ? ? / Ben: ? 5! / Chloé: ? ? ? ? / pile ?x9 top 7 / Anna to draw"


def _places(state: State, mask: int) -> set[tuple[object, ...]]:
    """Where the cards of ``mask`` are: a row's slot, the held card, a pile's place."""
    t = state.table
    cards: dict[tuple[object, ...], int] = {
        ("row", p, s): c for p, row in enumerate(t.rows) for s, c in enumerate(row)
    }
    if t.held >= 0:
        cards["held",] = t.held
    cards.update({("pile", i): c for i, c in enumerate(t.discard)})
    cards.update({("draw", i): c for i, c in enumerate(t.draw)})
    return {place for place, card in cards.items() if card >= 0 and (mask >> card) & 1}


def test_show_writes_the_table_after_an_event_as_a_position() -> None:
    record = load_record(LOCKOUT)
    code, out, err = sabai("show", str(LOCKOUT), "--at", "13", "--format", "position")
    assert (code, err) == (EXIT_OK, "")
    assert out.count("\n") == 1
    assert out.startswith("Anna: ")
    state = table_after(record, 13)
    assert out == position(state, record.players) + "\n"
    assert " / locked Anna" in out


def test_show_as_a_player_writes_only_what_they_have_seen() -> None:
    record = load_record(LOCKOUT)
    everything = (1 << 60) - 1
    for number in range(len(record.events()) + 1):
        state = table_after(record, number)
        for seat, name in enumerate(record.players):
            code, out, err = sabai(
                "show", str(LOCKOUT), "--at", str(number), "--format", "position", "--as", name
            )
            assert (code, err) == (EXIT_OK, "")
            found = read_position(out.strip())
            unseen = everything & ~state.table.mask(seat)
            # Every card the player has not seen is ?, and none they have seen; the draw pile is
            # a count.
            assert _places(found.state, found.unknown) == _places(state, unseen) | _places(
                state, sum(1 << card for card in state.table.draw)
            )
            assert re.search(r" / draw \d+( /|$)", out.strip()) or not state.table.draw


def test_show_draws_a_position() -> None:
    code, out, err = sabai("show", "--from-position", DISPUTE)
    assert (code, err) == (EXIT_OK, "")
    lines = out.splitlines()
    assert lines[0] == "Round 1 · dealer Chloé"
    assert lines[1].split() == ["Anna", "0:?", "1:?", "2:?", "(to", "play)"]
    assert lines[2].split() == ["Ben", "0:?", "1:5"]
    assert "draw pile: 41" in out
    code, out, _ = sabai("show", "--from-position", DISPUTE, "--as", "Anna")
    assert "1:??" in out  # Anna has not seen Ben's 5
    code, out, _ = sabai("show", "--from-position", DISPUTE, "--as", "ben")
    assert "1:5" in out


def test_show_writes_a_position_back_normalised() -> None:
    typed = "anna:?,?,? / BEN: ? 5! / Chloé: ?  ? ? ? / pile ? ? ? ?x6 top 7"
    code, out, err = sabai("show", "--from-position", typed, "--format", "position")
    assert (code, err) == (EXIT_OK, "")
    assert out == "anna: ? ? ? / BEN: ? 5! / Chloé: ? ? ? ? / pile ?x9 top 7\n"
    code, out, _ = sabai("show", "--from-position", typed, "--format", "position", "--as", "P0")
    # Anna has not seen the 5, but that Ben has is public.
    assert out == "anna: ? ? ? / BEN: ? ?! / Chloé: ? ? ? ? / pile ?x9 top 7 / draw 41\n"


def test_show_draws_a_position_as_a_picture(tmp_path: Path) -> None:
    target = tmp_path / "table.svg"
    code, out, err = sabai("show", "--from-position", DISPUTE, "--svg", str(target))
    assert (code, err) == (EXIT_OK, "")
    assert out.startswith("Round 1")
    assert target.read_text(encoding="utf-8").startswith("<svg ")


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (
            ["--from-position", "Anna: 7 X / Ben: 5"],
            "sabai show: error: position: column 9: expected a card (a face such as 7, J, AJ or "
            "?), found 'X'",
        ),
        (
            ["--from-position", "Anna: 1 / Ben: 2 / pile top 3 / \u202e" + "x" * 500],
            "sabai show: error: position: column 33: expected a field",
        ),
        (["--from-position", DISPUTE, "--as", "Dan"], "--as: unknown player 'Dan'"),
        (["--from-position", DISPUTE, "--as", "7"], "--as: no seat 7"),
        (
            [str(LOCKOUT), "--from-position", DISPUTE],
            "sabai show: error: --from-position shows a position: no RECORD, no --at",
        ),
        (["--from-position", DISPUTE, "--at", "1"], "no RECORD, no --at"),
        ([], "sabai show: error: give a RECORD and --at N, or --from-position TEXT"),
        ([str(LOCKOUT)], "sabai show: error: the following arguments are required: --at"),
        ([str(LOCKOUT), "--at", "1", "--format", "fen"], "invalid choice: 'fen'"),
    ],
)
def test_show_refuses_a_bad_position_in_one_line(argv: list[str], expected: str) -> None:
    code, out, err = sabai("show", *argv)
    assert (code, out) == (EXIT_USAGE, "")
    assert err.count("\n") == 1
    assert expected in err, err
    assert "\\u202e" in err or "\u202e" not in "".join(argv)
