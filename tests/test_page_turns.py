"""No word hyphenated across a page turn (WeasyPrint has no control of its own for it): the
engine's layout carries a hyphenated last line over to the next page; where it could not, the
layout's page-final hyphen is found, and the word kept whole in the layout that follows."""

from __future__ import annotations

import pytest
from markupsafe import Markup

from build_tools.render.pdf.engine import Engine
from build_tools.render.pdf.page_turns import PageTurn, _texts, hyphenated_page_turns, keep_whole
from build_tools.resources import Gate

weasyprint = pytest.importorskip("weasyprint")

WORDS = (
    "anticonstitutionnellement extraordinairement particulièrement incompréhensiblement "
    "déraisonnablement infatigablement perpendiculairement majestueusement "
    "invraisemblablement consciencieusement mélancoliquement inébranlablement "
    "chevaleresquement prodigieusement scrupuleusement vertigineusement"
)
PROSE = (
    "Le chevalier avance extraordinairement prudemment dans la salle, "
    "puis il combat invraisemblablement le dragon mélancoliquement endormi. "
) * 8
"""Long words among short ones: at this measure WeasyPrint alone ends six pages of ten on a
hyphen, where the line above it ends on a whole word."""
STYLE = (
    "@page { size: 52mm 24mm; margin: 2mm; @top-center { content: 'en-tête' } }"
    "p { hyphens: auto; font-size: 9pt; line-height: 1.2; margin: 0; }"
    ".unhyphenated { hyphens: manual; }"
)


def lay(html: str):
    return weasyprint.HTML(string=html).render(stylesheets=[weasyprint.CSS(string=STYLE)])


def test_the_engine_carries_a_hyphenated_last_line_over_to_the_next_page(tmp_path):
    """WeasyPrint alone ends pages on « …extraordi‐ »; the book's engine, in one layout, ends
    them a line higher, and still hyphenates inside its pages."""
    page = Markup(f'<html lang="fr"><body><p>{PROSE}</p></body></html>')
    assert hyphenated_page_turns(lay(page))
    engine = Engine(Gate(tmp_path))
    with engine.running():
        html = engine.html(page, tmp_path.as_uri() + "/")
        document = html.render(stylesheets=[engine.css(STYLE)])
    assert hyphenated_page_turns(document) == []
    lines = [text for laid in document.pages for text, _ in _texts(laid._page_box)]
    assert any(line.endswith("‐") for line in lines)
    assert "".join(lines).replace("‐", "").replace(" ", "") == PROSE.replace(" ", "")


def test_a_word_hyphenated_at_a_page_end_is_kept_whole_in_the_next_layout():
    page = Markup(f'<html lang="fr"><body><p>{WORDS}</p></body></html>')  # the print page
    first = lay(page)
    turns = hyphenated_page_turns(first)
    assert turns  # these words, at this measure, break across pages
    assert all(turn.word in WORDS.split() for turn in turns)  # the halves make the word
    assert all(turn.page < len(first.pages) for turn in turns)
    kept = keep_whole(page, turns)
    assert kept.count('class="unhyphenated"') == len(turns)
    again = hyphenated_page_turns(lay(kept))
    assert not {turn.word for turn in again} & {turn.word for turn in turns}


def test_a_word_the_page_holds_twice_is_found_after_the_words_before_it():
    """« combat » twice in the text (and once in an attribute): the one after « second »."""
    page = Markup('<p title="combat">le premier combat, puis le second combat</p>')
    kept = keep_whole(page, [PageTurn(1, "com", "bat", "puis le second")])
    assert kept == (
        '<p title="combat">le premier combat, puis le second '
        '<span class="unhyphenated">combat</span></p>'
    )
