"""What readers see of the book's own words: quotations, excerpts and search entries keep
every word of their source, linked words included, in the book's typography."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import lxml.html
import pytest

BOOKS = ("cda", "harmonies", "edad")


def page(out: Path, book: str):
    return lxml.html.parse(str(out / book / f"{book}.html")).getroot()


def prose(root) -> str:
    """The words of the page outside the marks' panels and the errata: the book's own."""
    root = lxml.html.fromstring(lxml.html.tostring(root))
    for node in root.xpath("//details | //section[@class='errata'] | //*[@aria-hidden='true']"):
        node.drop_tree()
    return " ".join(root.text_content().split())


def caption_title(table) -> str:
    """A table's title as its caption reads it, without its label and its mark."""
    label = table.xpath("caption//span[@class='label']")
    return " ".join((label[0].tail or "").split()) if label else ""


def search_entries(out: Path, book: str) -> list[dict]:
    script = (out / book / "html/search-index.js").read_text(encoding="utf-8")
    return json.loads(script.split("=", 1)[1].strip().rstrip(";"))


def test_a_quoted_rule_keeps_its_linked_words(html_books):
    """« la somme de l'<xref aspect/> et d'un <xref moyen/> » is quoted as a reader reads it."""
    quotes = [
        " ".join(node.text_content().split())
        for node in page(html_books, "cda").xpath("//p[@class='rule-cited']")
    ]
    wanted = "est égale à la somme de l’aspect et d’un moyen choisit selon les circonstances"
    assert sum(wanted in quote for quote in quotes) == 13
    assert not any("de l’ et" in quote for quote in quotes)


@pytest.mark.parametrize("book", BOOKS)
def test_every_quoted_rule_is_the_books_words(html_books, book):
    """Each « Règle : « … » » is words of the book, as the page prints them."""
    root = page(html_books, book)
    text = prose(root)
    quotes = root.xpath("//p[@class='rule-cited']")
    assert quotes
    for node in quotes:
        quote = " ".join(node.text_content().split())
        quoted = re.search(r"«\s(.+)\s»", quote).group(1)
        quoted = re.sub(r"\s»\s\(.*$", "", quoted)
        for piece in quoted.split("…"):
            assert piece.strip() in text, quote


@pytest.mark.parametrize("book", BOOKS)
def test_search_entries_keep_every_word_in_the_books_typography(html_books, book):
    entries = search_entries(html_books, book)
    assert entries
    for entry in entries:
        words = f"{entry['title']} {entry['short']} {entry['text']}"
        # a cross-reference's or a note's words left out leave « sa . » or « l’ et »
        assert not re.search(r"\s\.(?!\.)|\s,(?!\d)|[’']\s", words), entry["title"]
        assert "'" not in words, entry["title"]  # French books: typographic apostrophes


def test_a_search_entry_reads_cross_references_as_their_words(html_books):
    texts = [entry["text"] for entry in search_entries(html_books, "cda")]
    assert any("n’est jamais plus grand que sa cible à atteindre" in text for text in texts)


def test_a_search_entry_reads_a_list_term_apart_from_its_description(html_books):
    """« Combat en aveugle — Le don Combat en aveugle est disponible… », as a glossary entry
    reads, never « Combat en aveugle Le don … », a sentence the book does not write."""
    texts = " ".join(entry["text"] for entry in search_entries(html_books, "edad"))
    assert "Combat en aveugle — Le don Combat en aveugle est disponible" in texts
    assert "Combat en aveugle Le don" not in texts


@pytest.mark.parametrize("book", BOOKS)
def test_numbers_the_tool_writes_follow_the_books_convention(html_books, book):
    """A French book writes « 1,5 » for a decimal: a list of numbers takes « ; » between
    them (« Le texte dit 1 ; 7 »), never « 1, 7 », which reads as one and seven tenths."""
    root = page(html_books, book)
    for quoted in root.xpath("//q | //mark"):  # the book's own words, as it writes them
        quoted.drop_tree()
    written = " ".join(
        " ".join(node.text_content().split())
        for node in root.xpath("//details | //section[@class='errata']")
    )
    assert "Le texte dit" in written
    assert not re.search(r"(dit|donnent) [−+]?\d+, \d", written)
    assert not re.search(r"\d+\.\d+ ?%", written)  # no decimal point either (but the book's)


