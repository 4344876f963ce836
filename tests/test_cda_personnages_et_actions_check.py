"""`rulebook check cda` on the chapters « les personnages » and « les actions », and on mutants.

Each mutant is a copy of the book folder with one thing changed: a number of
the text (a given, a claim, a table cell), a phrase a binding anchors on, or a
constant of the rules module. The check must report each one.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lxml import etree

from build_tools.books import Book, main_file
from build_tools.commands.cli import main
from build_tools.examine import Report, examine
from tests.book_language import french

BOOK = Path(__file__).resolve().parents[1] / "source" / "cda"
CHAPITRES = ("personnages", "actions")

ERRATA_CONNUS = {
    "erratum:example-la-determination-des-competences:augmenter-son-physique-de",
    "erratum:paragraph-un-gardien-de-la-clef:normale-et-tres-difficile",
    "erratum:example-les-handicaps-et-les-difficultes:difficulte-nommee",
    "erratum:example-maladresse-exceptionnelle:pour-un-total-de",
    "erratum:table-les-denominations-indicatives-des-combinaisons:mental-mt",
    "erratum:example-la-determination-des-moyens:en-pu-rs",
    "erratum:paragraph-si-le-gardien-de-la:et-donc-zero-ou-negatif",
    # « lorsque le niveau de difficulté est supérieur à la CA (rendant le jet impossible) »:
    # a ND equal to the CA already makes it impossible (°R > ND, °R ≤ CA).
    "erratum:paragraph-normalement-lorsqu-un-personnage-tente:superieur-ou-egal",
}


def examiner(folder: Path) -> Report:
    return examine(Book(folder.name, folder.resolve(), main_file(folder).resolve()))


def lignes_des_chapitres(folder: Path) -> range:
    """The source lines from the start of « les personnages » to the end of « les actions »."""
    racine = etree.parse(str(main_file(folder))).getroot()
    debut = racine.xpath("//chapter[@id=$id]", id=CHAPITRES[0])[0].sourceline
    suivant = racine.xpath("//chapter[@id=$id]/following-sibling::*[1]", id=CHAPITRES[-1])[0]
    return range(debut, suivant.sourceline)


def dans_mes_chapitres(finding, lignes: range) -> bool:
    return finding.file is not None and finding.file.suffix == ".xml" and finding.line in lignes


@pytest.fixture
def livre(checked_book) -> Report:
    return checked_book("cda")


@pytest.fixture
def copie(tmp_path: Path) -> Path:
    dossier = tmp_path / "cda"
    shutil.copytree(BOOK, dossier, ignore=shutil.ignore_patterns("__pycache__"))
    return dossier


def remplacer(fichier: Path, avant: str, apres: str) -> None:
    texte = fichier.read_text(encoding="utf-8")
    assert texte.count(avant) == 1, f"{avant!r} is not once in {fichier.name}"
    fichier.write_text(texte.replace(avant, apres), encoding="utf-8")


def examiner_modifie(book_copy, avant: str, apres: str) -> Report:
    """The check of the shared copy of the book (`book_copy`) with `avant` replaced by `apres`
    in its text; the copy is the book again afterwards."""
    copie = book_copy("cda")
    nom = copie.book.main.name
    texte = copie.text(nom)
    assert texte.count(avant) == 1, f"{avant!r} is not once in {nom}"
    with copie.edited(nom, texte.replace(avant, apres)):
        return copie.examine()


def nouveaux(rapport: Report, livre: Report) -> set[str]:
    """Ids of the findings the mutant has and the book as it stands has not."""
    avant = {finding.id for finding in livre.new()}
    return {finding.id for finding in rapport.new()} - avant


# -- the book as it stands ----------------------------------------------------


def test_every_unit_and_number_of_the_two_chapters_is_bound(livre):
    lignes = lignes_des_chapitres(BOOK)
    non_liees = [
        f"{f.line}: {f.message}"
        for f in livre.findings
        if dans_mes_chapitres(f, lignes)
        and f.category in ("unbound", "binding-stale", "binding-error")
    ]
    assert non_liees == []


def test_the_two_chapters_have_exactly_the_known_errata(livre):
    lignes = lignes_des_chapitres(BOOK)
    errata = {
        f.id for f in livre.findings if dans_mes_chapitres(f, lignes) and f.category == "erratum"
    }
    assert errata == ERRATA_CONNUS
    assert all(f.known for f in livre.findings if f.id in ERRATA_CONNUS)


def test_jonathan_erratum_shows_its_working(livre):
    (erratum,) = [f for f in livre.findings if f.id.startswith("erratum:example-maladresse")]
    assert (erratum.found, erratum.expected) == (22, 20)
    assert any("jet_avec_de_critique" in step for step in erratum.derivation)


# -- mutants of the text --------------------------------------------------------

MUTANTS_DU_TEXTE = [
    # a given: the dice Marie-Pierre rolls
    (
        "un double 2 ainsi que",
        "un double 3 ainsi que",
        "erratum:example-la-determination-des-aspects:des-resultats-de-et",
        1,
    ),
    # a claim: her third result
    (
        "= 17. Marie-Pierre",
        "= 18. Marie-Pierre",
        "erratum:example-la-determination-des-aspects:troisieme-resultat-est-de",
        2,
    ),
    # a claim: her Mystique after the first exchange
    (
        "augmenter son Mystique à 8",
        "augmenter son Mystique à 9",
        "erratum:example-l-ajustement-des-aspects:augmenter-son-mystique-a-ce",
        3,
    ),
    # a claim: her moyens after the exchanges
    (
        "+4/+2 en Ma/Pr",
        "+5/+2 en Ma/Pr",
        "erratum:example-la-determination-des-moyens:en-pu-rs",
        4,
    ),
    # a table cell
    (
        "(débutant)</entry>\n <entry>5</entry>",
        "(débutant)</entry>\n <entry>6</entry>",
        "erratum:table-le-niveau-de-competence",
        1,
    ),
    # a rule sentence, which the rules cite: the book now contradicts its rules module
    (
        "moins 10. C'est ce dernier",
        "moins 9. C'est ce dernier",
        "erratum:paragraph-le-bonus-de-competence-bc:moins",
        2,
    ),
    # Berthiaume's reserve
    (
        "2 PX en réserve",
        "3 PX en réserve",
        "erratum:example-progression-des-personnages:px-en",
        3,
    ),
    # a cell of « les difficultés »
    (
        "<entry>légendaire</entry>\n <entry>20</entry>",
        "<entry>légendaire</entry>\n <entry>25</entry>",
        "erratum:table-les-difficultes",
        4,
    ),
    # Mireille's unplanned action
    (
        "supplémentaire) = 14.",
        "supplémentaire) = 15.",
        "erratum:example-les-actions-multiples:la-penalite-supplementaire",
        1,
    ),
    # Gaston's open d20
    (
        "(le second jet) = +3.",
        "(le second jet) = +4.",
        "erratum:example-une-prouesse-exceptionnelle:le-second-jet",
        2,
    ),
    # Merlin's Dom
    (
        "- 12 (°R) = 11 (Dom)",
        "- 12 (°R) = 10 (Dom)",
        "erratum:example-une-action-de-depassement:r-dom",
        3,
    ),
    # a number added where nothing accounts for it
    (
        "Jérôme, le bibliothécaire, a 13",
        "Jérôme, le bibliothécaire de 40 ans, a 13",
        "unbound:example-la-reussite-d-une-action:number-",
        1,
    ),
    # a statement in words the rules contradict
    (
        "transfert ensuite 1 point",
        "transfert ensuite 3 point",
        "erratum:example-la-determination-des-moyens:respecte-toutes-les-contraintes-imposees",
        5,
    ),
    # a phrase a binding reads from, reworded
    (
        "obtient 9, une réussite",
        "tire 9, une réussite",
        "binding-stale:example-la-reussite-d-une-action:",
        2,
    ),
]


LOTS: dict[int, Report] = {}


def rapport_du_lot(book_copy, lot: int) -> Report:
    """One check of the shared copy with every mutant of `lot` made at once (the mutants of a
    lot edit passages that cannot reach each other's findings: see the next test)."""
    if lot not in LOTS:
        copie = book_copy("cda")
        nom = copie.book.main.name
        LOTS[lot] = copie.examine_replaced(
            [(nom, avant, apres) for avant, apres, _, numero in MUTANTS_DU_TEXTE if numero == lot]
        )
    return LOTS[lot]


def test_a_lot_holds_one_mutant_of_each_passage_and_of_each_of_marie_pierre_s_steps():
    # Each of Marie-Pierre's examples (aspects, their adjustment, her moyens) reads what the one
    # before it gives, and a passage's findings are ids of that passage: one mutant of a lot
    # can give another's expected finding only through them.
    passages: dict[int, list[str]] = {}
    for _, _, attendu, lot in MUTANTS_DU_TEXTE:
        passage = attendu.split(":")[1]
        if "marie-pierre" not in passage and passage.endswith(("aspects", "moyens")):
            passage = "marie-pierre"
        passages.setdefault(lot, []).append(passage)
    for lot, liste in passages.items():
        assert len(set(liste)) == len(liste), (lot, liste)


@pytest.mark.xdist_group("cda-personnages-lots")
@pytest.mark.parametrize(
    "avant, apres, attendu, lot",
    MUTANTS_DU_TEXTE,
    ids=[m[2].split(":")[1] for m in MUTANTS_DU_TEXTE],
)
def test_a_changed_number_or_phrase_of_the_text_is_reported(
    book_copy, livre, avant, apres, attendu, lot
):
    trouves = nouveaux(rapport_du_lot(book_copy, lot), livre)
    assert any(identifiant.startswith(attendu) for identifiant in trouves), trouves


def test_a_renamed_example_detaches_loudly(book_copy, livre):
    rapport = examiner_modifie(
        book_copy,
        "<title>la détermination des Aspects</title>",
        "<title>Marie-Pierre lance ses dés</title>",
    )
    trouves = nouveaux(rapport, livre)
    assert "binding-stale:determination-des-aspects" in trouves
    assert "unbound:example-marie-pierre-lance-ses-des:unbound-example" in trouves


def test_a_character_carries_from_one_example_to_the_next(book_copy, livre):
    # Jérôme's Mental is read in his first example and claimed in the second.
    trouves = nouveaux(examiner_modifie(book_copy, "a 13 de Me", "a 14 de Me"), livre)
    assert any(i.startswith("erratum:example-la-reussite-d-une-action:") for i in trouves)
    assert any(i.startswith("erratum:example-l-echec-d-une-action:une-ca-de") for i in trouves)


def test_a_corrected_erratum_leaves_its_ledger_entry_stale(book_copy):
    rapport = examiner_modifie(book_copy, "pour un total de +22!", "pour un total de +20!")
    assert not any(f.id.startswith("erratum:example-maladresse") for f in rapport.findings)
    assert any(
        f.category == "ledger-stale" and "example-maladresse-exceptionnelle" in f.message
        for f in rapport.new()
    )


def test_the_command_fails_on_a_mutant(copie, capsys):
    remplacer(main_file(copie), "soit 35 points au total", "soit 36 points au total")
    assert main(["check", str(copie)]) == 1
    sortie = capsys.readouterr().out
    assert "le texte dit 36, les règles donnent 35" in sortie


# -- mutants of the rules -------------------------------------------------------

MUTANTS_DES_REGLES = [
    (
        "actions.py",
        "HANDICAP_SUPPLEMENTAIRE_PAR_ACTION = constant(\n    3, cites",
        "HANDICAP_SUPPLEMENTAIRE_PAR_ACTION = constant(\n    4, cites",
        "erratum:example-les-actions-multiples:",
    ),
    (
        "actions.py",
        "DE_CRITIQUE = constant(10,",
        "DE_CRITIQUE = constant(12,",
        "erratum:paragraph-normalement-lorsqu-un-personnage-tente:",
    ),
    (
        "personnages.py",
        "BASE_DU_BONUS_DE_COMPETENCE = constant(\n    10,",
        "BASE_DU_BONUS_DE_COMPETENCE = constant(\n    11,",
        "erratum:example-la-reussite-d-une-action:",
    ),
    (
        "personnages.py",
        "SURCOUT_PAR_NIVEAU_D_HEROISME = constant(\n    20, cites",
        "SURCOUT_PAR_NIVEAU_D_HEROISME = constant(\n    10, cites",
        "erratum:example-progression-et-heroisme:",
    ),
    (
        "personnages.py",
        "TOTAL_DES_ASPECTS = constant(30,",
        "TOTAL_DES_ASPECTS = constant(31,",
        "erratum:example-la-determination-des-aspects:",
    ),
]


@pytest.mark.parametrize(
    "module, avant, apres, attendu",
    MUTANTS_DES_REGLES,
    ids=[m[1].split(" =")[0] for m in MUTANTS_DES_REGLES],
)
def test_a_changed_rule_constant_turns_its_examples_red(
    copie, livre, module, avant, apres, attendu
):
    remplacer(copie / "rules" / module, avant, apres)
    trouves = nouveaux(examiner(copie), livre)
    assert any(identifiant.startswith(attendu) for identifiant in trouves), trouves


def test_a_term_the_example_gives_is_read_and_handed_to_the_rules(book_copy, livre):
    # « compétences de disciple Enchantement »: the level is a given of the example (a term
    # hole, « {niveau de connaissance} »), the PX it brings the rules': a compagnon brings 30.
    assert livre.coverage["terms"]["given"] >= 2  # disciple, apprenti: read, not waived
    rapport = examiner_modifie(
        book_copy,
        "comme compétences\n de disciple Enchantement",
        "comme compétences\n de compagnon Enchantement",
    )
    (px, *_) = [f for f in rapport.new() if f.category == "erratum"]
    assert px.message == "le texte dit 20, les règles donnent 30", px.astext()
    said = french("niveau de connaissance : le texte dit « compagnon »")
    assert any(said in d for d in px.derivation)


def test_a_term_the_rules_would_not_use_there_is_an_erratum_at_its_word(book_copy):
    # The jet d'encaissement is rolled with the Résistance (« Enc = aspect + Ré − FM »).
    rapport = examiner_modifie(book_copy, "</link> de My+Ré\n", "</link> de My+Ma\n")
    (erratum,) = rapport.new()
    # in the book's language, as its French author reads it, and so is its working
    assert erratum.message == french("le texte dit « Ma », les règles donnent « Résistance »")
    assert erratum.derivation[-1] == (
        french("moyen : les règles donnent « Résistance » ici ; le texte dit « Ma » (Manœuvre)")
    )
    assert (erratum.line, erratum.column) == (1172, 59)
    # the other place: the rule's sentence, « Le personnage fait alors un jet de Résistance … »
    assert any("jet de Résistance" in place["message"] for place in erratum.related)


FAR_EDITS: list = []
"""The report of the shared copy with the edits of the three tests below made at once: far
apart, in passages no binding chains (two glossary entries, Marie-Pierre's aspects)."""


def far_edits(book_copy) -> list:
    if not FAR_EDITS:
        rapport = book_copy("cda").examine_replaced(
            [
                (
                    "cda.xml",
                    '"apprenti">\n <glossterm>apprenti<',
                    '"apprenti">\n <glossterm>disciple<',
                ),
                ("cda.xml", "<glossterm>blessure critique<", "<glossterm>blessure légère<"),
                ("cda.xml", "dans son Physique qui est rendu", "dans son Mental qui est rendu"),
            ]
        )
        FAR_EDITS.extend(sorted(rapport.new(), key=lambda f: f.line))
        FAR_EDITS.append([f for f in rapport.findings if f.category == "ledger-stale"])
    return FAR_EDITS


def test_a_glossary_term_renamed_to_another_entrys_is_one_finding_at_it(book_copy):
    # « apprenti » renamed « disciple » (an entry of that name follows), « blessure critique »
    # renamed « blessure légère ». Each renamed entry is found by its id for its binding, and
    # checked: one finding at its term, where there were 8 (the two bindings lost and
    # ambiguous, both entries' numbers unbound, the ledger's entries stale, Björn's
    # « disciple » link, the text's glossterm left without its entry)
    *trouves, stale = far_edits(book_copy)
    renommes = [f for f in trouves if f.line > 2000]
    assert [(f.category, f.line, f.column) for f in renommes] == [
        ("binding-stale", 2018, 13),
        ("binding-stale", 2385, 13),
    ], "\n".join(f.astext() for f in trouves)
    apprenti, critique = renommes
    assert (
        french("« apprenti » du glossaire (id apprenti) nomme maintenant le terme « disciple »")
        in apprenti.message
    )
    renamed = "« blessure critique » du glossaire (id critique) nomme maintenant le terme"
    assert french(renamed + " « blessure légère »") in critique.message
    # the renamed entry is still checked, under its ledger's name: its known erratum stands
    assert not stale, stale


def test_a_term_changed_where_two_patterns_read_it_is_one_finding_carried_nowhere(book_copy):
    # « emprunter dans son Physique qui est rendu à 5 »: the claim of « Physique qui est rendu
    # à {} » and the statement « ne peut plus emprunter dans son Physique » both read the
    # word. Edited to « Mental », it is one erratum at it, and the statement still rests on
    # it: the binding runs to its end, so the next example (its known erratum) and her sheet
    # are checked as before (4 findings: a ledger entry stale, two sheet totals)
    *trouves, stale = far_edits(book_copy)
    (physique,) = [f for f in trouves if f.line < 2000]
    assert (physique.category, physique.line, physique.column) == ("erratum", 567, 21)
    assert physique.message == french("le texte dit « Mental », les règles donnent « Physique »")
    assert not stale, stale


KONRAD = "erratum:example-les-handicaps-et-les-difficultes:difficulte-nommee"


def test_konrads_nd_of_10_is_an_extremely_difficult_action_the_word_is_the_slip(livre):
    """The example names the divination « très difficile » (5 in the table) and imposes 10,
    which the story follows (a °R of 6 does not beat it): the erratum is the word, at its
    place, and its correction a patch."""
    (erratum,) = [f for f in livre.findings if f.id == KONRAD]
    assert (erratum.line, erratum.column) == (973, 36)
    assert (erratum.found, erratum.expected) == ("très difficile", "extrêmement difficile")
    assert (
        french(
            "le texte dit « très difficile », dont le ND est 5 ; le ND de 10 qu'il impose, et "
            "l'échec de Konrad qui en suit, sont ceux d'une action « extrêmement difficile »"
        )
        == erratum.message
    )
    assert [(c.old, c.new, c.by_hand) for c in erratum.corrections] == [("très", "extrêmement", "")]


@pytest.mark.parametrize(
    "avant, apres, reste",
    [
        # the correction made: the story is the rules', nothing is found
        ("est très difficile à obtenir", "est extrêmement difficile à obtenir", False),
        # another word that does not give the story's ND: the same erratum, at the word
        ("est très difficile à obtenir", "est normale à obtenir", True),
    ],
)
def test_konrads_difficulty_word_edited(book_copy, livre, avant, apres, reste):
    rapport = examiner_modifie(book_copy, avant, apres)
    assert {f.id for f in rapport.findings if f.id == KONRAD} == ({KONRAD} if reste else set())
    # nothing else: one finding for the one word (new when it says another word than the
    # ledger knows)
    assert {i for i in nouveaux(rapport, livre) if not i.startswith("ledger-stale")} <= {KONRAD}
