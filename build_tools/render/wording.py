"""The words a renderer generates around a book's text (Chapitre, Tableau, Voir…), by language.

Every generated string of the HTML (and of the PDF made from it) comes from
here, keyed by the `lang` of the book, so an English book gets English words.
"""

from __future__ import annotations

import re

from build_tools.render.generated_words import GENERATED
from build_tools.render.typography import french_spaces

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
        "page": "page",
        "page_short": "p. ",
        "see_errata": "→ errata",
        "legend": "Les marques de vérification",
        "legend_intro": "Les exemples, tableaux et valeurs de ce livre ont été refaits avec les "
        "règles du jeu. Une marque dit ce que la vérification a établi :",
        "legend_verified": "les nombres et affirmations du passage sont ceux que donnent "
        "les règles ;",
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
        "passage_of": "Un passage de {place}",
        "text_says": "Le texte dit",
        "rules_give": "les règles donnent",
        "reason": "Pourquoi\u00a0:",
        "working": "Calcul",
        "rule": "Règle :",
        "more_steps": "… et {count} étapes de plus",
        "claim": "Affirmation",
        "verified": "Vérifié par les règles",
        "verified_short": "vérifié",
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
        "page": "page",
        "page_short": "p. ",
        "see_errata": "→ errata",
        "legend": "Verification marks",
        "legend_intro": "The examples, tables and values of this book were worked again with the "
        "rules of the game. A mark says what the check established:",
        "legend_verified": "the numbers and statements of the passage are those the rules give;",
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
        "passage_of": "A passage of {place}",
        "text_says": "The text says",
        "rules_give": "the rules give",
        "reason": "Why:",
        "working": "Working",
        "rule": "Rule:",
        "more_steps": "… and {count} more steps",
        "claim": "Claim",
        "verified": "Verified against the rules",
        "verified_short": "verified",
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
    },
}

# French words carry their no-break spaces (« Au lieu de : », « cible introuvable : »)
# whether or not the template that sets them passes them through the typography.
WORDS["fr"] = {key: french_spaces(value) for key, value in WORDS["fr"].items()}

DEFAULT_LANGUAGE = "en"


_LANGUAGE_TAG = re.compile(r"^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?$")
"""A language, with its script and region when given: what every HTML checker accepts."""


def html_language(value: str | None) -> str:
    """`value` as an HTML lang ('fr_FR' → 'fr-FR'), or '' when it is no language tag at all
    (DocBook books use lang for other things: « fr_prior_version »)."""
    tag = (value or "").strip().replace("_", "-")
    return tag if _LANGUAGE_TAG.match(tag) else ""


def language_of(root, settings: dict | None = None) -> str:
    """The language of a book: the `lang` of its root element, else its settings' `language`,
    else English (`DEFAULT_LANGUAGE`), which the check notes."""
    return root.get("lang") or (settings or {}).get("language") or DEFAULT_LANGUAGE


def words_for(language: str | None) -> dict[str, str]:
    """The generated words for `language` ('fr', 'fr-CA', 'en'…), English when unknown."""
    primary = (language or DEFAULT_LANGUAGE).split("-")[0].split("_")[0].lower()
    if primary not in WORDS:
        primary = DEFAULT_LANGUAGE
    return {**GENERATED[primary], **WORDS[primary]}


def appendix_letter(number: int) -> str:
    """A, B, … Z, AA, AB…: how appendices are numbered."""
    letters = ""
    while number > 0:
        number, remainder = divmod(number - 1, 26)
        letters = chr(ord("A") + remainder) + letters
    return letters
