"""The rulebook site's search, as the reader's browser runs it, without a browser.

A port of what Sphinx's ``searchtools.js`` does with a query (``Search._parseQuery`` and
``Search._performSearch``: titles, index entries, objects, words, then the scorer's ``score``
and the order of display) over the ``searchindex.js`` a build wrote, with the site's scorer
(``docs/_static/scorer.js``) ported beside it. ``tests/docs/test_search.py`` checks the port
against that file, so that a change to the scorer is seen here too.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

#: ``Scorer``'s weights in searchtools.js.
OBJ_NAME_MATCH = 11
OBJ_PARTIAL_MATCH = 6
OBJ_PRIO = {0: 15, 1: 5, 2: -5}
OBJ_PRIO_DEFAULT = 0
TITLE = 15
PARTIAL_TITLE = 7
TERM = 5
PARTIAL_TERM = 2

#: What docs/_static/scorer.js adds: the rulebook's pages up, the API reference down.
RULEBOOK_BOOST = 30
API_PENALTY = -20


class Result(NamedTuple):
    """One result, as searchtools.js lists it."""

    docname: str
    title: str
    anchor: str
    descr: str | None
    score: int
    filename: str
    kind: str


def load_index(site: Path) -> dict[str, Any]:
    """The search index a build wrote (``Search.setIndex({...})``)."""
    text = (site / "searchindex.js").read_text(encoding="utf-8")
    start, end = text.index("(") + 1, text.rindex(")")
    index: dict[str, Any] = json.loads(text[start:end])
    return index


def rulebook_score(result: Result) -> int:
    """``Scorer.score`` of docs/_static/scorer.js."""
    if result.docname.startswith("rules/") or result.docname == "rulings":
        return result.score + RULEBOOK_BOOST
    if result.docname == "api" or result.docname.startswith("api/"):
        return result.score + API_PENALTY
    return result.score


def _round(value: float) -> int:
    """JavaScript's ``Math.round``."""
    return math.floor(value + 0.5)


def split_query(query: str) -> list[str]:
    """searchtools.js's ``splitQuery``: runs of letters, digits and underscores."""
    return [term for term in re.split(r"[^\w]+", query) if term]


def _files(value: int | list[int] | None) -> list[int]:
    if value is None:
        return []
    return [value] if isinstance(value, int) else list(value)


