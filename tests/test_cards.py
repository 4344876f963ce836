"""Quick-reference cards: the three decks built once and read back as a user would.

One session build of the three decks (`rulebook build --format cards`); the
PDFs are read with pypdf: page and card sizes, crop marks where the trims
are, every card title and every computed value in the text, fonts embedded.
Copies of a book show an overflow as a build error, and a changed table, a
changed sentence or a wrong formula as findings of `rulebook check`.
"""

from __future__ import annotations

import io
import json
import math
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from conftest import deck_of, first_cards
from pypdf import PdfReader
from pypdf.generic import ContentStream

from build_tools.books import discover, load_game
from build_tools.checking.deck import contrast
from build_tools.ledger import read_ledger
from tests import pdf_text
from tests.book_language import french

ROOT = Path(__file__).resolve().parents[1]
BOOKS = ("cda", "harmonies", "edad")
MM = 72 / 25.4
"""PDF points in a millimetre."""
PX_TO_MM = 25.4 / 96


def _books():
    return {book.name: (book, load_game(book)[0]) for book in discover(ROOT / "source")}


@pytest.fixture(scope="session")
def decks():
    books = _books()
    return {name: deck_of(*books[name]) for name in BOOKS}


@pytest.fixture(scope="session")
def built(shared_build):
    """The three decks built once for the run, as the README says: `rulebook build --format
    cards` (each book's build shared by the workers, tests/conftest.py; two workers asking at
    once each build another book first)."""
    folder = shared_build.books(BOOKS, "--format", "cards")
    for name in BOOKS:
        run = shared_build.run(name, "--format", "cards")
        assert run.status == 0, run.out + run.err
    return folder


def _flat(text: str) -> str:
    """Text without spaces nor hyphens between letters (a word broken at a line's end is
    hyphenated with a hyphen-minus, which pypdf keeps): both sides compared alike."""
    flat = "".join(text.split()).replace("\u2019", "'").replace("\u2010", "")
    return re.sub(r"(?<=[^\W\d_])-(?=[^\W\d_])", "", flat)


@pytest.mark.slow
def test_single_card_pages_are_the_card_and_its_bleed(built, decks):
    for name in BOOKS:
        reader = PdfReader(built / name / "cards-single.pdf")
        assert len(reader.pages) == 2 * len(decks[name].cards)  # a face, then its back
        for page in reader.pages:
            trim = page.trimbox
            assert (float(trim.width) / MM, float(trim.height) / MM) == pytest.approx(
                (63, 88), abs=0.05
            )
            media = page.mediabox
            assert (float(media.width) / MM, float(media.height) / MM) == pytest.approx(
                (69, 94), abs=0.05
            )


@pytest.mark.slow
def test_sheets_are_a4_with_backs_following_and_crop_marks_on_the_trims(built, decks):
    reader = PdfReader(built / "cda" / "cards.pdf")
    per_sheet = 9  # poker cards on A4 portrait: 3 butted columns, 3 rows
    assert len(reader.pages) == 2 * math.ceil(len(decks["cda"].cards) / per_sheet)
    for page in reader.pages:
        width, height = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
        assert (width, height) == pytest.approx((210, 297), abs=0.1)
    # The trims of 3 butted columns of 63 mm cards (sharing their cut lines, 3 mm of bleed
    # outside the block), centred: four cut lines, one mark each.
    left = (210 - (3 * 63 + 6)) / 2
    trims = [round(left + 3 + 63 * k, 1) for k in range(4)]
    for page in reader.pages[:2]:  # the fronts and their backs carry the same marks
        marks = _crop_marks(reader, page)
        vertical = sorted({round((x + w / 2) * PX_TO_MM, 1) for x, y, w, h in marks if h > w})
        assert vertical == trims
        assert len([m for m in marks if m[3] > m[2]]) == 4 * 2  # above and below the block
        assert len({(x, y) for x, y, w, h in marks if h < w}) == 3 * 2 * 2  # 3 rows, both sides
    # cda's and Harmonies' last sheets are not full: marks only beside the cards they hold
    for name in ("cda", "harmonies"):
        reader = PdfReader(built / name / "cards.pdf")
        held = len(decks[name].cards) % per_sheet
        assert held, name  # else the sheet is full and this says nothing
        rows = math.ceil(held / 3)
        for page in reader.pages[-2:]:  # the last fronts and their backs
            marks = _crop_marks(reader, page)
            ys = {round(y * PX_TO_MM, 1) for x, y, w, h in marks if h < w}
            assert len(ys) == rows * 2, name  # each row of cards: its two cut lines, no more
            across = [m for m in marks if m[3] > m[2]]
            # every cut line of the cards held (one card: its two), above and below them
            assert len(across) == (min(held, 3) + 1) * 2, name
            # the last row's marks span its cards (butted, 63 mm each) and their marks' room
            last = [m for m in marks if m[3] < m[2] and round(m[1] * PX_TO_MM, 1) == max(ys)]
            span = max(x + w for x, y, w, h in last) - min(x for x, y, w, h in last)
            k = held - 3 * (rows - 1)
            assert span * PX_TO_MM == pytest.approx(k * 63 + 2 * (3 + 0.8 + 4.5), abs=0.1), name


def _crop_marks(reader, page) -> set[tuple[float, float, float, float]]:
    """The thin filled rectangles (0.12 × 4.5 mm) on a page: its crop marks."""
    operations = ContentStream(page.get_contents(), reader).operations
    rectangles = {tuple(float(v) for v in arguments) for arguments, op in operations if op == b"re"}
    return {
        (x, y, w, h)
        for x, y, w, h in rectangles
        if sorted((round(abs(w) * PX_TO_MM, 2), round(abs(h) * PX_TO_MM, 2))) == [0.12, 4.5]
    }


@pytest.mark.slow
def test_every_title_and_every_computed_value_is_on_its_card(single_glyphs, decks):
    for name in BOOKS:
        pages = single_glyphs(name)
        for number, card in enumerate(decks[name].cards):
            text = _flat(pages[2 * number][0])
            assert _flat(card.title) in text, (name, card.title)
            for block in card.blocks:
                for row in block.rows:
                    for cell in row:
                        assert _flat(cell.text) in text, (name, card.title, cell.text)
                for line in [block.text, *block.items]:
                    assert _flat(line)[:40] in text, (name, card.title, line)


