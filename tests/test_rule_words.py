"""Rule words on copies of the three books: a changed word is an erratum at its line with its
working and the other place; a rewording gives nothing; a lost sentence gives one finding."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from build_tools.books import Book, load_game, main_file
from build_tools.checking.runner import run_bindings
from build_tools.diagnostics import Finding
from build_tools.model.language import language_of, writing_in
from build_tools.reader import read_book
from build_tools.settings import read_settings

GAMES: dict[Path, object] = {}


@pytest.fixture(scope="module")
def copies(book_copy) -> dict[str, Path]:
    """The process's copies of the three books (`book_copy`), their games loaded once."""
    result = {}
    for name in ("cda", "harmonies", "edad"):
        copy = book_copy(name)
        GAMES.setdefault(copy.folder, copy.game)
        result[name] = copy.folder
    return result


def cross_check(folder: Path) -> list[Finding]:
    """The findings of the rules check alone (no validation, cards or sheets): fast.

    The edits touch the book, never its rules: each game is loaded once. The working is
    written in the book's language, as `examine` has it: without this, a check of an English
    book earlier in the process (a session fixture's) left its English to these French ones.
    """
    book = Book(folder.name, folder.resolve(), main_file(folder).resolve())
    if folder not in GAMES:
        GAMES[folder] = load_game(book)[0]
    game = GAMES[folder]
    document = read_book(book.main)
    with writing_in(language_of(document.root, read_settings(folder)[0])):
        return run_bindings(document, game.binder, game.example_sections).findings


BASELINES: dict[Path, list[Finding]] = {}
"""The findings of the rules check of each unedited copy."""


def unedited(folder: Path) -> list[Finding]:
    if folder not in BASELINES:
        BASELINES[folder] = cross_check(folder)
    return BASELINES[folder]


def located(text: str, old: str, new: str) -> tuple[int, int, str, int]:
    """Where `old` (a regular expression, its first match) stands in `text` and what replaces
    it: its start, its end, the replacement and the line of the edit's first changed character.

    A space of `old` matches any whitespace (the sources break lines anywhere), and the
    edit keeps the source's own whitespace, so that no line moves.
    """
    match = re.search(old.replace(" ", r"\s+"), text)
    assert match, old
    found = match.group()
    spaces = re.findall(r"\s+", found)
    words = new.split(" ")
    edited = "".join(
        word + (spaces[index] if index < len(spaces) else " ")
        for index, word in enumerate(words[:-1])
    )
    edited += words[-1]
    same = next(
        (
            index
            for index, pair in enumerate(zip(found, edited, strict=False))
            if pair[0] != pair[1]
        ),
        0,
    )
    return match.start(), match.end(), edited, text.count("\n", 0, match.start() + same) + 1


def edits_checked(folder: Path, edits: list[tuple[str, str, str]]) -> tuple[list[Finding], list]:
    """Make every edit (file, `old`, `new`) of the copy at once, check, restore.

    Returns the findings of the rules check that the unedited book does not have, and the
    line of each edit.
    """
    # a finding the book has, saying what it said (the same id saying another word at the
    # same place is new: the ledger takes it for a changed erratum)
    known = {(finding.id, str(finding.found)) for finding in unedited(folder)}
    texts = {file: (folder / file).read_text(encoding="utf-8") for file, _, _ in edits}
    places = [(file, *located(texts[file], old, new)) for file, old, new in edits]
    written = dict(texts)
    after: dict[str, int] = {}  # where the edit after this one starts, in each file
    for file, start, end, edited, _ in sorted(places, key=lambda place: -place[1]):
        assert end <= after.get(file, end), f"two edits overlap in {file}"
        written[file] = written[file][:start] + edited + written[file][end:]
        after[file] = start
    try:
        for file, text in written.items():
            (folder / file).write_text(text, encoding="utf-8")
        findings = cross_check(folder)
    finally:
        for file, text in texts.items():
            (folder / file).write_text(text, encoding="utf-8")
    new = [f for f in findings if (f.id, str(f.found)) not in known and f.rank >= 2]
    return new, [line for *_, line in places]


def new_findings(folder: Path, file: str, old: str, new: str) -> tuple[list[Finding], int]:
    """Edit `file` of the copy (`old` a regular expression, its first match), check, restore.

    Returns the findings of the rules check that the unedited book does not have,
    and the line of the edit.
    """
    findings, (line,) = edits_checked(folder, [(file, old, new)])
    return findings, line


