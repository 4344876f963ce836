"""The PDF book, read back as a reader's PDF viewer would: outline, contents, links, fonts, pages.

Each PDF is built once for the whole run (`rulebook build BOOK --format pdf` with
SOURCE_DATE_EPOCH set: the shared builds of tests/conftest.py) and then read with pypdf, its
text with PDFium (tests/pdf_text.py);
what is asserted is what a reader checks by hand: the bookmarks are the chapters and
sections, a number in the table of contents is the page the heading is on, every link lands,
the fonts are embedded, the paper is the one asked for.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from lxml import etree

from tests import pdf_text

pypdf = pytest.importorskip("pypdf")
pytestmark = pytest.mark.slow  # the whole books' PDFs: ~30 s of WeasyPrint for the session

ROOT = Path(__file__).resolve().parent.parent
EPOCH = "1700000000"  # 2023-11-14T22:13:20Z
BOOKS = ("cda", "harmonies", "edad")
PAPERS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
PRINTS = [("cda", "a4"), ("harmonies", "a4"), ("harmonies", "letter"), ("edad", "a4")]
"""The whole books on the papers they are laid out on: Letter's own behaviour (its page, the
contents' last page: Harmonies once left its last two entries alone there) on Harmonies, the
legend moved whole on a page of its own on a book written for it (`legend_book`), the small
book's options on Letter too; cda (44 pages) and Edad are not laid out again
on Letter for what Harmonies and those books hold."""
DIVISIONS = ("preface", "chapter", "appendix", "glossary", "bibliography", "index")
SECTIONS = ("section", "sect1", "sect2", "sect3", "sect4", "sect5", "simplesect")


def on_its_worker(book: str) -> pytest.MarkDecorator:
    """The tests reading `book`'s PDFs run on one worker, the one that lays it out: none waits
    idle for a build another worker is making (Harmonies' with tests/test_errata_sheet.py's)."""
    return pytest.mark.xdist_group(f"pdf-{book}")


def each(cases) -> list:
    """`cases` (books, or books and papers) as parameters, each on its book's worker."""
    rows = [case if isinstance(case, tuple) else (case,) for case in cases]
    return [pytest.param(*row, marks=on_its_worker(row[0])) for row in rows]


# -- building, once per run ---------------------------------------------------------------


class Builds:
    """The PDFs of the run (the shared builds of tests/conftest.py), read once per process."""

    def __init__(self, shared_build):
        self.shared_build = shared_build
        self.readers: dict[tuple, pypdf.PdfReader] = {}

    def pdf(self, book: str, *options: str) -> Path:
        folder = self.shared_build(
            book, "--format", "pdf", *options, env={"SOURCE_DATE_EPOCH": EPOCH}
        )
        book = Path(book).name  # a book of source/, or a fixture book's folder
        name = f"{book}-letter.pdf" if "letter" in options else f"{book}.pdf"
        assert (folder / book / name).is_file()
        return folder / book / name

    def layouts(self, book: str, *options: str) -> int:
        """How many times WeasyPrint laid out the book (the errata sheet's aside)."""
        run = self.shared_build.run(
            book, "--format", "pdf", *options, env={"SOURCE_DATE_EPOCH": EPOCH}
        )
        return run.layouts

    def reader(self, book: str, *options: str) -> pypdf.PdfReader:
        """One reader per PDF for the process, so that its pages' text is extracted once."""
        key = (book, *options)
        if key not in self.readers:
            path = self.pdf(book, *options)
            reader = self.readers[key] = pypdf.PdfReader(path)
            SHARED_TEXT[id(reader)] = lambda: self.shared_build.computed(
                f"the text of {path}", lambda: pdf_text.read(path)
            )
        return self.readers[key]


SHARED_TEXT: dict[int, Callable[[], dict]] = {}
"""By a shared PDF's reader: its text, extracted once for the run (by whichever worker asks)."""


@pytest.fixture(scope="session")
def builds(shared_build) -> Builds:
    return Builds(shared_build)