@pytest.mark.slow
def test_words_in_a_column_of_numbers_end_on_its_right_edge_as_its_numbers(built):
    # Edad's object PVs: « + 100 × bonus d’altération » on two lines in the column of 300,
    # 400, 500 ended on the left of it, the lines of « + 10 × … » full: three alignments
    import lxml.html

    page = subprocess.run(
        ["pdftotext", "-bbox", str(built / "edad" / "cards-single.pdf"), "-"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    for sheet in lxml.html.fromstring(page).iter("page"):  # a str: bytes read as Latin-1
        words = {}
        for word in sheet.iter("word"):
            words.setdefault(word.text_content(), []).append(float(word.get("xmax")))
        if "intermédiaire" in words:
            break
    ends = words["d’altération"] + words["400"] + words["500"]
    assert len(ends) == 5 and max(ends) - min(ends) < 0.2, ends


def test_fonts_are_embedded(built):
    reader = PdfReader(built / "harmonies" / "cards.pdf")
    fonts = [
        font.get_object() for page in reader.pages for font in page["/Resources"]["/Font"].values()
    ]
    assert fonts
    for font in fonts:
        descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        assert "/FontFile2" in descriptor or "/FontFile3" in descriptor


def test_no_english_and_no_python_name_on_the_cards(decks):
    for deck in decks.values():
        for card in deck.cards:
            for block in card.blocks:
                texts = [block.heading, block.text, *block.items, *block.columns]
                texts += [cell.text for row in block.rows for cell in row]
                for text in texts:
                    assert "_" not in text and "None" not in text, (card.title, text)
                    assert not re.search(r"\d\.\d|\d%|'|-\d", text), (card.title, text)


# -- a book's copy: overflow, disagreements --------------------------------------------------


def _copy(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    shutil.copytree(ROOT / "source" / name, folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


@pytest.mark.slow
def test_a_card_too_long_is_a_build_error_naming_it(tmp_path, rulebook, shared_build):
    folder = _copy(tmp_path, "edad")
    deck = folder / "deck.toml"
    quote = (
        "\n[[card.block]]\nquote = \"Un joueur qui n'est pas en situation stressante peut choisir"
        ' de faire 10 à son dé au lieu de le lancer."\n'
    )
    first_cards(deck, 3)  # « Écart, faire 10, faire 20 », the third, is the one made too long
    text = deck.read_text(encoding="utf-8")
    out = tmp_path / "out" / "edad"
    # A first build that works (the book's, as it is): its cards must not outlive the build
    # that fails.
    first = shared_build.run("edad", "--format", "cards")
    assert first.status == 0, first.err
    shutil.copytree(first.folder / "edad", out)
    assert (out / "cards.pdf").is_file() and (out / "cards-single.pdf").is_file()
    # The third card gets the same sentence twelve times more.
    deck.write_text(text + quote * 12, encoding="utf-8")
    run = rulebook("build", str(folder), "--format", "cards", "--out", str(tmp_path / "out"))
    assert run.status == 1
    assert (
        "rulebook: edad: cards: not built (removed the previous cards-single.pdf, cards.pdf)"
        in run.err
    ), run.err
    match = re.search(
        r"deck\.toml:(\d+): error: card 3 « Écart, faire 10, faire 20 » overflows its poker card "
        r"\(63 × 88 mm\) by ([\d.]+) mm in height, even at the smallest text size \(6\.5 pt\)",
        run.err,
    )
    assert match, run.err
    title = 'title = "Écart, faire 10, faire 20"'
    assert deck.read_text(encoding="utf-8").splitlines()[int(match[1]) - 1] == title
    assert float(match[2]) > 10
    assert not (out / "cards.pdf").exists() and not (out / "cards-single.pdf").exists()


def test_a_changed_table_a_changed_quote_and_a_wrong_formula_are_findings(tmp_path, rulebook):
    folder = _copy(tmp_path, "cda")
    book = folder / "cda.xml"
    text = book.read_text(encoding="utf-8")
    # The table « les difficultés »: « très difficile » now 6 (the rules keep 5).
    row = "<entry>très difficile</entry>\n <entry>5</entry>"
    assert text.count(row) == 1
    line = text[: text.index(row)].count("\n") + 2
    text = text.replace(row, "<entry>très difficile</entry>\n <entry>6</entry>")
    # The sentence a card quotes is reworded.
    text = text.replace("lance un d10 avec son d20", "lance un d12 avec son d20")
    book.write_text(text, encoding="utf-8")
    # A card's table computed otherwise than the book's (the rules check still agrees with it).
    aide = folder / "rules" / "aide_de_jeu.py"
    computed = "return list(actions.DIFFICULTES.items())"
    assert computed in aide.read_text(encoding="utf-8")
    aide.write_text(
        aide.read_text(encoding="utf-8").replace(
            computed,
            "return [(nom, nd + (nom == 'légendaire')) for nom, nd in actions.DIFFICULTES.items()]",
        ),
        encoding="utf-8",
    )
    legendary = text[: text.index("<entry>légendaire</entry>")].count("\n") + 2
    deck = folder / "deck.toml"
    cards = deck.read_text(encoding="utf-8").replace(
        "Esq = CA en Évitement − 10", "Esq = CA en Évitement − 5"
    )
    deck.write_text(cards, encoding="utf-8")

    run = rulebook("check", str(folder))
    assert run.status == 1
    # One defect, one finding: the rules check's erratum at the cell, the card in its working.
    erratum = re.search(
        french(
            rf"cda\.xml:{line}:\d+: error: tableau « les difficultés »: le texte dit 6, "
            r"les règles donnent 5 \[erratum\]\n(?:  .*\n)*?  working:\n(?:    .*\n)*"
            r"    la carte « Difficultés » montre « 5 » là où le tableau dit « 6 » "
            r"\(ligne « très difficile »\)\n"
        ),
        run.out,
    )
    assert erratum, run.out
    assert re.search(
        french(
            rf"cda\.xml:{legendary}:\d+: error: tableau « les difficultés »: la carte "
            r"« Difficultés » montre « 21 » là où le tableau dit « 20 » \(ligne « légendaire »\) "
            r"\[card-erratum\]"
        ),
        run.out,
    ), run.out
    # The quoted sentence now says d12: the rules check's erratum at « 12 », the card's
    # words in its working (one fault, one finding).
    assert re.search(
        r"cda\.xml:\d+:\d+: error: .*: le texte dit 12, les règles donnent 10 \[erratum\]\n"
        r"(?:  .*\n)*"
        + french(r"    carte « Le dé critique » : le livre dit « 12 » là où la carte dit « 10 »\n"),
        run.out,
    ), run.out
    assert french("carte « Le dé critique »") not in "".join(
        line for line in run.out.splitlines(keepends=True) if line.endswith("[card]\n")
    )
    assert (
        french("la formule « Esq = CA en Évitement − 5 » donne −2 là où les règles donnent −7")
        in run.out
    )


def test_a_strict_bound_in_words_is_read_as_the_card_prints_it(tmp_path, rulebook):
    # Edad's table says « terrible … au delà de 20 » (an erratum: 20 falls in no category); the
    # card prints what the rules give, « 20 et plus ». That disagreement joins the erratum; once
    # the book says « au delà de 19 » (the correction), table and card agree: no finding at all.
    folder = _copy(tmp_path, "edad")
    run = rulebook("check", str(folder), "--format", "json", "-v")
    findings = json.loads(run.out)["books"][0]["findings"]
    (erratum,) = [f for f in findings if f["id"] == "erratum:table-categories-d-ecart:au-dela-de"]
    assert (
        french(
            "la carte « Écart, faire 10, faire 20 » montre « 20 et plus » là où le tableau dit "
            "« au delà de 20. » (ligne « et terrible »)"
        )
        in erratum["derivation"]
    )
    assert not [f for f in findings if f["category"] == "card-erratum"]
    book = folder / "book.xml"
    text = book.read_text(encoding="utf-8")
    assert text.count("au delà de 20.") == 1
    book.write_text(text.replace("au delà de 20.", "au delà de 19."), encoding="utf-8")
    run = rulebook("check", str(folder))
    assert "Catégories d'écart" not in run.out.replace("’", "'"), run.out


# -- the chances, against brute force ------------------------------------------------------


def test_cda_chances_with_the_critical_die_match_the_enumeration_of_the_dice(decks):
    from fractions import Fraction

    rules = _books()["cda"][1].rules
    from importlib import import_module

    aide = import_module(f"{rules.__name__}.aide_de_jeu")
    rows = aide.chances_de_reussite_avec_le_de_critique()
    for cible, *chances in rows:
        for difficulte, chance in zip(aide.DIFFICULTES_DE_LA_TABLE, chances, strict=True):
            assert chance == _cda_brute_force(cible, difficulte, 10), (cible, difficulte)
    for label, un, au_dela in aide.chances_des_des_critiques(15):
        faces = int(label[1:])
        assert un == Fraction(1, faces)
        assert au_dela == _cda_brute_force(15, 15, faces)


def _cda_brute_force(cible: int, difficulte: int, faces: int):
    """P(réussite and °R > ND): every d20, every face of the dé critique, every re-roll.

    A re-rolled 20 adds 20 and more: past any ND up to 20, so one re-roll is exact here.
    """
    from fractions import Fraction

    hits = total = 0
    for de in range(1, 21):
        for critique in range(1, faces + 1):
            for relance in range(1, 21):
                total += 1
                reussite = de == 1 or (de < 20 and de <= cible)
                degre = min(de, cible) if reussite else 0
                if critique == 1:
                    degre += relance if relance < 20 else 21
                hits += reussite and degre > difficulte
    return Fraction(hits, total)


def test_harmonies_chances_match_the_enumeration_of_the_open_dice():
    from fractions import Fraction
    from importlib import import_module

    aide = import_module(f"{_books()['harmonies'][1].rules.__name__}.aide_de_jeu")
    depth = 6  # each die followed through 6 rolls: what is cut weighs 2·10⁻⁶ at most
    faces = {}
    for tens in range(depth):
        last = tens == depth - 1
        for face in range(1, 11 if last else 10):
            faces[10 * tens + face] = Fraction(1, 10 ** (tens + 1))
    for difficulte, chance, _ in aide.chances_exactes_et_du_livre():
        enumerated = sum(
            p * q for a, p in faces.items() for b, q in faces.items() if difficulte + a - b >= 0
        )
        assert abs(chance - enumerated) <= 2 * Fraction(1, 10 ** (depth - 1)), difficulte


def test_edad_chances_match_the_enumeration_of_the_dice():
    from fractions import Fraction
    from importlib import import_module

    aide = import_module(f"{_books()['edad'][1].rules.__name__}.aide_de_jeu")
    rolls = _edad_rolls()
    for ecart, chance in aide.chances_de_succes():
        win = tie = Fraction(0)
        for a, p in rolls.items():
            for b, q in rolls.items():
                if a + ecart > b:
                    win += p * q
                elif a + ecart == b:
                    tie += p * q
        assert chance == win / (1 - tie), ecart


def _edad_rolls():
    """Every way a d20 falls with the book's re-rolls: on 1, re-roll and subtract; on 20, add.

    The re-rolls that follow a 20 go on, three dice at most (as the rules cut them).
    """
    from fractions import Fraction

    def chain(dice: int):
        for face in range(1, 21):
            if face == 20 and dice > 1:
                for rest, p in chain(dice - 1):
                    yield 20 + rest, p / 20
            else:
                yield face, Fraction(1, 20)

    rolls: dict[int, Fraction] = {}
    for face in range(1, 21):
        if face in (1, 20):
            for rest, p in chain(3):
                total = face - rest if face == 1 else face + rest
                rolls[total] = rolls.get(total, 0) + p / 20
        else:
            rolls[face] = rolls.get(face, 0) + Fraction(1, 20)
    return rolls


# -- imposition and reproducibility --------------------------------------------------------


@pytest.mark.parametrize(
    "size, paper, columns, rows, landscape",
    [
        # three poker cards across A4 fit butted (3 × 63 + 2 × 3 = 195 of 198 mm), not each
        # with its bleed (3 × 69 = 207): 9 to a sheet where 8 fit landscape
        ("poker", "a4", 3, 3, False),
        ("poker", "letter", 4, 2, True),
        ("tarot", "a4", 2, 2, False),
        ("a6", "a4", 2, 1, True),
    ],
)
def test_each_size_is_imposed_as_many_to_a_sheet_as_fit_with_room_for_the_marks(
    size, paper, columns, rows, landscape
):
    from build_tools.render.cards.pages import Layout

    layout = Layout.of(size, paper)
    assert (layout.columns, layout.rows, layout.landscape) == (columns, rows, landscape)
    for index in range(layout.per_sheet):
        x, y = layout.slot(index)
        assert x >= 6 and y >= 6  # the crop marks' room
        assert x + layout.width + 6 <= layout.page_width - 6
        assert y + layout.height + 6 <= layout.page_height - 6


def test_butted_columns_draw_no_card_over_its_neighbour():
    from build_tools.render.cards.pages import Layout

    layout = Layout.of("poker", "a4")
    assert layout.butted and layout.per_sheet == 9
    # the first column keeps its left bleed, the last its right one; none draws over another
    assert [layout.cell(i) for i in range(3)] == [(0.0, 66.0), (3.0, 63.0), (3.0, 66.0)]
    drawn = [(layout.slot(i)[0] + layout.cell(i)[0], layout.cell(i)[1]) for i in range(3)]
    for (left, width), (next_left, _) in zip(drawn, drawn[1:], strict=False):
        assert left + width == pytest.approx(next_left)
    assert layout.cell(0, back=True) == layout.cell(2)  # a back mirrors its column
    assert Layout.of("tarot", "a4").cell(0) is None  # cards with their own bleed: all drawn


@pytest.mark.parametrize(("size", "paper"), [("poker", "a4"), ("poker", "letter"), ("tarot", "a4")])
def test_a_sheet_not_full_has_crop_marks_beside_its_cards_only(size, paper):
    """On a sheet holding 1 to all of its cards, fronts and mirrored backs alike: every mark
    is in line with a trim edge of a card it holds, the bleed and the marks' gap outside it;
    none is on a card; every trim edge of every card is marked at both of its ends."""
    from build_tools.render.cards.pages import BLEED, MARK_GAP, Layout

    layout = Layout.of(size, paper)
    away = BLEED + MARK_GAP
    for count in range(1, layout.per_sheet + 1):
        for back in (False, True):
            trims = []  # left, top, right, bottom of each card's trim
            for index in range(count):
                x, y = layout.slot(index, back)
                trims.append(
                    (x + BLEED, y + BLEED, x + BLEED + layout.width, y + BLEED + layout.height)
                )
            marks = layout.marks(count, back)
            vertical = [
                (m.x + m.width / 2, m.y, m.y + m.height) for m in marks if m.height > m.width
            ]
            across = [(m.y + m.height / 2, m.x, m.x + m.width) for m in marks if m.width > m.height]
            for mark in marks:  # none on a card, its bleed included
                for left, top, right, bottom in trims:
                    assert (
                        mark.x >= right + BLEED - 0.01
                        or mark.x + mark.width <= left - BLEED + 0.01
                        or mark.y >= bottom + BLEED - 0.01
                        or mark.y + mark.height <= top - BLEED + 0.01
                    ), (count, back, mark)

            def beside(line, start, end, edges):
                """Whether a mark along `line` from `start` to `end` is just outside a card's
                trim edge: edges are (line, first end, last end) of the cards' edges."""
                return any(
                    abs(line - at) < 0.01
                    and (abs(first - away - end) < 0.01 or abs(last + away - start) < 0.01)
                    for at, first, last in edges
                )

            downs = [(edge, t, b) for left, t, right, b in trims for edge in (left, right)]
            sideways = [(edge, le, r) for le, top, r, bottom in trims for edge in (top, bottom)]
            for line, start, end in vertical:
                assert beside(line, start, end, downs), (count, back, line, start)
            for line, start, end in across:
                assert beside(line, start, end, sideways), (count, back, line, start)
            # each card's edges marked at both ends, beyond it (the cut runs through it)
            for at, first, last in downs:
                lines = [(s, e) for line, s, e in vertical if abs(line - at) < 0.01]
                assert any(e <= first for s, e in lines) and any(s >= last for s, e in lines)
            for at, first, last in sideways:
                lines = [(s, e) for line, s, e in across if abs(line - at) < 0.01]
                assert any(e <= first for s, e in lines) and any(s >= last for s, e in lines)
            assert len(marks) == len(set(marks))  # a shared cut line marked once at each end
    assert layout.marks(layout.per_sheet) == layout.marks()  # a full sheet: every slot's


def test_a_back_falls_behind_its_face_once_the_sheet_is_turned_over_its_long_edge():
    from build_tools.render.cards.pages import Layout

    portrait = Layout.of("tarot", "a4")  # turned over its left edge: columns mirrored
    x, y = portrait.slot(0)
    back_x, back_y = portrait.slot(0, back=True)
    assert back_y == y and back_x + portrait.width + 6 == pytest.approx(portrait.page_width - x)
    landscape = Layout.of("a6", "a4")  # turned over its top edge: rows mirrored
    x, y = landscape.slot(1)
    back_x, back_y = landscape.slot(1, back=True)
    assert back_x == x and back_y + landscape.height + 6 == pytest.approx(landscape.page_height - y)


@pytest.mark.slow
def test_two_builds_with_source_date_epoch_are_byte_identical(decks, monkeypatch):
    from dataclasses import replace

    from build_tools.render.cards import pages as cards

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    deck = replace(decks["harmonies"], cards=decks["harmonies"].cards[:2])
    layout = cards.Layout.of("poker", "a4")

    def imposed():
        engine = cards.deck_engine(deck)
        pdfs, _ = cards.deck_pdfs(deck, layout, "fr", engine, [8.0, 8.0], cards.OUTPUTS[:1])
        return pdfs["cards.pdf"]

    first = imposed()
    assert first == imposed()
    created = PdfReader(io.BytesIO(first)).metadata.creation_date
    assert (created.year, created.month, created.day) == (2023, 11, 14)


def test_a_card_prints_the_formula_its_rule_declares_and_the_check_holds_both_to_it(
    tmp_path, rulebook
):
    folder = _copy(tmp_path, "edad")
    module = folder / "rules" / "reactivite.py"
    module.write_text(
        "from fractions import Fraction\n\n"
        "from build_tools.checking.rule import rule\n\n\n"
        '@rule(formula="gain = Int / D", symbols={"Int": "intelligence", "D": 10},\n'
        '      cites="le gain est égal à leur valeur d\'intelligence divisée par 10")\n'
        "def gain(intelligence: int) -> Fraction:\n"
        '    """Le gain de réactivité: l\'intelligence divisée par 10."""\n'
        "    return Fraction(intelligence, 10)\n",
        encoding="utf-8",
    )
    deck = folder / "deck.toml"
    text = deck.read_text(encoding="utf-8")
    block = '[[card.block]]\nformula = true\nrule = "reactivite.gain"\ncite = true\n\n'
    deck.write_text(
        text.replace("[[card.block]]\n", block + "[[card.block]]\n", 1), encoding="utf-8"
    )
    books = {book.name: (book, load_game(book)[0]) for book in discover(tmp_path)}
    (first, *_) = deck_of(*books["edad"]).cards[0].blocks
    assert (first.text, first.items) == (
        "gain = Int / 10",
        ["Le gain est égal à leur valeur d’intelligence divisée par 10…"],
    )
    assert rulebook("check", str(folder)).status == 0

    # The rule now computes otherwise than its formula, and its sentence is no longer the book's
    # (in another copy: this process has imported the first one's rules).
    folder = shutil.copytree(folder, tmp_path / "second" / "edad")
    module = folder / "rules" / "reactivite.py"
    module.write_text(
        module.read_text(encoding="utf-8")
        .replace("Fraction(intelligence, 10)", "Fraction(intelligence, 5)")
        .replace("divisée par 10", "divisée par cinq"),
        encoding="utf-8",
    )
    run = rulebook("check", str(folder))
    assert run.status == 1
    said = "la formule « gain = Int / 10 » donne 3/10 là où les règles donnent 3/5"
    assert french(said) in run.out
    # The card quotes the rule's sentence, which the book says with « 10 » for « cinq »: the
    # card's finding names both words and the book's place.
    assert (
        french(
            "carte « Faire une action » : le livre dit « 10 » là où la carte dit « cinq » [card]"
        )
        in run.out
    ), run.out
    assert "ne dit plus" not in run.out


@pytest.mark.parametrize(
    "old, new, message",
    [
        (
            'columns = ["catégorie", "écart"]',
            'colums = ["catégorie", "écart"]',
            "card « Écart, faire 10, faire 20 »: a table block has no key 'colums' "
            "(keys: arguments, book, ",
        ),
        (
            'table = "aide_de_jeu.categories_d_ecart"',
            'table = "aide_de_jeu.categories"',
            "card « Écart, faire 10, faire 20 »: aide_de_jeu.categories cannot be computed: "
            "rules/aide_de_jeu.py has no function 'categories'",
        ),
        (
            'table = "aide_de_jeu.categories_d_ecart"',
            "table = 42",
            "card « Écart, faire 10, faire 20 »: table = 42: expected the name of a rules function",
        ),
        # values of the wrong kind: each was an internal error (exit 3)
        ("split = 2", 'split = "deux"', 'card « Chances de succès »: split = "deux": expected a '),
        (
            "split = 2",
            "split = 0",
            "card « Chances de succès »: split = 0: expected a whole number",
        ),
        (
            "chart = true",
            'chart = "oui"',
            'card « Chances de succès »: chart = "oui": expected true',
        ),
        ('title = "Edad"', "title = 5", "[deck]: title = 5: expected a text in quotes"),
        (
            'colour = "#3d4f1f"',
            'colour = "red; } body { display: none"',
            '[deck]: colour = "red; } body { display: none": expected a colour as #rrggbb',
        ),
        ('title = "La file"', "title = 7", "card 5: title = 7: expected a text in quotes"),
        (
            'quote = "Les combattants sont alors placés',
            'quote = 3\nqu = "Les combattants sont alors placés',
            "card « L’initiative »: quote = 3: expected a text in quotes",
        ),
        (  # was an internal error (exit 3)
            'rule = "file.gain_de_reactivite"',
            'rule = "file.gain"',
            "card « La réactivité »: the formula's rule: rules/file.py has no function 'gain'",
        ),
    ],
)
def test_a_deck_mistake_is_a_finding_at_its_line(tmp_path, rulebook, old, new, message):
    folder = _copy(tmp_path, "edad")
    deck = folder / "deck.toml"
    text = deck.read_text(encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    deck.write_text(text.replace(old, new), encoding="utf-8")
    run = rulebook("check", str(folder))
    assert run.status == 1
    assert f"deck.toml:{line}: error: {french(message)}" in run.out, run.out
    if "colums" in new:  # the build refuses the deck as the check does (once is enough)
        built = rulebook("build", str(folder), "--format", "cards", "--out", str(tmp_path / "o"))
        assert built.status == 1 and message in built.err


def test_a_table_printed_sideways_is_compared_column_by_column(tmp_path, rulebook):
    # Harmonies prints its chances in bands of two rows (« Difficulté », « Pourcentage »);
    # the card's « livre » column is held to the percentage under the same difficulty.
    folder = _copy(tmp_path, "harmonies")
    book = folder / "actions.xml"
    text = book.read_text(encoding="utf-8")
    assert text.count("<entry>12%</entry>") == 1
    line = text[: text.index("<entry>12%</entry>")].count("\n") + 1
    book.write_text(text.replace("<entry>12%</entry>", "<entry>13%</entry>"), encoding="utf-8")
    run = rulebook("check", str(folder))
    assert run.status == 1
    assert re.search(
        french(rf"actions\.xml:{line}:\d+: error: tableau « Chances de réussite d'une action »: ")
        + r"le texte dit 13, les règles donnent 12 \[erratum\]\n"
        r"(?:  .*\n)*?  working:\n(?:    .*\n)*"
        + french(
            r"    la carte « Chances de réussite » montre « 12\u202f% » là où le tableau dit "
            r"« 13% » \(ligne « -6 »\)\n"
        ),
        run.out,
    ), run.out


def test_a_deck_that_is_not_toml_is_one_finding_at_its_line(tmp_path, rulebook):
    folder = _copy(tmp_path, "edad")
    deck = folder / "deck.toml"
    lines = deck.read_text(encoding="utf-8").splitlines()
    lines[2] = "title = « La file »"  # guillemets are no TOML string
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = rulebook("check", str(folder))
    found = [line for line in run.out.splitlines() if "deck file is not valid TOML" in line]
    assert len(found) == 1 and "deck.toml:3:" in found[0], run.out


# -- type: sizes, one title size, the safe zone, faces, output intent, contrast -------------


def _single(built, book: str) -> PdfReader:
    return PdfReader(built / book / "cards-single.pdf")


def _glyphs(page) -> tuple[str, list[tuple[str, float, float, float]]]:
    """The page's text, and (text, size in pt, x, y in pt) of every run of text drawn on it."""
    runs = []

    def visit(text, cm, tm, font, size):
        if not text.strip():
            return
        a, b, c, d, e, f = tm
        ca, cb, cc, cd, ce, cf = cm
        # the text matrix in the page's space: tm × cm
        x = e * ca + f * cc + ce
        y = e * cb + f * cd + cf
        scale = math.hypot(a * ca + b * cc, a * cb + b * cd)
        runs.append((text.strip(), size * scale, x, y))

    return page.extract_text(visitor_text=visit), runs


@pytest.fixture(scope="session")
def single_glyphs(built, shared_build):
    """`single_glyphs(book)`: `_glyphs` of each page of the book's cards-single.pdf, read once
    for the run (the slow part of the tests below)."""

    def read(book: str) -> list:
        path = built / book / "cards-single.pdf"
        return shared_build.computed(
            f"the glyphs of {path.resolve()}",
            lambda: [_glyphs(page) for page in _single(built, book).pages],
        )

    return read


@pytest.mark.slow
@pytest.mark.parametrize("book", BOOKS)
def test_no_text_under_six_and_a_half_points_and_one_title_size(single_glyphs, book):
    titles = set()
    for number, (_, runs) in enumerate(single_glyphs(book)):
        small = [(text, round(size, 2)) for text, size, *_ in runs if size < 6.5 - 0.01]
        assert not small, (book, number + 1, small)
        if number % 2 == 0:  # a face: its title is its largest text
            titles.add(round(max(size for _, size, *_ in runs), 2))
    assert len(titles) == 1, (book, titles)


@pytest.mark.slow
@pytest.mark.parametrize("book", BOOKS)
def test_text_keeps_three_millimetres_inside_the_trim(built, single_glyphs, book):
    pages = zip(_single(built, book).pages, single_glyphs(book), strict=True)
    for number, (page, (_, runs)) in enumerate(pages):
        trim = [float(v) for v in page.trimbox]
        for text, size, x, y in runs:
            assert x >= trim[0] + 3 * MM - 0.5, (book, number + 1, text, (x - trim[0]) / MM)
            assert y - 0.25 * size >= trim[1] + 3 * MM - 0.5, (
                book,
                number + 1,
                text,
                (y - trim[1]) / MM,
            )
            assert (
                y + 0.75 * size <= trim[3] - 3 * MM + 0.5
            )  # a capital's top, (book, number + 1, text)


@pytest.mark.slow
def test_fonts_are_the_deck_faces_only_and_the_output_intent_is_srgb(built):
    for book in BOOKS:
        reader = _single(built, book)
        faces = set()
        for page in reader.pages:
            for font in page["/Resources"]["/Font"].values():
                faces.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
        assert all(face.startswith("Source-S") for face in faces), (book, faces)
        intents = reader.trailer["/Root"]["/OutputIntents"]
        profile = intents[0].get_object()["/DestOutputProfile"].get_object()
        assert b"sRGB" in profile.get_data()[:200] or "sRGB" in str(intents[0]["/Info"])


def test_a_deck_colour_too_pale_to_read_is_refused_at_its_line(tmp_path, rulebook):
    assert contrast("#777777", "#ffffff") < 4.5 < contrast("#595959", "#ffffff")
    deck = _copy(tmp_path, "edad") / "deck.toml"
    text = deck.read_text(encoding="utf-8")
    line = text[: text.index('colour = "#3d4f1f"')].count("\n") + 1
    deck.write_text(text.replace('colour = "#3d4f1f"', 'colour = "#e0c060"'), encoding="utf-8")
    run = rulebook("check", str(deck.parent))
    assert run.status == 1
    assert re.search(
        rf"deck\.toml:{line}: error: \[deck\]: colour = \"#e0c060\": white titles on it and its "
        r"headings on white have a contrast of 1\.\d:1; at least 4\.5:1",
        run.out,
    ), run.out


# -- what a player needs mid-fight -------------------------------------------------------------


def _card(decks, book: str, title: str):
    return next(card for card in decks[book].cards if card.title == title)


def _words(card) -> str:
    texts = [card.title]
    for block in card.blocks:
        texts += [block.heading, block.text, block.note, *block.items, *block.columns]
        texts += [cell.text for row in block.rows for cell in row]
    return " ".join(texts)


NEEDED_AT_THE_TABLE = [
    # Harmonies: the classes S/E/L/G/C/F a weapon's class reads, what each does, and the pain
    ("harmonies", "Classe de dommage et douleur", "un seuil par degré, de S à F"),
    ("harmonies", "Classe de dommage et douleur", "éraflure : 1 point de douleur"),
    ("harmonies", "Classe de dommage et douleur", "au-dessus de S, aucun dégât"),
    ("harmonies", "Classe de dommage et douleur", "Le livre ne le dit pas : la section sur la"),
    ("harmonies", "Classe de dommage et douleur", "chaque point −1 à toutes les activités"),
    ("harmonies", "Classe de dommage et douleur", "5 et plus un jet d’évanouissement est dû"),
    # Harmonies: whole rules (the held-back attack's FD taken off, the mêlée's options, the
    # Facteurs' bounds) and the ° of every ±d10° noted
    ("harmonies", "Facteurs et types d’attaque", "toutefois le FD sera soustrait dans le calcul"),
    ("harmonies", "Les quatre totaux", "Les seules options sont de charger"),
    ("harmonies", "Le round", "Une attaque est décrite par 4 Facteurs qui valent tous 0 ou plus"),
    ("harmonies", "Le round", "Le Facteur Finesse ne peut toutefois être supérieur à +5"),
    ("harmonies", "Résoudre une action", "marge = difficulté finale ±d10° Le livre ne le dit pas"),
    # Edad: whole rules (the reactions' two halves, who wins, faire 20, the initiative roll,
    # where the reactivity starts, what parries and in which order, Incantation rapide)
    ("edad", "La réactivité", "Ceux qui sont en première moitié peuvent déclarer"),
    ("edad", "La réactivité", "Ceux qui sont en deuxième moitié peuvent déclarer"),
    ("edad", "La réactivité", "Un personnage reposé commence le combat avec de quoi faire"),
    ("edad", "Faire une action", "ce qui se rajoute au score du dé est le degré de difficulté"),
    ("edad", "Faire une action", "Si le score total du joueur est supérieur au score total"),
    ("edad", "Faire une action", "l'action se résout avec succès, sinon elle échoue"),
    ("edad", "Écart, faire 10, faire 20", "peut choisir de faire 20 à la place de lancer le dé"),
    ("edad", "L’initiative", "ce qui consiste à tirer 1D20 puis à rajouter différents bonus"),
    ("edad", "L’initiative", "bonus = valeur − 10"),
    ("edad", "L’initiative", "pris au dépourvu ne peuvent ajouter leur bonus"),
    ("edad", "La file", "en ignorant ceux qui ont déjà déclaré une action ce tour-ci"),
    ("edad", "Parer et esquiver", "10+bonus à la CA indiquée dans le manuel des joueurs"),
    ("edad", "Parer et esquiver", "les trois font des test séparément dans cet ordre"),
    ("edad", "La magie", "réduire d'une action simple le temps d'une incantation"),
    ("edad", "Points de vie des objets", "Les protections magiques n'ont pas de points de vie"),
    # cda: where each °R comes from; what « limite » is; each PF a −1 (the book drops the 1)
    ("cda", "Combat : les totaux", "degré de réussite (°R)"),
    ("cda", "Dommages", "jet de Résistance dans l’aspect affecté"),
    ("cda", "Dommages", "le degré de réussite (positif) est soustrait du Dom"),
    ("cda", "Dommages", "Limite : les PF que la blessure garde jusqu’à ses soins"),
    ("cda", "Blessures et fatigue", "handicap = PF × 1"),
    ("cda", "Blessures et fatigue", "Chaque point diminue de 1 les cibles à atteindre"),
    ("cda", "Blessures et fatigue", "Erratum connu : le livre omet le « 1 »"),
    ("cda", "Combat : les totaux", "°R : celui du jet d’attaque"),
    # cda: whole rules, not their first sentence
    ("cda", "Difficultés", "Un tel bonus s’appelle alors un avantage"),
    ("cda", "Le dé critique", "il pourrait ne faire lancer qu’un d12 ou même un autre d20"),
    ("cda", "Le tir", "La CA pour tirer est égale à la CA de la compétence"),
    ("cda", "Le tir", "la distance et le malus pour éviter le tir"),
    ("cda", "Surclassement", "le °R du vaincu est soustrait de celui du vainqueur"),
    ("cda", "Héroïsme", "(aspect et compétence) utilisées, moins ceux du ND"),
    ("cda", "Héroïsme", "Lorsque le total d’héroïsme est négatif, l’effet est inversé"),
]


@pytest.mark.parametrize(("book", "title", "words"), NEEDED_AT_THE_TABLE)
def test_the_cards_say_what_a_player_needs_at_the_table(decks, single_glyphs, book, title, words):
    # read on the card's face in cards-single.pdf (each card once: its face, then its back)
    number = [card.title for card in decks[book].cards].index(french(title))
    face, _ = single_glyphs(book)[2 * number]
    assert _flat(french(title)) in _flat(face)
    assert _flat(french(words)) in _flat(face), (title, face)


def test_a_rule_card_quotes_the_rule_not_the_books_example(decks):
    # Harmonies' « Sonné »: the rule, without the example's « notre Ogre »
    assert all("Ogre" not in _words(card) for card in decks["harmonies"].cards)


# -- a card's own colour, icon and count -------------------------------------------------------


def _edad_with(tmp_path: Path, after_title: str, keys: str) -> Path:
    """A copy of Edad whose card `after_title` has `keys` (TOML lines) of its own."""
    folder = _copy(tmp_path, "edad")
    deck = folder / "deck.toml"
    text = deck.read_text(encoding="utf-8")
    title = f'title = "{after_title}"\n'
    assert title in text
    deck.write_text(text.replace(title, title + keys, 1), encoding="utf-8")
    return folder


@pytest.mark.slow
def test_a_card_has_its_own_colour_icon_and_count_on_the_imposed_sheets(tmp_path, rulebook):
    folder = _edad_with(
        tmp_path, "Faire une action", 'colour = "#7a1f1f"\nicon = "de"\ncount = 3\n'
    )
    (folder / "epee.svg").write_text(
        (ROOT / "templates/cards/icons/epee.svg").read_text(encoding="utf-8"), encoding="utf-8"
    )
    deck = folder / "deck.toml"
    # three cards: one with its own colour, icon and count, one with an SVG icon, one plain
    assert first_cards(deck, 3) > 3
    text = deck.read_text(encoding="utf-8")
    title = 'title = "Chances de succès"\n'
    deck.write_text(text.replace(title, title + 'icon = "epee.svg"\n', 1), encoding="utf-8")
    cards = len(re.findall(r"^\[\[card\]\]$", text, re.M))
    out = tmp_path / "out"
    run = rulebook("build", str(folder), "--format", "cards", "--out", str(out))
    assert run.status == 0, run.err
    single = PdfReader(out / "edad" / "cards-single.pdf")
    # poker cards are nine to an A4 sheet: the first card's three copies, then the others
    fronts = _flat(" ".join(pdf_text.page_texts(out / "edad" / "cards.pdf")[::2]))
    assert fronts.count(_flat("Faire une action")) == 3
    assert fronts.count(f"/{cards}") == cards + 2  # each face's footer « n/3 »
    # the single-card file, for a print shop, holds each card once
    assert len(single.pages) == 2 * cards
    assert (
        _flat(pdf_text.page_texts(out / "edad" / "cards-single.pdf")[0]).count(
            _flat("Faire une action")
        )
        == 1
    )
    # the icons are drawn in the title bars (white on the bar's right end), not on the others
    assert [_white_in_title_bar(out / "edad" / "cards-single.pdf", p) for p in (1, 3, 5)] == [
        True,
        True,
        False,
    ]
    # the card's colour fills its title bar: its RGB appears in the card's page, not another's
    red = "0.478 0.122 0.122"
    contents = [page.get_contents().get_data().decode("latin-1") for page in single.pages[:4:2]]
    assert any(re.search(r"0?\.47\d+ 0?\.12\d+ 0?\.12\d+ rg", c) for c in contents[:1]), red
    assert not re.search(r"0?\.47\d+ 0?\.12\d+ 0?\.12\d+ rg", contents[1])


def _white_in_title_bar(pdf: Path, page: int) -> bool:
    """Whether the right end of a card's title bar (its last 12 mm) has white in it."""
    from PIL import Image

    with tempfile.TemporaryDirectory() as scratch:
        stem = Path(scratch) / "card"
        subprocess.run(
            ["pdftoppm", "-r", "150", "-f", str(page), "-l", str(page), "-singlefile", "-png"]
            + [str(pdf), str(stem)],
            check=True,
        )
        image = Image.open(f"{stem}.png").convert("L")
    dots = 150 / 25.4
    width, _ = image.size
    # the bar: under the 3 mm bleed and the 3 mm safe zone, from 6.5 to 11 mm from the top
    box = (int(width - 15 * dots), int(6.5 * dots), int(width - 6 * dots), int(11 * dots))
    return image.crop(box).getextrema()[1] > 240


@pytest.mark.parametrize(
    ("keys", "key", "message"),
    [
        ('colour = "#e0c060"\n', "colour", r"contrast of 1\.\d:1; at least 4\.5:1"),
        ('colour = "red"\n', "colour", "expected a colour as #rrggbb"),
        ('icon = "hache"\n', "icon", r"no such symbol \(bouclier, coeur, de, epee, livre\)"),
        ('icon = "../../x.svg"\n', "icon", "an SVG in the game's folder"),
        ("count = 0\n", "count", "expected a whole number of copies from 1 to 54"),
        ('count = "2"\n', "count", "expected a whole number of copies"),
    ],
)
def test_a_cards_own_colour_icon_or_count_that_cannot_be_is_an_error_at_its_line(
    tmp_path, rulebook, keys, key, message
):
    folder = _edad_with(tmp_path, "Chances de succès", keys)
    text = (folder / "deck.toml").read_text(encoding="utf-8")
    line = text[: text.index(keys)].count("\n") + 1
    run = rulebook("check", str(folder))
    assert run.status == 1
    assert re.search(
        french(rf"deck\.toml:{line}: error: card « Chances de succès »: {key} = .*{message}"),
        run.out,
    ), run.out


LEDGER_NOTES = [
    # cda's PF handicap: the book drops its « 1 » (« un handicap de sur toutes les CA »)
    ("cda", "Blessures et fatigue", "sante.handicap_de_fatigue", "Erratum connu : le livre omet"),
    # the BE added to the jet de Résistance in one place, taken from the Dom in « les armures »
    ("cda", "Dommages", "sante.dommages_effectifs", "Erratum connu : ailleurs, le"),
    # the facteur d'attaque « -10 » of the glossary, the manœuvre de dommage's « °R + 5 »
    ("cda", "Combat\u00a0: les totaux", "combat.total_de_parade", "Erratum connu : le glossaire"),
    ("cda", "Surclassement", "aide_de_jeu.manoeuvres", "Erratum connu : la liste donne ici"),
    # « terrible au delà de 20 » leaves an écart of 20 in no category
    ("edad", "Écart, faire 10, faire 20", "aide_de_jeu.categories_d_ecart", "Erratum connu : « au"),
    # the tie re-rolled whole, bonuses included: the book does not say which score decides
    ("edad", "Chances de succès", "aide_de_jeu.chances_de_succes", "Le livre ne le dit pas : quel"),
    # the don « Science de l'initiative », D&D's name for Edad's « Sens de l'initiative »
    (
        "edad",
        "L’initiative",
        "Au début du combat, les participants tirent leur jet d'initiative "
        "pour déterminer l'ordre d'action, ce qui consiste à tirer 1D20 puis à rajouter différents "
        "bonus. Le bonus est égal à la somme entre le bonus de dextérité, le bonus d'intelligence, "
        "plus d'autres bonus (comme celui issu du don Science de l'initiative) et correspondra à "
        "l'attribut d'initiative (Init).",
        "Erratum connu : le don s’appelle",
    ),
    # the exact chances and the Attaque roll ±d10°, whose ° the chapters never explain
    ("harmonies", "Chances de réussite", "aide_de_jeu.chances_exactes_et_du_livre", "Le livre ne"),
    ("harmonies", "Les quatre totaux", "combat.total_d_attaque", "Le livre ne le dit pas : ce que"),
    ("harmonies", "Les dégâts", "combat.jet_d_encaissement", "Le livre ne le dit pas : ce que"),
    ("harmonies", "Résoudre une action", "actions.marge_de_reussite", "Le livre ne le dit"),
    # the weapon's class: its section did not reach us (a broken reference), read in the examples
    (
        "harmonies",
        "Classe de dommage et douleur",
        "aide_de_jeu.classes_de_dommage",
        "Le livre ne le dit pas : la section sur la classe",
    ),
    # the book's table starts from 50 % at 0, where a marge of 0 succeeds: 54,5 %
    ("harmonies", "Chances de réussite", "La table du livre", "Erratum connu : le tableau part"),
]


@pytest.mark.parametrize(("book", "title", "block", "opening"), LEDGER_NOTES)
def test_a_block_resting_on_a_ledger_entry_carries_its_card_wording(
    decks, single_glyphs, book, title, block, opening
):
    # the entry's card_fr, the ledger's short wording of its reason: it fits the card
    card = _card(decks, book, title)
    (found,) = [b for b in card.blocks if block in b.spec.values()]
    entries = read_ledger(ROOT / "source" / book / "ledger.toml")[0]
    (entry,) = [e for e in entries if "fr" in e.cards and _flat(e.cards["fr"]) in _flat(found.note)]
    assert _flat(found.note).startswith(_flat(opening))
    assert _flat(entry.reason_in("fr")) not in _flat(found.note)  # the short wording, not it
    assert any(_flat(found.note) in _flat(text) for text, _ in single_glyphs(book))


def test_a_ledger_note_naming_no_entry_is_an_error_at_its_line(tmp_path, rulebook):
    folder = _edad_with(tmp_path, "Chances de succès", "")
    deck = folder / "deck.toml"
    text = deck.read_text(encoding="utf-8")
    old = 'ledger = "rule-unstated:departage-des-egalites"\n'
    deck.write_text(text.replace(old, 'ledger = "erratum:nowhere"\n', 1), encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    run = rulebook("check", str(folder))
    assert run.status == 1
    assert re.search(
        french(rf"deck\.toml:{line}: error: card « Chances de succès »: ")
        + r"ledger = \"erratum:nowhere\": expected the id of an entry of the book's ledger",
        run.out,
    ), run.out