APART = 12
"""Lines between two edits checked together: the findings of each stand at its own line."""

TOGETHER: dict[tuple, tuple[list[Finding], int]] = {}


def checked_together(copies, edits: list[tuple], edit: tuple) -> tuple[list[Finding], int]:
    """`new_findings` of `edit`, one of `edits` (book, file, old, new), from ONE check of a copy
    with several of them made: those of its book whose lines are at least APART lines from
    each other's. A finding is the edit's when it stands in the edit's file nearer its line
    than any other edit's; a finding in another file (a binding, a rule) is every edit's.

    Each edit changes one rule word or one wording of its own passage: checked alone or with
    edits of other passages, it gives the same findings at its line.
    """
    if edit not in TOGETHER:
        book = edit[0]
        batches: list[list[tuple]] = []
        lines = {}
        for other in dict.fromkeys(e for e in edits if e[0] == book):
            text = (copies[book] / other[1]).read_text(encoding="utf-8")
            lines[other] = located(text, other[2], other[3])[3]
            batch = next(
                (
                    batch
                    for batch in batches
                    if all(e[1] != other[1] or abs(lines[e] - lines[other]) >= APART for e in batch)
                ),
                None,
            )
            if batch is None:
                batches.append([other])
            else:
                batch.append(other)
        for batch in batches:
            findings, at = edits_checked(copies[book], [e[1:4] for e in batch])
            for one, line in zip(batch, at, strict=True):
                TOGETHER[one] = (
                    [f for f in findings if _nearest(f, batch, at) in (None, one)],
                    line,
                )
    return TOGETHER[edit]


def _nearest(finding: Finding, batch: list[tuple], lines: list[int]):
    """The edit of `batch` whose line is nearest the finding's in its file; None if none is in
    its file."""
    here = [
        (abs(line - finding.line), edit)
        for edit, line in zip(batch, lines, strict=True)
        if finding.file is not None and finding.file.name == Path(edit[1]).name
    ]
    return min(here, key=lambda pair: pair[0])[1] if here else None