def test_a_list_of_numbers_is_written_with_semicolons(html_books):
    written = " ".join(page(html_books, "cda").xpath("//details//text()"))
    assert "Le texte dit 1\u202f; 7, les règles donnent 0\u202f; 6" in written


@pytest.mark.parametrize("book", BOOKS)
def test_every_erratum_says_what_the_right_text_is(html_books, book):
    """At its words and in the errata: « Lire : … », its record's correction (which
    tests/test_errata_corrections.py makes in a copy, or prints where no patch can make it:
    words a link writes, a line end among them, a story the book's later lines follow), never
    a bare « le texte dit 10, les règles donnent 5 » nor « les règles disent autrement »."""
    root = page(html_books, book)
    assert "disent autrement" not in root.text_content()
    entries = root.xpath("//section[@class='errata']//li[@class='erratum']")
    assert entries
    for entry in entries:
        read = entry.xpath("p[@class='erratum-read']/q/mark[@class='erratum-token']")
        assert read, " ".join(entry.text_content().split())[:200]
        assert not entry.xpath("p[@class='erratum-values']"), entry.text_content()[:200]


def _read(entry) -> list[str]:
    """The right words an errata entry marks, each « Lire » in turn."""
    return [
        mark.text_content()
        for mark in entry.xpath("p[@class='erratum-read']/q/mark[@class='erratum-token']")
    ]


def test_the_numbers_errata_read_the_right_number_at_its_words(html_books, checked_book):
    """Les Clefs de l'Aube's errata that printed only « Le texte dit N, les règles donnent M »
    each read their correction, every one a patch: Konrad's ND of 10, which the story follows,
    is the word « très difficile » the table gives 5 (tests/test_cda_personnages_et_actions_
    check.py), and the heroism example's BC its level's word (tests/test_cda_avance_book.py).
    A correction no patch makes (Harmonies' 50 %, from which its table is drawn) says so in
    the record, as its JSON and text say."""
    from build_tools import reports

    root = page(html_books, "cda")
    entries = {
        " ".join(entry.xpath("string(p[@class='erratum-instead'][1]/q)").split()): entry
        for entry in root.xpath("//section[@class='errata']//li[@class='erratum']")
    }

    def entry_at(words: str):
        (found,) = [entry for instead, entry in entries.items() if words in instead]
        return found

    assert _read(entry_at("est très difficile à obtenir")) == ["extrêmement"]
    assert _read(entry_at("en moyenne, vaut 5.")) == ["5,5"]
    # « autour de » rounds to the book's fives: 30 for the border 30,5, and the damage level
    # the GC then asks for follows it (25 + 5 = 30 becomes 30 + 5 = 35)
    assert _read(entry_at("soit autour de 25.")) == ["30", "35"]
    cda = checked_book("cda")
    assert not [c for f in cda.findings for c in f.corrections if c.by_hand]
    harmonies = checked_book("harmonies")
    (story,) = [
        c.by_hand for f in harmonies.findings for c in f.corrections if c.by_hand and f.found == 50
    ]
    assert "the table" in story
    # the text report details a new finding: the ledger taken away, each is one
    fresh = dataclasses.replace(
        harmonies, findings=[dataclasses.replace(f, known=False) for f in harmonies.findings]
    )
    text = reports.text([fresh], reports.Settings(verbosity=1))
    assert f"(not applied automatically: {story})" in text


def test_an_erratum_in_words_reads_the_rules_words(html_books):
    marks = " ".join(page(html_books, "cda").xpath("//details//text()"))
    assert "Le texte dit « supérieur », lire « supérieur ou égal »" in " ".join(marks.split())
    edad = " ".join(" ".join(page(html_books, "edad").xpath("//details//text()")).split())
    assert "Le texte dit « Arme de prédilection », lire « Maniement de l’arme »" in edad


PROGRAMMERS = re.compile(r"\^|\bmax\(|\bmin\(|[⌊⌋]|(?<![\w°])P\(| \| |\b[hkn]\b(?!’)")
"""What a reader of the book does not write: powers with a caret, max and min, floor
brackets, (conditional) probabilities, and letters the book never defines."""


