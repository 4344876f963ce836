"""The words a renderer generates around a book's text (Chapitre, Tableau, Voir…), by language.

Every generated string of the HTML (and of the PDF made from it) comes from
here, keyed by the `lang` of the book, so an English book gets English words.
"""

from __future__ import annotations

from build_tools.model.generated_words import GENERATED
from build_tools.model.language import DEFAULT_LANGUAGE, language_given, primary_language
from build_tools.model.typography import french_spaces

WORDS: dict[str, dict[str, str]] = {
    "fr": {
        "preface": "Préface",
        "chapter": "Chapitre",
        "appendix": "Annexe",
        "part": "Partie",
        "glossary": "Glossaire",
        "section": "Section",
        "example": "Exemple",
        "table": "Tableau",
        "figure": "Figure",
        "contents": "Table des matières",
        "see": "Voir",
        "see_also": "Voir aussi",
        "note": "Note",
        "tip": "Astuce",
        "important": "Important",
        "caution": "Attention",
        "warning": "Avertissement",
        "footnotes": "Notes",
        "footnote": "Note {number}",
        "footnote_back": "Retour à l’appel de note {number}",
        "by": "par",
        "abstract": "Résumé",
        "legalnotice": "Mentions légales",
        "revhistory": "Historique des révisions",
        "revision": "Révision",
        "date": "Date",
        "description": "Description",
        "errata": "Errata",
        "errata_intro": "Les erreurs connues de ce livre, telles que les règles du jeu les "
        "établissent, "
        "chapitre par chapitre. Le texte du livre n’est pas corrigé : chaque erreur est "
        "signalée là où elle se trouve.",
        "errata_known": "Errata connus",
        "errata_new": "Autres désaccords trouvés par la vérification",
        "errata_none": "Aucun erratum connu.",
        "erratum_stated": "le texte contredit les règles",
        "rules_disagree": " : les règles disent autrement",
        "errata_group_new": "Autres désaccords trouvés par la vérification",
        "instead": "Au lieu de :",
        "read": "Lire :",
        "further_instead": "Plus loin, au lieu de :",
        "page": "page",
        "page_short": "p. ",
        "see_errata": "→ errata",
        "legend": "Les marques de vérification",
        "legend_intro": "Les exemples, tableaux et valeurs de ce livre ont été refaits avec les "
        "règles du jeu. Une marque dit ce que la vérification a établi :",
        "legend_verified": "les nombres et affirmations du passage sont ceux que donnent "
        "les règles (un tableau dit d’après quoi, ou « repris tel quel » quand les "
        "règles ne font que le reprendre) ;",
        "legend_erratum": "le passage contredit les règles : le nombre faux est souligné, "
        "la marque donne ce que dit le texte et ce que donnent les règles, et renvoie aux errata ;",
        "legend_incomplete": "une partie du passage n’a pas pu être vérifiée.",
        "missing_links": "Renvois à des parties absentes",
        "missing_links_intro": "Ces mots du texte renvoient à des parties que ce livre ne "
        "contient pas\u202f; ils y sont imprimés sans lien.",
        "list_of_tables": "Liste des tableaux",
        "list_of_examples": "Liste des exemples",
        "continued": "(suite)",
        "search": "Rechercher",
        "search_placeholder": "Rechercher dans le livre",
        "search_none": "Aucun résultat.",
        "on_this_page": "Dans ce chapitre",
        "heading_link": "Lien vers cette section",
        "erratum": "Erratum",
        "errata_count": "{count} errata",
        "known_erratum": "Erratum connu",
        "where": "Où",
        "locator": "dans «\u00a0{title}\u00a0»",
        "locator_chapter": "au {label}, «\u00a0{title}\u00a0»",
        "locator_appendix": "à l’{label}, «\u00a0{title}\u00a0»",
        "locator_section": "à la section {label}, «\u00a0{title}\u00a0»",
        "locator_example": "dans l’{label}, «\u00a0{title}\u00a0»",
        "locator_example_untitled": "dans l’exemple «\u00a0{title}\u00a0»",
        "locator_table": "dans le {label}, «\u00a0{title}\u00a0»",
        "locator_table_untitled": "dans le tableau «\u00a0{title}\u00a0»",
        "locator_term": "dans {glossary}, à {title}",
        "text_says": "Le texte dit",
        "rules_give": "les règles donnent",
        "read_instead": "lire",
        "reason": "Pourquoi\u00a0:",
        "working": "Calcul",
        "rule": "Règle :",
        "more_steps": "… et {count} étapes de plus",
        "claim": "Affirmation",
        "verified": "Vérifié par les règles",
        "verified_short": "vérifié",
        "verified_against": "Vérifié d’après {sources}",
        "checked_dice": "le calcul des dés",
        "checked_table": "le {lower}",
        "checked_rule": "la règle citée",
        "checked_rules": "les règles citées",
        "taken_by_rules": "Repris tel quel par les règles : rien d’autre ne le vérifie",
        "rest_taken_by_rules": " ; le reste, repris tel quel par les règles",
        "taken_short": "repris",
        "and": " et ",
        "erratum_short": "erratum",
        "incomplete": "Vérification incomplète",
        "incomplete_short": "incomplet",
        "unchecked_numbers": "{count} nombre(s) sans vérification",
        "binding_failed": "la vérification n’a pas pu aboutir",
        "table_defect": "une colonne du tableau est vide ou des cases manquent : "
        "elles n’ont pas pu être vérifiées",
        "missing_target": "«\u00a0{id}\u00a0», absent du livre",
        "unsupported": "élément non pris en charge : <{name}>",
        "previous": "Précédent",
        "next": "Suivant",
        "up": "Sommaire",
        "home": "Accueil",
        "one_page": "Le livre sur une seule page",
        "chapters_pages": "Le livre, un chapitre par page",
        "navigation": "Navigation",
        "remark": "Remarque de l’auteur",
        "copyright": "Copyright",
        "label_separator": ". ",
        "xref_division": "{label}, «\u00a0{title}\u00a0»",
        "xref_section": "«\u00a0{title}\u00a0»",
        "xref_formal": "{label}, «\u00a0{title}\u00a0»",
        "quote_open": "«\u00a0",
        "quote_close": "\u00a0»",
        "inner_quote_open": "“",
        "inner_quote_close": "”",
        "card_and_less": "{value} et moins",
        "card_and_more": "{value} et plus",
        "card_range": "{low} à {high}",
        "yes": "oui",
        "no": "non",
        "percent": "{value}\u202f%",
        "sheet_notes": "Notes",
        "sheet_legend": "Les cases à double trait sont des totaux calculés par les règles, "
        "formule à l’appui.",
    },
    "en": {
        "preface": "Preface",
        "chapter": "Chapter",
        "appendix": "Appendix",
        "part": "Part",
        "glossary": "Glossary",
        "section": "Section",
        "example": "Example",
        "table": "Table",
        "figure": "Figure",
        "contents": "Table of Contents",
        "see": "See",
        "see_also": "See also",
        "note": "Note",
        "tip": "Tip",
        "important": "Important",
        "caution": "Caution",
        "warning": "Warning",
        "footnotes": "Notes",
        "footnote": "Note {number}",
        "footnote_back": "Back to the call of note {number}",
        "by": "by",
        "abstract": "Abstract",
        "legalnotice": "Legal notice",
        "revhistory": "Revision history",
        "revision": "Revision",
        "date": "Date",
        "description": "Description",
        "errata": "Errata",
        "errata_intro": "The known errors of this book, as the rules establish them. "
        "The text of the book is not corrected: each error is marked where it occurs.",
        "errata_known": "Known errata",
        "errata_new": "Other disagreements found by the check",
        "errata_none": "No known erratum.",
        "erratum_stated": "the text contradicts the rules",
        "rules_disagree": ": the rules say otherwise",
        "errata_group_new": "Other disagreements found by the check",
        "instead": "For:",
        "read": "Read:",
        "further_instead": "Further on, for:",
        "page": "page",
        "page_short": "p. ",
        "see_errata": "→ errata",
        "legend": "Verification marks",
        "legend_intro": "The examples, tables and values of this book were worked again with the "
        "rules of the game. A mark says what the check established:",
        "legend_verified": "the numbers and statements of the passage are those the rules give "
        "(a table says against what, or “taken as it stands” when the rules only copy it);",
        "legend_erratum": "the passage contradicts the rules: the wrong number is underlined, "
        "the mark gives what the text says and what the rules give, and points to the errata;",
        "legend_incomplete": "part of the passage could not be checked.",
        "missing_links": "References to parts this book lacks",
        "missing_links_intro": "These words of the text refer to parts this book does not "
        "contain; they are printed without a link.",
        "list_of_tables": "List of Tables",
        "list_of_examples": "List of Examples",
        "continued": "(continued)",
        "search": "Search",
        "search_placeholder": "Search the book",
        "search_none": "No result.",
        "on_this_page": "In this chapter",
        "heading_link": "Link to this section",
        "erratum": "Erratum",
        "errata_count": "{count} errata",
        "known_erratum": "Known erratum",
        "where": "Where",
        "locator": "in “{title}”",
        "locator_chapter": "in {label}, “{title}”",
        "locator_appendix": "in {label}, “{title}”",
        "locator_section": "in section {label}, “{title}”",
        "locator_example": "in {label}, “{title}”",
        "locator_example_untitled": "in the example “{title}”",
        "locator_table": "in {label}, “{title}”",
        "locator_table_untitled": "in the table “{title}”",
        "locator_term": "in {glossary}, at {title}",
        "text_says": "The text says",
        "rules_give": "the rules give",
        "read_instead": "read",
        "reason": "Why:",
        "working": "Working",
        "rule": "Rule:",
        "more_steps": "… and {count} more steps",
        "claim": "Claim",
        "verified": "Verified against the rules",
        "verified_short": "verified",
        "verified_against": "Checked against {sources}",
        "checked_dice": "the dice",
        "checked_table": "{place}",
        "checked_rule": "the rule cited",
        "checked_rules": "the rules cited",
        "taken_by_rules": "Taken by the rules as it stands: nothing else checks it",
        "rest_taken_by_rules": "; the rest taken by the rules as it stands",
        "taken_short": "taken as it stands",
        "and": " and ",
        "erratum_short": "erratum",
        "incomplete": "Incomplete verification",
        "incomplete_short": "incomplete",
        "unchecked_numbers": "{count} number(s) not checked",
        "binding_failed": "the check could not complete",
        "table_defect": "a column of the table is empty or cells are missing: "
        "they could not be checked",
        "missing_target": "“{id}”, not in the book",
        "unsupported": "unsupported element: <{name}>",
        "previous": "Previous",
        "next": "Next",
        "up": "Contents",
        "home": "Home",
        "one_page": "The book on one page",
        "chapters_pages": "The book, one chapter per page",
        "navigation": "Navigation",
        "remark": "Author’s remark",
        "copyright": "Copyright",
        "label_separator": ". ",
        "xref_division": "{label}, “{title}”",
        "xref_section": "“{title}”",
        "xref_formal": "{label}, “{title}”",
        "quote_open": "“",
        "quote_close": "”",
        "inner_quote_open": "‘",
        "inner_quote_close": "’",
        "card_and_less": "{value} and less",
        "card_and_more": "{value} and more",
        "card_range": "{low} to {high}",
        "yes": "yes",
        "no": "no",
        "percent": "{value}%",
        "sheet_notes": "Notes",
        "sheet_legend": "The boxes with a double border are totals computed by the rules, "
        "their formula beside them.",
    },
}

