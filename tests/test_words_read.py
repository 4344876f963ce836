"""Words the bindings read where they once waived them as a story (issue 21, « equivalent »
mutants): each edit is one erratum at the edited word, in French, with its working, its other
place and the word the text should say, written as the text writes it.

A term an example names where the rules take another (the moyen of a jet, the aspect a
dépassement's Dom is taken in, the CA en Évitement's), a relation word the rules decide
(« plus élevé », « ajoutent », « à atteindre », « Plus il est élevé, plus … » of the facteurs
d'ajustement, « ceux qui sont après lui », « la dernière moitié de la file »).
"""

from __future__ import annotations

import pytest
from test_rule_words import checked_together, copies, located  # noqa: F401 (copies: a fixture)

from build_tools.checking.words import Vocabulary, covariation

READ = [
    # (book, file, old, new, the word the text says, the word the rules give, as written)
    # Les Clefs de l'Aube: terms
    ("cda", "cda.xml", r"Bibliothèque en Perception", "Bibliothèque en Puissance", "Puissance",
     "Perception"),
    ("cda", "cda.xml", r"Bibliothèque en Manœuvre\.", "Bibliothèque en Précision.", "Précision",
     "Manœuvre"),
    ("cda", "cda.xml", r"\(My\+Ma\+Magie", "(Ph+Ma+Magie", "Ph", "My"),
    ("cda", "cda.xml", r"</link> de My\+Ré", "</link> de Ph+Ré", "Ph", "My"),
    ("cda", "cda.xml", r"son aspect Mystique durant", "son aspect Physique durant", "Physique",
     "Mystique"),
    ("cda", "cda.xml", r"un jet de Manœuvre en Physique", "un jet de Précision en Physique",
     "Précision", "Manœuvre"),
    ("cda", "cda.xml", r"Manœuvre en Physique avec", "Manœuvre en Mental avec", "Mental",
     "Physique"),
    ("cda", "cda.xml", r"<entry>Enc \(Ph\+Re\)", "<entry>Enc (Me+Re)", "Me", "Ph"),
    # Les Clefs de l'Aube: relation words
    ("cda", "cda.xml", r"un Mystique plus élevé", "un Mystique plus faible", "plus faible",
     "plus haut"),
    ("cda", "cda.xml", r"auxquels elles ajoutent", "auxquels elles retirent", "retirent",
     "ajoutent"),
    ("cda", "cda.xml", r"linkend=\"nc\"/> à atteindre", 'linkend="nc"/> à dépasser', "dépasser",
     "atteindre"),
    ("cda", "cda.xml", r"élevé,\s+plus les personnages", "élevé, moins les personnages", "moins",
     "plus"),
    ("cda", "cda.xml", r"bas, moins les attaques", "bas, plus les attaques", "plus", "moins"),
    ("cda", "cda.xml", r"lui, est retiré à", "lui, est ajouté à", "ajouté", "retiré"),
    ("cda", "cda.xml", r"plus les coups sont", "moins les coups sont", "moins", "plus"),
    ("cda", "cda.xml", r"plus les chances du", "moins les chances du", "moins", "plus"),
    ("cda", "cda.xml", r"qui se retire de l'", "qui s'ajoute de l'", "ajoute", "retire"),
    # Edad: the goblins' fight
    ("edad", "book.xml", r"ceux qui sont après lui", "ceux qui sont avant lui", "avant", "après"),
    ("edad", "book.xml", r"la dernière moitié de la file", "la dernière tiers de la file", "tiers",
     "moitié"),
]  # fmt: skip


READ_TOGETHER = [
    edit for edit in READ if "Magie" not in edit[2] and "aspect Mystique" not in edit[2]
]


@pytest.mark.xdist_group("rule-words")  # the edits of a book are checked together
@pytest.mark.parametrize("book, file, old, new, said, given", READ, ids=[e[3] for e in READ])
def test_a_word_the_rules_give_otherwise_is_one_erratum_at_it(
    copies,  # noqa: F811
    book,
    file,
    old,
    new,
    said,
    given,
):
    edit = (book, file, old, new, said, given)
    # the three words of the dépassement's aspect are held to each other: edited one at a time
    together = [edit] if "Magie" in old or "aspect Mystique" in old else READ_TOGETHER
    findings, _ = checked_together(copies, together, edit)
    assert len(findings) == 1, "\n".join(f.astext() for f in findings)
    [finding] = findings
    text = (copies[book] / file).read_text(encoding="utf-8")
    start, end, edited, _ = located(text, old, new)
    text = text[:start] + edited + text[end:]
    at = start + edited.index(said)
    place = (text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at))
    assert (finding.category, finding.line, finding.column) == ("erratum", *place)
    assert finding.message.startswith(f"le texte dit « {said} », les règles donnent «")
    assert finding.derivation and finding.related, finding.astext()
    assert finding.reads.endswith(given), finding.astext()


def test_a_remark_in_words_is_no_rule_word():
    vocabulary = Vocabulary({}, "fr")
    # « Au moins, ça tient ! » (at least): no bound; « j'ajoute que » (I add that): no addition
    assert [w.text for w in vocabulary.find("Au moins, ça tient! au moins 5 points")] == [
        "au moins"
    ]
    assert [w.text for w in vocabulary.find("et j'ajoute que le sort; on ajoute 3")] == ["ajoute"]


def test_the_rules_say_how_an_effect_goes_with_its_factor():
    assert covariation(lambda facteur: 2 * facteur, 10) == "plus"
    assert covariation(lambda facteur: -facteur, 10) == "moins"
    assert covariation(lambda facteur: 2 * facteur, 10, lower=True) == "moins"
    with pytest.raises(ValueError):
        covariation(lambda facteur: 5, 10)
