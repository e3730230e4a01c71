"""The site checks of issue 13 on small synthetic sites: tools/english_share.py (how much of a
translated site's prose is still English) and tools/check_site.py (the site in a browser).

The English share's extraction and counting run everywhere, with a stand-in language identifier;
the real one (lingua, the docs extra) where it is installed. The browser check's arguments are
checked everywhere; its checks need Playwright (the site-check extra) and Debian's Chromium, and
skip without them. ``.ci/run`` runs the real tools on the built site."""

from __future__ import annotations

import concurrent.futures
import importlib.util
import json
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def share() -> ModuleType:
    return _tool("english_share")


@pytest.fixture(scope="module")
def site_check() -> ModuleType:
    return _tool("check_site")


@pytest.fixture(scope="module")
def wording_check() -> ModuleType:
    return _tool("check_wording")


# -- the English share -------------------------------------------------------------------------

FRENCH = (
    "Une carte identique à la dernière carte jouée peut toujours être posée sur la défausse, "
    "même lorsque ce n\u2019est pas son tour."
)
ENGLISH = "The player who touches their nose last draws one penalty card from the draw pile."


def _page(body: str, lang: str = "fr") -> str:
    """A page laid out as furo lays it out: chrome around the main content's article."""
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><title>Règles</title>'
        '<script>var english = "not prose";</script></head><body>'
        '<nav class="sidebar-drawer"><div class="sabai-languages" role="navigation">'
        '<a href="../en/index.html" lang="en">English</a></div>'
        "<ul><li>The navigation is chrome</li></ul></nav>"
        '<div class="content" style="max-width: 600px">'
        '<article role="main" id="furo-main-content">'
        f"{body}</article></div>"
        "<footer>Made with Sphinx and furo, in English</footer></body></html>"
    )


def _stand_in(texts: Sequence[str]) -> list[str | None]:
    """English where a text has "the" or "The", French where it has "la" or "sur"."""
    found: list[str | None] = []
    for text in texts:
        words = set(text.split())
        found.append("en" if words & {"the", "The"} else "fr" if words & {"la", "sur"} else None)
    return found


def test_the_prose_is_the_main_content_without_code_ids_quotations_and_chrome(
    share: ModuleType,
) -> None:
    body = (
        '<h1>Jeter la carte<a class="headerlink" href="#x">¶</a></h1>'
        f"<p>{FRENCH}</p>"
        '<p><code class="docutils literal notranslate"><span class="pre">throw-in.identical'
        "</span></code></p>"
        '<div class="highlight-python"><div class="highlight"><pre>the code of the engine'
        "</pre></div></div>"
        "<p><strong>Texte publié</strong> (en anglais):</p>"
        "<blockquote><div><p>An identical card may always be placed.</p></div></blockquote>"
        f'<p>{ENGLISH} See <a class="reference internal" href="#r"><code class="xref std '
        'std-rule docutils literal notranslate"><span class="pre">6.8</span></code></a>.</p>'
        "<ul><li><p>(fi) “Pelaa kortti suoraan”</p></li>"
        "<li><p><strong>nl</strong> “van de trekstapel”: from the draw pile.</p></li></ul>"
        "<p>(en: <em>round</em> · nl: <em>partij</em> · fi: <em>kierros</em>)</p>"
        '<p lang="en">The publisher said so in English.</p>'
        '<p>Illustrée dans: <a class="reference internal" href="examples.html#scenario-a-wrong-'
        'throw"><span class="std std-ref">a-wrong-throw</span></a></p>'
        '<div class="toctree-wrapper compound"><ul><li>The contents</li></ul></div>'
    )
    content = share.main_content(share.parse(_page(body)))
    assert content is not None
    assert share.chunks(content, "fr") == [
        "Jeter la carte",
        FRENCH,
        "Texte publié (en anglais):",
        f"{ENGLISH} See .",
        ": from the draw pile.",
        "Illustrée dans:",
    ]
    assert share.words("n\u2019est pas Ass-Joker 6.8 don't") == 4


def test_a_french_page_with_one_english_paragraph(share: ModuleType) -> None:
    text = _page(f"<h1>Jeter la carte</h1><p>{FRENCH}</p><p>{ENGLISH}</p><pre>the the the</pre>")
    page = share.page_share("rules/throw-in.html", text, "fr", _stand_in)
    french = share.words("Jeter la carte") + share.words(FRENCH)
    english = share.words(ENGLISH)
    assert (page.english_words, page.total) == (english, french + english)
    assert page.share == pytest.approx(15 / (15 + 25))
    assert page.english == [ENGLISH]


