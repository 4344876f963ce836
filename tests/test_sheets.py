"""Character sheets read back as a player would: the form's fields, the filled values, the errors.

The blank sheets of the three games are built once (`rulebook build --format
sheets`); the example characters of the books are filled once each. What is
asserted: every statistic of a game's description is a named field of its
form (a derived one titled with its formula), the paper is the one asked for,
the fonts are embedded; a filled sheet prints the totals the book prints; each
kind of mistake in a character file is an error naming its line, its field
and the rule's place in the book, with exit status 2 and no PDF.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from build_tools.books import discover, load_game
from build_tools.checking.sheets import check_sheet, fold
from build_tools.commands.cli import main
from build_tools.diagnostics import Finding
from build_tools.examine import examine
from build_tools.model.language import language_of
from build_tools.model.sheet import Box, Track, reference
from build_tools.reader import read_book
from tests import pdf_text

pypdf = pytest.importorskip("pypdf")

ROOT = Path(__file__).resolve().parent.parent
BOOKS = ("cda", "harmonies", "edad")
PAPERS = {"sheet.pdf": (595.28, 841.89), "sheet-letter.pdf": (612.0, 792.0)}
EPOCH = "1700000000"


def _game(book: str):
    chosen = next(b for b in discover(ROOT / "source") if b.name == book)
    game, problems = load_game(chosen)
    assert not problems, problems
    return chosen, game


@pytest.fixture(scope="module")
def blank(shared_build):
    """The blank sheets of the three books, built once for the run: folder by book."""
    return shared_build.books(BOOKS, "--format", "sheets", env={"SOURCE_DATE_EPOCH": EPOCH})


def _fields(description) -> dict[str, object]:
    """The form's field names a description asks for: free tables by their first row."""
    names = {}
    for path, box in description.boxes():
        name = path.replace(".*.", ".0.").replace(".", "-")
        if isinstance(box, Track):
            for rank in range(1, box.count + 1):
                names[f"{name}-{rank}"] = box
        else:
            names[name] = box
    return names


@pytest.mark.slow
@pytest.mark.parametrize("book", BOOKS)
def test_blank_sheet_is_a_form_with_every_statistic(blank, book):
    _, game = _game(book)
    for name, size in PAPERS.items():
        reader = pypdf.PdfReader(blank / book / name)
        box = reader.pages[0].mediabox
        assert (round(float(box.width), 1), round(float(box.height), 1)) == pytest.approx(
            size, abs=0.5
        )
        fields = reader.get_fields()
        for field, box in _fields(game.sheet).items():
            assert field in fields, f"{book}/{name}: no field {field} ({box.name})"
            if box.formula:
                assert box.formula in fields[field].get("/TU", ""), field
        fonts = {
            font["/BaseFont"]
            for page in reader.pages
            for font in page["/Resources"]["/Font"].values()
        }
        for page in reader.pages:
            for font in page["/Resources"]["/Font"].values():
                descriptor = font.get_object().get("/DescendantFonts")
                if descriptor:
                    descriptor = descriptor[0].get_object()["/FontDescriptor"]
                    assert "/FontFile2" in descriptor, f"{font['/BaseFont']} is not embedded"
        assert fonts
        text = "".join(pdf_text.page_texts(blank / book / name))
        plain = text.replace("\u00a0", " ").replace("\u202f", " ").upper()
        for section in game.sheet.sections:
            assert section.title.upper() in plain
        assert not any(f" {mark}" in text for mark in ";:!?"), "French spacing: no-break spaces"


@pytest.mark.slow
def test_blank_sheets_are_byte_identical_across_builds(blank, tmp_path):
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    try:
        # the A4 sheet only, the one compared (a build lays each paper out on its own)
        build = ["build", str(ROOT / "source" / "cda"), "--format", "sheets", "--paper", "a4"]
        assert main([*build, "--out", str(tmp_path)]) in (0, 1)
    finally:
        del os.environ["SOURCE_DATE_EPOCH"]
    assert (tmp_path / "cda" / "sheet.pdf").read_bytes() == (
        blank / "cda" / "sheet.pdf"
    ).read_bytes()


