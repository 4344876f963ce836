"""The HTML book as a reader gets it: complete, numbered, linked, checked, the same every time."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

import lxml.html
import pytest

from build_tools.books import select
from build_tools.examine import examine
from build_tools.reader import read_book
from build_tools.render.html.book import supported_elements

ROOT = Path(__file__).resolve().parent.parent
BOOKS = {
    "cda": ROOT / "source/cda/cda.xml",
    "harmonies": ROOT / "source/harmonies/book.xml",
    "edad": ROOT / "source/edad/book.xml",
}


@pytest.fixture(scope="module")
def built(html_books) -> Path:
    """The three books built to HTML, shared with the other modules that read them."""
    return html_books


def pages(out: Path, book: str) -> list[Path]:
    return [out / book / f"{book}.html", *sorted((out / book / "html").glob("*.html"))]


def parse(path: Path):
    return lxml.html.parse(str(path)).getroot()


def css(node, selector: str) -> list:
    """The elements under `node` matching a simple CSS selector (tags, .classes, #ids, >)."""
    found = []
    for alternative in selector.split(","):
        path, axis = ".", "//"
        for token in alternative.split():
            if token == ">":
                axis = "/"
                continue
            match = re.fullmatch(r"([\w*]+)?((?:[.#][\w-]+)*)", token)
            conditions = "".join(
                f"[@id='{part[1:]}']"
                if part[0] == "#"
                else f"[contains(concat(' ', normalize-space(@class), ' '), ' {part[1:]} ')]"
                for part in re.findall(r"[.#][\w-]+", match.group(2))
            )
            path += f"{axis}{match.group(1) or '*'}{conditions}"
            axis = "//"
        found += node.xpath(path)
    return found


def source_count(book: str, *tags: str) -> int:
    root = read_book(BOOKS[book]).root
    return sum(1 for _ in root.iter(*tags))


@pytest.mark.parametrize("book", BOOKS)
def test_each_book_is_one_page_and_a_page_per_division(built, book):
    document = read_book(BOOKS[book])
    divisions = [
        child
        for child in document.root
        if isinstance(child.tag, str)
        and child.tag in ("preface", "chapter", "appendix", "glossary")
    ]
    split = sorted(path.name for path in (built / book / "html").glob("*.html"))
    assert (built / book / f"{book}.html").is_file()
    assert "index.html" in split and "errata.html" in split
    assert len(split) == len(divisions) + 2
    assert (built / book / "html" / "book.css").is_file()


@pytest.mark.parametrize("book", BOOKS)
def test_counts_in_the_output_equal_those_in_the_source(built, book):
    for path in (built / book / f"{book}.html",):
        html = parse(path)
        assert len(css(html, "figure.example")) == source_count(book, "example", "informalexample")
        assert len(css(html, "table.cals")) == source_count(book, "table", "informaltable")
        cells = css(html, "table.cals td, table.cals th")
        assert len([c for c in cells if "filler" not in c.classes]) == source_count(book, "entry")
        assert len(css(html, "aside.footnotes li")) == source_count(book, "footnote")
        assert len(css(html, "sup.footnote-reference")) == source_count(book, "footnote")
        assert len(css(html, "div.glossentry")) == source_count(book, "glossentry")
    # the split pages hold the same, page by page
    split = [parse(path) for path in sorted((built / book / "html").glob("*.html"))]
    assert sum(len(css(page, "figure.example")) for page in split) == source_count(
        book, "example", "informalexample"
    )
    assert sum(len(css(page, "div.glossentry")) for page in split) == source_count(
        book, "glossentry"
    )


@pytest.mark.parametrize("book", BOOKS)
def test_every_internal_link_reaches_an_element(built, book):
    ids: dict[Path, set[str]] = {}
    broken = []
    for page in pages(built, book):
        for anchor in parse(page).iter("a"):
            href = anchor.get("href", "")
            parsed = urlparse(href)
            if parsed.scheme or not href:
                continue
            target = (page.parent / unquote(parsed.path)).resolve() if parsed.path else page
            if not target.is_file():
                broken.append(f"{page.name}: {href} (no file)")
                continue
            if target not in ids:
                ids[target] = {e.get("id") for e in parse(target).iter() if e.get("id")}
            if parsed.fragment and unquote(parsed.fragment) not in ids[target]:
                broken.append(f"{page.name}: {href}")
    assert broken == []


@pytest.mark.parametrize("book", BOOKS)
def test_ids_are_unique_on_each_page(built, book):
    for page in pages(built, book):
        found = [e.get("id") for e in parse(page).iter() if e.get("id")]
        assert len(found) == len(set(found)), page.name


@pytest.mark.parametrize("book", BOOKS)
def test_every_id_of_the_source_is_an_anchor_of_the_output(built, book):
    source = {e.get("id") for e in read_book(BOOKS[book]).root.iter() if isinstance(e.tag, str)}
    source.discard(None)
    single = {e.get("id") for e in parse(built / book / f"{book}.html").iter()}
    split = {e.get("id") for page in pages(built, book)[1:] for e in parse(page).iter()}
    assert source - single == set() and source - split == set()


def test_a_link_whose_target_is_missing_is_its_words_listed_with_the_errata(built):
    """Harmonies links to sections of chapters that did not reach us: the prose keeps the
    words as plain text (no sign, no underline, never a dead anchor), and the errata
    chapter lists each missing place once, with where its links stand."""
    document = read_book(BOOKS["harmonies"])
    ids = {e.get("id") for e in document.root.iter() if isinstance(e.tag, str)}
    dangling = [e for e in document.root.iter("link", "xref") if e.get("linkend") not in ids]
    assert len(dangling) == 7
    for page in pages(built, "harmonies"):
        html = parse(page)
        assert all("scompniveau" not in a.get("href", "") for a in html.iter("a"))
        assert "⚠" not in html.text_content() and not css(html, "span.missing-target")
    html = parse(built / "harmonies/harmonies.html")
    first = css(html, "section.chapter p")[0]
    assert "Niveau de Compétence" in first.text_content()
    (listed,) = css(html, "section.missing-links")
    items = [" ".join(li.text_content().split()) for li in css(listed, "li")]
    assert len(items) == 3  # scompniveau, sencaisse, bclasse: once each
    assert items[0].startswith("Niveau de Compétence (« scompniveau », absent du livre) — ")
    assert len(css(listed, "li")[0].findall("a")) == 4  # the four passages that link to it
    (split,) = css(parse(built / "harmonies/html/errata.html"), "section.missing-links")
    assert [" ".join(li.text_content().split()) for li in css(split, "li")] == items
    assert css(parse(built / "cda/cda.html"), "section.missing-links") == []


def test_generated_french_words_number_chapters_tables_examples(built):
    html = parse(built / "cda/cda.html")
    headings = [
        " ".join(h.text_content().split()).rstrip("#") for h in css(html, "section.chapter > h2")
    ]
    # one form of a chapter's label everywhere: the heading (its period hidden to the eye,
    # the label set on a line of its own), the contents, the navigation, the errata
    assert headings[0] == "Chapitre 1. les personnages"
    contents = [" ".join(a.text_content().split()) for a in css(html, "nav.toc > ol > li > a")]
    assert "Chapitre 1. les personnages" in contents
    errata = [" ".join(h.text_content().split()) for h in css(html, "h3.errata-chapter")]
    assert errata[0] == "Chapitre 1. les personnages"
    page = parse(built / "cda/html/actions.html")
    (previous,) = css(page, "nav.page-navigation.top li.previous a")
    assert previous.text_content().endswith("Chapitre 1. les personnages")
    # a passage is located as French says it, and the glossary by the book's own name
    places = [" ".join(p.text_content().split()) for p in css(html, "p.rule-cited")]
    assert any(place.endswith("(au chapitre 4, « Le combat »)") for place in places)
    assert any("(la terminologie, « blessure légère »)" in place for place in places)
    assert not any("Un passage de" in place or "Glossaire" in place for place in places)
    captions = [" ".join(c.text_content().split()) for c in css(html, "table.cals caption")]
    assert captions[0].startswith("Tableau 1.1. les dénominations indicatives des combinaisons")
    examples = [" ".join(c.text_content().split()) for c in css(html, "figure.example figcaption")]
    assert any(text.startswith("Exemple 2.2. l’échec d’une action") for text in examples)
    assert css(html, "nav.toc h2")[0].text_content() == "Table des matières"
    assert html.get("lang") == "fr"


def test_cross_references_say_what_they_point_at(built):
    cda = parse(built / "cda/cda.html")
    to_glossary = [a for a in css(cda, "a.xref") if a.get("href") == "#gc"]
    assert to_glossary and to_glossary[0].text_content() == "Gardien de la Clef"
    harmonies = parse(built / "harmonies/harmonies.html")
    to_table = [a for a in css(harmonies, "a.xref") if a.get("href") == "#treussites"]
    assert to_table[0].text_content().startswith("Tableau 1.1, «\u00a0")
    # endterm: the text of the element it names, here a title
    document = read_book(BOOKS["harmonies"])
    xref = next(e for e in document.root.iter("xref") if e.get("endterm"))
    ending = document.root.xpath("//*[@id=$id]", id=xref.get("endterm"))[0]
    expected = " ".join("".join(ending.itertext()).split())
    texts = [" ".join(a.text_content().split()) for a in css(harmonies, "a.xref")]
    assert expected in texts


def test_glossary_shows_see_acronyms_and_anchors(built):
    html = parse(built / "cda/html/glossary.html")
    entry = html.get_element_by_id("maistre")
    assert "Voir" in entry.text_content() and "Gardien de la Clef" in entry.text_content()
    assert css(entry, "a.glosssee")[0].get("href") == "#gc"
    assert css(html.get_element_by_id("gc"), "abbr.acronym")[0].text == "GC"


def test_footnotes_link_both_ways(built):
    html = parse(built / "cda/cda.html")
    for reference in css(html, "sup.footnote-reference a"):
        note = html.get_element_by_id(reference.get("href")[1:])
        back = css(note, "a.footnote-back")[0]
        assert back.get("href") == f"#{reference.get('id')}"


def test_title_page_has_authors_copyright_legal_notice_and_revisions(built):
    html = parse(built / "cda/html/index.html")
    page = css(html, "header.titlepage")[0].text_content()
    assert "Les Clefs de l’Aube" in page and "Le Veneur Gris" in page
    assert "la Loge des Terres de l’Aube" in page and "© 2003-2004" in page
    assert css(html, "section.legalnotice") and css(html, "section.abstract")
    assert len(css(html, "table.revhistory tbody tr")) == 4


def test_cals_rules_alignment_widths_and_spans(built):
    edad = parse(built / "edad/edad.html")
    spanning = [c for c in css(edad, "td") if c.get("colspan") == "2"]
    assert len(spanning) == 3
    harmonies = parse(built / "harmonies/harmonies.html")
    widths = css(harmonies, "table#treussites col")
    assert widths[0].get("style") == "width: 1in" and len(widths) == 11
    cda = parse(built / "cda/cda.html")
    table = cda.get_element_by_id("tcombinaisons")
    assert "frame-all" in table.classes
    first_column = css(table, "tbody tr")[0][0]
    assert "colsep" in first_column.classes  # colspec 1 colsep="1"
    assert "rowsep" in css(table, "thead tr")[0][1].classes  # row rowsep="1"
    assert "align-center" in css(table, "tbody tr")[0][1].classes  # tgroup align
    assert all(th.get("scope") == "col" for th in css(table, "thead th"))


def test_remarks_show_only_in_a_draft(rulebook, tmp_path, built):
    rulebook("build", "harmonies", "--format", "html", "--out", str(tmp_path / "draft"), "--draft")
    final = (built / "harmonies/harmonies.html").read_text(encoding="utf-8")
    draft = (tmp_path / "draft/harmonies/harmonies.html").read_text(encoding="utf-8")
    assert 'class="remark"' not in final and 'class="remark"' in draft


def test_an_edition_without_the_advanced_notes(rulebook, tmp_path):
    rulebook(
        "build", "harmonies", "--format", "html", "--out", str(tmp_path), "--userlevel", "novice"
    )
    html = parse(tmp_path / "harmonies/harmonies.html")
    advanced = source_count("harmonies", "note")
    assert advanced == 3
    assert css(html, "aside.note") == []


def test_french_spaces_in_text_never_in_code(built):
    text = (built / "cda/cda.html").read_text(encoding="utf-8")
    assert "éléments\u00a0: ses" in text  # « éléments: ses » in the source
    assert re.search(r"\w [;!?]", re.sub(r"<[^>]+>", "", text)) is None
    for code in parse(built / "cda/cda.html").iter("code"):
        assert "\u202f" not in (code.text or "") and "\u00a0" not in (code.text or "")


def test_every_element_of_the_books_is_supported():
    for book, main in BOOKS.items():
        used = {e.tag for e in read_book(main).root.iter() if isinstance(e.tag, str)}
        assert used <= supported_elements(), (book, used - supported_elements())


def test_an_unknown_element_is_reported_and_its_text_kept(rulebook, tmp_path):
    folder = tmp_path / "edad"
    shutil.copytree(ROOT / "source/edad", folder)
    main = folder / "book.xml"
    text = main.read_text(encoding="utf-8")
    main.write_text(
        text.replace(
            "<para>Je suis donc ravi", "<para><bizarre>Texte gardé</bizarre> Je suis donc ravi", 1
        ),
        encoding="utf-8",
    )
    run = rulebook("build", str(folder), "--format", "html", "--out", str(tmp_path / "out"))
    assert "no renderer handles <bizarre>" in run.err and "book.xml:" in run.err
    html = parse(tmp_path / "out/edad/edad.html")
    marker = css(html, "span.unsupported")
    assert marker and marker[0].text_content() == "Texte gardé"


def test_checked_passages_carry_their_verification(built):
    report = examine(select(["cda"])[0])
    html = parse(built / "cda/cda.html")
    marks = css(html, "details.verification")
    assert len(marks) == len(report.verifications)
    errata = {f.where for f in report.findings if f.category == "erratum"}
    # a table with an empty column is not all verified
    defects = {f.where for f in report.findings if f.category == "table-empty-column"}
    expected = sorted(
        "erratum"
        if v.where in errata
        else "incomplete"
        if v.where in defects and v.status == "verified"
        else v.status
        for v in report.verifications.values()
    )
    assert sorted(m.get("class").split()[1] for m in marks) == expected
    for mark in css(html, "details.verification.erratum"):
        summary = css(mark, "summary")[0].text_content()
        assert re.search(r"Le texte dit|the text says|\d+ errata", summary)
        assert "Le texte dit" in mark.text_content() or "the text says" in mark.text_content()


def test_known_errata_have_a_page_with_their_reason(rulebook, tmp_path, checked_book, book_copy):
    errata = [f for f in checked_book("cda").findings if f.category == "erratum"]
    if not errata:
        pytest.skip("the cda bindings report no erratum")
    ledger = "".join(
        f'[[known]]\nid = "{finding.id}"\nreason = "raison {number}"\n\n'
        for number, finding in enumerate(errata)
    )
    copy = book_copy("cda")
    with copy.edited("ledger.toml", ledger):
        rulebook("build", str(copy.folder), "--format", "html", "--out", str(tmp_path / "out"))
    page = parse(tmp_path / "out/cda/html/errata.html")
    listed = css(page, "ol.errata-list > li")
    assert len(listed) == len(errata)
    assert "raison 0" in listed[0].text_content()
    link = css(listed[0], "a")[0].get("href")
    target_page, anchor = link.split("#")
    target = parse(tmp_path / "out/cda/html" / target_page).get_element_by_id(anchor)
    assert "erratum" in target.classes and "Erratum connu" in target.text_content()
    assert "raison 0" in target.text_content()
    # where the check compared numbers, the mark says which the rules give
    numeric = [css(parse(p), "details.erratum") for p in (tmp_path / "out/cda/html").glob("*.html")]
    assert any("les règles donnent" in m.text_content() for marks in numeric for m in marks)


def test_two_builds_are_byte_identical(shared_build, tmp_path):
    first = shared_build("cda", "--format", "html")  # the build html_books reads
    # the second in another process, with another hash seed: no set order leaks out
    environment = {**os.environ, "PYTHONHASHSEED": "12345"}
    command = [sys.executable, "-m", "build_tools", "build", "cda", "--format", "html"]
    command += ["--out", str(tmp_path / "second")]
    subprocess.run(command, cwd=ROOT, env=environment, check=False, capture_output=True)

    def files(folder: Path) -> dict:
        return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}

    first, second = files(first), files(tmp_path / "second")
    assert first.keys() == second.keys() and len(first) > 5
    assert [name for name in first if first[name] != second[name]] == []


