"""The title page in HTML: title, authors, copyright, abstract, legal notice, revision history."""

from __future__ import annotations

import re

from lxml import etree
from markupsafe import Markup

from build_tools.model.language import primary_language

AUTHOR_DETAILS = ("contrib", "affiliation", "email", "address", "authorblurb", "personblurb")
"""What docbook-xsl prints with a name on a title page, after it."""


BOOKINFO_PRINTED = (
    "title", "subtitle", "titleabbrev", "author", "corpauthor", "editor", "othercredit",
    "authorgroup", "abstract", "legalnotice", "revhistory", "releaseinfo", "edition", "pubdate",
    "copyright",
)  # fmt: skip
"""What a book's title page (and its verso and front matter) prints of its info."""


class TitlePage:
    """The `bookinfo` methods of the translator (mixed into `Translator`)."""

    def visit_bookinfo(self, element: etree._Element) -> Markup:
        authors = [
            self.render(author)
            for author in element.iter("author", "corpauthor", "editor", "othercredit")
        ]
        # each of them, when the info holds several (a release line in each language)
        parts = {
            name: Markup().join(self.render(node) for node in element.findall(name))
            for name in ("abstract", "legalnotice", "revhistory")
        } | {
            name: Markup(" — ").join(self.render(node) for node in element.findall(name))
            for name in ("releaseinfo", "edition")
        }
        if element.find("pubdate") is not None:  # shown beside the release, as docbook-xsl
            date = Markup(" — ").join(self.render(node) for node in element.findall("pubdate"))
            parts["releaseinfo"] = (
                parts["releaseinfo"] + " — " + date if parts["releaseinfo"] else date
            )
        copyrights = [self.render(node) for node in element.findall("copyright")]
        self.report_unprinted(element, BOOKINFO_PRINTED)
        # The abstract, legal notice and history come after the contents on screen (a reader
        # looks for the contents first); in print the copyright and the legal notice are on
        # the title page's verso, the abstract and the history on the next pages.
        # (The info of a book in a set, of an article in a book, keeps them on its title page.)
        if element.getparent() is self.document.root:
            for name in ("abstract", "legalnotice", "revhistory"):
                self.front_matter[name] = parts.pop(name)
            if self.printed:
                self.front_matter["copyrights"] = Markup().join(copyrights)
                copyrights = []
                parts["version"] = version_line(element, self.language)
        # The title and subtitles may stand beside the info, in the book itself.
        holder = element if element.find("title") is not None else element.getparent()
        holder = element if holder is None else holder
        subtitles = element.findall("subtitle") or holder.findall("subtitle")
        # a title in each language (refused by the DTD, printed by docbook-xsl): all of them
        titled = element if element.find("title") is not None else holder
        subtitles = titled.findall("title")[1:] + subtitles
        return self.call(
            "titlepage",
            element,
            title=self.title(element) or self.title(holder),
            subtitle=Markup(" — ").join(self.contents(node, skip=()) for node in subtitles),
            authors=authors,
            copyrights=copyrights,
            **{"abstract": "", "legalnotice": "", "revhistory": "", **parts},
        )

    visit_articleinfo = visit_setinfo = visit_bookinfo

    def visit_authorgroup(self, element: etree._Element) -> Markup:
        return Markup(", ").join(
            self.render(child) for child in element if isinstance(child.tag, str)
        )

    def visit_author(self, element: etree._Element) -> Markup:
        personname = element.find("personname")
        holder = personname if personname is not None else element
        names = [
            self.contents(holder.find(part), skip=())
            for part in ("honorific", "firstname", "othername", "surname", "lineage")
            if holder.find(part) is not None
        ]
        # what docbook-xsl prints under a name: the contribution, the affiliation, the address
        details = [
            self.plain(node) if node.tag in ("authorblurb", "personblurb") else self.render(node)
            for node in element
            if isinstance(node.tag, str) and node.tag in AUTHOR_DETAILS
        ]
        if details:
            listed = Markup(", ").join(detail for detail in details if detail.strip())
            names.append(Markup("({})").format(listed))
        return Markup('<span class="author">{}</span>').format(Markup(" ").join(names))

    visit_editor = visit_othercredit = visit_author

    def visit_personname(self, element: etree._Element) -> Markup:
        return self.visit_author(element)

    def name_part(self, element: etree._Element) -> Markup:
        return self.contents(element, skip=())

    visit_firstname = visit_surname = visit_othername = visit_honorific = name_part
    visit_lineage = visit_holder = visit_year = visit_date = name_part
    visit_revnumber = visit_authorinitials = visit_releaseinfo = visit_edition = name_part

    def visit_corpauthor(self, element: etree._Element) -> Markup:
        return Markup('<span class="corpauthor">{}</span>').format(self.contents(element, skip=()))

    def visit_abstract(self, element: etree._Element) -> Markup:
        return self.call(
            "abstract", element, title=self.title(element), content=self.contents(element)
        )

    def visit_legalnotice(self, element: etree._Element) -> Markup:
        return self.call(
            "legalnotice", element, title=self.title(element), content=self.contents(element)
        )

    def visit_copyright(self, element: etree._Element) -> Markup:
        years = [self.render(year) for year in element.findall("year")]
        holders = [self.render(holder) for holder in element.findall("holder")]
        return self.call(
            "copyright", element, years=Markup(", ").join(years), holders=Markup(", ").join(holders)
        )

    def visit_revhistory(self, element: etree._Element) -> Markup:
        revisions = []
        for revision in element.findall("revision"):
            # the remark (one line) then the description (blocks): both, when both are written
            words = [
                self.render(part)
                for part in (revision.find("revremark"), revision.find("revdescription"))
                if part is not None
            ]
            if len(words) == 2:
                words[0] = Markup('<p class="revremark">{}</p>').format(words[0])
            authors = [
                self.render(author)
                for author in revision
                if author.tag in ("author", "authorinitials", "othercredit", "editor")
            ]
            revisions.append(
                {
                    "id": self.numbering.anchors.get(revision, ""),
                    "number": self.render(revision.find("revnumber")),
                    "date": self.render(revision.find("date")),
                    "author": Markup(", ").join(authors),
                    "description": Markup().join(words),
                }
            )
        return self.call("revhistory", element, title=self.title(element), revisions=revisions)

    def visit_revision(self, element: etree._Element) -> Markup:
        return self.contents(element)  # rendered as a row by visit_revhistory

    def visit_revdescription(self, element: etree._Element) -> Markup:
        return self.contents(element)

    def visit_revremark(self, element: etree._Element) -> Markup:
        return self.contents(element, skip=())


MONTHS = {
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "en": "January February March April May June July August September October November December",
}
VERSION = {"fr": "Version", "en": "Version"}


def version_line(info: etree._Element, language: str) -> str:
    """« Version 1.3 · 19 janvier 2004 »: the book's latest revision, for its printed title page
    (text, which the template escapes), in the book's `language` (`language_of`)."""
    revision = info.find("revhistory/revision")
    if revision is None:
        return ""
    language = primary_language(language)
    language = language if language in MONTHS else "en"
    number = " ".join("".join(revision.findtext("revnumber") or "").split())
    date = " ".join("".join(revision.findtext("date") or "").split())
    found = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", date)
    if found:
        year, month, day = (int(part) for part in found.groups())
        if 1 <= month <= 12:
            month_name = MONTHS[language].split()[month - 1]
            date = (
                f"{day} {month_name} {year}" if language == "fr" else f"{month_name} {day}, {year}"
            )
    parts = [f"{VERSION[language]} {number}" if number else "", date]
    return " · ".join(part for part in parts if part)