# -- example characters ---------------------------------------------------------------------

# The totals each book prints for its characters, where it prints them.
PRINTED = {
    # cda.xml « Résumé des totaux de combats »: TA, TP, BD, Enc, BE; CA in the paragraphs above.
    "cda/personnages/krom.toml": ["Kröm", "10", "−4", "+20", "13", "3", "9"],
    "cda/personnages/bjorn.toml": ["Björn", "10", "1", "+15", "11", "4", "9"],
    # « la détermination des compétences »: Mental 16 → 17, 3 PX left; moyens +3/−1 …
    "cda/personnages/marie-pierre.toml": ["Marie-Pierre", "17", "16", "+3", "−5", "Aspects tirés"],
    # combat.xml, the MJ's table of combat: Enc. −1, APRD +7/+4/+6/+3 (David), Enc. +5 (Goliath).
    "harmonies/personnages/david.toml": ["David", "−1", "+7", "+4", "+6", "+3", "−30"],
    "harmonies/personnages/goliath.toml": ["Goliath", "+5", "+4", "−20"],
    # book.xml « Exemple : attribut d'initiative »: Init +12; the goblins' fight: J3(1,9).
    "edad/personnages/initiative.toml": ["+12", "Sens de l’initiative"],
    "edad/personnages/j3.toml": ["J3", "1,9", "19"],
}


@pytest.mark.slow
@pytest.mark.parametrize("character", sorted(set(PRINTED) - {"cda/personnages/krom.toml"}))
def test_example_character_sheet_prints_its_totals(rulebook, tmp_path, character):
    # Kröm's: in the one run of tests/test_sheet_form.py that fills his sheet with long notes
    out = tmp_path / "sheet.pdf"
    run = rulebook("sheet", str(ROOT / "source" / character), "--out", str(out))
    assert run.status == 0, run.err
    prints_its_totals(character, out)


def prints_its_totals(character: str, out: Path) -> None:
    """Assert that the sheet `rulebook sheet` wrote at `out` for `character` (its form, and
    beside it its sheet for print) prints the totals its book prints."""
    printed_out = out.with_name(f"{out.stem}-print.pdf")
    reader = pypdf.PdfReader(printed_out)
    assert not reader.get_fields(), "the sheet for print prints its values, it is no form"
    text = " ".join("".join(pdf_text.page_texts(printed_out)).split())
    for value in PRINTED[character]:
        found = value in text if " " in value else value in text.split()
        assert found, f"{value} missing from the sheet of {character}"
    # The character's form keeps its fields, filled in: the same values, still editable.
    fields = pypdf.PdfReader(out).get_fields()
    values = {str(field.get("/V", "")) for field in fields.values()}
    for value in PRINTED[character]:
        if " " not in value and not value.startswith(("Aspects", "Sens")):
            assert value in values, f"{value} missing from the form of {character}"


@pytest.mark.parametrize("book", BOOKS)
def test_example_characters_agree_with_their_book(book):
    chosen, game = _game(book)
    document = read_book(chosen.main)
    findings = check_sheet(document, game, language_of(document.root))
    categories = [f.category for f in findings if f.category != "sheet-total"]
    assert not categories, [f.astext() for f in findings]
    assert game.sheet.examples, f"{book} ships no example character"


def test_a_box_citing_a_sentence_the_book_now_contradicts_is_one_finding_at_the_word():
    # Edad's « (au lieu d'une action complexe » edited to « simple »: the rule citing the
    # sentence finds the changed word, and the sheet's box citing the same words no longer
    # finds them in the book. One fault: the finding at the book's word, the sheet's words
    # in its working. The cited sentence is the finding's record, whatever its working says.
    sentence = "l'action complexe l'amène en fin de file (au lieu d'une action complexe)"
    contradiction = Finding(
        "error",
        "contradiction",
        "the book now says « simple » where its rule 'cout' says « complexe »",
        file=Path("book.xml"),
        line=131,
        column=284,
        key="cout complexe",
        derivation=["coût d'une action complexe = 2 × nombre de combattants"],
        cites=(sentence,),
    )
    sheet = Finding(
        "error",
        "sheet-source",
        "the character sheet cites « au lieu d'une action complexe », which the book does not say",
        file=Path("rules/fiche.py"),
        line=40,
        key="au lieu d'une action complexe",
    )
    assert fold([contradiction, sheet]) == [contradiction]
    assert contradiction.derivation[-1] == sheet.message
    unrelated = Finding("error", "sheet-source", "cites « ailleurs »", key="ailleurs")
    assert fold([contradiction, unrelated]) == [contradiction, unrelated]