SMALL_BOOK = """<?xml version="1.0" encoding="utf-8"?>
<book lang="fr"><bookinfo><title>Petit livre</title></bookinfo>
<chapter id="un"><title>Premier chapitre</title>
<para>Voir la <link linkend="deux">seconde section</link>.</para>
<section id="s1"><title>Une section</title>
<para>Un texte.</para>
<itemizedlist><listitem><para>un</para></listitem><listitem><para>deux</para></listitem>
</itemizedlist>
<note userlevel="adv"><para>Dans un système à certificats, une note avancée.</para></note>
<para>Texte <remark>Le tableau de l'exemple devrait être refait.</remark> suivi.</para>
</section>
<section id="deux"><title>Seconde section</title>
<table><title>Un tableau</title><tgroup cols="2">
<thead><row><entry>a</entry><entry>b</entry></row></thead>
<tbody><row><entry>1</entry><entry>2</entry></row></tbody></tgroup></table>
</section></chapter>
<chapter id="deuxieme"><title>Deuxième chapitre</title><para>Deux.</para></chapter>
<chapter id="troisieme"><title>Troisième chapitre</title><para>Trois.</para></chapter>
</book>
"""


@pytest.fixture(scope="session")
def small_book(shared_build) -> str:
    """A book of a few pages with what the PDF's options act on (a userlevel, a remark): the
    options are tested on it, not by laying out a whole book again for each."""
    return str(shared_build.book("petit", {"book.xml": SMALL_BOOK}))


LEGEND_TABLES = 25
"""Tables enough that on Letter the list of tables ends with less room than the legend needs:
without its break-inside: avoid, the legend starts below the list and ends on the next page
(as Clefs' did on Letter, its last two marks on a page of their own with an arabic folio)."""


@pytest.fixture(scope="session")
def legend_book(shared_build, tmp_path_factory) -> str:
    """A new game (`rulebook new`: a checked book, so with the legend of the marks) with
    LEGEND_TABLES tables more in its chapter."""
    from build_tools.commands.new import scaffold

    root = tmp_path_factory.mktemp("new")
    scaffold(root, "legende")
    files = {
        path.relative_to(root / "legende").as_posix(): path.read_text(encoding="utf-8")
        for path in sorted((root / "legende").rglob("*"))
        if path.is_file()
    }
    tables = "".join(
        f'<table id="t{number}"><title>tableau numéro {number}</title><tgroup cols="2"><tbody>'
        "<row><entry>a</entry><entry>b</entry></row></tbody></tgroup></table>\n"
        for number in range(LEGEND_TABLES)
    )
    files["book.xml"] = files["book.xml"].replace("</chapter>", tables + "</chapter>", 1)
    return str(shared_build.book("legende", files))


# -- reading a PDF ----------------------------------------------------------------------------


def plain(text: str) -> str:
    """Text as compared: no-break spaces as spaces, straight apostrophes, spaces collapsed."""
    text = text.replace("\u00a0", " ").replace("\u202f", " ").replace("’", "'")
    return " ".join(text.split())


def squeezed(text: str) -> str:
    """Text without any space nor line-end hyphen: survives line breaks and justification."""
    return re.sub(r"-\n|\s+", "", plain_lines(text))


