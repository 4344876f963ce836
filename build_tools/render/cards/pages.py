"""The cards format: a game's quick-reference deck as print-ready PDFs (and PNG previews).

    read the deck (cards_deck) ─> fit each card's text ─> lay out one card per page
                                                       └─> impose on sheets with crop marks

Fitting: every card is laid out alone by WeasyPrint on a page as tall as its
text, and the height of its text is compared with the card's. Text is set at
8 pt on a poker card (in proportion on larger cards) and shrunk by half points
when it does not fit, never below 6.5 pt: a card whose text is still too long
is a build error naming the card and how many millimetres it overflows by.
Nothing is ever clipped.

Outputs in `generated/BOOK/`: `cards.pdf` (imposed on the paper of `--paper`,
backs on the following page for long-edge duplex), `cards-single.pdf` (one
card per page with its bleed, front then back, trim and bleed boxes set for
print shops) and, with `--previews`, `cards-png/carte-NN.png`.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from build_tools.assets import templates_folder
from build_tools.checking.deck import ICONS, SIZES, Deck, DeckError, deck_file, load_deck
from build_tools.diagnostics import Finding, source_line
from build_tools.output import write_atomic
from build_tools.render import templating
from build_tools.render.context import RenderError
from build_tools.render.html.print_markup import source_date
from build_tools.render.markup import rendered, style_text
from build_tools.render.pdf.style import asset_folders, fonts

if TYPE_CHECKING:
    from build_tools.render.pdf.engine import Engine

TEMPLATES = templates_folder() / "cards"
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
BLEED = 3.0
"""Bleed around each card, in millimetres."""
SAFE = 3.0
"""Margin inside the trim that text and frames keep clear of: a cutting drift never reaches
them."""
FOOTER = 3.2
"""Room kept at the foot of a card for its footer."""
MARK_ROOM = 6.0
"""Room kept around the imposed cards for the crop marks."""
MARK_LENGTH, MARK_GAP, MARK_WEIGHT = 4.5, 0.8, 0.12
FONT_SIZES = (8.0, 7.5, 7.0, 6.5)
TITLE_SIZE = 11.0
"""A card's title, in points on a poker card: the same on every card of a deck."""
"""Text sizes tried on a poker card, largest first; the last is the smallest allowed."""
PX_TO_MM = 25.4 / 96
PDF_OPTIONS = {"full_fonts": False, "hinting": False, "output_intent": "srgb"}
"""Fonts subset to the glyphs the cards use, and embedded."""


def render(context) -> list[Path]:
    """Write the deck of the book of `context`: imposed, one per page, and previews if asked."""
    game = context.report.game
    if game is None or game.rules is None or deck_file(game.folder) is None:
        if not getattr(context.options, "rules", True) and deck_file(context.book.folder):
            why = "its deck is computed by the game's rules, which this build does not run"
        elif game is None and deck_file(context.book.folder):
            why = "its game cannot load (rulebook check says why)"
        else:
            why = "it has no deck (deck.toml in a game's folder)"
        context.findings.append(
            Finding("warning", "cards", f"no cards for {context.book.name}: {why}")
        )
        return []
    language = context.report.language
    try:
        deck = load_deck(game, context.report.ledger, language)
    except DeckError as error:
        raise RenderError([error.finding]) from None
    layout = Layout.of(context.options.card_size or deck.size, context.options.paper)
    engine = deck_engine(deck)
    pdfs, pages = deck_pdfs(deck, layout, language, engine)
    context.pages += pages  # what the build's progress counts
    context.findings += engine.report(context.book.name, "cards")
    written = [write_atomic(context.out / name, pdf) for name, pdf in pdfs.items()]
    if context.options.previews:
        written += previews(written[1], context.out / "cards-png", len(deck.cards), context)
    context.written.extend(written)
    return written


OUTPUTS = (("cards.pdf", "sheets"), ("cards-single.pdf", "single"))
"""The deck's PDFs and how each lays the cards out: imposed on sheets, one card per page."""


def deck_pdfs(
    deck: Deck,
    layout: Layout,
    language: str,
    engine: Engine,
    sizes: list[float] | None = None,
    outputs=OUTPUTS,
) -> tuple[dict[str, bytes], int]:
    """The deck's PDFs by name, and how many pages they have: each card's text fitted (at
    `sizes` when given), laid out and written while `engine` runs, so that its warnings and
    the gate's refusals are collected for its report, as the book's are."""
    with engine.running():
        sizes = sizes or fit(deck, layout, language, engine)  # one engine: its fonts read once
        pdfs, pages = {}, 0
        for name, mode in outputs:
            document = _document(deck, layout, sizes, mode, language, engine)
            pages += len(document.pages)
            pdfs[name] = document.write_pdf(**PDF_OPTIONS)
    return pdfs, pages


