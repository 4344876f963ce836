"""Rewordings that change no rule give no finding: digits in words, an aside, typography,
a synonym, a clause moved, a sentence split in two, two sentences joined in one (issue 21).

Each edits a copy of a book where a binding, a cited sentence or an anchor reads
(the helpers are those of test_rule_words: edit, check, restore).
"""

from __future__ import annotations

import pytest
from test_rule_words import checked_together, copies  # noqa: F401 (copies is a fixture)

REWORDINGS = [
    # Les Clefs de l'Aube
    ("cda", "cda.xml", r"il lui en reste 3 aussi", "il lui en reste trois aussi"),
    ("cda", "cda.xml", r"son d20 pour réussir, 5 étant", "son d20 pour réussir, cinq étant"),
    ("cda", "cda.xml", r"3 points supplémentaires\) 6", "trois points supplémentaires) 6"),
    ("cda", "cda.xml", r"de 20 points ou diminuer", "de vingt points ou diminuer"),
    ("cda", "cda.xml", r"un double 2 ainsi que 2 et 1", "un double deux ainsi que 2 et 1"),
    (
        "cda",
        "cda.xml",
        r"il ajoute toujours le 20 à son °R",
        "il ajoute toujours (c'est la règle) le 20 à son °R",
    ),
    ("cda", "cda.xml", r"plus petit que l'Effort", "plus petit que l’Effort"),
    ("cda", "cda.xml", r"pugilat, soit \+5 de", "pugilat (rappelons-le), soit +5 de"),
    # a count in words before two words joined by « et »: no list it must count
    ("cda", "cda.xml", r"Les 3 résultats obtenus", "Les trois résultats obtenus"),
    ("cda", "cda.xml", r"Donc on a Dom = Eff", "On a donc Dom = Eff"),
    ("cda", "cda.xml", r"Il ajoute donc cinq", "Il ajoute ainsi cinq"),
    # an aside in the list a count counts
    ("cda", "cda.xml", r"portée: courte, moyenne", "portée: courte (rappelons-le), moyenne"),
    ("cda", "cda.xml", r"plus de 5 points \(l'inverse", "plus de cinq points (l'inverse"),
    # one sentence split in two: the cited rule and the binding's anchor still found
    (
        "cda",
        "cda.xml",
        r"de l'adversaire et au plus son TA",
        "de l'adversaire. Il doit aussi avoir au plus son TA",
    ),
    # two sentences joined in one: each cited rule and anchor still found in it
    (
        "cda",
        "cda.xml",
        r"sa CA\. Le résultat obtenu sur le dé est alors",
        "sa CA, et le résultat obtenu sur le dé est alors",
    ),
    (
        "cda",
        "cda.xml",
        r"degré d'échec</firstterm>\. Le degré d'échec est égal",
        "degré d'échec</firstterm>, et le degré d'échec est égal",
    ),
    # Harmonies
    (
        "harmonies",
        "combat.xml",
        r"remarquer que 8 caractéristiques",
        "remarquer que huit caractéristiques",
    ),
    (
        "harmonies",
        "combat.xml",
        r"un FP de -5\. De plus, il",
        "un FP de -5. De plus (rappelons-le), il",
    ),
    (
        "harmonies",
        "actions.xml",
        r"zéro, l'action est réussie\.",
        "zéro (on l'a dit), l'action est réussie.",
    ),
    ("harmonies", "actions.xml", r"Lorsqu'elle est inférieure", "Quand elle est inférieure"),
    (
        "harmonies",
        "actions.xml",
        r"Lorsque cette dernière est égale ou\s+supérieure à zéro, l'action",
        "Supposons que cette dernière soit égale ou supérieure à zéro. Alors l'action",
    ),
    (
        "harmonies",
        "combat.xml",
        r"4 Facteurs qui valent tous",
        "4 Facteurs. Ils valent tous",
    ),
    ("harmonies", "actions.xml", r"l'action est échouée\.", "l’action est échouée."),
    ("harmonies", "combat.xml", r"décrite par 4 Facteurs", "décrite par quatre Facteurs"),
    # a number of a cited sentence in words: the sentence still found, its count still claimed
    (
        "harmonies",
        "actions.xml",
        r"la difficulté gagne 3 points",
        "la difficulté gagne trois points",
    ),
    (
        "harmonies",
        "combat.xml",
        r"Quand deux adversaires s'affrontent, c'est",
        "Quand deux adversaires s'affrontent (en duel), c'est",
    ),
    ("harmonies", "combat.xml", r"Quand deux adversaires", "Lorsque deux adversaires"),
    ("harmonies", "combat.xml", r"légère, et donc -3", "légère, et ainsi -3"),
    (
        "harmonies",
        "actions.xml",
        r"toujours de zéro\. À deux jets de dés, chaque",
        "toujours de zéro et, à deux jets de dés, chaque",
    ),
    (
        "harmonies",
        "actions.xml",
        r"le résultat à la difficulté\. Le total est la marge",
        "le résultat à la difficulté, et le total est la marge",
    ),
    (
        "harmonies",
        "actions.xml",
        r"rien ne se passe\. Par contre, si elle réussit",
        "rien ne se passe, par contre si elle réussit",
    ),
    # Edad
    (
        "edad",
        "book.xml",
        r"ce tour-ci\. Ceux qui sont en première moitié",
        "ce tour-ci, et ceux qui sont en première moitié",
    ),
    ("edad", "book.xml", r"faire 20 à la place", "faire vingt à la place"),
    # the goblins' fight: the words that link its clauses, reworded
    ("edad", "book.xml", r"niveau 1, donc coûte", "niveau 1, ainsi coûte"),
    ("edad", "book.xml", r"Il porte donc une attaque", "Il porte ainsi une attaque"),
    ("edad", "book.xml", r"niveau 0, donc une action", "niveau 0, ainsi une action"),
    ("edad", "book.xml", r"et va donc pouvoir porter", "et va ainsi pouvoir porter"),
    ("edad", "book.xml", r"moins 10 \(donc il peut", "moins 10 (ainsi il peut"),
    ("edad", "book.xml", r"du sort plus un, divisé", "du sort plus un (rappelons-le), divisé"),
    (
        "edad",
        "book.xml",
        r"En deçà de ce seuil, le personnage meurt",
        "En deçà de ce seuil (rappelons-le), le personnage meurt",
    ),
    (
        "edad",
        "book.xml",
        r"de participants, arrondi à l'inférieur\)",
        "de participants, arrondi à l’inférieur)",
    ),
    ("edad", "book.xml", r"tombent à 0, le personnage", "tombent à zéro, le personnage"),
    ("edad", "book.xml", r"de perdre 1 PV par tour", "de perdre 1 PV à chaque tour"),
    (
        "edad",
        "book.xml",
        r"L'action simple l'amène en milieu de file",
        "L'action simple (la plus courte) l'amène en milieu de file",
    ),
]