def plain_lines(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ").replace("’", "'").replace("\xad", "")


def outline(reader) -> list[tuple[int, str, int]]:
    """(level, title, page index) of every bookmark, in order."""
    entries = []

    def walk(items, level):
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
            else:
                entries.append((level, plain(item.title), reader.get_destination_page_number(item)))

    walk(reader.outline, 1)
    return entries


@functools.cache
def extracted(reader) -> dict[str, list]:
    """The text of each page and (x, y, line) of each of its lines: tests/pdf_text.py."""
    return SHARED_TEXT[id(reader)]()


def page_texts(reader) -> tuple[str, ...]:
    """The text of each page (extracted once per reader, for the run when it is shared)."""
    return tuple(extracted(reader)["texts"])


def links(reader):
    """(page index, annotation) of every link annotation."""
    for index, page in enumerate(reader.pages):
        for annotation in page.get("/Annots", []) or []:
            annotation = annotation.get_object()
            if annotation.get("/Subtype") == "/Link":
                yield index, annotation


def destination_page(reader, annotation) -> int | None:
    """The page index an internal link lands on, or None when it lands nowhere."""
    destination = annotation.get("/Dest")
    action = annotation.get("/A")
    if destination is None and action is not None and action.get("/S") == "/GoTo":
        destination = action.get("/D")
    if destination is None:
        return None
    if isinstance(destination, str):
        named = reader.named_destinations.get(destination)
        return None if named is None else reader.get_destination_page_number(named)
    destination = destination.get_object() if hasattr(destination, "get_object") else destination
    return page_numbers(reader).get(destination[0])


@functools.cache
def page_numbers(reader) -> dict:
    """The index of each page of `reader`, by its indirect reference (what a link points at)."""
    return {page.indirect_reference: index for index, page in enumerate(reader.pages)}


def line_of(reader, index: int, rectangle) -> str:
    """The text of the whole line of page `index` that `rectangle` (x0, y0, x1, y1) stands on."""
    _, y0, _, y1 = (float(value) for value in rectangle)
    low, high = min(y0, y1), max(y0, y1)
    found = [(x, text) for x, y, text in text_runs(reader, index) if low - 1 <= y <= high + 1]
    return plain(" ".join(text for _, text in sorted(found)))


def text_runs(reader, index: int) -> list[tuple[float, float, str]]:
    """(x, y, text) of every line of text drawn on page `index` (x, y: its first letter's)."""
    return extracted(reader)["runs"][index]


def docbook(book: str) -> etree._Element:
    from build_tools.books import select
    from build_tools.reader import read_book

    return read_book(select([book])[0].main).root


def docbook_title(element) -> str:
    title = element.find("title")
    if title is None:
        return ""
    return plain("".join(text for text in title.itertext()))


def expected_outline(book: str) -> list[tuple[int, str]]:
    """Chapters (and the preface, appendices, glossary) at level 1, their sections below."""
    expected = []

    def sections(parent, level):
        for child in parent:
            if isinstance(child.tag, str) and child.tag in SECTIONS:
                if docbook_title(child):  # an untitled section has no heading to bookmark
                    expected.append((level, docbook_title(child)))
                sections(child, level + 1)

    for division in docbook(book).iter(*DIVISIONS):
        expected.append((1, docbook_title(division)))
        sections(division, 2)
    return expected


# -- the tests ------------------------------------------------------------------------------


@pytest.mark.parametrize(("book", "paper"), each(PRINTS + [("small", "letter")]))
def test_every_book_builds_on_each_paper(builds, small_book, book, paper):
    book = small_book if book == "small" else book
    options = ("--paper", "letter") if paper == "letter" else ()
    reader = builds.reader(book, *options)
    width, height = PAPERS[paper]
    assert len(reader.pages) > 4
    for page in reader.pages:
        box = page.mediabox
        assert abs(float(box.width) - width) < 0.5
        assert abs(float(box.height) - height) < 0.5


@pytest.mark.parametrize(("book", "paper"), each(PRINTS))
def test_the_contents_never_end_on_a_page_of_one_or_two_entries(builds, book, paper):
    """On Letter, Harmonies' contents once left its last two entries alone on a page."""
    options = ("--paper", "letter") if paper == "letter" else ()
    texts = [plain(text) for text in page_texts(builds.reader(book, *options))]
    first = next(i for i, text in enumerate(texts) if text.startswith("Table des matières"))
    last = next(i for i, text in enumerate(texts) if "Liste des tableaux" in text) - 1
    if last > first:  # the contents run over pages: the last holds more than a widow
        assert len(re.findall(r"\. \d+\b", texts[last])) >= 3, texts[last]


@pytest.mark.parametrize(("book", "paper"), each(PRINTS + [("legend", "letter")]))
def test_the_legend_is_one_front_matter_page(builds, legend_book, book, paper):
    """On Letter, Clefs' legend once ran onto a page of its own with a running head and « 8 »:
    the legend book's does not fit below its list of tables, and moves whole to the next page."""
    options = ("--paper", "letter") if paper == "letter" else ()
    reader = builds.reader(legend_book if book == "legend" else book, *options)
    texts = [plain(text) for text in page_texts(reader)]
    (start,) = [i for i, text in enumerate(texts) if "Les marques de vérification" in text]
    assert "Vérification incomplète" in texts[start]
    assert reader.page_labels[start] in texts[start].split()  # its folio: roman, as printed


@pytest.mark.parametrize("book", each(BOOKS))
def test_the_outline_is_the_chapters_and_sections(builds, book):
    found = outline(builds.reader(book))
    expected = expected_outline(book) + [(1, "Errata")]
    assert [level for level, _, _ in found] == [level for level, _ in expected]
    for (_, title, _), (_, wanted) in zip(found, expected, strict=True):
        assert squeezed(title).endswith(squeezed(wanted)), f"bookmark {title!r} is not {wanted!r}"


@pytest.mark.parametrize("book", each(BOOKS))
def test_each_bookmark_lands_on_the_page_of_its_heading(builds, book):
    reader = builds.reader(book)
    texts = [squeezed(text) for text in page_texts(reader)]
    for _, title, page in outline(reader):
        words = squeezed(re.sub(r"^[\dA-Z]+(\.\d+)*\.?\s", "", title))
        assert words in texts[page], f"« {title} » is not on page {page + 1}"


@pytest.mark.parametrize("book", each(BOOKS))
def test_contents_page_numbers_are_the_pages_of_the_headings(builds, book):
    reader = builds.reader(book)
    labels = reader.page_labels
    texts = [plain(text) for text in page_texts(reader)]
    contents = next(i for i, text in enumerate(texts) if "Table des matières" in text)
    body = min(page for _, _, page in outline(reader))
    rows = {}
    for index, annotation in links(reader):
        if contents <= index < body:
            target = destination_page(reader, annotation)
            assert target is not None
            rows[(index, line_of(reader, index, annotation["/Rect"]))] = target
    assert len(rows) >= len(expected_outline(book))
    for (_, line), target in rows.items():
        number = line.split()[-1]
        assert number == labels[target], f"« {line} » but the heading is on page {labels[target]}"
        heading = re.sub(r"[ .]*\S+$", "", line).split(" ", 1)[-1][-20:]
        # (the lists of tables and examples write « Tableau 2.1 », the caption « Tableau 2.1. »)
        on_page = squeezed(texts[target]).replace(".", "")
        assert squeezed(heading).replace(".", "") in on_page, f"« {line} » is not on its page"


@pytest.mark.parametrize("book", each(BOOKS))
def test_the_front_matter_lists_tables_and_examples_then_explains_the_marks(builds, book):
    """Contents, the lists of tables and of examples, the legend; the PDF opens on its outline."""
    reader = builds.reader(book)
    texts = [plain(text) for text in page_texts(reader)]
    body = min(page for _, _, page in outline(reader))
    front = " ".join(texts[:body])
    order = [front.index(words) for words in ("Table des matières", "Liste des tableaux")]
    order.append(front.index("Liste des exemples"))
    order.append(front.index("Les marques de vérification"))
    assert order == sorted(order)
    tables = [t for t in docbook(book).iter("table") if t.find("title") is not None]
    examples = [e for e in docbook(book).iter("example") if e.find("title") is not None]
    assert len(re.findall(r"Tableau \d+\.\d+ ", front)) == len(tables)
    assert len(re.findall(r"Exemple \d+\.\d+ ", front)) == len(examples)
    for sign in ("✓", "✗"):
        assert sign in front[order[-1] :]
    assert reader.trailer["/Root"]["/PageMode"] == "/UseOutlines"


@pytest.mark.parametrize("book", each(BOOKS))
def test_every_link_lands(builds, book):
    reader = builds.reader(book)
    internal = 0
    for index, annotation in links(reader):
        action = annotation.get("/A")
        if action is not None and action.get("/S") == "/URI":
            assert str(action["/URI"]).startswith(("http://", "https://", "mailto:"))
            continue
        assert destination_page(reader, annotation) is not None, f"dead link on page {index + 1}"
        internal += 1
    assert internal > 20


@pytest.mark.parametrize("book", each(BOOKS))
def test_fonts_are_embedded_and_subset(builds, book):
    reader = builds.reader(book)
    seen = set()
    for page in reader.pages:
        fonts = page["/Resources"].get("/Font", {})
        for font in fonts.values():
            font = font.get_object()
            name = str(font["/BaseFont"])
            if name in seen:
                continue
            seen.add(name)
            assert re.match(r"/[A-Z]{6}\+", name), f"{name} is not a subset"
            if font["/Subtype"] == "/Type0":
                font = font["/DescendantFonts"][0].get_object()
            descriptor = font["/FontDescriptor"].get_object()
            assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor), (
                f"{name} is not embedded"
            )
    assert seen


