"""Books that are not one <book> with rules: an article, a book without rules, without lang."""

from __future__ import annotations

from pathlib import Path

import lxml.html

ROOT = Path(__file__).resolve().parent.parent
ARTICLE = (ROOT / "tests/fixtures/markup/article.xml").read_text(encoding="utf-8")


def headings(page: Path) -> list[tuple[str, str]]:
    """Each heading and the words a reader hears (the link beside it is aria-hidden)."""
    root = lxml.html.parse(str(page)).getroot()
    for hidden in root.xpath("//*[@aria-hidden='true']"):
        hidden.drop_tree()
    return [(h.tag, " ".join(h.text_content().split())) for h in root.iter("h1", "h2", "h3", "h4")]


def test_an_article_has_its_title_its_sections_in_the_contents_and_one_page_each(
    write_book, rulebook, tmp_path
):
    folder = write_book("howto", {"book.xml": ARTICLE})
    run = rulebook("build", str(folder), "--format", "html", "--out", str(tmp_path / "out"))
    assert "handles <" not in run.err
    out = tmp_path / "out/howto"
    page = lxml.html.parse(str(out / "howto.html")).getroot()
    assert page.find("head/title").text == "The Mini HOWTO"
    contents = [" ".join(a.text_content().split()) for a in page.xpath("//nav//a")]
    assert contents == ["Introduction", "History", "Use"]
    assert headings(out / "howto.html") == [
        ("h1", "The Mini HOWTO"),
        ("h2", "Table of Contents"),
        ("h2", "Introduction"),
        ("h3", "History"),
        ("h2", "Use"),
    ]
    assert sorted(p.name for p in (out / "html").glob("*.html")) == [
        "index.html",
        "intro.html",
        "use.html",
    ]
    text = " ".join(page.text_content().split())
    assert "Jo Doe" in text and "What it is about." in text


def test_a_book_without_rules_gets_no_errata_chapter(write_book, rulebook, tmp_path):
    folder = write_book("plain", {"book.xml": ARTICLE})
    rulebook("build", str(folder), "--format", "html", "--out", str(tmp_path / "out"))
    page = lxml.html.parse(str(tmp_path / "out/plain/plain.html")).getroot()
    assert "Errata" not in page.find("body").text_content()
    assert not (tmp_path / "out/plain/html/errata.html").exists()


def test_a_book_without_lang_is_noted_and_gets_the_english_default(write_book, rulebook):
    folder = write_book("nolang", {"book.xml": ARTICLE})
    run = rulebook("check", str(folder))
    assert "book.xml:3:1: info: the book names no language (lang on <article>)" in run.out
    assert 'lang="fr"' in run.out
    folder = write_book(
        "withlang", {"book.xml": ARTICLE.replace("<article>", '<article lang="fr">')}
    )
    assert "no-language" not in rulebook("check", str(folder)).out


TITLES = """<book lang="fr"><title>Le titre du livre</title>
<bookinfo><subtitle>Premier sous-titre</subtitle><subtitle>Second sous-titre</subtitle></bookinfo>
<chapter id="c1"><title>Un chapitre<footnote><para>La note du titre.</para></footnote></title>
<subtitle>Le sous-titre du chapitre</subtitle><para>Texte.</para>
<section><title>Une section</title><subtitle>Sous-titre de section</subtitle>
<para>Suite.</para></section>
</chapter>
<appendix><title>Annexe</title><subtitle>Sous-titre d’annexe</subtitle><para>Fin.</para></appendix>
</book>"""


def test_titles_beside_a_title_less_bookinfo_subtitles_and_a_note_in_a_title(
    write_book, rulebook, tmp_path
):
    folder = write_book("titres", {"book.xml": TITLES})
    run = rulebook("build", str(folder), "--format", "html", "--out", str(tmp_path / "out"))
    assert "handles <" not in run.err
    page = lxml.html.parse(str(tmp_path / "out/titres/titres.html")).getroot()
    assert page.find("head/title").text == "Le titre du livre"
    cover = " ".join(
        page.xpath("//header[contains(@class, 'titlepage')]")[0].text_content().split()
    )
    assert "Le titre du livre" in cover
    assert "Premier sous-titre" in cover and "Second sous-titre" in cover
    text = " ".join(page.find("body").text_content().split())
    for subtitle in ("Le sous-titre du chapitre", "Sous-titre de section", "Sous-titre d’annexe"):
        assert subtitle in text
    notes = page.xpath("//section[@id='c1']//*[contains(@class, 'footnote')]")
    assert "La note du titre." in " ".join(n.text_content() for n in notes)
    contents = " ".join(page.xpath("//nav")[0].text_content().split())
    assert "Un chapitre" in contents and "La note du titre" not in contents