@dataclass(frozen=True)
class Mark:
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Layout:
    """A card size on a paper: how many cards a sheet holds, and where."""

    size: str
    width: float
    height: float
    page_width: float
    page_height: float
    columns: int
    rows: int
    butted: bool = False
    """Whether the columns share their cut lines (no bleed between two cards side by side, the
    block's outer edges bled): where that holds more cards, three poker cards across A4
    (3 × 63.5 + 2 × 3 = 196.5 mm of the 198 inside the marks' room, where three cards each
    with its bleed need 208.5)."""

    @classmethod
    def of(cls, size: str, paper: str) -> Layout:
        """The sheet orientation that holds the most cards (portrait when equal), the columns
        butted only where that holds more."""
        width, height = SIZES[size]
        paper_width, paper_height = PAPERS[paper]
        best = None
        for butted in (False, True):
            gutter = 0.0 if butted else 2 * BLEED
            for page_width, page_height in (
                (paper_width, paper_height),
                (paper_height, paper_width),
            ):
                room = page_width - 2 * MARK_ROOM - 2 * BLEED + gutter
                columns = int(room // (width + gutter))
                rows = int((page_height - 2 * MARK_ROOM) // (height + 2 * BLEED))
                if best is None or columns * rows > best.columns * best.rows:
                    best = cls(size, width, height, page_width, page_height, columns, rows, butted)
        if best.columns * best.rows == 0:
            raise RenderError(
                [Finding("error", "cards", f"a {size} card does not fit on {paper} paper")]
            )
        return best

    @property
    def scale(self) -> float:
        """How much larger than a poker card this card is (its text grows as much)."""
        return min(self.width / SIZES["poker"][0], self.height / SIZES["poker"][1])

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    @property
    def landscape(self) -> bool:
        return self.page_width > self.page_height

    @property
    def pitch(self) -> float:
        """From one column's left edge to the next's, in millimetres."""
        return self.width + (0.0 if self.butted else 2 * BLEED)

    def _origin(self) -> tuple[float, float]:
        block_width = (self.columns - 1) * self.pitch + self.width + 2 * BLEED
        block_height = self.rows * (self.height + 2 * BLEED)
        return (self.page_width - block_width) / 2, (self.page_height - block_height) / 2

    def cell(self, index: int, back: bool = False) -> tuple[float, float] | None:
        """Of butted columns, the part of the card at `index` drawn (its bleed on no side a
        neighbour's card is): its left within the card, its width; None when all is."""
        if not self.butted:
            return None
        column = self._place(index, back)[1]
        left = BLEED if column > 0 else 0.0
        right = BLEED + self.width + (BLEED if column == self.columns - 1 else 0.0)
        return left, right - left

    def _place(self, index: int, back: bool) -> tuple[int, int]:
        row, column = divmod(index, self.columns)
        if back and self.landscape:
            row = self.rows - 1 - row
        elif back:
            column = self.columns - 1 - column
        return row, column

    def slot(self, index: int, back: bool = False) -> tuple[float, float]:
        """Top left corner (bleed included) of the card at `index` on its sheet.

        A back is where its front falls once the sheet is turned over its long
        edge: the columns mirrored on a portrait sheet, the rows on a landscape one.
        """
        row, column = self._place(index, back)
        left, top = self._origin()
        return left + column * self.pitch, top + row * (self.height + 2 * BLEED)

    def marks(self, count: int | None = None, back: bool = False) -> list[Mark]:
        """Crop marks in line with every trim edge of the first `count` cards of a sheet (all
        its slots when None), on its fronts or its `back`: just outside the cards, so that an
        empty slot of a sheet's last row or column has none of its own (its neighbours' may
        stand in it, where there is nothing to cut)."""
        count = self.per_sheet if count is None else count
        places = [self._place(index, back) for index in range(count)]
        left, top = self._origin()
        pitch_y = self.height + 2 * BLEED
        marks = []
        # a vertical cut line runs from the top of the highest card on it to the foot of the
        # lowest; butted columns share their cut lines: one mark for each
        lines: dict[float, list[int]] = {}
        for row, column in places:
            for edge in (BLEED, BLEED + self.width):
                lines.setdefault(round(left + column * self.pitch + edge, 3), []).append(row)
        for line in sorted(lines):
            x = line - MARK_WEIGHT / 2
            highest, lowest = min(lines[line]), max(lines[line])
            above, below = top + highest * pitch_y, top + (lowest + 1) * pitch_y
            marks.append(Mark(x, above - MARK_GAP - MARK_LENGTH, MARK_WEIGHT, MARK_LENGTH))
            marks.append(Mark(x, below + MARK_GAP, MARK_WEIGHT, MARK_LENGTH))
        # a horizontal one from the left of the row's first card to the right of its last
        for row in sorted({row for row, _ in places}):
            columns = [column for place_row, column in places if place_row == row]
            first, last = min(columns), max(columns)
            before = left + first * self.pitch
            after = left + last * self.pitch + self.width + 2 * BLEED
            for y in (BLEED, BLEED + self.height):
                y += top + row * pitch_y - MARK_WEIGHT / 2
                marks.append(Mark(before - MARK_GAP - MARK_LENGTH, y, MARK_LENGTH, MARK_WEIGHT))
                marks.append(Mark(after + MARK_GAP, y, MARK_LENGTH, MARK_WEIGHT))
        return marks


def fit(deck: Deck, layout: Layout, language: str, engine: Engine) -> list[float]:
    """The text size of each card: the largest that fits; RenderError for a card none fits."""
    sizes = [FONT_SIZES[0] * layout.scale] * len(deck.cards)
    pending = list(range(len(deck.cards)))
    for step, size in enumerate(FONT_SIZES):
        for index in pending:
            sizes[index] = size * layout.scale
        excess = _measure(deck, layout, sizes, pending, language, engine)
        pending = [index for index in pending if max(excess[index]) > 0.05]
        if not pending:
            return sizes
        if step == len(FONT_SIZES) - 1:
            raise RenderError([_overflow(deck, layout, index, *excess[index]) for index in pending])
    return sizes


def _overflow(deck: Deck, layout: Layout, index: int, height: float, width: float) -> Finding:
    card = deck.cards[index]
    by = " and ".join(
        f"{excess:.1f} mm in {direction}"
        for excess, direction in ((height, "height"), (width, "width"))
        if excess > 0.05
    )
    return Finding(
        "error",
        "card-overflow",
        f"card {index + 1} « {card.title} » overflows its {layout.size} card "
        f"({layout.width:g} × {layout.height:g} mm) by {by}, even at the smallest "
        f"text size ({FONT_SIZES[-1] * layout.scale:g} pt)",
        file=deck.file,
        line=card.line,
        text=source_line(deck.file, card.line),
        key=f"overflow:{card.title}",
    )


def _measure(deck, layout, sizes, indexes, language, engine) -> dict[int, tuple[float, float]]:
    """How far the text of each card of `indexes` runs past its card: (height, width) in mm.

    Each card is laid out alone on a page as tall as its text; its text box is
    then compared with the card's room, and the widest box inside it (a table
    too wide) with the text's width.
    """
    page = _page(deck, layout, sizes, "measure", language, indexes)
    document = _Page(engine, page).render()
    room = layout.height - SAFE
    excess = {}
    for page_layout in document.pages:
        for box in _descendants(page_layout._page_box):
            element = getattr(box, "element", None)
            if element is None or not element.get("data-card") or box.element_tag != "div":
                continue
            right = box.content_box_x() + box.width
            widest = max(
                (inner.position_x + inner.margin_width() for inner in _descendants(box)),
                default=right,
            )
            height = box.margin_height() * PX_TO_MM - room
            width = (widest - right) * PX_TO_MM
            excess[int(element.get("data-card")) - 1] = (height, width)
    return excess


def _descendants(box):
    yield box
    for child in getattr(box, "children", ()):
        yield from _descendants(child)


def _document(deck, layout, sizes, mode, language, engine):
    """The deck laid out (WeasyPrint's document): imposed on sheets, or one card per page."""
    page = _page(deck, layout, sizes, mode, language, range(len(deck.cards)))
    return _Page(engine, page).render()


def deck_engine(deck: Deck) -> Engine:
    """WeasyPrint for `deck`, reading nothing but the game's folder and our assets."""
    from weasyprint.text.fonts import FontConfiguration

    from build_tools.render.pdf.engine import Engine
    from build_tools.resources import Gate

    engine = Engine(Gate(deck.file.parent, assets=[*asset_folders(), ICONS]))
    # A build lays the deck out up to six times (fitting, then the two PDFs): its faces are
    # read and handed to Fontconfig once, for all of them.
    engine.fonts = FontConfiguration()
    return engine


class _Page:
    """A page of the deck for WeasyPrint, laid out with its engine's fonts."""

    def __init__(self, engine: Engine, page: str):
        self.engine = engine
        self.html = engine.html(page, TEMPLATES.as_uri() + "/")

    def render(self):
        return self.html.render(font_config=self.engine.fonts)


@functools.cache
def _environment():
    """The cards' templates, compiled once per process (a build fills them up to six times)."""
    return templating.environment(TEMPLATES)


def _page(deck, layout, sizes, mode, language, indexes) -> str:
    environment = _environment()
    values = {
        "mode": mode,
        "width": layout.width,
        "height": layout.height,
        "bleed": BLEED,
        "safe": SAFE,
        "footer": FOOTER,
        "bleed_width": layout.width + 2 * BLEED,
        "bleed_height": layout.height + 2 * BLEED,
        "page_width": layout.page_width,
        "page_height": layout.page_height,
        "scale": layout.scale,
        # One title size for the whole deck, however much a card's text is shrunk to fit.
        "title_size": TITLE_SIZE * layout.scale,
        "colour": deck.colour,
        "card_colours": [
            (number, card.colour) for number, card in enumerate(deck.cards, 1) if card.colour
        ],
        "fonts": fonts(),
    }
    stylesheet = environment.get_template("cards.css").render(values)
    indexes = list(indexes)
    # The imposed sheets print each card `count` times, its copies side by side; the copies
    # after the first carry no anchor of their own.
    copies = [(index, copy > 0) for index in indexes for copy in range(deck.cards[index].count)]
    sheets = []
    for start in range(0, len(copies), layout.per_sheet):
        chunk = copies[start : start + layout.per_sheet]
        sheets.append(
            {
                "fronts": [
                    (index + 1, deck.cards[index], *layout.slot(slot), copy, layout.cell(slot))
                    for slot, (index, copy) in enumerate(chunk)
                ],
                "backs": [
                    (*layout.slot(slot, back=True), layout.cell(slot, back=True))
                    for slot in range(len(chunk))
                ],
                "front_marks": layout.marks(len(chunk)),
                "back_marks": layout.marks(len(chunk), back=True),
            }
        )
    return rendered(
        environment.get_template("cards.html"),
        **values,
        stylesheet=style_text(stylesheet),
        language=language,
        deck=deck,
        cards=[deck.cards[index] for index in indexes],
        card_numbers=[index + 1 for index in indexes],
        card_fonts=sizes,
        origin=-BLEED,
        sheets=sheets,
        metadata=_metadata(deck),
    )


def _metadata(deck: Deck) -> list[tuple[str, str]]:
    # The build's date, unless SOURCE_DATE_EPOCH fixes one so that two builds are identical.
    date = source_date() or datetime.now(UTC).replace(microsecond=0)
    stamp = date.strftime("%Y-%m-%dT%H:%M:%SZ")
    return [
        ("description", deck.subtitle),
        ("dcterms.created", stamp),
        ("dcterms.modified", stamp),
        ("generator", "rulebook"),
    ]


def previews(single: Path, folder: Path, count: int, context) -> list[Path]:
    """A PNG of each card's face (and one of the back), at 300 dpi, from the single-card PDF."""
    if shutil.which("pdftoppm") is None:
        context.findings.append(
            Finding("warning", "cards", "PNG previews need pdftoppm (poppler-utils): none written")
        )
        return []
    written = []
    with tempfile.TemporaryDirectory() as scratch:
        for number in range(1, count + 1):
            page = 2 * number - 1
            name = f"carte-{number:02d}"
            _pdftoppm(single, page, Path(scratch) / name)
            written.append(
                write_atomic(folder / f"{name}.png", (Path(scratch) / f"{name}.png").read_bytes())
            )
        _pdftoppm(single, 2, Path(scratch) / "dos")
        written.append(write_atomic(folder / "dos.png", (Path(scratch) / "dos.png").read_bytes()))
    return written


def _pdftoppm(pdf: Path, page: int, stem: Path) -> None:
    subprocess.run(
        [
            "pdftoppm",
            "-png",
            "-r",
            "300",
            "-f",
            str(page),
            "-l",
            str(page),
            "-singlefile",
            str(pdf),
            str(stem),
        ],
        check=True,
        capture_output=True,
    )