# French words carry their no-break spaces (« Au lieu de : », « cible introuvable : »)
# whether or not the template that sets them passes them through the typography.
WORDS["fr"] = {key: french_spaces(value) for key, value in WORDS["fr"].items()}


def folder_language(folder) -> str:
    """The language of the book in `folder` as `language_of` finds it, from its main file's
    root element alone (not the whole book): for what is made apart from the book (its cards)."""
    import os

    from lxml import etree

    from build_tools.reader import main_file
    from build_tools.settings import read_settings

    # Fed a few kilobytes at a time, up to the root's start tag: `iterparse` parsed far more
    # of the book than that before its first event (8 ms for Les Clefs de l'Aube's main file).
    parser = etree.XMLPullParser(
        events=("start",), load_dtd=False, no_network=True, resolve_entities=False
    )
    started: list = []
    try:
        main = main_file(folder)
        with open(main if main is not None else os.devnull, "rb") as source:
            while not started and (chunk := source.read(4096)):
                parser.feed(chunk)
                started = list(parser.read_events())
    except (OSError, etree.XMLSyntaxError):
        started = list(parser.read_events())  # what was read before the fault, as iterparse
    root_language = started[0][1].get("lang") if started else None
    return language_given(root_language, read_settings(folder)[0])


def words_for(language: str | None) -> dict[str, str]:
    """The generated words for `language` ('fr', 'fr-CA', 'en'…), English when unknown."""
    primary = primary_language(language)
    if primary not in WORDS:
        primary = DEFAULT_LANGUAGE
    return {**GENERATED[primary], **WORDS[primary]}