def test_a_disagreement_is_a_finding_at_the_books_line(monkeypatch):
    # Marie-Pierre's Physique: created 5, her 10 PX give 6 with 4 left; the book prints
    # « de 6 à 7 (il lui reste 3 PX » at cda.xml:615-616.
    chosen, game = _game("cda")
    document = read_book(chosen.main)
    # the check is given the book's language: no character file reads the settings again
    monkeypatch.setattr("build_tools.settings.read_settings", None)
    findings = {f.key: f for f in check_sheet(document, game, language_of(document.root))}
    valeur = findings["personnages/marie-pierre.toml:aspects.Ph.valeur"]
    assert (valeur.file.name, valeur.line, valeur.found, valeur.expected) == ("cda.xml", 615, 7, 6)
    reste = findings["personnages/marie-pierre.toml:aspects.Ph.reste"]
    assert (reste.line, reste.found, reste.expected) == (616, 3, 4)


# -- mistakes in character files ------------------------------------------------------------


KROM, J1, DAVID = (
    "cda/personnages/krom.toml",
    "edad/personnages/j1.toml",
    "harmonies/personnages/david.toml",
)

MISTAKES = [
    # (a character of the books, what is changed in its file, the field, the line the error
    # points at, the words of the error)
    (
        KROM,
        "Pu = 4\nRe = 3",
        "Pu = 5\nRe = -1",
        "moyens.Pu",
        "Pu = 5",
        "Puissance dépasse Résistance de 6\u202f; la limite est 5 (« les moyens », cda.xml:",
    ),
    (KROM, "Ex = -2", "Ex = -1", "moyens", "[moyens]", "la somme des moyens vaut +1"),
    (KROM, "Pe = -2", "Pe = -7", "moyens.Pe", "Pe = -7", "Pe vaut −7\u202f; il va de −5 à 5"),
    (
        KROM,
        "BA = 1",
        'BA = "un"',
        "armes.0.BA",
        'BA = "un"',
        "BA doit être un nombre entier, pas le texte « un »",
    ),
    (
        KROM,
        'concept = "Vaillant guerrier"',
        'concept = "Vaillant guerrier"\ncouleur = "rouge"',
        "couleur",
        'couleur = "rouge"',
        "champ inconnu « couleur »",
    ),
    (
        KROM,
        "BD = 20",
        "BD = 20\nTA = 12",
        "armes.0.TA",
        "TA = 12",
        "TA est un total calculé par les règles",
    ),
    (
        KROM,
        'competence = "Hache de guerre à deux mains"',
        'competence = "Hache"',
        "armes.0.competence",
        'competence = "Hache"',
        "la compétence « Hache » n’est pas dans les compétences",
    ),
    (KROM, "NC = 5", "NC = 25", "competences.0.NC", "NC = 25", "NC vaut 25\u202f; il va de 0 à 20"),
    (
        KROM,
        "incomplet = true",
        "incomplet = false",
        "competences",
        "[[competences]]",
        "compétences de départ\u00a0: 1 à apprenti",
    ),
    (
        KROM,
        'moyen = "Pu"',
        'moyen = "Force"',
        "armes.0.moyen",
        'moyen = "Force"',
        "Moyen « Force » n’existe pas",
    ),
    (KROM, 'nom = "Kröm"', "nom = [", "", "", "ce n’est pas du TOML valide"),
    (
        KROM,
        "NC = 5",
        "NC = 7",
        "competences.0.NC",
        "NC = 7",
        "les compétences au-delà de leur NC de départ coûtent 13 PX\u202f; le personnage n’en a "
        "reçu que 0 (« l’expérience et la progression »",
    ),
    (  # a book named by name only: a path there is not a book whose Python rulebook imports
        KROM,
        'livre = "cda"',
        'livre = "/elsewhere/cda"',
        "livre",
        'livre = "/elsewhere/cda"',
        "aucun livre ne s’appelle « /elsewhere/cda » (livre = le dossier du livre sous source/"
        "\u00a0: « cda », « edad », « harmonies »)",
    ),
    (
        KROM,
        "Pu = 4",
        "Pu = 9",
        "moyens.Pu",
        "Pu = 9",
        "Pu vaut 9\u202f; il va de −5 à 5 (« les moyens », cda.xml:",
    ),
    (
        KROM,
        'competence = "Hache de guerre à deux mains"\nmoyen = "Pu"',
        'competence = "Hache de guerre à deux mains"',
        "armes.0.moyen",
        "[[armes]]",
        "il manque Moyen (moyen = …)",
    ),
    (
        J1,
        'nom = "Maniement de l\'arme"',
        'nom = "Combat en aveugle"',
        "dons.1.nom",
        'nom = "Arme rapide"',
        "Arme rapide demande le don Maniement de l’arme pour épée longue",
    ),
    (
        J1,
        "points = 5",
        "points = 4",
        "dons.0.nom",
        'nom = "Maniement de l\'arme"',
        "Maniement de l’arme demande 5 points en épée longue\u202f; le personnage en a 4",
    ),
    (
        J1,
        'nom = "Arme rapide"',
        'nom = "Arme très rapide"',
        "dons.1.nom",
        'nom = "Arme très rapide"',
        "« Arme très rapide » n’est pas un don d’Edad",
    ),
    (
        J1,
        'profil = "Guerrier"',
        'profil = "Guerrier"\n[vie]\nrestants = 11',
        "vie.restants",
        "restants = 11",
        "11 PVs restants pour 10 PVs au plus (« Remarques Générales », book.xml:170)",
    ),
    (
        J1,
        'arme = "épée longue"\n\n[[dons]]\nnom = "Arme rapide"\narme = "épée longue"',
        'arme = "épée longue"\n\n[[dons]]\nnom = "Arme rapide"\narme = "épée longue"\n\n'
        '[[equipement]]\nnom = "Épée longue"\nsorte = "arme"\ntaille = "pavois"',
        "equipement.0.taille",
        'taille = "pavois"',
        "Épée longue\u00a0: une arme n’est pas « pavois » (tailles\u00a0: légère, moyenne, lourde)",
    ),
    (
        DAVID,
        "E = -3",
        "E = 0",
        "armes.0.E",
        "E = 0",
        "le seuil E (0) doit être plus bas que le seuil S (−1) "
        "(« Organisation d’un combat », combat.xml:",
    ),
    (
        DAVID,
        "cp_rs = -1",
        "cp_rs = -1.5",
        "defense.cp_rs",
        "cp_rs = -1.5",
        "Cp+Rs doit être un nombre entier, pas le nombre à virgule −1,5",
    ),
]