@pytest.mark.xdist_group("rule-words")  # the edits of a book are checked together
@pytest.mark.parametrize("book, file, old, new", REWORDINGS, ids=[e[3] for e in REWORDINGS])
def test_a_rewording_gives_no_finding(copies, book, file, old, new):  # noqa: F811
    findings, _ = checked_together(copies, REWORDINGS, (book, file, old, new))
    assert not findings, "\n".join(f.astext() for f in findings)


COUNT_EDITS = [
    # (book, file, old, new, the word changed: the finding stands where it stood)
    ("cda", "cda.xml", r"correspondent trois <link", "correspondent quatre <link", "trois"),
    ("cda", "cda.xml", r"normalement deux compétences à", "normalement cinq compétences à", "deux"),
    ("cda", "cda.xml", r"\(10\) et trois à", "(10) et quatre à", "trois"),
]


@pytest.mark.xdist_group("rule-words")  # the edits of a book are checked together
@pytest.mark.parametrize("book, file, old, new, word", COUNT_EDITS, ids=[e[3] for e in COUNT_EDITS])
def test_a_count_word_changed_in_a_cited_sentence_is_one_contradiction_at_it(
    copies,  # noqa: F811
    book,
    file,
    old,
    new,
    word,
):
    findings, line = checked_together(copies, COUNT_EDITS, (book, file, old, new, word))
    assert len(findings) == 1, "\n".join(f.astext() for f in findings)
    [finding] = findings
    source = (copies[book] / file).read_text(encoding="utf-8").split("\n")[line - 1]
    assert finding.line == line, finding.astext()
    assert finding.column == source.index(f" {word} ") + 2, finding.astext()
    assert f"« {word} »" in finding.message, finding.astext()


KNOWN_PLACES = [
    # an aside in the first words of a paragraph whose erratum the ledger knows: the erratum's
    # id names its paragraph by them, and its entry still knows it
    ("cda", "cda.xml", "Normalement, lorsqu'un", "Normalement (rappelons-le), lorsqu'un"),
    ("edad", "book.xml", "Au début du combat, les", "Au début du combat (rappelons-le), les"),
    # a known erratum's words reworded beside its rule's: the words the ledger says it says
    ("cda", "cda.xml", "la CA (et donc zéro ou", "la CA (et ainsi zéro ou"),
    ("cda", "cda.xml", "le d20 lorsque celui-ci", "le d20 quand celui-ci"),
    # a card's quote in two fragments (« … S'il réussit … »), one of them reworded
    ("cda", "cda.xml", "Résistance dans l'aspect affecté", "Résistance dans l’aspect affecté"),
    ("harmonies", "actions.xml", "approximatives et n'ont pour", "approximatives et n’ont pour"),
    # the words a character sheet agrees with (Kröm's CA)
    ("cda", "cda.xml", "donc de 9 (14 - NC", "ainsi de 9 (14 - NC"),
]


@pytest.mark.parametrize("book, file, old, new", KNOWN_PLACES, ids=[e[3] for e in KNOWN_PLACES])
def test_a_rewording_the_ledger_or_a_card_reads_gives_no_finding(book_copy, book, file, old, new):
    copy = book_copy(book)
    known = len([f for f in copy.examine().findings if f.known])
    report = copy.examine_replaced([(file, old, new)])
    assert not report.new(), "\n".join(f.astext() for f in report.new())
    # each erratum is still there, known (none stale, none new beside its entry)
    assert len([f for f in report.findings if f.known]) == known