@on_its_worker("cda")
def test_the_text_is_set_in_a_serif_chosen_for_print(builds):
    names = {
        str(font.get_object()["/BaseFont"])
        for page in builds.reader("cda").pages
        for font in page["/Resources"].get("/Font", {}).values()
    }
    assert any("Serif" in name for name in names), names


@pytest.mark.parametrize("book", each(BOOKS))
def test_every_example_title_is_in_the_text(builds, book):
    text = squeezed("\n".join(page_texts(builds.reader(book))))
    titles = [docbook_title(example) for example in docbook(book).iter("example")]
    assert titles
    for title in titles:
        assert squeezed(title) in text, f"example « {title} » is missing"


@on_its_worker("cda")
def test_metadata_title_authors_language_subject_and_dates(builds):
    reader = builds.reader("cda")
    info = reader.metadata
    assert info.title == "Les Clefs de l’Aube"  # as the book prints it: a typographic apostrophe
    assert "Scurius de la Noix Écaillée" in info.author
    assert "Le Veneur Gris" in info.author
    assert "la Loge des Terres de l’Aube" in info.author and "'" not in info.author
    assert info.subject == "Le jeu de rôle des Terres de l’Aube"
    assert reader.trailer["/Root"]["/Lang"] == "fr"
    assert info.creation_date.isoformat().startswith("2023-11-14T22:13:20")
    assert info.modification_date.isoformat().startswith("2023-11-14T22:13:20")


