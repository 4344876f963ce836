"""The table of DocBook 4.5 elements and how the renderers handle each: one row per element.

    rendered     the HTML translator renders it, with its `visit_` method (the PDF prints that
                 HTML); `RENDERED` lists them, and `tests/test_elements.py` holds the
                 translator's methods to that list
    inside       rendered by the element that holds it (a table's rows, an indexterm's words);
                 met anywhere else, it is reported and its text shown in a marker
    metadata     about the book rather than of it (keywords, a man page's source): shown on no
                 page, as docbook-xsl shows it on none
    unsupported  no renderer handles it: the check reports it, and the build shows its text
                 inside a visible marker and reports it with the same words

The check (`validation/support.py`) and the build read this one table, which is data of the
model: checking a book loads no renderer. `tests/test_elements.py` tests every row.
"""

from __future__ import annotations

from collections.abc import Set

from build_tools.model.profiling import ATTRIBUTES as PROFILING_ATTRIBUTES

DOCBOOK_45 = tuple(
    """
    abbrev abstract accel ackno acronym action address affiliation alt anchor answer
    appendix appendixinfo application area areaset areaspec arg article articleinfo
    artpagenums attribution audiodata audioobject author authorblurb authorgroup
    authorinitials beginpage bibliocoverage bibliodiv biblioentry bibliography
    bibliographyinfo biblioid bibliolist bibliomisc bibliomixed bibliomset biblioref
    bibliorelation biblioset bibliosource blockinfo blockquote book bookinfo bridgehead
    callout calloutlist caption caution chapter chapterinfo citation citebiblioid
    citerefentry citetitle city classname classsynopsis classsynopsisinfo cmdsynopsis co
    code col colgroup collab collabname colophon colspec command computeroutput confdates
    confgroup confnum confsponsor conftitle constant constructorsynopsis contractnum
    contractsponsor contrib copyright coref corpauthor corpcredit corpname country database
    date dedication destructorsynopsis edition editor email emphasis entry entrytbl envar
    epigraph equation errorcode errorname errortext errortype example exceptionname fax
    fieldsynopsis figure filename firstname firstterm footnote footnoteref foreignphrase
    formalpara funcdef funcparams funcprototype funcsynopsis funcsynopsisinfo function
    glossary glossaryinfo glossdef glossdiv glossentry glosslist glosssee glossseealso
    glossterm graphic graphicco group guibutton guiicon guilabel guimenu guimenuitem
    guisubmenu hardware highlights holder honorific imagedata imageobject imageobjectco
    important index indexdiv indexentry indexinfo indexterm informalequation informalexample
    informalfigure informaltable initializer inlineequation inlinegraphic inlinemediaobject
    interface interfacename invpartnumber isbn issn issuenum itemizedlist itermset jobtitle
    keycap keycode keycombo keysym keyword keywordset label legalnotice lineage
    lineannotation link listitem literal literallayout lot lotentry manvolnum markup
    mathphrase medialabel mediaobject mediaobjectco member menuchoice methodname methodparam
    methodsynopsis modespec modifier mousebutton msg msgaud msgentry msgexplan msginfo
    msglevel msgmain msgorig msgrel msgset msgsub msgtext note objectinfo olink ooclass
    ooexception oointerface option optional orderedlist orgdiv orgname otheraddr othercredit
    othername package pagenums para paramdef parameter part partinfo partintro personblurb
    personname phone phrase pob postcode preface prefaceinfo primary primaryie printhistory
    procedure productname productnumber programlisting programlistingco prompt property
    pubdate publisher publishername pubsnumber qandadiv qandaentry qandaset question quote
    refclass refdescriptor refentry refentryinfo refentrytitle reference referenceinfo
    refmeta refmiscinfo refname refnamediv refpurpose refsect1 refsect1info refsect2
    refsect2info refsect3 refsect3info refsection refsectioninfo refsynopsisdiv
    refsynopsisdivinfo releaseinfo remark replaceable returnvalue revdescription revhistory
    revision revnumber revremark row sbr screen screenco screeninfo screenshot secondary
    secondaryie sect1 sect1info sect2 sect2info sect3 sect3info sect4 sect4info sect5
    sect5info section sectioninfo see seealso seealsoie seeie seg seglistitem segmentedlist
    segtitle seriesvolnums set setindex setindexinfo setinfo sgmltag shortaffil shortcut
    sidebar sidebarinfo simpara simplelist simplemsgentry simplesect spanspec state step
    stepalternatives street structfield structname subject subjectset subjectterm subscript
    substeps subtitle superscript surname symbol synopfragment synopfragmentref synopsis
    systemitem table task taskprerequisites taskrelated tasksummary tbody td term termdef
    tertiary tertiaryie textdata textobject tfoot tgroup th thead tip title titleabbrev toc
    tocback tocchap tocentry tocfront toclevel1 toclevel2 toclevel3 toclevel4 toclevel5
    tocpart token tr trademark type ulink uri userinput varargs variablelist varlistentry
    varname videodata videoobject void volumenum warning wordasword xref year
    """.split()
)
"""Every element the DocBook 4.5 DTD declares."""