RULE_WORDS = [
    # Les Clefs de l'Aube: comparisons, bounds, directions, operators, thresholds
    ("cda", "cda.xml", r"Une CA inférieure ou égale à 1", "Une CA inférieure à 1"),
    ("cda", "cda.xml", r"la CA est inférieure ou égale à 1", "la CA est supérieure ou égale à 1"),
    (
        "cda",
        "cda.xml",
        r"un nombre inférieur ou égal à sa CA",
        "un nombre supérieur ou égal à sa CA",
    ),
    ("cda", "cda.xml", r"avoir au-dessus de -1", "avoir au-dessous de -1"),
    ("cda", "cda.xml", r"fatigue dépasse 10", "fatigue atteint 10"),
    ("cda", "cda.xml", r"grave met au moins 1", "grave met au plus 1"),
    ("cda", "cda.xml", r"le jet est supérieur à sa CA", "le jet est inférieur à sa CA"),
    ("cda", "cda.xml", r"est ajouté au °R \+ 5\. Une", "est retiré au °R + 5. Une"),
    # Harmonies: operators, order, comparisons, bounds
    ("harmonies", "combat.xml", r"attaquer avant de ressentir", "attaquer après de ressentir"),
    ("harmonies", "combat.xml", r"s['’]effondrer avant", "s’effondrer après"),
    ("harmonies", "combat.xml", r"être supérieur à \+5", "être inférieur à +5"),
    ("harmonies", "combat.xml", r"de moins de 3 points", "de plus de 3 points"),
    # Edad: operators, division, bounds, comparisons
    ("edad", "book.xml", r"caractéristique moins 10", "caractéristique plus 10"),
    ("edad", "book.xml", r"et soustrait le résultat", "et additionne le résultat"),
    ("edad", "book.xml", r"divisée par 10", "multipliée par 10"),
    ("edad", "book.xml", r"au moins 5 points", "au plus 5 points"),
    ("edad", "book.xml", r"au moins 5\*n", "au plus 5*n"),
    ("edad", "book.xml", r"parade égal à de 10", "parade supérieur à de 10"),
    ("edad", "book.xml", r"boucliers, égal à 10", "boucliers, inférieur à 10"),
    ("cda", "cda.xml", r"une CA supérieure ou égale à 20", "une CA supérieure à 20"),
    ("cda", "cda.xml", r"la CA est supérieure ou égale à 20", "la CA est inférieure ou égale à 20"),
    ("cda", "cda.xml", r"l'arme moins 10\. Si", "l'arme plus 10. Si"),
    (
        "cda",
        "cda.xml",
        r"niveau de compétence moins 10\. C'est",
        "niveau de compétence plus 10. C'est",
    ),
    ("cda", "cda.xml", r"il doit avoir au-dessus du TP", "il doit avoir au-dessous du TP"),
    ("cda", "cda.xml", r"et au plus 10 \(son TA\)", "et au moins 10 (son TA)"),
    ("cda", "cda.xml", r"être inférieur à -5", "être supérieur à -5"),
    ("harmonies", "combat.xml", r"le FD sera soustrait", "le FD sera ajouté"),
    ("harmonies", "combat.xml", r"l['’]attaque avant de pouvoir", "l'attaque après de pouvoir"),
    ("harmonies", "actions.xml", r"on retire 3", "on ajoute 3"),
    ("harmonies", "combat.xml", r"Parade moins le Facteur", "Parade plus le Facteur"),
    # Les Clefs de l'Aube: words once waived in bulk, now claimed against the rules
    ("cda", "cda.xml", r"égale à la somme de l'<xref", "supérieure à la somme de l'<xref"),
    ("cda", "cda.xml", r"un nombre inférieur ou égal à sa CA", "un nombre inférieur à sa CA"),
    ("cda", "cda.xml", r"Si le personnage dépasse sa CA", "Si le personnage atteint sa CA"),
    ("cda", "cda.xml", r"Le degré d'échec est égal au", "Le degré d'échec est inférieur au"),
    ("cda", "cda.xml", r"résultat du dé moins la CA", "résultat du dé plus la CA"),
    ("cda", "cda.xml", r"de réussite égal à la CA \(et", "de réussite supérieur à la CA (et"),
    ("cda", "cda.xml", r"la moitié de sa CA dans", "le double de sa CA dans"),
    ("cda", "cda.xml", r"soit la moitié d'une CA", "soit le tiers d'une CA"),
    ("cda", "cda.xml", r"et l'ajouter à son degré", "et l'enlever à son degré"),
    ("cda", "cda.xml", r"\"handicap\"/> égal au", '"handicap"/> inférieur au'),
    ("cda", "cda.xml", r"supplémentaire, ajoutée à la", "supplémentaire, retirée à la"),
    ("cda", "cda.xml", r"toujours égale à zéro", "toujours supérieure à zéro"),
    ("cda", "cda.xml", r"Puissance ne peut pas dépasser", "Puissance ne peut pas atteindre"),
    ("cda", "cda.xml", r"La Manœuvre ne peut pas", "La Précision ne peut pas"),
    ("cda", "cda.xml", r"</acronym>\) est égal au niveau", "</acronym>) est supérieur au niveau"),
    ("cda", "cda.xml", r"toujours ajouté à l'aspect", "toujours retiré à l'aspect"),
    ("cda", "cda.xml", r"un °R sera soustrait", "un °R sera ajouté"),
    ("cda", "cda.xml", r"Il ajoute donc cinq", "Il retire donc cinq"),
    (
        "cda",
        "cda.xml",
        r"arme, additionnée du <firstterm>bonus de parade",
        "arme, soustraite du <firstterm>bonus de parade",
    ),
    ("cda", "cda.xml", r"pour tirer est égale à", "pour tirer est supérieure à"),
    ("cda", "cda.xml", r"\"dom\"/> égale à la somme", '"dom"/> inférieure à la somme'),
    ("cda", "cda.xml", r"et du BD moins la Difficulté", "et du BD plus la Difficulté"),
    ("cda", "cda.xml", r"le niveau après la statistique", "le niveau avant la statistique"),
    ("cda", "cda.xml", r"que vous retirez de la somme", "que vous ajoutez de la somme"),
    ("cda", "cda.xml", r"moins 10\. Il est ajouté à", "moins 10. Il est retiré à"),
    ("cda", "cda.xml", r"qu'il faut atteindre sur", "qu'il faut dépasser sur"),
    ("cda", "cda.xml", r"\"aspect\"/> additionné du", '"aspect"/> soustrait du'),
    ("cda", "cda.xml", r"le premier est supérieur à cette", "le premier est inférieur à cette"),
    ("cda", "cda.xml", r"qui se retire du <xref", "qui s'ajoute du <xref"),
    ("cda", "cda.xml", r"\(positif\) est soustrait du", "(positif) est ajouté du"),
    ("cda", "cda.xml", r"d'armure moins le <acronym>", "d'armure plus le <acronym>"),
    # a cited sentence the book says beside its rival (« ajouté au °R + 5. Une »)
    ("cda", "cda.xml", r"arme est ajouté au °R\. Cette", "arme est retiré au °R. Cette"),
    # Harmonies: words once waived in bulk, now claimed against the rules
    ("harmonies", "actions.xml", r"<emphasis>ajouté</emphasis>", "<emphasis>retiré</emphasis>"),
    ("harmonies", "actions.xml", r"calculée en ajoutant la", "calculée en retirant la"),
    ("harmonies", "actions.xml", r"serait égale à la Mesure", "serait supérieure à la Mesure"),
    ("harmonies", "actions.xml", r"divisée par la somme", "multipliée par la somme"),
    ("harmonies", "actions.xml", r"B est inférieure à", "B est supérieure à"),
    ("harmonies", "actions.xml", r"dés et ajoute le résultat", "dés et retire le résultat"),
    ("harmonies", "actions.xml", r"est égale ou supérieure à zéro", "est supérieure à zéro"),
    ("harmonies", "actions.xml", r"Lorsqu'elle est inférieure à", "Lorsqu'elle est supérieure à"),
    ("harmonies", "combat.xml", r"ses intentions après la", "ses intentions avant la"),
    ("harmonies", "combat.xml", r"l'attaquant égale ou dépasse", "l'attaquant dépasse"),
    ("harmonies", "combat.xml", r"le total le plus élevé qui", "le total le plus faible qui"),
    # Edad: words once waived in bulk, now claimed against the rules
    ("edad", "book.xml", r"Le bonus est égal à la somme", "Le bonus est inférieur à la somme"),
    ("edad", "book.xml", r"Après qu'un personnage ait", "Avant qu'un personnage ait"),
    ("edad", "book.xml", r"situés derrière lui", "situés devant lui"),
    ("edad", "book.xml", r"le gain est égal à leur", "le gain est supérieur à leur"),
    ("edad", "book.xml", r"faire une action simple \(le", "faire une action complexe (le"),
    ("edad", "book.xml", r"le coût est égal au nombre", "le coût est inférieur au nombre"),
    ("edad", "book.xml", r"complexe \(le double\)", "complexe (le triple)"),
    ("edad", "book.xml", r"mais supérieurs ou égaux à", "mais supérieurs à"),
    ("edad", "book.xml", r"incantation est égal au niveau", "incantation est supérieur au niveau"),
    ("edad", "book.xml", r"plus un, divisé par deux", "plus un, multiplié par deux"),
    ("edad", "book.xml", r"par deux en actions complexes", "par deux en actions simples"),
    ("edad", "book.xml", r"correspond à une action simple", "correspond à une action complexe"),
    ("edad", "book.xml", r"niveau strictement supérieur à", "niveau supérieur ou égal à"),
    ("edad", "book.xml", r"d'intelligence supérieur ou égal à n", "d'intelligence supérieur à n"),
    ("edad", "book.xml", r"de sort égal à n\.", "de sort inférieur à n."),
    ("edad", "book.xml", r"parer\) en action simple", "parer) en action complexe"),
    # The games' own terms: a caractéristique, a moyen, a difficulty, a wound, an adverb
    ("edad", "book.xml", r"Résistance\(Con\)", "Résistance(For)"),
    ("edad", "book.xml", r"Estimation \(Int\)", "Estimation (Sag)"),
    ("cda", "cda.xml", r"Physique de 14 \(Ph \+ Pu\)", "Physique de 14 (Ph + Ré)"),
    ("cda", "cda.xml", r"est très difficile à obtenir", "est presque impossible à obtenir"),
    ("cda", "cda.xml", r"une blessure grave met", "une blessure légère met"),
    ("harmonies", "combat.xml", r"-6, soit une éraflure", "-6, soit une blessure grave"),
    ("harmonies", "combat.xml", r"<entry>Très</entry>", "<entry>Assez</entry>"),
]


