"""The gate and the sanitizers: what a book names is read only from its folder, and an attribute
value reaches a page only parsed (a length as a length, a link by its scheme)."""

from __future__ import annotations

import pytest
from lxml import html as lxml_html

from build_tools import resources
from build_tools.resources import Gate, Refused


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "JavaScript:alert(1)",
        " javascript:alert(1)",
        "java\tscript:alert(1)",
        "java\nscript:alert(1)",
        "jav ascript:alert(1)",
        "javascript :alert(1)",
        "vbscript:msgbox(1)",
        "VBScript:msgbox(1)",
        "data:text/html,<script>alert(1)</script>",
        "DATA:text/html;base64,PHNjcmlwdD4=",
        "d a t a:text/html,x",
        "file:///etc/passwd",
        "ftp://example.org/",
        "//evil.example/x",
        " //evil.example/x",
        "\\\\evil.example\\x",
        "/\\evil.example/x",
        "/etc/passwd",
        "page.html%00.png",
        "a\x00b",
    ],
)
def test_a_link_that_could_run_code_or_read_a_file_is_refused(url):
    assert resources.link(url) is None


@pytest.mark.parametrize(
    "url",
    [
        "http://example.org/",
        "HTTPS://example.org/a?b=c#d",
        "mailto:auteur@example.org",
        "regles.html#combat",
        "#combat",
        "../autre/page.html",
        "./a:b",
        "?page=2",
    ],
)
def test_web_mail_and_relative_links_are_kept(url):
    assert resources.link(url) == url


def test_only_a_link_with_its_scheme_is_a_web_link():
    assert resources.is_web_link("https://example.org/")
    assert resources.is_web_link("mailto:a@example.org")
    assert not resources.is_web_link("regles.html")
    assert not resources.is_web_link("//example.org/x")
    assert not resources.is_web_link("javascript:alert(1)")


@pytest.mark.parametrize(
    ("value", "css"),
    [
        ("70px", "70px"),
        ("70", "70px"),
        ("70 px", "70px"),
        (" 2.5cm ", "2.5cm"),
        ("50%", "50%"),
        (".5in", "0.5in"),
        ("007pt", "7pt"),
        ("10000px", "10000px"),
    ],
)
def test_a_length_is_a_number_and_a_unit(value, css):
    assert resources.length(value) == css


@pytest.mark.parametrize(
    "value",
    [
        "70px;background-image:url(file:///etc/passwd)",
        "70px; background: url(http://127.0.0.1:1/)",
        "calc(100% - 1px)",
        "expression(alert(1))",
        "1e9px",
        "99999px",
        "-5px",
        "",
        "px",
    ],
)
def test_anything_else_is_not_a_length(value):
    assert resources.length(value) is None


@pytest.fixture
def book_and_canary(tmp_path):
    folder = tmp_path / "book"
    (folder / "images").mkdir(parents=True)
    (folder / "images" / "a.png").write_bytes(b"png")
    canary = tmp_path / "canary.txt"
    canary.write_text("secret")
    return folder, canary


def test_the_gate_lets_through_the_books_own_files(book_and_canary):
    folder, _ = book_and_canary
    gate = Gate(folder)
    base = folder / "book.xml"
    assert gate.file("images/a.png", base) == (folder / "images" / "a.png").resolve()
    assert gate.file((folder / "images" / "a.png").as_uri(), base).name == "a.png"


@pytest.mark.parametrize(
    "reference",
    [
        "../canary.txt",
        "{canary}",
        "file://{canary}",
        "file://localhost{canary}",
        "images/../../canary.txt",
        "images%2F..%2F..%2Fcanary.txt",
        "http://127.0.0.1:1/canary.txt",
        "https://example.org/canary.txt",
        "file://otherhost/etc/passwd",
        "data:text/plain,secret",
        "",
    ],
)
def test_the_gate_refuses_everything_outside_the_folder(book_and_canary, reference):
    folder, canary = book_and_canary
    with pytest.raises(Refused):
        Gate(folder).file(reference.format(canary=canary), folder / "book.xml")


def test_a_symbolic_link_out_of_the_folder_is_refused(book_and_canary):
    folder, canary = book_and_canary
    (folder / "images" / "escape.png").symlink_to(canary)
    (folder / "loop").symlink_to(folder / "loop")
    gate = Gate(folder)
    with pytest.raises(Refused, match="outside the book's folder"):
        gate.file("images/escape.png", folder / "book.xml")
    with pytest.raises(Refused):
        gate.file("loop", folder / "book.xml")


def test_the_tools_own_assets_are_allowed_when_named(book_and_canary, tmp_path):
    folder, canary = book_and_canary
    assets = tmp_path / "assets"
    assets.mkdir()
    (assets / "font.ttf").write_bytes(b"font")
    gate = Gate(folder, assets=[assets])
    assert gate.checked(assets / "font.ttf") == (assets / "font.ttf").resolve()
    with pytest.raises(Refused):
        gate.checked(canary)


def test_a_protocol_relative_or_absolute_link_is_a_finding_and_no_link(rulebook, write_book):
    folder = write_book(
        "book",
        {
            "book.xml": "<book><title>T</title><chapter><title>C</title>\n"
            '<para><ulink url="//evil.example/x">un</ulink></para>\n'
            '<para><ulink url="/etc/passwd">deux</ulink></para>\n'
            '<para><ulink url="page.html">trois</ulink></para>\n'
            "</chapter></book>\n",
            "page.html": "<p>a page of the book</p>\n",
        },
    )
    out = folder.parent / "out"
    status, text, _ = rulebook(
        "build", str(folder / "book.xml"), "--no-rules", "--format", "html", "--out", str(out)
    )
    page = (out / "book" / "book.html").read_text(encoding="utf-8")
    hrefs = [a.get("href") for a in lxml_html.fromstring(page).iter("a") if a.get("href")]
    assert [h for h in hrefs if h.endswith("page.html")], hrefs
    assert not [h for h in hrefs if "evil" in h or "passwd" in h], hrefs
    assert "un" in page and "deux" in page  # the words are shown
    status, text, _ = rulebook("check", str(folder), "--no-rules")
    assert text.count("[unsafe-link]") == 2
    assert "book.xml:2:" in text and "book.xml:3:" in text
