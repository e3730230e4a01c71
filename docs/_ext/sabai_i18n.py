"""Sphinx extension: what gettext translates on the French, Dutch and Finnish sites, and the
search page's words in those languages.

* The hand-written pages are translated by the catalogues ``docs/locale/<lang>/LC_MESSAGES/
  <page>.po`` (``locale_dirs`` and ``gettext_compact = False`` in ``conf.py``). What the
  ``sabai-*`` directives write is already in the site's language (the catalogue's texts,
  ``words.toml``), and the API reference's docstrings stay in English: both are marked
  untranslatable, so that ``sphinx-build -b gettext`` extracts neither and a catalogue holds the
  pages' own prose only.
* The site chrome (furo's and Sphinx's template words) is translated by
  ``docs/locale/<lang>/LC_MESSAGES/sphinx.po``, which Sphinx puts before its own catalogue.
* ``_static/translations.js``, the words of the search page, is written anew from Sphinx's
  catalogue and the project's ``sphinx.po``. Sphinx copies the ``sphinx.js`` of its own
  catalogue, and for Dutch and Finnish that file breaks the search: its ``plural_expr``,
  ``(n != 1)``, gives ``true`` or ``false``, which ``Documentation.ngettext`` uses as an index
  into the array of plural forms, so that the status line is ``undefined`` and
  ``searchtools.js`` throws ``TypeError: ... reading 'replace'``; and several of its messages
  are empty strings (shown as nothing) or lack a space (``", in"``: "inAPI reference").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from docutils import nodes
from docutils.parsers.rst import Directive, directives
from sphinx import addnodes, package_dir
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform

LOCALE = Path(__file__).resolve().parent.parent / "locale"


def untranslatable(nodes_: list[nodes.Node]) -> list[nodes.Node]:
    """Mark every element of ``nodes_`` (and below) as not for gettext: neither extracted into a
    catalogue nor replaced by a translation."""
    for top in nodes_:
        if isinstance(top, nodes.Element):
            for node in top.findall(nodes.Element):
                node["translatable"] = False
    return nodes_


def generated(cls: type[Directive]) -> type[Directive]:
    """The directive ``cls``, its output marked untranslatable (it is written in the site's
    language already)."""

    class Generated(cls):  # type: ignore[valid-type,misc]
        def run(self) -> list[nodes.Node]:
            return untranslatable(super().run())

    Generated.__name__ = Generated.__qualname__ = cls.__name__
    Generated.__doc__ = cls.__doc__
    return Generated


class Docstrings(SphinxTransform):
    """The API reference (autodoc's output: the docstrings, and the objects' descriptions with
    the field names Sphinx wrote in the site's language) is not for gettext."""

    default_priority = 15  # before sphinx.transforms.i18n.Locale (20)

    def apply(self, **kwargs: Any) -> None:
        for desc in self.document.findall(addnodes.desc):
            untranslatable([desc])
        for node in self.document.findall(nodes.TextElement):
            if ":docstring of " in (node.source or ""):
                node["translatable"] = False


def catalogue_js(language: str) -> str:
    """``translations.js`` for ``language``: the messages of Sphinx's ``sphinx.js``, overridden
    by the project's ``sphinx.po``, without the empty ones (an untranslated word stays English
    instead of vanishing), and a plural expression that gives an index."""
    shipped = Path(package_dir, "locale", language, "LC_MESSAGES", "sphinx.js")
    text = shipped.read_text(encoding="utf-8")
    data = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    messages: dict[str, str | list[str]] = dict(data["messages"])
    plural_expr = str(data["plural_expr"])
    ours = LOCALE / language / "LC_MESSAGES" / "sphinx.po"
    if ours.is_file():
        with ours.open("rb") as f:
            catalog = read_po(f, locale=language)
        plural_expr = catalog.plural_expr
        for message in catalog:
            if not message.id or message.fuzzy:
                continue
            key = message.id[0] if isinstance(message.id, tuple | list) else message.id
            if isinstance(message.string, tuple | list):
                messages[key] = list(message.string)
            elif message.string:
                messages[key] = message.string
    kept = {
        key: value
        for key, value in sorted(messages.items())
        if (all(value) if isinstance(value, list) else value)
    }
    catalog_js = {
        "locale": language,
        "messages": kept,
        # Number(): a boolean (Dutch, Finnish "(n != 1)") is no index into the plural forms.
        "plural_expr": f"Number({plural_expr})",
    }
    return f"Documentation.addTranslations({json.dumps(catalog_js, indent=4)});\n"


def write_translations_js(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    language = app.config.language
    if language == "en" or not Path(package_dir, "locale", language).is_dir():
        return
    static = Path(app.outdir, "_static")
    static.mkdir(parents=True, exist_ok=True)
    (static / "translations.js").write_text(catalogue_js(language), encoding="utf-8")


def translate_copyright(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """The footer's copyright line (``copyright`` in ``conf.py``) in the page's language."""
    if context.get("copyright"):
        context["copyright"] = app.translator.gettext(str(context["copyright"]))


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("sabai_docs")
    # Every directive of sabai_docs, wrapped: see the module's docstring.
    registered: dict[str, Any] = getattr(directives, "_directives", {})
    names = sorted(name for name in registered if name.startswith("sabai-"))
    if not names:
        raise LookupError("sabai_i18n: sabai_docs registered no sabai-* directive")
    for name in names:
        app.add_directive(name, generated(registered[name]), override=True)
    app.add_transform(Docstrings)
    app.connect("html-page-context", translate_copyright)
    app.connect("build-finished", write_translations_js)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