@pytest.mark.parametrize("book", BOOKS)
def test_every_working_line_is_in_the_books_notation(html_books, book):
    root = page(html_books, book)
    lines = [
        " ".join(item.text_content().split())
        for item in root.xpath("//ol[@class='working']/li | //*[@class='reason']")
    ]
    assert len(lines) > 100
    wrong = [
        line for line in lines if PROGRAMMERS.search(line.replace("la valeur suivie d’un h", ""))
    ]
    assert wrong == []


def test_exponents_are_superscripts_and_rounding_is_said(html_books):
    harmonies = page(html_books, "harmonies")
    assert harmonies.xpath("//ol[@class='working']/li/sup")
    assert "^" not in harmonies.text_content()
    cda = " ".join(
        " ".join(page(html_books, "cda").xpath("//ol[@class='working']//text()")).split()
    )
    assert "la plus grande de 1 et ND + 1 à la plus petite de CA et 19" in cda
    assert "°R moyen d’encaissement arrondi à l’inférieur" in cda
    assert "la part des jets où °R > seuil parmi ceux où °R ≤ CA" in cda


@pytest.mark.parametrize("book", BOOKS)
def test_only_a_mark_that_opens_an_erratum_is_a_tab_stop(html_books, book):
    root = page(html_books, book)
    summaries = root.xpath("//details[contains(@class, 'verification')]/summary")
    assert summaries
    for summary in summaries:
        erratum = "erratum" in summary.getparent().get("class")
        assert (summary.get("tabindex") == "-1") is not erratum