@pytest.mark.xdist_group("rule-words")  # the edits of a book are checked together
@pytest.mark.parametrize("book, file, old, new", RULE_WORDS, ids=[e[3] for e in RULE_WORDS])
def test_a_changed_rule_word_is_an_erratum_at_its_line_naming_the_other_place(
    copies, book, file, old, new
):
    edit = (book, file, old, new)
    findings, line = checked_together(copies, RULE_WORDS, edit)
    here = [
        f
        for f in findings
        if _nearest(f, [edit], [line])
        and f.line == line
        and f.category in ("erratum", "contradiction")
    ]
    assert here, "\n".join(f.astext() for f in findings)
    finding = here[0]
    assert finding.related, finding.astext()  # the other place
    assert finding.derivation, finding.astext()  # the working
    assert all(f.category not in ("binding-error", "unbound") for f in findings)


REWORDINGS = [
    # Les Clefs de l'Aube
    (
        "cda",
        "cda.xml",
        r"Son troisième résultat est de 30",
        "Son troisième résultat est bien de 30",
    ),
    ("cda", "cda.xml", r"Elle a donc maintenant \+3", "Elle a ainsi maintenant +3"),
    ("cda", "cda.xml", r"Elle peut donc augmenter", "Elle peut ainsi augmenter"),
    (
        "cda",
        "cda.xml",
        r"Le joueur lance un d20 et obtient 9",
        "Le joueur jette un d20 et obtient 9",
    ),
    (
        "cda",
        "cda.xml",
        r"Il lance le dé et obtient 15, un échec!",
        "Il jette le dé et obtient 15, un échec !",
    ),
    ("cda", "cda.xml", r"Jérôme lance les dés", "Jérôme jette les dés"),
    ("cda", "cda.xml", r"Rémi fait son jet et obtient 17!", "Rémi fait son jet et obtient 17 !"),
    ("cda", "cda.xml", r"réussite est donc égale à sa CA", "réussite est ainsi égale à sa CA"),
    ("cda", "cda.xml", r"Konrad n'a donc plus", "Konrad n'a ainsi plus"),
    ("cda", "cda.xml", r"Il lance donc à nouveau le d20", "Il jette donc à nouveau le d20"),
    ("cda", "cda.xml", r"et reçoit donc 1 PX", "et reçoit ainsi 1 PX"),
    # Harmonies
    (
        "harmonies",
        "actions.xml",
        r"cette acrobatie a une difficulté de",
        "cette acrobatie a bien une difficulté de",
    ),
    ("harmonies", "actions.xml", r"donnant une difficulté totale", "soit une difficulté totale"),
    (
        "harmonies",
        "actions.xml",
        r"cela lui fait une difficulté finale",
        "cela lui donne une difficulté finale",
    ),
    ("harmonies", "actions.xml", r"du joueur est donc de", "du joueur est ainsi de"),
    ("harmonies", "actions.xml", r"possède un total de", "a un total de"),
    ("harmonies", "combat.xml", r"Il aurait donc \+5 en FD", "Il aurait ainsi +5 en FD"),
    ("harmonies", "actions.xml", r"joueur lance un 5", "joueur jette un 5"),
    ("harmonies", "actions.xml", r"heureusement \+2 en Agilité", "par chance +2 en Agilité"),
    (
        "harmonies",
        "actions.xml",
        r"Un personnage qui a une Compétence",
        "Un personnage ayant une Compétence",
    ),
    (
        "harmonies",
        "combat.xml",
        r"Le jet de dés donne un total",
        "Le jet de dés donne alors un total",
    ),
    # Edad
    ("edad", "book.xml", r"ayant 15 en force est de 5", "ayant 15 en force est bien de 5"),
    ("edad", "book.xml", r"quelqu'un qui aura 14", "une personne qui aura 14"),
    ("edad", "book.xml", r"J3 a la main\. Etant", "J3 a la main. Comme il est"),
    ("edad", "book.xml", r"quelqu'un qui a 15 en dextérité", "une personne qui a 15 en dextérité"),
    (
        "edad",
        "book.xml",
        r"Le seuil de base des armes est de 5",
        "Le seuil de base des armes est donc de 5",
    ),
    ("edad", "book.xml", r"Classiquement, les", "D'habitude, les"),
    (
        "edad",
        "book.xml",
        r"Un joueur qui n'est pas en situation",
        "Un joueur hors de toute situation",
    ),
    ("edad", "book.xml", r"ce qui consiste à tirer 1D20", "ce qui revient à tirer 1D20"),
    ("edad", "book.xml", r"La plupart des races ont", "Presque toutes les races ont"),
    ("edad", "book.xml", r"tombent à 0, le personnage", "tombent à 0, alors le personnage"),
    # Around the rule words claimed since the bulk waivers went
    ("cda", "cda.xml", r"la CA du personnage\.", "la CA de ce personnage."),
    ("cda", "cda.xml", r"zéro, mettant ainsi l'accent", "zéro, ce qui met l'accent"),
    ("harmonies", "actions.xml", r"l'action est échouée\.", "l'action est ratée."),
    ("edad", "book.xml", r"au nombre de combattants\)", "au nombre des combattants)"),
    ("edad", "book.xml", r"Pour ces personnages, le gain", "Pour eux, le gain"),
]