@pytest.mark.parametrize(
    ("character", "old", "new", "field", "line", "words"),
    MISTAKES,
    ids=[f"{m[0].split('/')[0]}-{m[3] or 'toml'}" for m in MISTAKES],
)
def test_each_mistake_is_an_error_naming_line_field_and_rule(
    rulebook, tmp_path, monkeypatch, character, old, new, field, line, words
):
    original = (ROOT / "source" / character).read_text(encoding="utf-8")
    assert old in original
    text = original.replace(old, new, 1)
    path = tmp_path / Path(character).name  # outside the book: its `livre` names source/BOOK
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    monkeypatch.chdir(ROOT)
    run = rulebook("sheet", str(path), "--out", str(out))
    assert run.status == 2
    assert not out.exists() and not list(tmp_path.glob("*.part"))
    if field:
        number = text.splitlines().index(line) + 1
        expected = f"{path}:{number}:1: error: {field}\u00a0: "
    else:
        expected = f"{path}:"
    assert any(error.startswith(expected) and words in error for error in run.err.splitlines()), (
        run.err
    )


@pytest.mark.parametrize("book", BOOKS)
def test_the_documented_fields_are_the_descriptions(book):
    # docs/sheets.md lists each game's fields between markers; regenerate them with
    # build_tools.model.sheet.reference when a description changes.
    _, game = _game(book)
    doc = (ROOT / "docs" / "sheets.md").read_text(encoding="utf-8")
    documented = doc.split(f"<!-- fields: {book} -->\n")[1].split("<!-- end fields -->")[0]
    assert documented == reference(game.sheet)


