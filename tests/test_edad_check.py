"""`rulebook check edad` on the book as it stands, and on mutants of it.

Each mutant is a copy of the book folder with one thing changed in the text: a
combatant moved in a queue the goblin fight prints, a réactivité, the name of a
feat, a bound of a table, a number of an example. The check must report each
one, as a finding the book as it stands does not have.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from build_tools.books import Book, main_file
from build_tools.commands.cli import main
from build_tools.examine import Report, examine
from tests.book_language import french

BOOK = Path(__file__).resolve().parents[1] / "source" / "edad"
COMBAT = "erratum:example-exemple-combat-contre-cinq-gobelins:"
INITIATIVE = "erratum:paragraph-au-debut-du-combat-les-participants-tirent-leur-j:"
MAITRISE = "erratum:varlistentry-maitrise-de-l-arme-le-don-maitrise-de-l-arme-es:"

ERRATA = {
    "erratum:table-categories-d-ecart:au-dela-de",
    INITIATIVE + "don-science-de-l-initiative",
    "erratum:example-exemple-attribut-d-initiative:don-science-l-initiative",
    COMBAT + "competence-vigueur",
    COMBAT + "action-6-tue",
    MAITRISE + "don-arme-de-predilection",
    # A rule of the module no sentence states: a combatant out of the fight leaves the queue.
    "rule-unstated:quitter-la-file",
    # The tie re-rolled whole, bonuses included: the book does not say which score decides.
    "rule-unstated:departage-des-egalites",
}
"""The defects of the book as authored: what the ledger lists."""


def examiner(folder: Path) -> Report:
    return examine(Book(folder.name, folder.resolve(), main_file(folder).resolve()))


@pytest.fixture
def livre(checked_book) -> Report:
    return checked_book("edad")


@pytest.fixture
def copie(tmp_path: Path) -> Path:
    dossier = tmp_path / "edad"
    shutil.copytree(BOOK, dossier, ignore=shutil.ignore_patterns("__pycache__"))
    return dossier


def examiner_modifie(book_copy, avant: str, apres: str) -> Report:
    """The check of the shared copy of the book (`book_copy`) with `avant` replaced by `apres`
    in book.xml; the copy is the book again afterwards."""
    copie = book_copy("edad")
    texte = copie.text("book.xml")
    assert texte.count(avant) == 1, f"{avant!r} is not once in the book"
    with copie.edited("book.xml", texte.replace(avant, apres)):
        return copie.examine()


def nouveaux(rapport: Report) -> dict[str, str]:
    """The findings the ledger does not know, by id, with their message."""
    return {finding.id: finding.message for finding in rapport.new()}


# -- the book as it stands ----------------------------------------------------------


def test_rulebook_check_edad_exits_0_with_the_ledger(capsys):
    status = main(["check", str(BOOK)])
    sortie = capsys.readouterr().out
    assert status == 0, sortie
    assert "edad: 0 new findings, 8 known (in the ledger)" in sortie


def test_the_known_findings_are_the_errata_of_the_ledger(livre):
    assert {finding.id for finding in livre.findings if finding.known} == ERRATA
    assert livre.new() == []


def test_every_example_table_and_number_is_bound(livre):
    assert livre.coverage["examples"] == {"total": 4, "bound": 4}
    assert livre.coverage["tables"] == {"total": 2, "bound": 2}
    assert livre.coverage["numbers"]["unbound"] == 0


def test_the_goblin_fight_is_compared_at_every_action(livre):
    """The order printed after action 6 is the rules' with G1 gone, not G5 (whom J4
    « achève » two lines later): the one erratum is the name of the goblin killed, at its
    word, and its correction a patch that leaves the story whole."""
    (erratum,) = [f for f in livre.findings if f.id.startswith(COMBAT) and f.line == 140]
    assert erratum.id == COMBAT + "action-6-tue"
    assert (erratum.found, erratum.expected) == ("G5", "G1")
    assert french("le texte dit G5, l'ordre qui suit donne G1 hors de combat") in erratum.message
    line = (BOOK / "book.xml").read_text(encoding="utf-8").splitlines()[139]
    assert line[erratum.column - 1 :].startswith("G5, dont la tête explose")
    assert [(c.line, c.old, c.new, c.by_hand) for c in erratum.corrections] == [
        (140, "G5", "G1", "")
    ]
    assert any("quitter_la_file" in step and "nom='G1'" in step for step in erratum.derivation)
    assert not [f for f in livre.findings if "file-apres-l-action" in f.id]


def test_without_the_ledger_the_errata_fail_the_check(copie, capsys):
    (copie / "ledger.toml").unlink()
    assert main(["check", str(copie)]) == 1
    assert "edad: 8 new findings (8 errors)" in capsys.readouterr().out


# -- mutants ------------------------------------------------------------------------


def test_a_combatant_moved_in_a_queue_is_reported(book_copy):
    rapport = examiner_modifie(
        book_copy,
        "L'ordre est : G3 G4 J2 G1 J1 J4(1,6)",
        "L'ordre est : G3 J2 G4 G1 J1 J4(1,6)",
    )
    trouves = nouveaux(rapport)
    assert COMBAT + "file-apres-l-action-3" in trouves
    assert french("« G3 J2 G4 G1 J1") in trouves[COMBAT + "file-apres-l-action-3"]
    # the next line, right from the rules' queue, is not blamed for it
    assert [cle for cle in trouves if "file-apres" in cle] == [COMBAT + "file-apres-l-action-3"]


def test_an_edited_title_is_one_finding_at_its_word_and_the_example_still_checked(book_copy):
    # The binding names « … contre cinq gobelins »: the example is found by its other words,
    # its errata keep their ids (the ledger's), and the one fault is the title's « six ».
    rapport = examiner_modifie(
        book_copy,
        "<title>Exemple : combat contre cinq gobelins</title>",
        "<title>Exemple : combat contre six gobelins</title>",
    )
    nouvelles = rapport.new()
    assert len(nouvelles) == 1, "\n".join(f.astext() for f in nouvelles)
    (titre,) = nouvelles
    assert (titre.category, titre.line, titre.column) == ("binding-stale", 121, 35)
    assert french("« six »") in titre.message and french("« cinq »") in titre.message
    assert titre.related[0]["file"].endswith("bindings.py")
    assert {f.id for f in rapport.findings if f.known} == ERRATA


FEATS_IN_WORDS = [
    # (the words of a feat's sentence, the word edited, its edit): what the rules give
    ("et double la zone de critique", "double", "triple"),  # Arme critique: a factor
    ("permet de tirer deux flèches", "deux", "trois"),  # Feu nourri: a count
    ("permet de retirer un certain nombre", "retirer", "ajouter"),  # Attaque en puissance
    ("(mais ne peut le dépasser)", "dépasser", "atteindre"),  # Combat en aveugle: a bound
    ("la compétence Crochetage pour", "Crochetage", "Arcane"),  # Maîtrise des pièges: a skill
    # Tir de précision is used with Maniement de l'arme, not with another feat
    (
        "à distance et le don Maniement de l'arme associé, et permet d'annuler",
        "Maniement de l'arme",
        "Arme critique",
    ),
    ("alors de quoi faire une action complexe", "action complexe", "action simple"),  # rage
    ("De plus, après les avoir dépensés", "après", "avant"),  # the rage's action: once spent
]


def test_a_feats_effect_in_words_is_read_each_edit_one_finding_at_its_word(book_copy):
    # Each feat's effect said in words (a factor, a count, a change, a bound, a skill, a
    # condition, an action) is the rules' (rules/dons.py): edited, one erratum at the word.
    copie = book_copy("edad")
    texte = edite = copie.text("book.xml")
    attendus = set()
    for passage, mot, nouveau in FEATS_IN_WORDS:
        assert texte.count(passage) == 1, passage
        edite = edite.replace(passage, passage.replace(mot, nouveau, 1))
    for passage, mot, nouveau in FEATS_IN_WORDS:  # where each word stands in the edited text
        debut = edite.index(passage.replace(mot, nouveau, 1)) + passage.index(mot)
        attendus.add((edite.count("\n", 0, debut) + 1, debut - edite.rfind("\n", 0, debut)))
    with copie.edited("book.xml", edite):
        nouvelles = copie.examine().new()
    lu = "\n".join(f.astext() for f in nouvelles)
    assert {(f.line, f.column) for f in nouvelles} == attendus, lu
    assert len(nouvelles) == len(FEATS_IN_WORDS), lu
    assert all(f.category == "erratum" and f.derivation for f in nouvelles), lu


def test_a_changed_reactivity_is_reported(book_copy):
    rapport = examiner_modifie(book_copy, "G3(1,4)", "G3(1,5)")
    trouves = nouveaux(rapport)
    cles = [cle for cle in trouves if cle.startswith(COMBAT + "reactivite-de-g3-apres-l-action-7")]
    assert len(cles) == 1, trouves
    assert trouves[cles[0]] == "le texte dit 1,5 (= 3/2), les règles donnent 1,4 (= 7/5)"


def test_a_reactivity_the_rules_do_not_give_is_reported(book_copy):
    rapport = examiner_modifie(book_copy, "L'ordre est : G2* J1 G3", "L'ordre est : G2* J1(0,5) G3")
    assert COMBAT + "file-apres-l-action-1" in nouveaux(rapport)


def test_a_renamed_feat_is_one_finding_where_defined(book_copy):
    # « Port du bouclier » where the rules say « Port des boucliers »: one erratum at the
    # definition; Maîtrise des boucliers, which names « Port des boucliers » as the rules do,
    # is no second finding (one finding per fault).
    rapport = examiner_modifie(
        book_copy,
        "Le don Port des boucliers est disponible",
        "Le don Port du bouclier est disponible",
    )
    trouves = nouveaux(rapport)
    (definition,) = trouves.values()
    assert (
        french("« Port du bouclier »") in definition
        and french("« Port des boucliers »") in definition
    )


def test_a_feat_named_in_an_example_but_defined_nowhere_is_reported(book_copy):
    rapport = examiner_modifie(book_copy, "le don Epée longue rapide", "le don Epée longue véloce")
    trouves = nouveaux(rapport)
    assert COMBAT + "don-epee-longue-veloce" in trouves


def test_a_cycle_of_prerequisites_is_reported(book_copy):
    rapport = examiner_modifie(
        book_copy,
        "Le don Port des armures légères est disponible sans condition",
        "Le don Port des armures légères est disponible à condition d'avoir le don "
        "Port des armures lourdes",
    )
    trouves = nouveaux(rapport)
    assert any("depend on themselves" in message for message in trouves.values()), trouves


def test_an_overlap_in_the_gap_table_is_reported(book_copy):
    rapport = examiner_modifie(
        book_copy, "<entry>entre 5 et 9,</entry>", "<entry>entre 5 et 10,</entry>"
    )
    (erratum,) = rapport.new()
    assert erratum.message == "le texte dit 10, les règles donnent 9"
    assert "chevauchement: 10 à 10 ont deux catégories" in erratum.derivation


def test_the_hole_of_the_gap_table_is_in_the_working(livre):
    (erratum,) = [
        f for f in livre.findings if f.id == "erratum:table-categories-d-ecart:au-dela-de"
    ]
    assert erratum.derivation[:2] == [
        "selon le texte: 0 à 4, 5 à 9, 10 à 14, 15 à 19, 21 à ∞",
        "trou: 20 n'a pas de catégorie",
    ]


def test_a_wrong_item_hit_points_is_reported(book_copy):
    rapport = examiner_modifie(book_copy, "<entry>en ont 40</entry>", "<entry>en ont 45</entry>")
    assert "le texte dit 45, les règles donnent 40" in nouveaux(rapport).values()


def test_an_item_missing_from_the_hit_points_table_is_reported(book_copy):
    rapport = examiner_modifie(
        book_copy, "<row><entry>ceux en métal</entry><entry>80</entry></row>", ""
    )
    messages = nouveaux(rapport).values()
    assert french("la table omet « bouclier en métal »") in messages


def test_a_wrong_initiative_attribute_is_reported(book_copy):
    rapport = examiner_modifie(book_copy, '"Init +12"', '"Init +13"')
    assert "le texte dit 13, les règles donnent 12" in nouveaux(rapport).values()


def test_a_spell_whose_level_does_not_fit_its_action_is_reported(book_copy):
    rapport = examiner_modifie(
        book_copy, "(sort de niveau 1, donc coûte", "(sort de niveau 2, donc coûte"
    )
    messages = nouveaux(rapport).values()
    assert (
        french(
            "le texte dit « une action complexe », les règles donnent "
            "« une action complexe et une action simple »"
        )
        in messages
    )


def test_the_wrong_one_having_the_hand_is_reported(book_copy):
    rapport = examiner_modifie(
        book_copy, "J4 lance un Rayon de givre", "J3 lance un Rayon de givre"
    )
    assert "le texte dit 3, les règles donnent 4" in nouveaux(rapport).values()
