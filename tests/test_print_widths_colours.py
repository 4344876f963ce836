"""Print and web layout a reader checks by eye: a two-column table is as wide as its content,
not the measure (read from the PDF's words), its caption on one line all the same, and a rule
quoted under a wrong claim is in the text's colour, not the error's (the computed colour, for
the web and the print stylesheet)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import lxml.html
import pytest

from build_tools.commands.cli import main

ROOT = Path(__file__).resolve().parent.parent
FILLER = " ".join(["Le personnage avance prudemment dans la salle obscure."] * 4)


def _words(pdf: Path, holding: str) -> list[tuple[str, float, float]]:
    """Each word of the PDF's page holding the word `holding`, with its left and right edges."""
    page = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    root = lxml.html.fromstring(page.encode("utf-8"))
    for sheet in root.iter("page"):
        words = [
            (word.text_content(), float(word.get("xmin")), float(word.get("xmax")))
            for word in sheet.iter("word")
        ]
        if any(word == holding for word, _, _ in words):
            return words
    raise AssertionError(f"no page holds « {holding} »")


@pytest.mark.slow
def test_a_two_column_table_is_narrower_than_the_measure(tmp_path):
    folder = tmp_path / "largeurs"
    folder.mkdir()
    (folder / "book.xml").write_text(
        f"""<?xml version="1.0" encoding="utf-8"?>
<book lang="fr"><bookinfo><title>Largeurs</title></bookinfo>
<chapter id="un"><title>les largeurs</title>
<para>{FILLER}</para>
<table id="courte"><title>le niveau de compétence des personnages</title><tgroup cols="2">
<thead><row><entry>Niveau</entry><entry>Bonus</entry></row></thead>
<tbody><row><entry>Alpha</entry><entry>Omega</entry></row></tbody></tgroup></table>
</chapter></book>
""",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    assert main(["build", str(folder), "--format", "pdf", "--out", str(out)]) in (0, 1)
    words = _words(out / "largeurs" / "largeurs.pdf", "Omega")
    prose = [(left, right) for word, left, right in words if word in ("Le", "obscure.")]
    measure_left = min(left for left, _ in prose)
    measure_right = max(right for _, right in prose)
    # the second column starts after the first one's words and their padding, not at the
    # middle of a table stretched to the measure
    first = min(left for word, left, _ in words if word in ("Niveau", "Alpha"))
    second = min(left for word, left, _ in words if word in ("Bonus", "Omega"))
    measure = measure_right - measure_left
    assert second - first < 0.4 * measure, (second - first, measure)
    # and its caption has room for its title: one line, wider than the table (WeasyPrint gives
    # a percentage min-width no width; the caption's is a length)
    pdf = out / "largeurs" / "largeurs.pdf"
    page = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True)
    (sheet,) = [
        sheet
        for sheet in lxml.html.fromstring(page.stdout.encode("utf-8")).iter("page")
        if any(word.text_content() == "Omega" for word in sheet.iter("word"))
    ]
    lines = {
        round(float(word.get("ymin")))
        for word in sheet.iter("word")
        if word.text_content() in ("Tableau", "personnages")
    }
    assert len(lines) == 1, lines


def _colours(html: str, stylesheet: Path) -> dict[str, tuple]:
    """The computed colour of each element with an id in `html`, styled by `stylesheet`."""
    from weasyprint import CSS, HTML

    document = HTML(string=html).render(stylesheets=[CSS(filename=str(stylesheet))])
    colours = {}
    boxes = [document.pages[0]._page_box]
    while boxes:
        box = boxes.pop()
        element = getattr(box, "element", None)
        if element is not None and element.get("id") and element.get("id") not in colours:
            colours[element.get("id")] = tuple(box.style["color"])
            colours[f"{element.get('id')} family"] = box.style["font_family"][0]
        boxes.extend(getattr(box, "children", []))
    return colours


WRONG_CLAIM = """<html lang="fr"><body>
<details class="verification erratum" open><summary>✗</summary><div class="verification-body">
<ul class="claims"><li class="claim disagreed" id="claim"><q class="claim-text">22</q>
— <strong id="statement">Le texte dit 22, les règles donnent 20</strong>
<p class="rule-cited" id="rule"><span class="rule-word">Règle :</span> « la règle »</p></li></ul>
</div></details>
<ol class="errata-list"><li class="erratum" id="erratum"><p class="erratum-values" id="values">
Le texte dit 22, les règles donnent 20</p>
<p class="rule-cited" id="errata-rule"><span class="erratum-label">Règle :</span> « la règle »</p>
</li></ol>
<p id="prose">Le texte.</p></body></html>"""


@pytest.mark.slow
@pytest.mark.parametrize("stylesheet", ["css/book.css", "pdf/print.css"])
def test_the_rule_under_a_wrong_claim_is_not_in_the_error_colour(stylesheet):
    colours = _colours(WRONG_CLAIM, ROOT / "templates" / stylesheet)
    if stylesheet == "css/book.css":  # the web panel: the claim is in the error's colour
        assert colours["claim"] != colours["prose"]
        assert colours["rule"] != colours["claim"]
        # and in the book's sans (shipped with the pages), not the system's it fell back to
        assert colours["statement family"] == colours["rule family"] == "Source Sans Pro"
        assert colours["prose family"] != "Source Sans Pro"
    for rule in ("rule", "errata-rule"):
        red, green, blue, _ = colours[rule]
        assert not (red > green + 0.2 and red > blue + 0.2), (rule, colours[rule])