def test_a_box_takes_its_formula_and_sentence_from_its_rule():
    from build_tools.checking.rule import rule

    @rule(formula="TA = CA + BA", cites="additionnée du bonus d'attaque")
    def total(cible: int, bonus: int) -> int:
        return cible + bonus

    box = Box("TA", "Total d’attaque", rule=total)
    assert (box.formula, box.cites, box.derived) == (
        "TA = CA + BA",
        "additionnée du bonus d'attaque",
        True,
    )
    assert Box("TA", "Total d’attaque", formula="TA = CA + BA + 0", rule=total).formula == (
        "TA = CA + BA + 0"
    ), "the sheet's own formula, when it gives one, is the one printed"


def test_no_rules_builds_no_sheet_and_says_why(rulebook, tmp_path):
    run = rulebook(
        "build",
        str(ROOT / "source" / "harmonies"),
        "--format",
        "sheets",
        "--no-rules",
        "--out",
        str(tmp_path),
    )
    assert run.status == 0
    assert "no sheet: --no-rules" in run.err
    assert not list(tmp_path.rglob("*.pdf"))


@pytest.mark.slow
def test_paper_letter_prints_the_sheets_on_letter_only(rulebook, tmp_path):
    run = rulebook(
        "build",
        str(ROOT / "source" / "harmonies"),
        "--format",
        "sheets",
        "--paper",
        "letter",
        "--out",
        str(tmp_path),
        "-v",
    )
    assert run.status == 0, run.err
    assert sorted(p.name for p in tmp_path.rglob("*.pdf")) == ["sheet-letter.pdf"]
    assert "harmonies: sheets: " in run.out and "sheet.pdf" not in run.out
    sheet = pypdf.PdfReader(tmp_path / "harmonies" / "sheet-letter.pdf")
    box = sheet.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)
    # the progress counts the sheet's pages
    assert f"s, {len(sheet.pages)} pages)" in run.err.split("harmonies: sheets: built (")[1]


def test_a_long_value_is_set_smaller_on_its_sheet_never_cut():
    # Kröm's « Hache de guerre à deux mains » is wider than the weapon's box at 10 pt.
    from build_tools.checking.character import read_character
    from build_tools.model.sentences import Citations
    from build_tools.render.sheets.pages import sheet_document

    def boxes(box):
        yield box
        for child in getattr(box, "children", ()):
            yield from boxes(child)

    book, game = _game("cda")
    place = Citations(read_book(book.main), "fr").place
    character = read_character(ROOT / "source" / KROM, game.sheet, place)
    document = sheet_document(game.sheet, book.folder, "a4", character, flat=True)
    values = [
        box
        for box in boxes(document.pages[0]._page_box)
        if box.element_tag == "span" and "valeur" in (box.element.get("class") or "")
    ]
    assert len(values) > 20
    for box in values:  # each line of each value within its box
        for line in box.children:
            assert sum(text.margin_width() for text in line.children) <= box.width
    assert pdf_text.page_texts(document.write_pdf())[0].count("Hache de guerre à deux mains") == 2


def test_a_players_character_beside_the_examples_is_checked_too(rulebook, tmp_path):
    folder = tmp_path / "harmonies"
    shutil.copytree(ROOT / "source" / "harmonies", folder, ignore=shutil.ignore_patterns("__py*"))
    david = (folder / "personnages" / "david.toml").read_text(encoding="utf-8")
    assert "cp_rs = -1\n" in david
    player = folder / "personnages" / "ma-joueuse.toml"
    player.write_text(david.replace("cp_rs = -1\n", "cp_rs = -1.5\n"), encoding="utf-8")
    run = rulebook("check", str(folder))
    assert run.status == 1  # was silently passed over: only the examples were read
    line = david.splitlines().index("cp_rs = -1") + 1
    assert (
        f"ma-joueuse.toml:{line}: error: defense.cp_rs: character personnages/ma-joueuse.toml: "
        "Cp+Rs doit être un nombre entier"
    ) in run.out