def _site(root: Path) -> None:
    fr = root / "fr"
    (fr / "rules").mkdir(parents=True)
    (fr / "_modules").mkdir()
    (fr / "index.html").write_text(_page(f"<p>{FRENCH}</p>"), encoding="utf-8")
    (fr / "rules" / "turn.html").write_text(
        _page(f"<p>{FRENCH}</p><p>{ENGLISH}</p>"), encoding="utf-8"
    )
    api = _page(f"<p>{ENGLISH}</p>" * 20)
    (fr / "api.html").write_text(api, encoding="utf-8")
    (fr / "genindex.html").write_text(api, encoding="utf-8")
    (fr / "_modules" / "engine.html").write_text(api, encoding="utf-8")
    (fr / "book").mkdir()
    (fr / "book" / "index.html").write_text(api, encoding="utf-8")  # the pages' prose again


def test_the_api_reference_sources_indexes_and_book_are_left_out(
    share: ModuleType, tmp_path: Path
) -> None:
    _site(tmp_path)
    site = share.site_share(tmp_path / "fr", "fr", _stand_in)
    assert [p.page for p in site.pages] == ["index.html", "rules/turn.html"]
    assert site.excluded == ["_modules/engine.html", "api.html", "book/index.html", "genindex.html"]
    assert (site.english_words, site.total) == (15, 15 + 2 * 22)