def test_no_external_resource(built):
    for book in BOOKS:
        for page in pages(built, book):
            html = parse(page)
            for element in html.iter("link", "script", "img", "iframe", "source"):
                source = element.get("href") or element.get("src") or ""
                assert not urlparse(source).scheme, (page, source)


def test_headings_never_skip_a_level(built):
    for book in BOOKS:
        for page in pages(built, book):
            levels = [int(h.tag[1]) for h in parse(page).iter("h1", "h2", "h3", "h4", "h5", "h6")]
            assert levels[0] == 1, page
            assert all(b - a <= 1 for a, b in zip(levels, levels[1:], strict=False)), (page, levels)


@pytest.mark.parametrize("book", BOOKS)
def test_an_erratum_in_a_table_is_shown_in_its_cell(built, book):
    report = examine(select([book])[0])
    tables = {
        v.where for element, v in report.verifications.items() if element.tag.endswith("table")
    }
    errata = [f for f in report.findings if f.category == "erratum" and f.where in tables]
    if not errata:
        pytest.skip(f"no erratum in a checked table of {book}")
    cells = css(parse(built / book / f"{book}.html"), "td.erratum, th.erratum")
    assert 0 < len(cells) <= len(errata)
    for cell in cells:
        sign = css(cell, "span.cell-erratum")[0]
        assert "règles donnent" in sign.get("title") or "rules give" in sign.get("title")


