"""Sphinx configuration of the sabai-sabai rulebook.

One site per language: ``sphinx-build -W -n -b html -D language=fr docs docs/_build/html/fr``
(``tools/build_docs.py`` builds all four and checks every internal link). The rulebook, the
rulings, the concordance, the glossary and the worked examples are rendered from ``spec/`` and
``tests/scenarios/`` by the ``sabai_docs`` extension; nothing there is copied by hand.
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(DOCS / "_ext"))
sys.path.insert(0, str(ROOT))

import sabai_rules  # noqa: E402

project = "sabai-rules"
author = "The sabai-rules developers"
copyright = "2026, the sabai-rules developers; rule texts quoted from sabai-sabai.fun"
release = sabai_rules.__version__
version = release

language = "en"
# The hand-written pages are translated by gettext catalogues, one per page and language
# (docs/locale/<lang>/LC_MESSAGES/<page>.po), compiled to .mo by Sphinx when it builds a site.
locale_dirs = ["locale/"]
gettext_compact = False
# Messages without their line numbers: a catalogue changes only when a message does
# (python tools/update_po.py brings them up to date).
gettext_location = False

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "sabai_docs",
    "sabai_i18n",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build", "_ext", "README.md"]
templates_path = ["_templates"]
html_static_path = ["_static"]

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

html_theme = "furo"
html_title = "sabai-sabai"
html_sidebars = {
    "**": [
        "sidebar/brand.html",
        "sidebar/search.html",
        "languages.html",
        "sidebar/scroll-start.html",
        "sidebar/navigation.html",
        "sidebar/scroll-end.html",
    ]
}
html_css_files = ["sabai.css"]
html_js_files = ["languages.js"]
html_favicon = "_static/favicon.svg"
# Rules and rulings first in the search's results, the API reference last.
html_search_scorer = str(DOCS / "_static" / "scorer.js")

autodoc_typehints = "description"
autodoc_typehints_format = "short"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "undoc-members": False}
autodoc_type_aliases = {"Action": "sabai_rules.moves.Action", "Effect": "sabai_rules.state.Effect"}

# Constants documented in a module are that module's: following "imports" would send a tuple
# constant to ``builtins`` (its type's module), which has no source page.
viewcode_follow_imported_members = False

intersphinx_mapping: dict[str, tuple[str, str | None]] = {}

nitpicky = True
# The standard library and attrs are not documented by this project (no network for intersphinx).
nitpick_ignore_regex = [
    (
        "py:class",
        r"(typing|collections\.abc|attr|attrs|_io|argparse|random|importlib|pathlib|enum|json|socket)\..*",
    ),
    (
        "py:class",
        r"(int|str|bool|float|bytes|object|type|tuple|list|dict|set|frozenset|None|NoneType|array)",
    ),
    (
        "py:class",
        r"(Literal|Final|TypeAlias|NoReturn|Any|ClassVar|Callable|Sequence|Mapping|Iterable)",
    ),
    (
        "py:class",
        r"(Iterator|TextIO|Path|Traversable|Protocol|IntEnum|StrEnum|ValueError|LookupError)",
    ),
    ("py:class", r"(Exception|AssertionError|TypeAliasForwardRef|Hashable|(fractions\.)?Fraction)"),
    ("py:mod", r"(hashlib|json|tomllib)"),
    # Type aliases (unions and literals) are described in their modules' text, not as classes.
    (
        "py:class",
        r"'?(sabai_rules\.[a-z_.]+\.)?(Action|Effect|Language|Edition|Kind|OptionValue|Shown|Position)'?",
    ),
    ("py:data", r"(sabai_rules\.[a-z_.]+\.)?(Language|Edition)"),
    # The type variables of the argument checks' and the catalogue's signatures.
    ("py:class", r"(sabai_rules\.[a-z_.]+\.)?_T"),
    # The type variable tuple of Work.emit (an event class and its fields).
    ("py:class", r"~?_Fields"),
    ("py:obj", r"typing\.~?_Fields"),
]