class Search:
    """The search of one built site: ``Search(site, stem, stopwords).query("joker")``."""

    def __init__(
        self,
        site: Path,
        stem: Callable[[str], str],
        stopwords: Iterable[str],
        score: Callable[[Result], int] | None = rulebook_score,
    ) -> None:
        self.index = load_index(site)
        self.stem = stem
        self.stopwords = frozenset(stopwords)
        self.score = score

    def query(self, query: str) -> list[Result]:
        """The results of ``query`` in the order the search page shows them, best first."""
        object_terms = list(dict.fromkeys(split_query(query.lower().strip())))
        search_terms: dict[str, None] = {}
        excluded: dict[str, None] = {}
        for term in split_query(query.strip()):
            lower = term.lower()
            if lower in self.stopwords or re.fullmatch(r"[0-9]+", term):
                continue
            word = self.stem(lower)
            if word.startswith("-"):
                excluded[word[1:]] = None
            else:
                search_terms[word] = None
        return self._perform(query, list(search_terms), list(excluded), object_terms)

    def _perform(
        self, query: str, terms: list[str], excluded: list[str], object_terms: list[str]
    ) -> list[Result]:
        index = self.index
        docnames, filenames, titles = index["docnames"], index["filenames"], index["titles"]
        normal: list[Result] = []
        non_main: list[Result] = []
        lower = query.lower().strip()
        for title, found in index["alltitles"].items():
            if lower in title.lower().strip() and len(lower) >= len(title) / 2:
                for file, ident in found:
                    score = _round(TITLE * len(lower) / len(title))
                    boost = 1 if titles[file] == title else 0
                    shown = title if titles[file] == title else f"{titles[file]} > {title}"
                    anchor = "" if ident is None else "#" + ident
                    normal.append(
                        Result(
                            docnames[file],
                            shown,
                            anchor,
                            None,
                            score + boost,
                            filenames[file],
                            "title",
                        )
                    )
        for entry, found in index["indexentries"].items():
            if lower in entry and len(lower) >= len(entry) / 2:
                for file, ident, is_main in found:
                    score = _round(100 * len(lower) / len(entry))
                    result = Result(
                        docnames[file],
                        titles[file],
                        "#" + ident if ident else "",
                        None,
                        score,
                        filenames[file],
                        "index",
                    )
                    (normal if is_main else non_main).append(result)
        for term in object_terms:
            normal += self._objects(term, object_terms)
        normal += self._terms(terms, excluded)
        if self.score is not None:
            normal = [r._replace(score=self.score(r)) for r in normal]
            non_main = [r._replace(score=self.score(r)) for r in non_main]
        order = functools.cmp_to_key(_by_score_then_name)
        results = sorted(non_main, key=order) + sorted(normal, key=order)
        seen: set[tuple[Any, ...]] = set()
        kept: list[Result] = []
        for result in reversed(results):
            key = (*result[:4], result.filename)
            if key not in seen:
                seen.add(key)
                kept.append(result)
        # searchtools.js reverses back, then shows the results from the last one (pop()).
        return kept

    def _objects(self, term: str, object_terms: list[str]) -> list[Result]:
        index = self.index
        objnames, titles = index["objnames"], index["titles"]
        results = []
        for prefix, entries in index["objects"].items():
            for file, typeindex, priority, short_anchor, name in entries:
                fullname = f"{prefix}.{name}" if prefix else name
                full_lower = fullname.lower()
                if term not in full_lower:
                    continue
                score = 0
                last = full_lower.split(".")[-1]
                if term in (full_lower, last):
                    score += OBJ_NAME_MATCH
                elif term in last:
                    score += OBJ_PARTIAL_MATCH
                objname = objnames[str(typeindex)][2]
                title = titles[file]
                others = [t for t in object_terms if t != term]
                haystack = f"{prefix} {name} {objname} {title}".lower()
                if any(other not in haystack for other in others):
                    continue
                anchor = short_anchor
                if anchor == "":
                    anchor = fullname
                elif anchor == "-":
                    anchor = objnames[str(typeindex)][1] + "-" + fullname
                score += OBJ_PRIO.get(priority, OBJ_PRIO_DEFAULT)
                results.append(
                    Result(
                        index["docnames"][file],
                        fullname,
                        "#" + anchor,
                        f"{objname}, in {title}",
                        score,
                        index["filenames"][file],
                        "object",
                    )
                )
        return results

    def _terms(self, words: list[str], excluded: list[str]) -> list[Result]:
        index = self.index
        terms, title_terms = index["terms"], index["titleterms"]
        scores: dict[int, dict[str, int]] = {}
        file_words: dict[int, list[str]] = {}
        for word in words:
            records: list[tuple[list[int], int]] = []
            if word in terms:
                records.append((_files(terms[word]), TERM))
            if word in title_terms:
                records.append((_files(title_terms[word]), TITLE))
            if len(word) > 2:
                if word not in terms:
                    records += [(_files(v), PARTIAL_TERM) for k, v in terms.items() if word in k]
                if word not in title_terms:
                    records += [
                        (_files(v), PARTIAL_TITLE) for k, v in title_terms.items() if word in k
                    ]
            found: list[int] = []
            for files, score in records:
                found += files
                for file in files:
                    scores.setdefault(file, {})[word] = score
            for file in found:
                listed = file_words.setdefault(file, [])
                if word not in listed:
                    listed.append(word)
        results = []
        long_words = len([w for w in words if len(w) > 2])
        for file, listed in file_words.items():
            if len(listed) not in (len(words), long_words):
                continue
            if any(
                file in _files(terms.get(term)) or file in _files(title_terms.get(term))
                for term in excluded
            ):
                continue
            results.append(
                Result(
                    index["docnames"][file],
                    index["titles"][file],
                    "",
                    None,
                    max(scores[file][w] for w in listed),
                    index["filenames"][file],
                    "text",
                )
            )
        return results


def _by_score_then_name(a: Result, b: Result) -> int:
    """searchtools.js's ``_orderResultsByScoreThenName``: by score, then (inverted) by title."""
    if a.score == b.score:
        left, right = a.title.lower(), b.title.lower()
        if left == right:
            return 0
        return -1 if left > right else 1
    return 1 if a.score > b.score else -1