@on_its_worker("harmonies")
def test_two_builds_are_byte_identical(builds, shared_build):
    """Harmonies' PDF built alone, and again beside its errata sheet (tests/test_errata_sheet.py's
    build; by whichever worker asks first, so at times in another process): the same bytes."""
    again = shared_build("harmonies", "--format", "pdf,errata", env={"SOURCE_DATE_EPOCH": EPOCH})
    assert (again / "harmonies" / "harmonies.pdf").read_bytes() == builds.pdf(
        "harmonies"
    ).read_bytes()


@on_its_worker("cda")
def test_the_title_page_has_no_running_head_nor_folio(builds):
    reader = builds.reader("cda")
    words = plain(page_texts(reader)[0]).split()
    allowed = set(
        plain(
            "Les Clefs de l'Aube Le jeu de rôle des Terres de l'Aube "
            "Scurius de la Noix Écaillée Le Veneur Gris "
            "la Loge des Terres de l'Aube VERSION 1.3 · 19 JANVIER 2004"
        ).split()
    )
    assert set(words) <= allowed
    assert reader.page_labels[0] == "i"
    # the version line stands on the title's left edge, as the authors' names do
    lefts = {round(x) for x, _, text in text_runs(reader, 0) if text.strip()}
    assert len(lefts) == 1, lefts
    assert any("VERSION 1.3" in text for _, _, text in text_runs(reader, 0))


@on_its_worker("cda")
def test_chapters_start_on_a_right_hand_page_with_no_running_head(builds):
    reader = builds.reader("cda")
    texts = page_texts(reader)
    for level, title, page in outline(reader):
        if level == 1:
            assert page % 2 == 0, f"« {title} » starts on a left-hand page ({page + 1})"
            assert not texts[page].lstrip().startswith("LES CLEFS"), title


@on_its_worker("cda")
def test_running_heads_name_the_book_and_the_chapter(builds):
    reader = builds.reader("cda")
    texts = [plain(text) for text in page_texts(reader)]
    chapters = [(title, page) for level, title, page in outline(reader) if level == 1]
    title, first = chapters[1]  # les personnages: long enough for pages after its first
    end = chapters[2][1]
    name = title.split(". ", 1)[-1].upper()
    for page in range(first + 1, end):
        if not texts[page]:
            continue  # the blank page before the next chapter
        head = "LES CLEFS DE L'AUBE" if page % 2 else name
        assert head in texts[page], f"page {page + 1} has no running head « {head} »"
    assert name not in texts[first] and "LES CLEFS DE L'AUBE" not in texts[first]


@on_its_worker("cda")
def test_body_folios_start_at_one_after_roman_front_matter(builds):
    reader = builds.reader("cda")
    labels = reader.page_labels
    first_chapter = next(page for level, _, page in outline(reader) if level == 1)
    assert labels[first_chapter] == "1"
    assert all(re.fullmatch(r"[ivxlc]+", label) for label in labels[:first_chapter])


@on_its_worker("cda")
def test_printed_folios_are_the_page_labels(builds):
    """So the contents' numbers, the viewer's page numbers and the printed folios agree."""
    reader = builds.reader("cda")
    labels = reader.page_labels
    for index, text in enumerate(page_texts(reader)[1:], start=1):
        if text.strip():
            assert text.split()[-1] == labels[index], (
                f"page {index + 1} is not folioed {labels[index]}"
            )