def contrast(foreground: str, background: str) -> float:
    """The WCAG 2 contrast ratio of two #rrggbb colours."""

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_text_colours_have_sufficient_contrast():
    css_text = (ROOT / "templates/css/book.css").read_text(encoding="utf-8")
    colours = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", css_text))
    backgrounds = [colours["background"], colours["panel"], "#ffffff", "#fbe3e1"]
    for name in ("text", "muted", "accent", "link", "verified", "erratum", "incomplete"):
        for background in backgrounds:
            assert contrast(colours[name], background) >= 4.5, (name, background)  # WCAG AA


def test_an_untitled_section_takes_no_number_and_leaves_no_gap(built):
    """Clefs 2.1 holds an untitled section (a DTD finding): the contents run 2.1.1, 2.1.2, 2.1.3."""
    html = parse(built / "cda/cda.html")
    labels = [
        label.text_content()
        for label in html.xpath("//nav[contains(@class, 'toc')]//span[@class='label']")
        if label.text_content().startswith("2.1.")
    ]
    assert labels == ["2.1.1", "2.1.1.1", "2.1.2", "2.1.3"]
    headings = [" ".join(h.text_content().split()) for h in html.xpath("//h3 | //h4 | //h5")]
    assert "2.1.2 les niveaux de difficulté#" in headings
    assert not [heading for heading in headings if re.fullmatch(r"[\d.]+#?", heading)]