@pytest.mark.xdist_group("rule-words")  # the edits of a book are checked together
@pytest.mark.parametrize("book, file, old, new", REWORDINGS, ids=[e[3] for e in REWORDINGS])
def test_a_rewording_that_changes_no_rule_gives_no_finding(copies, book, file, old, new):
    findings, _ = checked_together(copies, REWORDINGS, (book, file, old, new))
    assert not findings, "\n".join(f.astext() for f in findings)


def test_a_removed_sentence_gives_one_finding_at_its_place_and_its_dependents_do_not_run(copies):
    # Marie-Pierre's aspects: the example that draws them loses the sentence of her third
    # result; the examples that take her aspects from it are not run, and say nothing.
    findings, line = new_findings(
        copies["cda"],
        "cda.xml",
        r"Son troisième résultat est de 30 - \(7\+6\) = 17\.",
        "",
    )
    (finding,) = findings
    assert finding.category == "binding-stale"
    assert finding.line == line
    assert "bindings/personnages.py:" in finding.message  # the binding's own place
    assert "nombre(s) non atteint(s)" in finding.message


def test_an_impossible_die_is_an_erratum_at_its_number(copies):
    # Jérôme's d20 « obtient 21 »: no binding error, no cascade of unbound numbers.
    findings, line = new_findings(
        copies["cda"], "cda.xml", r"un d20 et obtient 9, une", "un d20 et obtient 21, une"
    )
    (finding,) = [f for f in findings if f.category == "erratum"]
    assert finding.line == line and finding.found == 21
    assert finding.message == "le texte dit 21 : un d20 donne 1 à 20 ; le texte lit 21"
    assert finding.derivation  # the working
    assert not [f for f in findings if f.category in ("binding-error", "unbound")]