@on_its_worker("cda")
def test_footnotes_are_at_the_foot_of_the_page_that_calls_them(builds):
    reader = builds.reader("cda")
    for text in page_texts(reader):
        page = squeezed(text)
        if squeezed("ou simplement mettre 10 points partout") in page:
            call = page.index(squeezed("10 points partout"))
            note = page.find(squeezed("Cela donne des personnages assez puissants"))
            assert note > call, "the footnote is not below its call on the same page"
            assert squeezed("abuser de cette méthode") not in page
            return
    pytest.fail("the paragraph calling footnote 1 is not in the PDF")


@on_its_worker("cda")
def test_french_text_is_hyphenated(builds):
    text = plain_lines("\n".join(page_texts(builds.reader("cda"))))
    words = set(re.findall(r"\w+", " ".join(docbook("cda").itertext()).lower()))
    broken = re.findall(r"(\w+)-\n\s*(\w+)", text)
    hyphenated = [a + b for a, b in broken if (a + b).lower() in words and a.lower() not in words]
    assert len(hyphenated) >= 5, broken[:20]


@pytest.mark.parametrize("book", each(BOOKS))
def test_no_ladder_of_three_hyphenated_lines(builds, book):
    """A designer rejects three lines in a row ending in a hyphen."""
    for number, text in enumerate(page_texts(builds.reader(book)), start=1):
        ends = "".join(
            "1" if re.search(r"\w[-‐]$", line.rstrip()) else "0" for line in text.split("\n")
        )
        assert "111" not in ends, f"page {number}: {text[:200]}"


@pytest.mark.parametrize("book", each(BOOKS))
def test_no_page_of_the_text_ends_with_a_hole(builds, book):
    """An example or a table pushed to the next page leaves at most 8 lines empty above the
    folio (not the last page of a chapter, which ends where its text does)."""
    reader = builds.reader(book)
    starts = {page for level, _, page in outline(reader) if level == 1}
    texts = page_texts(reader)
    errata = max(i for i, text in enumerate(texts) if plain(text).startswith("Errata"))
    lowest = {}
    for index in range(min(starts), errata):
        heights = [y for _, y, _ in text_runs(reader, index) if y > 55]  # above the folio (41)
        if heights:
            lowest[index] = min(heights)
    bottom = min(lowest.values())
    line = 12.4  # pt, the body's leading
    holes = {
        reader.page_labels[index]: round((low - bottom) / line, 1)
        for index, low in lowest.items()
        if not starts & {index + 1, index + 2}
    }
    assert max(holes.values()) <= 8, holes


@on_its_worker("cda")
def test_errata_and_verification_marks_carry_over(builds):
    reader = builds.reader("cda")
    texts = [plain(text) for text in page_texts(reader)]
    assert sum(text.count("✓") for text in texts) > 40
    # an erratum's mark says what is wrong and the page of its entry on the errata page
    whole = " ".join(texts)
    found = re.search(r"Le texte dit 22, les règles donnent 20 → errata, p. (\d+)", whole)
    assert found, "the mark of « Maladresse exceptionnelle » gives no errata page"
    entry = reader.page_labels.index(found.group(1))
    assert "Au lieu de" in texts[entry] and "Lire" in texts[entry]
    assert "total de +20" in texts[entry] or "total de +20" in texts[entry + 1]
    marked = [i for i, text in enumerate(texts) if "Le texte dit 6, les règles donnent 5" in text]
    assert marked and marked[0] < entry


@pytest.mark.parametrize("book", each(BOOKS))
def test_every_errata_page_a_mark_gives_holds_the_entry_of_its_page(builds, book):
    """« ✗ … → errata, p. 33 »: page 33 lists an entry « …, p. N » with N the mark's own page."""
    reader = builds.reader(book)
    texts = [plain(text) for text in page_texts(reader)]
    labels = reader.page_labels
    errata = max(i for i, text in enumerate(texts) if text.startswith("Errata"))
    marks = [
        (labels[index], found.group(1))
        for index, text in enumerate(texts[:errata])
        for found in re.finditer(r"✗[^✗]*?→ errata, p\. (\d+)", text)
    ]
    assert len(marks) >= 4
    for page, errata_page in marks:
        entries = texts[labels.index(errata_page)]
        # an entry's heading: its place, its page, then « Au lieu de : » (a rule's page is not)
        assert re.search(rf", p\. {page} Au lieu de", entries), (page, errata_page)