def test_the_first_page_opens_on_the_contents_then_the_legend(built):
    """html/index.html: the title, then the contents, before the legal notice and the history."""
    page = (built / "cda/html/index.html").read_text(encoding="utf-8")
    order = [
        page.index(marker)
        for marker in ("<h1", '<nav class="toc"', 'class="legend"', 'class="legalnotice"')
    ]
    assert order == sorted(order), order
    assert page.index('<nav class="toc"') < page.index('class="revhistory"')


@pytest.mark.parametrize("book", BOOKS)
def test_chapter_pages_have_their_contents_and_each_heading_links_to_itself(built, book):
    headings = listing = 0
    for path in sorted((built / book / "html").glob("*.html")):
        page = parse(path)
        ids = set(page.xpath("//@id"))
        for heading in page.xpath(
            "//main//section/*[self::h2 or self::h3 or self::h4][@class='title']"
        ):
            (link,) = heading.xpath("a[@class='heading-link']")
            assert link.get("href") == "#" + heading.getparent().get("id"), path.name
            headings += 1
        sections = page.xpath("//main//section[contains(@class, 'section')]/@id")
        if sections:  # a chapter with sections lists them beside its text
            listed = [a.get("href") for a in css(page, "nav.chapter-toc a")]
            assert listed and all(href[1:] in ids for href in listed), path.name
            listing += 1
    assert headings >= 5 and listing >= 1


