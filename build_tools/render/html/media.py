"""Figures and images in HTML: figures, media objects, and the image files copied beside the pages.

An image file must lie inside the book's folder (the reader's rule for every
file a book names); it is copied to `generated/BOOK/images/` with its path
inside the book, so the pages never point outside their own folder. A missing
or refused image is a finding, and its text alternative is shown instead.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

from lxml import etree
from markupsafe import Markup

from build_tools import resources
from build_tools.diagnostics import Finding, at_line
from build_tools.model.docbook import enclosing
from build_tools.model.media import (
    TEXT_INSTEAD,
    WORDS_ONLY,
    format_problem,
    formats_problem,
    image_file,
    link_url,
    linked_file,
    showable,
)

FILES = "files"
"""The folder, beside BOOK.html, that holds the copies of the files the book links to."""

IMAGES = "media"
"""The folder, beside BOOK.html, that holds the copied images."""


class Media:
    """The figure and image methods of the translator (mixed into `Translator`)."""

    def visit_figure(self, element: etree._Element) -> Markup:
        return self.call(
            "figure",
            element,
            label=self.label(element),
            title=self.title(element),
            content=self.contents(element),
            mark=self.mark(element),
        )

    visit_informalfigure = visit_figure

    def visit_mediaobject(self, element: etree._Element) -> Markup:
        caption = element.find("caption")
        return self.call(
            "mediaobject",
            element,
            content=self.media(element),
            caption=self.contents(caption) if caption is not None else "",
        )

    def visit_inlinemediaobject(self, element: etree._Element) -> Markup:
        return self.media(element)

    def media(self, element: etree._Element) -> Markup:
        """The first image of `element` a browser and WeasyPrint can show, else its text."""
        alternative = self.alternative(element)
        for other in element:
            if isinstance(other.tag, str) and other.tag in ("audioobject", "videoobject"):
                self.findings.append(self.unknown_finding(other))
        skipped = []
        for imageobject in element.findall("imageobject"):
            if self.excluded(imageobject):
                continue
            imagedata = imageobject.find("imagedata")
            if imagedata is not None and not showable(imagedata):
                skipped.append(imagedata)
                continue
            if imagedata is not None:
                source = self.image(imagedata)
                if source:
                    style = width_style(imagedata)
                    return Markup('<img src="{}" alt="{}"{}>').format(source, alternative, style)
        if skipped:
            self.image_finding(skipped[0], formats_problem(skipped), "image-format")
        text = element.find("textobject")
        if element.tag == "inlinemediaobject":  # in a line of text: the words, no paragraphs
            shown = self.plain(text) if text is not None else alternative
            return Markup('<span class="missing-image" title="{}">{}</span>').format(
                alternative, shown
            )
        shown = self.contents(text) if text is not None else alternative
        return Markup('<div class="missing-image" title="{}">{}</div>').format(alternative, shown)

    def alternative(self, element: etree._Element) -> str:
        """The short text standing for an image: its `alt`, else its `textobject` phrase (text,
        escaped where it is written)."""
        for path in ("alt", "textobject/phrase", "textobject"):
            node = element.find(path)
            if node is not None:
                return " ".join("".join(node.itertext()).split())
        return ""

    def image(self, imagedata: etree._Element) -> str:
        """The URL of the copy of an image from the current page ('' when it cannot be shown)."""
        folder = self.document.folder.resolve()
        source, problem = image_file(self.document, imagedata)
        if problem:
            self.image_finding(imagedata, problem, "image")
            return ""
        relative = Path(IMAGES) / source.relative_to(folder)
        self.assets[source] = relative
        prefix = "" if self.page.name is None else "../"
        return prefix + quote(relative.as_posix())

    def linked_file(self, element: etree._Element, url: str | None) -> str | None:
        """A link to a file of the book (a script, an archive): the URL of its copy under
        `files/`, which the build writes beside the pages; other URLs unchanged.

        A file that is missing or outside the book's folder is a finding, and the link
        then shows its words only."""
        url = link_url(url)
        source, problem = linked_file(self.document, element, url)
        if problem:
            self.image_finding(element, problem, "linked-file", WORDS_ONLY)
            return None
        if source is None:
            return url  # not a file of the book: a web address, an anchor, a folder
        fragment = url.partition("#")[2]
        folder = resources.resolved(self.document.folder) or self.document.folder
        relative = Path(FILES) / source.relative_to(folder)
        self.assets[source] = relative
        prefix = "" if self.page.name is None else "../"
        return prefix + quote(relative.as_posix()) + (f"#{fragment}" if fragment else "")

    def image_finding(
        self,
        imagedata: etree._Element,
        problem: str,
        category: str,
        consequence: str = "",
    ) -> None:
        file, line, column = self.document.locate(imagedata)
        self.findings.append(
            at_line(
                Finding(
                    "error",
                    category,
                    f"{problem}; {consequence or TEXT_INSTEAD}",
                    file=file,
                    line=line,
                    column=column,
                    where=enclosing(imagedata),
                    key=imagedata.get("fileref") or imagedata.get("url") or "no-fileref",
                )
            )
        )

    def visit_graphic(self, element: etree._Element) -> Markup:
        """A DocBook 4 image without a media object: shown if it can be, else reported."""
        source = self.image(element) if showable(element) else ""
        if not source:
            if not showable(element):
                self.image_finding(element, format_problem(element), "image-format")
            words = element.get("fileref", "")
            kind = Markup("span") if element.tag == "inlinegraphic" else Markup("div")
            return Markup('<{kind} class="missing-image" title="{words}">{words}</{kind}>').format(
                kind=kind, words=words
            )
        image = Markup('<img src="{}" alt=""{}>').format(source, width_style(element))
        if element.tag == "inlinegraphic":
            return image
        return Markup('<div class="mediaobject">{}</div>').format(image)

    visit_inlinegraphic = visit_graphic

    def media_part(self, element: etree._Element) -> Markup:
        return self.misplaced(element, "a mediaobject")

    visit_imageobject = visit_imagedata = visit_textobject = visit_alt = media_part

    def visit_caption(self, element: etree._Element) -> Markup:
        return self.contents(element)  # a mediaobject's caption, rendered by it


def width_style(element: etree._Element) -> Markup:
    """The style attribute of an image's width: only a parsed length reaches the stylesheet.

    A width that is not a length (`70px;background:url(…)`) is left out;
    validation reports it.
    """
    width = resources.length(element.get("width")) or resources.length(element.get("contentwidth"))
    return Markup(' style="width: {}"').format(width) if width else Markup()
