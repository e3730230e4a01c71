"""Sphinx extension: what gettext translates on the French, Dutch and Finnish sites.

* The hand-written pages are translated by the catalogues ``docs/locale/<lang>/LC_MESSAGES/
  <page>.po`` (``locale_dirs`` and ``gettext_compact = False`` in ``conf.py``). What the
  ``sabai-*`` directives write is already in the site's language (the catalogue's texts,
  ``words.toml``), and the API reference's docstrings stay in English: both are marked
  untranslatable, so that ``sphinx-build -b gettext`` extracts neither and a catalogue holds the
  pages' own prose only.
* The site chrome (furo's and Sphinx's template words) is translated by
  ``docs/locale/<lang>/LC_MESSAGES/sphinx.po``, which Sphinx puts before its own catalogue.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform


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
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