UNRENDERED = frozenset(
    (
        "audiodata",
        "audioobject",
        "videodata",
        "videoobject",
        "textdata",
        "col",
        "colgroup",
        "td",
        "th",
        "tr",
    )
)
"""The elements no renderer draws: sound and video, a text object's external file, and the HTML
table model DocBook 4.5 borrows (its CALS tables are drawn)."""

RENDERED = frozenset(DOCBOOK_45) - UNRENDERED
"""The elements the HTML translator has a `visit_` method for."""

INSIDE = {
    "primary": "an indexterm",
    "secondary": "an indexterm",
    "tertiary": "an indexterm",
    "see": "an indexterm",
    "seealso": "an indexterm",
    "tgroup": "a table",
    "colspec": "a table",
    "spanspec": "a table",
    "thead": "a table",
    "tbody": "a table",
    "tfoot": "a table",
    "row": "a table",
    "entry": "a table",
    "imageobject": "a mediaobject",
    "imagedata": "a mediaobject",
    "textobject": "a mediaobject",
    "alt": "a mediaobject",
    "callout": "a calloutlist",
    "areaspec": "a programlistingco or screenco",
    "area": "a programlistingco or screenco",
    "areaset": "a programlistingco or screenco",
    "refname": "a refentry",
    "refpurpose": "a refentry",
    "refdescriptor": "a refentry",
    "segtitle": "a segmentedlist",
    "seglistitem": "a segmentedlist",
    "seg": "a segmentedlist",
}
"""Elements rendered by their parent -> the parent that renders them."""

METADATA = frozenset(
    (
        "keywordset",
        "keyword",
        "subjectset",
        "subject",
        "subjectterm",
        "itermset",
        "beginpage",
        "refmeta",
        "refmiscinfo",
        "modespec",
        "titleabbrev",
        "screeninfo",
    )
)
"""Elements docbook-xsl shows on no page (titleabbrev: in the navigation only)."""

ATTRIBUTES: dict[str, set[str]] = {
    "indexterm": {"class", "startref", "zone", "significance"},
    "primary": {"sortas"},
    "secondary": {"sortas"},
    "tertiary": {"sortas"},
    "sgmltag": {"class"},
    "systemitem": {"class"},
    "keycombo": {"action"},
    "arg": {"choice", "rep"},
    "group": {"choice", "rep"},
    "co": {"linkends"},
    "coref": {"linkend"},
    "callout": {"arearefs"},
    "area": {"coords", "units", "linkends"},
    "areaset": {"coords", "units", "linkends"},
    "areaspec": {"units"},
    "footnoteref": {"linkend"},
    "synopfragmentref": {"linkend"},
    "biblioref": {"linkend"},
    "graphic": {"fileref", "format", "width", "contentwidth"},
    "inlinegraphic": {"fileref", "format", "width", "contentwidth"},
    "imagedata": {"fileref", "width", "contentwidth", "format"},
    "entrytbl": {"cols", "colname", "namest", "nameend", "spanname"},
    "olink": {"targetdoc", "targetptr", "localinfo"},
    "citation": set(),
}
"""Attributes the renderers of these elements honour, beyond those `supported_attributes`
lists."""