def test_the_threshold_decides_the_exit_status_and_json_has_every_page(
    share: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _site(tmp_path)
    table = tmp_path / "share.json"
    argv = ["--site", str(tmp_path), "--lang", "fr", "--json", str(table)]
    assert share.main([*argv, "--threshold", "30"], classify=_stand_in) == 0
    out = capsys.readouterr().out
    assert "fr: 25.4 % English (15 of 59 prose words in 2 pages; 4 pages left out; " in out
    assert "  rules/turn.html: 15 English words of 37 (40.5 %)" in out
    assert share.main([*argv, "--threshold", "10"], classify=_stand_in) == 1
    assert "above the threshold of 10 %" in capsys.readouterr().out
    written = json.loads(table.read_text(encoding="utf-8"))["sites"]["fr"]
    assert written["english_words"] == 15
    assert {p["page"]: p["english_words"] for p in written["pages"]} == {
        "index.html": 0,
        "rules/turn.html": 15,
    }


def test_english_share_refuses_a_site_not_built_and_a_bad_threshold(
    share: ModuleType, tmp_path: Path
) -> None:
    for argv in (
        ["--site", str(tmp_path), "--lang", "nl"],
        ["--site", str(tmp_path), "--threshold", "120"],
        ["--lang", "en"],
    ):
        with pytest.raises(SystemExit) as exit_:
            share.main(argv, classify=_stand_in)
        assert exit_.value.code == 2


def test_lingua_tells_the_english_paragraph_from_the_french_ones(
    share: ModuleType, tmp_path: Path
) -> None:
    pytest.importorskip("lingua", reason="lingua (the docs extra) is not installed")
    classify = share.lingua_classifier()
    second = (
        "Une personne qui jette une carte non identique la reprend et pioche une carte de "
        "pénalité, face cachée, sans la regarder."
    )
    text = _page(f"<h1>Jeter une carte</h1><p>{FRENCH}</p><p>{ENGLISH}</p><p>{second}</p>")
    page = share.page_share("rules/throw-in.html", text, "fr", classify)
    assert page.english == [ENGLISH]
    assert page.english_words == share.words(ENGLISH)
    # A chunk too short to tell (a heading of three words) may stay undecided ("?").
    french = share.words("Jeter une carte") + share.words(FRENCH) + share.words(second)
    assert page.words["fr"] + page.words["?"] == french
    assert page.total == french + page.english_words


# -- the glossary's words and French typography ------------------------------------------------


def _wordy_site(root: Path) -> Path:
    """A French site with a word the glossary avoids in a picture, a space before a colon in a
    page, and both where they do not count (a quotation block, the API reference)."""
    fr = root / "fr"
    (fr / "book").mkdir(parents=True)
    (fr / "index.html").write_text(
        _page(
            "<p>La personne qui distribue\u00a0: P1.</p>"
            "<blockquote><p>Le donneur : P1.</p></blockquote>"
            '<svg role="img" aria-label="Manche 1 · donneur P2"></svg>'
        ),
        encoding="utf-8",
    )
    (fr / "book" / "index.html").write_text(_page("<p>Les règles : la ligne.</p>"), "utf-8")
    (fr / "api.html").write_text(_page("<p>dealer: donneur</p>"), encoding="utf-8")
    return root


def test_check_site_reports_the_glossarys_words_and_french_typography(
    site_check: ModuleType, tmp_path: Path
) -> None:
    """Issue 37, items 5 and 9: the site check finds a word the glossary avoids and a fault of
    French typography on the pages it loads, in the HTML (no browser needed for that part)."""
    site = _wordy_site(tmp_path)
    pages = site_check.pages_of(site, "fr")
    problems = site_check.wording_problems(site, pages, "fr")
    assert [line.split(": says")[0].split(": an ordinary")[0] for line in problems] == [
        "fr: fr/index.html",
        "fr: fr/book/index.html",
    ]
    assert "says 'donneur', a word the glossary avoids" in problems[0]
    assert "an ordinary space, not a no-break space, before ':'" in problems[1]


def test_check_wording_finds_a_word_planted_in_a_built_site(
    wording_check: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = _wordy_site(tmp_path)
    assert wording_check.main(["--site", str(site), "--lang", "fr"]) == 1
    out = capsys.readouterr().out
    assert "fr/index.html (fr): says 'donneur'" in out
    assert "the catalogue: 0 found\n" in out
    assert "the referee: 0 found\n" in out
    assert "the sources of the site: 0 found\n" in out
    assert "the fr site: 2 found (fr donneur* 1, fr typography 1)" in out
    (site / "fr" / "index.html").write_text(_page("<p>Rien\u00a0!</p>"), "utf-8")
    (site / "fr" / "book" / "index.html").write_text(_page("<p>Rien.</p>"), "utf-8")
    assert wording_check.main(["--site", str(site)]) == 0
    assert "the fr site: 0 found" in capsys.readouterr().out


def test_check_wording_refuses_a_site_not_built(
    wording_check: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for argv in (["--lang", "nl"], ["--lang", "fr", "--sources-only"]):
        with pytest.raises(SystemExit) as exit_:
            wording_check.main(["--site", str(tmp_path), *argv])
        assert exit_.value.code == 2
    assert wording_check.main(["--site", str(tmp_path)]) == 0
    assert "no site built" in capsys.readouterr().out


# -- the browser check -------------------------------------------------------------------------


def _built(root: Path, lang: str = "en") -> Path:
    (root / lang).mkdir(parents=True)
    (root / lang / "index.html").write_text(_page("<p>Home</p>", lang), encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--max-pages", "0"], "--max-pages must be at least 1"),
        (["--jobs", "0"], "--jobs must be at least 1"),
        (["--follow", "-1"], "--follow must be 0 or more"),
        (["--lang", "de"], "invalid choice: 'de'"),
        (["--lang", "fr"], "no fr site in"),
    ],
)
def test_check_site_refuses_bad_arguments(
    site_check: ModuleType,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    said: str,
) -> None:
    _built(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        site_check.main(["--site", str(tmp_path), *argv])
    assert exit_.value.code == 2
    assert said in capsys.readouterr().err


def test_check_site_without_a_browser_says_how_to_install_one(
    site_check: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _built(tmp_path)
    missing = str(tmp_path / "no-chromium")
    assert site_check.main(["--site", str(tmp_path), "--lang", "en", "--browser", missing]) == 2
    err = capsys.readouterr().err
    assert f"no browser ({missing})" in err
    assert "apt-get install -y chromium" in err
    assert "pip install -e '.[site-check]'" in err


def test_anchors_that_do_not_land_are_found_in_the_html(
    site_check: ModuleType, tmp_path: Path
) -> None:
    _built(tmp_path)
    (tmp_path / "en" / "index.html").write_text(
        _page(
            '<p id="top"><a href="#top">top</a> <a href="#gone">gone</a>'
            ' <a href="rules.html#turn.draw">rule</a> <a href="rules.html#turn.drew">typo</a>'
            ' <a href="missing.html#x">missing</a> <a href="../fr/index.html#x">not built</a>'
            ' <a href="https://example.org/#x">out</a></p>'
        ),
        encoding="utf-8",
    )
    (tmp_path / "en" / "rules.html").write_text(
        _page('<section id="turn.draw"><a href="index.html#top">back</a></section>'),
        encoding="utf-8",
    )
    pages = site_check.pages_of(tmp_path, "en")
    assert pages == ["en/index.html", "en/rules.html"]
    links, problems = site_check.anchor_links(tmp_path, pages)
    assert problems == [
        "en: en/index.html: link #gone does not land: no id 'gone' in en/index.html",
        "en: en/index.html: link rules.html#turn.drew does not land: "
        "no id 'turn.drew' in en/rules.html",
        "en: en/index.html: link missing.html#x does not land: no page en/missing.html",
    ]
    assert {(link.page, link.target, link.anchor) for link in links} == {
        ("en/index.html", "en/index.html", "top"),
        ("en/index.html", "en/rules.html", "turn.draw"),
        ("en/rules.html", "en/index.html", "top"),
    }
    # Followed in the browser: links with distinct targets, spread over the pages they lead to.
    assert [(link.target, link.anchor) for link in site_check.sample(links, 10)] == [
        ("en/index.html", "top"),
        ("en/rules.html", "turn.draw"),
    ]
    assert len(site_check.sample(links, 1)) == 1


def test_the_search_queries_name_a_rule_of_each_edition(site_check: ModuleType) -> None:
    assert site_check.search_queries("fr") == ["joker", "6.8"]
    # The older edition numbers its rules otherwise; its query is a number of its own.
    assert site_check.search_queries("fi")[0] == "joker"


def _browser() -> str:
    pytest.importorskip("playwright", reason="Playwright (the site-check extra) is not installed")
    found = shutil.which("chromium") or (
        "/usr/bin/chromium" if Path("/usr/bin/chromium").is_file() else None
    )
    if found is None:
        pytest.skip("no Chromium (apt-get install -y chromium)")
    return found


@pytest.mark.slow
def test_the_browser_finds_errors_overflows_and_anchors_that_land(
    site_check: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    browser = _browser()
    _built(tmp_path)
    en = tmp_path / "en"
    tall = '<div style="height: 3000px">…</div>'
    (en / "index.html").write_text(
        _page(f'<p><a href="rules.html#far">far</a></p>{tall}<p id="here">here</p>'),
        encoding="utf-8",
    )
    (en / "rules.html").write_text(
        _page(f'{tall}<h2 id="far">Far down</h2>{tall}<script>missing.call();</script>'),
        encoding="utf-8",
    )
    (en / "wide.html").write_text(
        _page('<table class="scores" style="width: 700px"><tr><td>wide</td></tr></table>'),
        encoding="utf-8",
    )
    # Sphinx's search page as the check reads it: a summary, then the list of results.
    found = '<li><a href="rules.html#far">5. Ass Joker</a></li>'
    search = f"""
      <div id="search-results"></div>
      <script>
        setTimeout(() => {{
          const found = location.search.includes("joker") ? '{found}' : "";
          document.getElementById("search-results").innerHTML =
            '<p class="search-summary">done</p><ul class="search">' + found + "</ul>";
        }}, 50);
      </script>"""
    (en / "search.html").write_text(_page(search), encoding="utf-8")
    argv = ["--site", str(tmp_path), "--lang", "en", "--browser", browser, "--jobs", "2"]
    # The check runs its own event loop (asyncio.run), which a thread of the process where the
    # browser tests' synchronous Playwright already runs one may not start: a thread of its own.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        code = pool.submit(site_check.main, [*argv, "--query", "joker", "--query", "6.8"]).result()
    assert code == 1
    out = capsys.readouterr().out.splitlines()
    assert any(
        line.startswith("en: en/rules.html: page error: ") and "missing" in line for line in out
    ), out
    assert any(
        line.startswith("en: en/wide.html: the page scrolls sideways at 390 px")
        and "widest: article#furo-main-content > table.scores (right edge at 708 px" in line
        for line in out
    ), out
    assert any(
        line.startswith("en: en/wide.html: the main content overflows its column at 1280 px")
        for line in out
    ), out
    # The link lands: followed in the browser, its target is in view after the (smooth) scroll.
    assert not any("followed" in line for line in out), out
    assert "en: search 'joker': 1 results; first: 5. Ass Joker (rules.html#far)" in out
    assert "en: search '6.8' finds nothing" in out
    assert "en: 4 pages, 4 problems" in " ".join(out)
