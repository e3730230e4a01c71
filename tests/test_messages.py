"""The referee says every refusal and note in the reader's language: each template the engine and
the referee word a refusal or a note with has a French, Dutch and Finnish translation with the
same placeholders, and a verdict in French says them in French."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from sabai_rules.model import catalogue
from sabai_rules.model.messages import MESSAGES, Wording, placeholders, translated
from tests.support import sabai

ROOT = Path(__file__).resolve().parents[1]
#: Where refusals and notes are worded.
WORDED = (
    ROOT / "sabai_rules" / "engine" / "legality.py",
    ROOT / "sabai_rules" / "referee" / "replay.py",
    ROOT / "sabai_rules" / "referee" / "steps.py",
    ROOT / "sabai_rules" / "referee" / "tables.py",
)


def _strings(node: ast.expr) -> list[str]:
    """The texts a template expression can be: a constant, or either branch of ``a if c else b``.
    An f-string would put values into the template itself, which no translation can match."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    assert not isinstance(node, ast.JoinedStr), f"an f-string template at line {node.lineno}"
    return []


def _templates() -> list[str]:
    """Every template worded in the engine's legality checks and the referee's replay: the third
    argument of ``_refuse`` and ``IllegalActionError``, the first of ``Wording``, what is assigned
    to a ``template`` variable, and the texts of ``_CHANCE_WAITS``."""
    found: list[str] = []
    for path in WORDED:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if name in ("_refuse", "IllegalActionError") and len(node.args) >= 3:
                    found += _strings(node.args[2])
                elif name == "Wording" and node.args:
                    found += _strings(node.args[0])
            elif isinstance(node, ast.Assign):
                if any(getattr(target, "id", "") == "template" for target in node.targets):
                    found += _strings(node.value)
            elif isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == (
                "_CHANCE_WAITS"
            ):
                assert isinstance(node.value, ast.Dict)
                for value in node.value.values:
                    assert isinstance(value, ast.Tuple)
                    found += _strings(value.elts[1])
    return list(dict.fromkeys(found))


TEMPLATES = _templates()


def test_the_templates_are_found() -> None:
    """The scan sees the refusals it must see (so the tests below cannot pass by reading
    nothing)."""
    assert "it is not {0}'s turn to draw" in TEMPLATES
    assert "{0} has no card in slot {slot}" in TEMPLATES
    assert any(t.startswith("{0} reached for {1}'s card") for t in TEMPLATES)
    assert len(TEMPLATES) >= 50


@pytest.mark.parametrize("language", ["fr", "nl", "fi"])
def test_every_template_is_translated(language: str) -> None:
    missing = [t for t in TEMPLATES if t not in MESSAGES[language]]
    assert missing == []


@pytest.mark.parametrize("language", ["fr", "nl", "fi"])
def test_no_translation_is_left_over(language: str) -> None:
    """A template the code no longer words is not kept translated."""
    assert sorted(set(MESSAGES[language]) - set(TEMPLATES)) == []


@pytest.mark.parametrize("language", ["fr", "nl", "fi"])
def test_a_translation_names_what_the_template_names(language: str) -> None:
    """The same players and values; an ordinal is written as the language writes it, from the
    number ``{nth}`` instead of the English word ``{ordinal}``."""
    for template, text in MESSAGES[language].items():
        english = set(placeholders(template)) - {"ordinal"}
        ours = set(placeholders(text)) - {"nth"}
        assert ours == english, (template, text)
        assert text != template, (template, text)


def test_a_wording_is_said_in_each_language() -> None:
    wording = Wording("it is not {0}'s turn to draw", (2,))
    names = ["Anna", "Ben", "Chloé"]
    assert wording.text(names) == "it is not Chloé's turn to draw"
    for language in ("fr", "nl", "fi"):
        said = wording.text(names, language)
        assert "Chloé" in said
        assert said != wording.text(names)
    assert translated("no such template {x}", "fr") == "no such template {x}"


def test_the_referee_says_the_refusal_in_french(tmp_path: Path) -> None:
    """Anna throws in a wrong 5 and tries again before anybody else threw in correctly: the
    verdict in French says why in French (rule throw-in.retry-lockout)."""
    record = ROOT / "examples" / "wrong-throw-in-lockout.json"
    code, out, err = sabai("replay", str(record), "--lang", "fr", "--format", "json")
    assert (code, err) == (1, "")
    event = json.loads(out)["illegal"][0]
    assert event["rule"] == "throw-in.retry-lockout"
    wanted = MESSAGES["fr"][
        "{0} threw in a wrong card: another player must throw in correctly first"
    ].format("Anna")
    assert event["message"] == wanted
    code, out, _ = sabai("replay", str(record), "--lang", "fr")
    assert f"  {wanted} [throw-in.retry-lockout]" in out.splitlines()


def test_the_french_verdict_cites_rules_by_number_and_french_title() -> None:
    """The statement of 6.8 in the French verdict: the project's translation, marked as such, its
    references read as a French reader's rulebook numbers and titles them, not as bare ids."""
    record = ROOT / "examples" / "wrong-throw-in-lockout.json"
    _, out, _ = sabai("replay", str(record), "--lang", "fr")
    statement = next(line for line in out.splitlines() if line.startswith("  Énoncé"))
    assert statement.startswith("  Énoncé (traduction du projet)\u00a0: Une personne qui a jeté")
    lockout = catalogue.ruling("ruling.retry-lockout-scope")
    assert f"(R{lockout.number} Le blocage après un jet erroné)" in statement
    assert "ruling.retry-lockout-scope" not in statement
