"""The words docbook-xsl generates for the less common DocBook elements, by language.

Taken from docbook-xsl's gentext (`common/fr.xml`, `common/en.xml`), so a
book reads as docbook-xsl would print it: « Q : », « voir aussi », « Étape ».
`wording.words_for` merges them into a book's words.
"""

from __future__ import annotations

GENERATED: dict[str, dict[str, str]] = {
    "fr": {
        "index": "Index",
        "index_see": "voir",
        "index_see_also": "voir aussi",
        "index_symbols": "Symboles",
        "question": "Q\u00a0:",
        "answer": "R\u00a0:",
        "qandaset": "Questions fréquemment posées",
        "bibliography": "Bibliographie",
        "reference": "Référence",
        "set": "Ensemble",
        "article": "Article",
        "equation": "Équation",
        "procedure": "Procédure",
        "step": "Étape",
        "refname": "Nom",
        "refsynopsisdiv": "Synopsis",
        "dedication": "Dédicace",
        "colophon": "Achevé d’imprimer",
        "toc": "Table des matières",
        "callout": "Repère {number}",
        "wrapped_line": "ligne coupée",
        "label_colon": "\u00a0: ",
    },
    "en": {
        "index": "Index",
        "index_see": "see",
        "index_see_also": "see also",
        "index_symbols": "Symbols",
        "question": "Q:",
        "answer": "A:",
        "qandaset": "Frequently Asked Questions",
        "bibliography": "Bibliography",
        "reference": "Reference",
        "set": "Set",
        "article": "Article",
        "equation": "Equation",
        "procedure": "Procedure",
        "step": "Step",
        "refname": "Name",
        "refsynopsisdiv": "Synopsis",
        "dedication": "Dedication",
        "colophon": "Colophon",
        "toc": "Table of Contents",
        "callout": "Callout {number}",
        "wrapped_line": "wrapped line",
        "label_colon": ": ",
    },
}