def test_a_character_file_in_one_books_folder_naming_another_is_refused(
    rulebook, tmp_path, monkeypatch
):
    for name in ("cda", "edad"):
        shutil.copytree(
            ROOT / "source" / name,
            tmp_path / "source" / name,
            ignore=shutil.ignore_patterns("__py*"),
        )
    misplaced = tmp_path / "source" / "edad" / "personnages" / "krom.toml"
    shutil.copy(ROOT / "source" / KROM, misplaced)
    monkeypatch.chdir(tmp_path)
    run = rulebook("sheet", str(misplaced), "--out", str(tmp_path / "krom.pdf"))
    assert run.status == 2  # was filled as a character of cda, silently
    line = misplaced.read_text(encoding="utf-8").splitlines().index('livre = "cda"') + 1
    assert (
        f"{misplaced}:{line}:1: error: livre\u00a0: le fichier nomme le livre « cda », mais il est "
        "dans le dossier du livre « edad »"
    ) in run.err
    assert not (tmp_path / "krom.pdf").exists()


def test_a_file_with_mistakes_of_both_kinds_has_them_all_said_in_one_run(
    rulebook, tmp_path, monkeypatch
):
    # a wrong type (Cp+Rs -1.5) and a broken rule (the E threshold above S) in one file:
    # the rules still read the rest of it, so both are said, each once
    original = (ROOT / "source" / DAVID).read_text(encoding="utf-8")
    text = original.replace("cp_rs = -1", "cp_rs = -1.5", 1).replace("E = -3", "E = 0", 1)
    path = tmp_path / Path(DAVID).name
    path.write_text(text, encoding="utf-8")
    monkeypatch.chdir(ROOT)
    run = rulebook("sheet", str(path), "--out", str(tmp_path / "sheet.pdf"))
    assert run.status == 2
    lines = text.splitlines()
    errors = [line for line in run.err.splitlines() if ": error: " in line]
    for field, line in (("defense.cp_rs", "cp_rs = -1.5"), ("armes.0.E", "E = 0")):
        start = f"{path}:{lines.index(line) + 1}:1: error: {field}\u00a0: "
        assert len([error for error in errors if error.startswith(start)]) == 1, run.err
    assert len(errors) == 2, run.err


def test_a_rule_about_a_field_of_the_wrong_type_is_not_said_twice(tmp_path):
    # Kröm's Puissance written as a text: the rules read his moyens without it, and their
    # « il manque la Puissance » is the same fault as its type, said once
    from build_tools.checking.character import UnusableCharacter, read_character

    chosen, game = _game("cda")
    original = (ROOT / "source/cda/personnages/krom.toml").read_text(encoding="utf-8")
    path = tmp_path / "krom.toml"
    path.write_text(original.replace("Pu = 4", 'Pu = "4"', 1), encoding="utf-8")
    with pytest.raises(UnusableCharacter) as raised:
        read_character(path, game.sheet, lambda words: words)
    fields = [diagnostic.field for diagnostic in raised.value.diagnostics]
    assert fields == ["moyens.Pu"], [d.message for d in raised.value.diagnostics]


def test_a_sheet_total_resting_on_an_erratum_is_that_erratum_once():
    # Marie-Pierre's « de 6 à 7 (il lui reste 3 PX » rests on her Physique 6, an erratum
    # (5): her sheet's two totals join that erratum's working; Goliath's D likewise
    for book, erratum, words in (
        ("cda", "augmenter-son-physique-de", ("aspects.Ph.valeur", "aspects.Ph.reste")),
        ("harmonies", "table-de-goliath", ("armes.0.D",)),
    ):
        report = examine(next(b for b in discover(ROOT / "source") if b.name == book))
        assert not [f for f in report.findings if f.category == "sheet-total"]
        (found,) = [f for f in report.findings if erratum in f.id]
        assert found.known, found.id
        for total in words:
            assert any(total in line and "fiche de" in line for line in found.derivation)