def supported_attributes() -> dict[str, set[str]]:
    """Element (or '*' for every element) -> the attributes the HTML renderer honours."""
    cals = {"align", "colsep", "rowsep"}
    return {
        "*": {"id", "lang", "role", "xreflabel", *PROFILING_ATTRIBUTES},
        "table": {"frame", "colsep", "rowsep"},
        "informaltable": {"frame", "colsep", "rowsep"},
        "tgroup": {"cols"} | cals,
        "colspec": {"colnum", "colname", "colwidth"} | cals,
        "spanspec": {"spanname", "namest", "nameend"} | cals,
        "thead": {"valign"},
        "tbody": {"valign"},
        "tfoot": {"valign"},
        "row": {"rowsep", "valign"},
        "entry": {"colname", "namest", "nameend", "spanname", "morerows", "valign"} | cals,
        "xref": {"linkend", "endterm"},
        "link": {"linkend", "endterm"},
        "ulink": {"url"},
        "firstterm": {"linkend"},
        "glossterm": {"linkend"},
        "glosssee": {"otherterm"},
        "glossseealso": {"otherterm"},
        "trademark": {"class"},
        "orderedlist": {"numeration"},
        "imagedata": {"fileref", "width", "contentwidth"},
    } | {name: set(names) for name, names in ATTRIBUTES.items()}


HOLDERS = {
    "an indexterm": ("indexterm",),
    "a table": ("table", "informaltable", "entrytbl"),
    "a mediaobject": (
        "mediaobject",
        "inlinemediaobject",
        "imageobjectco",
        "mediaobjectco",
        "screenshot",
    ),
    "a calloutlist": ("calloutlist",),
    "a programlistingco or screenco": (
        "programlistingco",
        "screenco",
        "imageobjectco",
        "graphicco",
    ),
    "a refentry": ("refnamediv",),
    "a segmentedlist": ("segmentedlist",),
}
"""The elements one of whose descendants an INSIDE element must be, by INSIDE's words."""


def misplaced(element) -> str:
    """The parent an INSIDE `element` needs and lacks ('' when it is where it belongs)."""
    holder = INSIDE.get(element.tag, "")
    if not holder:
        return ""
    allowed = HOLDERS[holder]
    if any(ancestor.tag in allowed for ancestor in element.iterancestors()):
        return ""
    return holder


BLOCKS = frozenset(
    (
        "revhistory",
        "qandaset",
        "calloutlist",
        "cmdsynopsis",
        "funcsynopsis",
        "classsynopsis",
        "fieldsynopsis",
        "methodsynopsis",
        "constructorsynopsis",
        "destructorsynopsis",
        "synopsis",
        "equation",
        "informalequation",
        "epigraph",
        "msgset",
        "bibliolist",
        "glosslist",
        "address",
        "task",
        "programlistingco",
        "screenco",
        "mediaobjectco",
        "graphic",
        "graphicco",
        "highlights",
        "indexentry",
        "toc",
        "lot",
        "authorblurb",
        "personblurb",
        "printhistory",
        "screenshot",
        "abstract",
        "legalnotice",
        "segmentedlist",
        "refentry",
        "refsect1",
        "refsection",
        "refsynopsisdiv",
        "qandadiv",
        "qandaentry",
        "biblioentry",
        "bibliomixed",
        "glossentry",
        "ackno",
    )
)
"""The blocks of the elements above that cannot sit inside an HTML paragraph (a para that
holds one is written as a div)."""


def handling(name: str, rendered: Set[str] = RENDERED) -> str:
    """How the renderers handle the element `name`: rendered, inside, metadata or unsupported."""
    if name in INSIDE:
        return "inside"
    if name in METADATA:
        return "metadata"
    return "rendered" if name in rendered else "unsupported"


def table(rendered: Set[str] = RENDERED) -> dict[str, str]:
    """Every DocBook 4.5 element -> how it is handled, given the elements the translator renders."""
    return {name: handling(name, rendered) for name in DOCBOOK_45}


def unsupported_message(name: str, parent: str = "") -> str:
    """What the check and the build say of an element rendered nowhere (or only in `parent`)."""
    if parent:
        shown = shown_element(name)
        return f"{shown} is only rendered inside {parent}: here its text is shown inside a marker"
    return f"no renderer handles {shown_element(name)}: its text is shown inside a marker"


def shown_element(name: str) -> str:
    """« <name> », an element's name as a message says it: text, never markup."""
    return "<" + name + ">"