def test_a_tolerance_holds_only_where_the_book_says_approximate(copies):
    findings = {f.id: f for f in unedited(copies["cda"])}
    # « soit autour de 25 »: the binding's half step either side applies, and is quoted.
    around = findings["erratum:example-determination-d-un-niveau-de:critique-soit-autour-de"]
    assert "(« autour de » : à 2,5 (= 5/2) près)" in around.message
    # « en moyenne, vaut 5 »: the same kind of tolerance, but the book does not call its 5
    # approximate, so 5 against 5.5 is an erratum, exactly.
    mean = findings["erratum:paragraph-les-niveaux-de-dommage-sont:en-moyenne-vaut"]
    assert mean.message == "le texte dit 5, les règles donnent 5,5 (= 11/2)"


def test_the_rules_say_which_comparison_threshold_and_operator_a_word_must_be():
    from build_tools.checking.words import comparison, operation, threshold

    assert comparison(lambda de: de <= 10, 10) == "inférieur ou égal"
    assert comparison(lambda de: de < 10, 10) == "inférieur"
    assert comparison(lambda de: de >= 10, 10) == "supérieur ou égal"
    assert comparison(lambda de: de > 10, 10) == "supérieur"
    assert comparison(lambda de: de == 10, 10) == "égal"
    assert threshold(lambda de: de > 10, 10) == "dépasser"
    assert threshold(lambda de: de >= 10, 10) == "atteindre"
    assert operation(lambda a, b: a - b) == "moins"
    assert operation(lambda a, b: a + b, "ajout") == "ajouter"
    with pytest.raises(ValueError):
        operation(lambda a, b: a * b)