def test_the_web_faces_are_the_pdf_faces_shipped_with_the_pages(built):
    stylesheet = (built / "cda/html/book.css").read_text(encoding="utf-8")
    faces = re.findall(r'url\("([^"]+\.woff2)"\)', stylesheet)
    assert faces and all((built / "cda/html" / face).is_file() for face in faces)
    assert "Source Serif Pro" in stylesheet and "http" not in stylesheet.split("*/")[0]


def test_a_revision_shows_every_author_and_both_its_remark_and_description(
    rulebook, write_book, tmp_path
):
    """Nothing of a revision is dropped: two authors, a remark and a description all show."""
    folder = write_book(
        "revisions",
        {
            "book.xml": """<?xml version="1.0" encoding="utf-8"?>
<book lang="fr"><bookinfo><title>Révisions</title>
<revhistory>
<revision><revnumber>2</revnumber><date>2004</date>
<authorinitials>SNE</authorinitials><authorinitials>LVG</authorinitials>
<revremark>Relecture des combats.</revremark>
<revdescription><para>Tableau des dommages refait.</para></revdescription></revision>
</revhistory></bookinfo>
<chapter><title>Un</title><para>Texte.</para></chapter></book>
"""
        },
    )
    rulebook("build", str(folder), "--format", "html", "--out", str(tmp_path / "out"))
    html = parse(tmp_path / "out/revisions/revisions.html")
    (row,) = css(html, "table.revhistory tbody tr")
    words = " ".join(row.text_content().split())
    for shown in ("SNE, LVG", "Relecture des combats.", "Tableau des dommages refait."):
        assert shown in words


def test_a_wrong_sign_is_shown_as_a_sign(built):
    """Harmonies' note writes « −B−1 » for « −B+1 »: its mark reads « −1 → +1 », not « −1 → 1 »."""
    summaries = [
        " ".join(s.text_content().split())
        for s in css(parse(built / "harmonies/harmonies.html"), "span.verification-summary")
    ]
    assert "3 errata : −1 → +1 ; −2 → +2 ; −3 → +3" in summaries
