"""No word hyphenated across a page turn: the layout's page-final hyphen is found, and the
word kept whole in the layout that follows (WeasyPrint has no control of its own for it)."""

from __future__ import annotations

import pytest
from markupsafe import Markup

from build_tools.render.pdf.page_turns import PageTurn, hyphenated_page_turns, keep_whole

weasyprint = pytest.importorskip("weasyprint")

WORDS = (
    "anticonstitutionnellement extraordinairement particulièrement incompréhensiblement "
    "déraisonnablement infatigablement perpendiculairement majestueusement "
    "invraisemblablement consciencieusement mélancoliquement inébranlablement "
    "chevaleresquement prodigieusement scrupuleusement vertigineusement"
)
STYLE = (
    "@page { size: 52mm 24mm; margin: 2mm; @top-center { content: 'en-tête' } }"
    "p { hyphens: auto; font-size: 9pt; line-height: 1.2; margin: 0; }"
    ".unhyphenated { hyphens: manual; }"
)


def lay(html: str):
    return weasyprint.HTML(string=html).render(stylesheets=[weasyprint.CSS(string=STYLE)])


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