@on_its_worker("small")
def test_profiling_and_draft_carry_over(builds, small_book):
    everything = plain(" ".join(page_texts(builds.reader(small_book))))
    basic = plain(" ".join(page_texts(builds.reader(small_book, "--userlevel", "base"))))
    draft = plain(" ".join(page_texts(builds.reader(small_book, "--draft"))))
    advanced = "Dans un système à certificats"  # a note for userlevel="adv"
    assert advanced in everything and advanced not in basic
    remark = "Le tableau de l'exemple devrait être"  # a remark: shown in drafts only
    assert remark not in everything and remark in draft
    assert "Brouillon" in draft and "Brouillon" not in everything


@on_its_worker("small")
def test_the_tagged_variant_is_pdf_ua(builds, small_book):
    """The book's PDF is tagged (PDF/UA-1) unless asked otherwise: --no-tagged."""
    assert "/StructTreeRoot" not in builds.reader(small_book, "--no-tagged").trailer["/Root"]
    reader = builds.reader(small_book)
    root = reader.trailer["/Root"]
    assert root["/MarkInfo"]["/Marked"]
    assert b'pdfuaid:part="1"' in root["/Metadata"].get_object().get_data()
    kinds: dict[str, int] = {}

    def walk(node):
        node = node.get_object() if hasattr(node, "get_object") else node
        if isinstance(node, dict):
            if "/S" in node:
                kinds[node["/S"]] = kinds.get(node["/S"], 0) + 1
            if "/K" in node:
                walk(node["/K"])
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(root["/StructTreeRoot"]["/K"])
    for kind in ("/H1", "/H2", "/H3", "/Table", "/TH", "/TD", "/L", "/LI", "/Link", "/P"):
        assert kind in kinds, f"no {kind} in the structure tree"
    assert kinds["/H2"] >= 3  # the three chapters


@pytest.mark.parametrize("book", each(BOOKS))
def test_no_english_nor_python_in_the_printed_french_book(builds, book):
    from tests.book_language import foreign

    text = " ".join(page_texts(builds.reader(book)))
    # words a line end hyphenated are joined back, as a reader reads them
    text = re.sub(r"(\w)-\n\s*(\w)", r"\1\2", text)
    assert foreign(text, book) == {"english": [], "identifiers": []}


@pytest.mark.parametrize("book", each(BOOKS))
def test_the_print_is_set_as_by_hand(builds, book):
    """Tagged (PDF/UA-1); no page of one or two lines before a blank verso; no word cut by a
    hyphen over a page turn; a hyphen between numbers of the book's arithmetic is a minus."""
    reader = builds.reader(book)
    assert "/StructTreeRoot" in reader.trailer["/Root"]
    pages = [[line for line in text.split("\n") if line.strip()] for text in page_texts(reader)]
    for index, lines in enumerate(pages):
        if index > 1 and not lines:  # a blank verso (the title's is the first page's)
            body = [line for line in pages[index - 1] if not re.fullmatch(r"\s*\d+\s*", line)]
            assert len(body) - 1 >= 4, f"page {index}: {body}"  # less the running head
    for index, lines in enumerate(pages[:-1]):
        body = [line for line in lines if not re.fullmatch(r"\s*[\divxlc]+\s*", line)]
        if body:
            assert not re.search(r"[a-zà-ÿ]-$", body[-1].strip()), f"page {index + 1}"
    text = " ".join(" ".join(lines) for lines in pages)
    assert not re.search(r"(?:\d|°R) - \d", text)
    if book == "harmonies":  # the places of its links to missing sections, with their pages
        assert re.search(r"« Les dégâts », p\. \d+", text)
    if book == "cda":  # a table its rules only take as it stands says so on paper too
        assert "Tableau 1.2. le niveau de compétence ✓ repris" in text


@on_its_worker("cda")
def test_the_book_is_laid_out_once(builds):
    """The errata's pages beside the marks are the stylesheet's target-counter() and the notes
    keep their calls' pages by the markup: cda's PDF, footnotes and errata marks and all, is
    laid out by WeasyPrint once, not once to find the pages and again to write them in; nor
    again for its p. 23, which ended on « (posi‐ »: that line goes over to p. 24 in the one
    layout (render/pdf/page_turns.py; test_the_print_is_set_as_by_hand reads every page's end)."""
    assert builds.layouts("cda") == 1
