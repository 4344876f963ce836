"""Technical inline markup in HTML: the words docbook-xsl generates around code, keys, menus, tags.

`<sgmltag class="starttag">para</sgmltag>` reads « <para> », `citerefentry`
« ls(1) », `keycombo` « Ctrl+Alt+Del », `menuchoice` « Fichier → Enregistrer »,
`cmdsynopsis` « svn add [--quiet] PATH… »: the signs are generated, as
docbook-xsl generates them, and the rest is the book's text in the inline
element HTML gives it (code, kbd, span).
"""

from __future__ import annotations

from lxml import etree
from markupsafe import Markup, escape

CODE = (
    "classname",
    "constant",
    "envar",
    "errorcode",
    "errorname",
    "errortype",
    "exceptionname",
    "function",
    "interfacename",
    "methodname",
    "parameter",
    "property",
    "returnvalue",
    "structfield",
    "structname",
    "symbol",
    "token",
    "type",
    "uri",
    "code",
    "markup",
    "package",
    "prompt",
    "systemitem",
    "database",
    "keycode",
    "ooclass",
    "ooexception",
    "oointerface",
    "initializer",
    "modifier",
)
"""Words of a program or a system: set in the code face, as docbook-xsl does."""

NAMED = (
    "guibutton",
    "guiicon",
    "guilabel",
    "guimenu",
    "guimenuitem",
    "guisubmenu",
    "hardware",
    "interface",
    "mousebutton",
    "action",
    "errortext",
    "mathphrase",
    "orgname",
    "jobtitle",
    "shortaffil",
    "orgdiv",
    "street",
    "city",
    "state",
    "postcode",
    "country",
    "pob",
    "phone",
    "fax",
    "otheraddr",
    "contrib",
    "collabname",
    "corpname",
    "publishername",
    "productnumber",
    "pubsnumber",
    "volumenum",
    "issuenum",
    "seriesvolnums",
    "artpagenums",
    "pagenums",
    "invpartnumber",
    "contractnum",
    "contractsponsor",
    "confnum",
    "confsponsor",
    "conftitle",
    "confdates",
    "pubdate",
    "isbn",
    "issn",
    "biblioid",
    "bibliosource",
    "bibliorelation",
    "bibliocoverage",
    "bibliomisc",
    "citebiblioid",
    "medialabel",
    "refclass",
    "termdef",
    "lineannotation",
    "label",
)
"""Words with a meaning but no look of their own: a span with their name as its class."""

SIGNS = {
    "element": ("", ""),
    "attribute": ("", ""),
    "attvalue": ("", ""),
    "starttag": ("<", ">"),
    "endtag": ("</", ">"),
    "emptytag": ("<", "/>"),
    "genentity": ("&", ";"),
    "paramentity": ("%", ";"),
    "numcharref": ("&#", ";"),
    "pi": ("<?", ">"),
    "xmlpi": ("<?", "?>"),
    "sgmlcomment": ("<!--", "-->"),
    "comment": ("<!--", "-->"),
    "prefix": ("", ":"),
    "namespace": ("", ""),
    "localname": ("", ""),
}
"""docbook-xsl's signs around an `sgmltag` of each class."""

MENU_SEPARATOR = "\u00a0→ "
KEY_SEPARATOR = Markup("+")


