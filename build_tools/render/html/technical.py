"""Technical inline markup in HTML: the words docbook-xsl generates around code, keys, menus, tags.

`<sgmltag class="starttag">para</sgmltag>` reads « <para> », `citerefentry`
« ls(1) », `keycombo` « Ctrl+Alt+Del », `menuchoice` « Fichier → Enregistrer »,
`cmdsynopsis` « svn add [--quiet] PATH… »: the signs are generated, as
docbook-xsl generates them, and the rest is the book's text in the inline
element HTML gives it (code, kbd, span).
"""

from __future__ import annotations

from html import escape

from lxml import etree

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
KEY_SEPARATOR = "+"


class Technical:
    """The technical inline methods of the translator (mixed into `Translator`)."""

    def in_code(self, element: etree._Element, css: str) -> str:
        self._literal += 1
        try:
            return self.inline(element, "code", css)
        finally:
            self._literal -= 1

    def code_name(self, element: etree._Element) -> str:
        return self.in_code(element, element.tag)

    def plain_name(self, element: etree._Element) -> str:
        return self.inline(element, "span", element.tag)

    for _name in CODE:
        locals()["visit_" + _name] = code_name
    for _name in NAMED:
        locals()["visit_" + _name] = plain_name
    del _name

    def visit_keycap(self, element: etree._Element) -> str:
        return self.inline(element, "kbd", "keycap")

    visit_keysym = visit_keycap

    def visit_accel(self, element: etree._Element) -> str:
        return self.inline(element, "u", "accel")

    def visit_shortcut(self, element: etree._Element) -> str:
        return f'<span class="shortcut">({self.contents(element, skip=())})</span>'

    def visit_sgmltag(self, element: etree._Element) -> str:
        opening, closing = SIGNS.get(element.get("class", "element"), ("", ""))
        self._literal += 1
        try:
            inner = self.contents(element, skip=())
        finally:
            self._literal -= 1
        kind = escape(element.get("class", "element"))
        return (
            f'<code class="sgmltag sgmltag-{kind}">{escape(opening)}{inner}{escape(closing)}</code>'
        )

    def visit_citerefentry(self, element: etree._Element) -> str:
        title = element.find("refentrytitle")
        volume = element.find("manvolnum")
        html = self.render(title) if title is not None else ""
        if volume is not None:
            html += f"({self.contents(volume, skip=())})"
        return f'<span class="citerefentry">{html}</span>'

    def visit_refentrytitle(self, element: etree._Element) -> str:
        return self.inline(element, "span", "refentrytitle")

    def visit_manvolnum(self, element: etree._Element) -> str:
        return f"({self.contents(element, skip=())})"

    def visit_keycombo(self, element: etree._Element) -> str:
        separator = " " if element.get("action") == "seq" else KEY_SEPARATOR
        keys = [self.render(child) for child in element if isinstance(child.tag, str)]
        return f'<span class="keycombo">{separator.join(keys)}</span>'

    def visit_menuchoice(self, element: etree._Element) -> str:
        steps = [
            self.render(child)
            for child in element
            if isinstance(child.tag, str) and child.tag != "shortcut"
        ]
        html = escape(MENU_SEPARATOR).join(steps)
        shortcut = element.find("shortcut")
        if shortcut is not None:
            html += " " + self.render(shortcut)
        return f'<span class="menuchoice">{html}</span>'

    # -- synopses -------------------------------------------------------------------------

    def visit_cmdsynopsis(self, element: etree._Element) -> str:
        lines, line = [], []
        for child in element:
            if not isinstance(child.tag, str):
                continue
            if child.tag == "sbr":
                lines.append(" ".join(line))
                line = []
            elif child.tag == "synopfragment":
                lines.append(" ".join(line))
                line = [self.render(child)]
            else:
                line.append(self.render(child))
        lines.append(" ".join(line))
        content = "<br>".join(part for part in lines if part)
        return str(
            self.structures.synopsis(**self.attributes(element), content=self.markup(content))
        )

    def visit_arg(self, element: etree._Element) -> str:
        opening, closing = {"opt": ("[", "]"), "req": ("{", "}"), "plain": ("", "")}.get(
            element.get("choice", "opt"), ("[", "]")
        )
        if element.tag == "group":
            inner = " | ".join(
                self.render(child) for child in element if isinstance(child.tag, str)
            )
        else:
            inner = self.contents(element, skip=())
        repeat = "…" if element.get("rep") == "repeat" else ""
        return f'<span class="{element.tag}">{opening}{inner}{closing}{repeat}</span>'

    visit_group = visit_arg

    def visit_sbr(self, element: etree._Element) -> str:
        return "<br>"

    def visit_synopfragment(self, element: etree._Element) -> str:
        number = self.synopsis_fragment_number(element)
        parts = [self.render(child) for child in element if isinstance(child.tag, str)]
        anchor = escape(self.numbering.anchor(element))
        return f'<span class="synopfragment" id="{anchor}">({number}) {" ".join(parts)}</span>'

    def synopsis_fragment_number(self, element: etree._Element) -> int:
        return list(element.getparent().iter("synopfragment")).index(element) + 1

    def visit_synopfragmentref(self, element: etree._Element) -> str:
        target = self.target(element.get("linkend"))
        # a linkend naming another kind of element is validation's finding: no number then
        fragment = target is not None and target.tag == "synopfragment"
        number = self.synopsis_fragment_number(target) if fragment else "?"
        link = self.link_to(element.get("linkend", ""), f"({number})", "synopfragmentref")
        return f"{link} {self.contents(element, skip=())}"

    def visit_funcsynopsis(self, element: etree._Element) -> str:
        parts = [self.render(child) for child in element if isinstance(child.tag, str)]
        return str(
            self.structures.synopsis_block(
                **self.attributes(element), content=self.markup("".join(parts))
            )
        )

    def visit_funcprototype(self, element: etree._Element) -> str:
        definition = element.find("funcdef")
        parameters = [
            self.render(child)
            for child in element
            if isinstance(child.tag, str) and child.tag != "funcdef"
        ]
        head = self.render(definition) if definition is not None else ""
        return f'<p class="funcprototype"><code>{head}({", ".join(parameters)});</code></p>'

    def visit_funcdef(self, element: etree._Element) -> str:
        return self.literal(element)

    visit_paramdef = visit_funcdef

    def visit_void(self, element: etree._Element) -> str:
        return "void"

    def visit_varargs(self, element: etree._Element) -> str:
        return "…"

    def visit_funcparams(self, element: etree._Element) -> str:
        return f"({self.literal(element)})"

    def literal(self, element: etree._Element) -> str:
        """The content of `element` as code: spaces kept, no typography."""
        self._literal += 1
        try:
            return self.contents(element, skip=())
        finally:
            self._literal -= 1

    def visit_synopsis(self, element: etree._Element) -> str:
        return self.literal_block(element)

    visit_funcsynopsisinfo = visit_synopsis
