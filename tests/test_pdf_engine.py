"""The one WeasyPrint engine every PDF goes through: what the gate refuses while a page is laid
out is a finding of that output, and WeasyPrint's warnings are said once, by book and output."""

from __future__ import annotations

from build_tools.render.pdf.engine import Engine
from build_tools.resources import Gate


def test_a_refused_file_is_a_finding_of_the_output_that_asked_for_it(tmp_path, capsys):
    book = tmp_path / "book"
    book.mkdir()
    (tmp_path / "secret.png").write_bytes(b"not a book's file")
    engine = Engine(Gate(book))
    page = f'<p>x</p><img src="{(tmp_path / "secret.png").as_uri()}">'
    with engine.running():
        engine.html(page, book.as_uri() + "/").render().write_pdf()
    findings = engine.report("jeu", "cards")
    assert [finding.category for finding in findings] == ["refused-access"]
    assert findings[0].message.startswith("cards: refused to read ")
    assert "secret.png" in findings[0].message
    # WeasyPrint's own warning about the image only repeats the refusal: not said again
    assert "secret.png" not in capsys.readouterr().err
    assert engine.report("jeu", "cards") == []  # each is reported once