class Technical:
    """The technical inline methods of the translator (mixed into `Translator`)."""

    def in_code(self, element: etree._Element, css: str) -> Markup:
        self._literal += 1
        try:
            return self.inline(element, "code", css)
        finally:
            self._literal -= 1

    def code_name(self, element: etree._Element) -> Markup:
        return self.in_code(element, element.tag)

    def plain_name(self, element: etree._Element) -> Markup:
        return self.inline(element, "span", element.tag)

    for _name in CODE:
        locals()["visit_" + _name] = code_name
    for _name in NAMED:
        locals()["visit_" + _name] = plain_name
    del _name

    def visit_keycap(self, element: etree._Element) -> Markup:
        return self.inline(element, "kbd", "keycap")

    visit_keysym = visit_keycap

    def visit_accel(self, element: etree._Element) -> Markup:
        return self.inline(element, "u", "accel")

    def visit_shortcut(self, element: etree._Element) -> Markup:
        return Markup('<span class="shortcut">({})</span>').format(self.contents(element, skip=()))

    def visit_sgmltag(self, element: etree._Element) -> Markup:
        opening, closing = SIGNS.get(element.get("class", "element"), ("", ""))
        self._literal += 1
        try:
            inner = self.contents(element, skip=())
        finally:
            self._literal -= 1
        return Markup('<code class="sgmltag sgmltag-{}">{}{}{}</code>').format(
            element.get("class", "element"), opening, inner, closing
        )

    def visit_citerefentry(self, element: etree._Element) -> Markup:
        title = element.find("refentrytitle")
        volume = element.find("manvolnum")
        html = self.render(title)
        if volume is not None:
            html += Markup("({})").format(self.contents(volume, skip=()))
        return Markup('<span class="citerefentry">{}</span>').format(html)

    def visit_refentrytitle(self, element: etree._Element) -> Markup:
        return self.inline(element, "span", "refentrytitle")

    def visit_manvolnum(self, element: etree._Element) -> Markup:
        return Markup("({})").format(self.contents(element, skip=()))

    def visit_keycombo(self, element: etree._Element) -> Markup:
        separator = Markup(" ") if element.get("action") == "seq" else KEY_SEPARATOR
        keys = [self.render(child) for child in element if isinstance(child.tag, str)]
        return Markup('<span class="keycombo">{}</span>').format(separator.join(keys))

    def visit_menuchoice(self, element: etree._Element) -> Markup:
        steps = [
            self.render(child)
            for child in element
            if isinstance(child.tag, str) and child.tag != "shortcut"
        ]
        html = escape(MENU_SEPARATOR).join(steps)
        shortcut = element.find("shortcut")
        if shortcut is not None:
            html += " " + self.render(shortcut)
        return Markup('<span class="menuchoice">{}</span>').format(html)

    # -- synopses -------------------------------------------------------------------------

    def visit_cmdsynopsis(self, element: etree._Element) -> Markup:
        lines, line = [], []
        for child in element:
            if not isinstance(child.tag, str):
                continue
            if child.tag == "sbr":
                lines.append(Markup(" ").join(line))
                line = []
            elif child.tag == "synopfragment":
                lines.append(Markup(" ").join(line))
                line = [self.render(child)]
            else:
                line.append(self.render(child))
        lines.append(Markup(" ").join(line))
        content = Markup("<br>").join(part for part in lines if part)
        return self.structures.synopsis(**self.attributes(element), content=content)

    def visit_arg(self, element: etree._Element) -> Markup:
        opening, closing = {"opt": ("[", "]"), "req": ("{", "}"), "plain": ("", "")}.get(
            element.get("choice", "opt"), ("[", "]")
        )
        if element.tag == "group":
            inner = Markup(" | ").join(
                self.render(child) for child in element if isinstance(child.tag, str)
            )
        else:
            inner = self.contents(element, skip=())
        repeat = "…" if element.get("rep") == "repeat" else ""
        return Markup('<span class="{}">{}{}{}{}</span>').format(
            element.tag, opening, inner, closing, repeat
        )

    visit_group = visit_arg

    def visit_sbr(self, element: etree._Element) -> Markup:
        return Markup("<br>")

    def visit_synopfragment(self, element: etree._Element) -> Markup:
        number = self.synopsis_fragment_number(element)
        parts = [self.render(child) for child in element if isinstance(child.tag, str)]
        return Markup('<span class="synopfragment" id="{}">({}) {}</span>').format(
            self.numbering.anchor(element), number, Markup(" ").join(parts)
        )

    def synopsis_fragment_number(self, element: etree._Element) -> int:
        return list(element.getparent().iter("synopfragment")).index(element) + 1

    def visit_synopfragmentref(self, element: etree._Element) -> Markup:
        target = self.target(element.get("linkend"))
        # a linkend naming another kind of element is validation's finding: no number then
        fragment = target is not None and target.tag == "synopfragment"
        number = self.synopsis_fragment_number(target) if fragment else "?"
        link = self.link_to(
            element.get("linkend", ""), Markup("({})").format(number), "synopfragmentref"
        )
        return link + " " + self.contents(element, skip=())

    def visit_funcsynopsis(self, element: etree._Element) -> Markup:
        parts = [self.render(child) for child in element if isinstance(child.tag, str)]
        return self.structures.synopsis_block(
            **self.attributes(element), content=Markup().join(parts)
        )

    def visit_funcprototype(self, element: etree._Element) -> Markup:
        definition = element.find("funcdef")
        parameters = [
            self.render(child)
            for child in element
            if isinstance(child.tag, str) and child.tag != "funcdef"
        ]
        return Markup('<p class="funcprototype"><code>{}({});</code></p>').format(
            self.render(definition), Markup(", ").join(parameters)
        )

    def visit_funcdef(self, element: etree._Element) -> Markup:
        return self.literal(element)

    visit_paramdef = visit_funcdef

    def visit_void(self, element: etree._Element) -> Markup:
        return Markup("void")

    def visit_varargs(self, element: etree._Element) -> Markup:
        return Markup("…")

    def visit_funcparams(self, element: etree._Element) -> Markup:
        return Markup("({})").format(self.literal(element))

    def literal(self, element: etree._Element) -> Markup:
        """The content of `element` as code: spaces kept, no typography."""
        self._literal += 1
        try:
            return self.contents(element, skip=())
        finally:
            self._literal -= 1

    def visit_synopsis(self, element: etree._Element) -> Markup:
        return self.literal_block(element)

    visit_funcsynopsisinfo = visit_synopsis