def contrast(colour: str, background: str) -> float:
    def luminance(hexa: str) -> float:
        channels = [int(hexa.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(colour), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_printed_tick_reads_at_four_and_a_half_to_one():
    """The ✓ is small text: at least 4.5:1 on the page and on a table's shaded row."""
    css = (Path(__file__).parents[1] / "templates/pdf/print.css").read_text(encoding="utf-8")
    (tick,) = re.findall(r"\.check\.verified \{ color: (#[0-9a-f]{6}); \}", css)
    (shaded,) = re.findall(r"tbody tr:nth-child\(even\) td \{ background: (#[0-9a-f]{6}); \}", css)
    assert contrast(tick, "#ffffff") >= 4.5 and contrast(tick, shaded) >= 4.5


def test_the_printed_right_words_are_not_in_the_error_colour():
    """In the book's errata chapter, « Lire : » marks the right words in the green of the
    errata sheet, not in the red of the wrong ones, at 4.5:1 at least."""
    templates = Path(__file__).parents[1] / "templates/pdf"
    for sheet in ("print.css", "errata.css"):
        css = (templates / sheet).read_text(encoding="utf-8")
        (wrong,) = re.findall(r"^mark\.erratum-token \{[^}]*color: (#[0-9a-f]{6})", css, re.M)
        (right,) = re.findall(r"\.erratum-read mark\.erratum-token \{ color: (#[0-9a-f]{6})", css)
        assert right != wrong and contrast(right, "#ffffff") >= 4.5, sheet


def test_no_mark_on_the_words_of_a_remark_the_book_does_not_print(html_books):
    """cda's remark « Si le 20 n'était pas une réussite automatique… » is not printed (no
    draft): its claims are in no panel."""
    root = page(html_books, "cda")
    assert "Si le 20 n’était pas" not in root.text_content()
    claims = " ".join(root.xpath("//q[@class='claim-text']//text()"))
    assert "Si le 20 n" not in claims


@pytest.mark.parametrize("book", BOOKS)
def test_a_table_is_never_verified_against_itself(html_books, book):
    """A table's claims cite the rules (another table, a sentence), never the table itself."""
    root = page(html_books, book)
    tables = [
        table
        for table in root.xpath("//div[contains(@class, 'table-wrapper')]/table[@id]")
        if caption_title(table)
    ]
    assert tables
    for table in tables:
        title = caption_title(table)
        for rule in table.xpath(".//p[@class='rule-cited']"):
            quoted = " ".join(rule.text_content().split()).split(" » (")[0]
            assert quoted != f"Règle : « {title}", title  # the table cited whole
            cells = {" ".join(cell.text_content().split()) for cell in table.xpath(".//td | .//th")}
            assert quoted.removeprefix("Règle : « ") not in cells, (
                title,
                quoted,
            )  # one of its cells


def table_marks(root) -> dict[str, str]:
    """Each checked table's title (its caption's words) -> its mark's title."""
    marks = {}
    for table in root.xpath("//div[contains(@class, 'table-wrapper')]/table[@id]"):
        title = caption_title(table)
        for mark in table.xpath("caption//details[contains(@class, 'verification')]")[:1]:
            marks[title] = " ".join(mark.xpath("string(.//p[@class='verification-title'])").split())
    return marks


def test_a_tables_mark_says_what_it_was_checked_against(html_books):
    """A verified table's mark names what its cells were checked against: the rule the book
    states elsewhere, or nothing but the rules' own copy of it, which is not « Vérifié »."""
    cda, edad = table_marks(page(html_books, "cda")), table_marks(page(html_books, "edad"))
    taken = "Repris tel quel par les règles : rien d’autre ne le vérifie"
    assert cda["le niveau de compétence"] == taken  # the rules hold this very table
    assert cda["exemples de niveaux d’héroïsme"] == taken  # its rule cites one of its cells
    assert cda["Résumé des totaux de combats"] == "Vérifié d’après la règle citée"
    # the rule written across Edad's table (« Si l’arme est magique… ») is a rule, its rows not
    assert edad["Points de vie des objets"] == (
        "Vérifié d’après les règles citées ; le reste, repris tel quel par les règles"
    )
    root = page(html_books, "cda")
    tables = root.xpath("//div[contains(@class, 'table-wrapper')]/table[@id]")
    (level,) = [table for table in tables if caption_title(table) == "le niveau de compétence"]
    shown = level.xpath("caption//summary/span[@class='verification-summary']/text()")
    assert shown == ["repris"]  # said beside the ✓, not only under the pointer
    (heroism,) = [table for table in tables if "héroïsme" in caption_title(table)]
    assert not heroism.xpath(".//p[@class='rule-cited']")  # its own cell is not its « Règle »


@pytest.mark.parametrize("book", BOOKS)
def test_a_table_verified_after_a_rule_quotes_it_and_one_taken_as_it_stands_none(html_books, book):
    """A table « Vérifié d’après » the rules cited quotes at least one of them in its panel;
    one « Repris tel quel » quotes none (nothing but itself stood behind it)."""
    root = page(html_books, book)
    marks = table_marks(root)
    assert marks
    for table in root.xpath("//div[contains(@class, 'table-wrapper')]/table[@id]"):
        title = caption_title(table)
        rules = table.xpath("caption//details//p[@class='rule-cited']")
        if "d’après la règle" in marks.get(title, "") or "d’après les règles" in marks.get(
            title, ""
        ):
            assert rules, title
        if marks.get(title, "").startswith("Repris"):
            assert not rules, title


def test_the_books_decimal_point_is_an_erratum_read_with_a_comma(html_books):
    """Harmonies' table prints « 0.7% » where the French book's errata and working write
    « 0,7 % »: the errata list it once, at its table, with how each number reads."""
    errata = page(html_books, "harmonies").xpath("//li[@class='erratum']")
    typographic = [
        " ".join(item.text_content().split())
        for item in errata
        if "marque décimale" in item.text_content()
    ]
    assert len(typographic) == 1
    (erratum,) = typographic
    assert "Tableau 1.1, « Chances de réussite d’une action »" in erratum
    instead, read = erratum.split("Pourquoi :")[0].split("Au lieu de :")[1].split("Lire :")
    assert "0.6 % ; 0.7 % ; 1.0 %" in instead and "0,7" not in instead
    # its record's corrections, each number's mark (the −18 column's 0.7 is its erratum's 0,8)
    assert "0,6 % ; 0,8 % ; 1,0 %" in read and "0.7" not in read and "0,7" not in read


def _french_book(folder: Path, body: str, language: str = "fr") -> Path:
    main = folder / "book.xml"
    main.write_text(
        f'<?xml version="1.0"?>\n<book lang="{language}"><title>Livre</title>\n'
        f"<chapter id='un'><title>Un</title>\n{body}\n</chapter></book>\n",
        encoding="utf-8",
    )
    return main


@pytest.mark.parametrize(
    ("body", "language", "expected"),
    [
        ("<para>Il reste\n2.5 points.</para>", "fr", [(5, "2.5", "2,5")]),
        (
            "<para>1.5 ou 2.5 %</para><para>0.1</para>",
            "fr",
            [(4, "1.5 ; 2.5 %", "1,5 ; 2,5\u202f%"), (4, "0.1", "0,1")],
        ),
        ("<para>la version 0.2 du jeu, 2,5 points</para>", "fr", []),
        ("<para>voir <literal>1.5</literal>, la section 2.1.3</para>", "fr", []),
        ("<para>It leaves 2.5 points.</para>", "en", []),
    ],
)
def test_a_decimal_point_in_a_french_text_is_one_finding_per_block(
    tmp_path, body, language, expected
):
    from build_tools.reader import read_book
    from build_tools.validation import validate

    findings = [
        finding
        for finding in validate(read_book(_french_book(tmp_path, body, language)))
        if finding.category == "typography"
    ]
    assert [(f.line, f.found, f.reads) for f in findings] == expected


@pytest.mark.parametrize("book", BOOKS)
def test_a_summary_of_several_errata_stands_beside_them_and_says_what_is_right(
    html_books, checked_book, book
):
    """The mark summing up a passage's errata (« 2 errata : … ») follows the block holding them,
    not the passage's heading (cda's summary stood two paragraphs and a table above its errata),
    and gives each wrong word with the right one (« « Épée » → « Dague » »), but the words of
    an erratum no patch corrects (its reason says what is wrong)."""
    uncorrected = {
        " ".join(f"« {f.found} »".replace("'", "’").split())
        for f in checked_book(book).findings
        if isinstance(f.found, str) and not f.corrections
    }
    summaries = 0
    for mark in page(html_books, book).xpath("//details[contains(@class, 'erratum')]"):
        summary = " ".join(mark.xpath("string(summary)").split())
        if not re.match(r"✗\d+ errata :", summary):
            continue
        summaries += 1
        block = mark.getprevious()
        assert block is not None and block.tag in ("p", "pre", "table", "div"), summary
        assert block.xpath(".//mark[@class='wrong-token']"), summary  # beside its errata
        for item in summary.split(" : ", 1)[1].split(" ; "):
            assert " → " in item or item in uncorrected, (summary, item)
    assert summaries


PLACE = re.compile(
    r"(?:(?:Chapitre|Annexe|Tableau|Exemple|Figure) [\dA-Z.]+, |au chapitre \d+, "
    r"|à la section [\d.]+, |dans l’exemple |la terminologie, )?« [^«»]+ »"
)
"""Where the panels say a rule stands, as French says it (« au chapitre 4, « Le combat » »)."""


@pytest.mark.parametrize("book", BOOKS)
def test_the_tools_words_name_the_books_parts_one_way_in_french(html_books, book):
    """One form of a chapter's label in headings, contents and errata (« Chapitre 2. »), and
    every place a panel gives a rule is a French locator or reference, never « Un passage de
    Chapitre 4 » nor « Glossaire » for a book's terminology."""
    root = page(html_books, book)
    labels = root.xpath("//h1//span[@class='label'] | //h2//span[@class='label']")
    assert labels
    for label in labels:
        assert re.fullmatch(r"(Chapitre|Annexe) [\dA-Z]+\.", " ".join(label.text_content().split()))
    for heading in root.xpath("//section[contains(@class, 'errata')]//h3"):
        text = " ".join(heading.text_content().split())
        assert not re.match(r"(Chapitre|Annexe) [\dA-Z]+ \w", text), text  # « Chapitre 1 les »
    places = root.xpath("//p[@class='rule-cited']")
    assert places
    for rule in places:
        text = " ".join(rule.text_content().split())
        where = re.search(r"» \((.*)\)$", text)
        assert where and PLACE.fullmatch(where.group(1)), text


def test_an_erratum_shows_every_number_its_correction_changes_further_on(html_books):
    """Goliath's Dommages (+5 for +3) changes the fight's later numbers too: the entry shows
    each in the words around it, and marks in its table's excerpt only the table's own « +5 »
    (the later « +5 » was marked on the table's other « +5 », and the rest never shown)."""
    root = page(html_books, "harmonies")
    entry = next(
        entry
        for entry in root.xpath("//section[@class='errata']//li[@class='erratum']")
        if "APRD : +5/ +4/ +5/ +5" in re.sub(r"[\u00a0\u202f]", " ", entry.text_content())
    )

    def marks(kind: str) -> list[list[str]]:
        return [
            [" ".join(mark.text_content().split()) for mark in paragraph.xpath(".//mark")]
            for paragraph in entry.xpath(f"p[@class='erratum-{kind}']")
        ]

    assert marks("instead") == [["+5"], ["+5", "+9"], ["−9", "+1"]]
    assert marks("read") == [["+3"], ["+3", "+7"], ["−7", "+3"]]
    further = entry.xpath("p[@class='erratum-instead']")[1:]
    assert all(p.text_content().startswith("Plus loin, au lieu de") for p in further)
    reads = " ".join(p.text_content() for p in entry.xpath("p[@class='erratum-read']"))
    reads = re.sub(r"[\u00a0\u202f]", " ", reads)
    assert "(+3+5−1) +7" in reads and "(−1+11−7) +3" in reads


GLOSSARY = """<glossary><title>la terminologie</title>
<glossentry id="ca"><glossterm>cible à atteindre</glossterm>
<acronym>CA</acronym>
<glossdef><para>Le nombre à atteindre sur un d20.</para></glossdef></glossentry>
<glossentry id="compagnon"><glossterm>compagnon</glossterm>
<glossdef><para>Un niveau valant 10 sous la <xref linkend="ca"/>.</para>
</glossdef><glossdef><para>Un second sens.</para></glossdef></glossentry>
</glossary>"""


def test_a_glossary_entry_reads_its_term_then_a_dash_then_its_definition():
    """The model's reader's words and the check's passage both read « compagnon — Un niveau »,
    the acronym in brackets as the page shows it, never « compagnon Un niveau »."""
    from lxml import etree

    from build_tools.checking.passage import Passage
    from build_tools.model.docbook import as_read, words_of

    root = etree.fromstring(GLOSSARY)
    ca, compagnon = root.findall("glossentry")
    assert words_of(ca) == "cible à atteindre (CA) — Le nombre à atteindre sur un d20."
    wanted = "compagnon — Un niveau valant 10 sous la cible à atteindre. Un second sens."
    assert words_of(compagnon) == wanted  # one dash, before the first definition
    assert Passage.of(compagnon, Path("glossaire.xml")).text == wanted
    assert as_read(compagnon, "Un niveau valant 10 sous la .") == (
        "Un niveau valant 10 sous la cible à atteindre."
    )
    # the dash is the reader's, not the source's: no correction may edit it
    passage = Passage.of(ca, Path("glossaire.xml"))
    dash = passage.text.index("—")
    assert any(start <= dash < end for start, end in passage.generated)


def test_an_erratum_in_the_glossary_quotes_its_term_apart_from_its_definition(html_books):
    root = page(html_books, "cda")
    quoted = [
        " ".join(node.text_content().split())
        for node in root.xpath("//section[@class='errata']//p[@class='erratum-instead']/q")
    ]
    assert "compagnon — Un niveau de compétence valant 10, équivalent à un professionnel." in quoted
    assert any("— Le résultat obtenu sur le d20 lorsque celui-ci" in q for q in quoted)
    assert not any(re.search(r"compagnon Un|disciple Un|°R Le", q) for q in quoted)
    glossary = next(e for e in search_entries(html_books, "cda") if e["href"].endswith("#glossary"))
    assert "Gardien de la Clef (GC) — Le terme consacré" in glossary["text"]


def test_a_word_misspelt_several_times_is_marked_at_each_place(html_books):
    """« Rs » for « Ré » three times in cda's Exemple 1.3 (« en Pu/Rs », « un autre en Rs »,
    « en Pu/Rs »): its one erratum corrects the three, and the reader sees the three marked
    where they stand, each naming the one erratum, its panel giving it once."""
    root = page(html_books, "cda")
    (example,) = root.xpath("//p[contains(., 'Elle choisit de placer')]")
    marks = example.xpath(".//mark[@class='wrong-token']")
    assert [mark.text_content() for mark in marks] == ["Pu/Rs", "Rs", "Rs"]
    assert len({mark.get("title") for mark in marks}) == 1
    panel = example.getnext()
    said = [
        " ".join(c.text_content().split()) for c in panel.xpath(".//li[contains(@class, 'claim')]")
    ]
    assert sum("en Pu/Ré" in claim for claim in said) == 1, said
