"""Every door out of a book's folder, tried on one small hostile book: nothing outside it is read,
nothing is fetched, and each attempt is a finding.

A canary image lies beside the book folder and a listener waits on 127.0.0.1;
the book names them through links, lengths written into CSS, an SVG image and
xml:base. The book is checked, then built to HTML and, alone, to PDF (so the
PDF also shows that it carries its images without the HTML build).
"""

from __future__ import annotations

import contextlib
import io
import json
import socket
import struct
import threading
import zlib

import pytest
from lxml import html as lxml_html

from build_tools.commands.cli import main

pypdf = pytest.importorskip("pypdf")

SECRET = "CANARY-3b9d0f"
"""A line of the file outside the folder: it must show up in no output."""


def png(width: int, height: int) -> bytes:
    """A grey PNG of `width` × `height` pixels: its size tells it apart in the PDF."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


class Listener:
    """A TCP listener on 127.0.0.1 that counts who connects (it answers nothing)."""

    def __init__(self):
        self.server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(8)
        self.server.settimeout(0.1)
        self.port = self.server.getsockname()[1]
        self.connections = 0
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stopped.is_set():
            try:
                connection, _ = self.server.accept()
            except OSError:
                continue
            self.connections += 1
            connection.close()

    def close(self) -> None:
        self.stopped.set()
        self.thread.join(timeout=2)
        self.server.close()


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    """The hostile book, its canary and listener, and the outputs of check and builds."""
    root = tmp_path_factory.mktemp("doors")
    listener = Listener()
    canary_image = root / "canary.png"
    canary_image.write_bytes(png(7, 13))
    canary_text = root / "secret.xml"
    canary_text.write_text(f"<para>{SECRET}</para>\n" * 5)
    folder = root / "book"
    (folder / "images").mkdir(parents=True)
    (folder / "images" / "ok.png").write_bytes(png(5, 5))
    (folder / "regles.html").write_text("<p>Règles</p>")  # a file of the book a link may name
    web = f"http://127.0.0.1:{listener.port}"
    (folder / "images" / "drawing.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
        ' width="40" height="40">\n'
        f'<image x="0" y="0" width="7" height="13" xlink:href="{canary_image.as_uri()}"/>\n'
        f'<image x="10" y="0" width="7" height="13" href="{web}/svg.png"/>\n'
        '<rect x="20" y="20" width="10" height="10" fill="black"/>\n'
        "</svg>\n"
    )
    (folder / "book.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<book lang="fr">\n'
        "<title>Portes</title>\n"
        '<chapter id="portes"><title>Portes</title>\n'
        '<para>Lien <ulink url="javascript:alert(1)">piégé</ulink>.</para>\n'
        '<para>Lien <ulink url="Java&#9;Script :alert(2)">piégé deux</ulink>.</para>\n'
        '<para>Lien <ulink url="DATA:text/html,&lt;script&gt;">données</ulink>.</para>\n'
        '<para>Lien <ulink url="regles.html">relatif</ulink>.</para>\n'
        '<para>Lien <ulink url="https://example.org/">web</ulink>.</para>\n'
        "<mediaobject><imageobject>"
        '<imagedata fileref="images/ok.png" '
        f'width="70px;background-image:url({canary_image.as_uri()})"/>'
        "</imageobject></mediaobject>\n"
        "<mediaobject><imageobject>"
        f'<imagedata fileref="images/ok.png" width="5px;background:url({web}/css.png)"/>'
        "</imageobject></mediaobject>\n"
        "<mediaobject><imageobject>"
        '<imagedata fileref="images/drawing.svg" width="40px"/>'
        "</imageobject></mediaobject>\n"
        f'<para xml:base="{canary_text}">Voir <xref linkend="nulle-part"/>.</para>\n'
        '<para><inlinegraphic fileref="images/ok.png" '
        f'width="5px;background:url({web}/graphic.png)"/></para>\n'
        '<para role="x&quot;&gt;&lt;script&gt;alert(3)&lt;/script&gt;" '
        'lang="fr&quot; onmouseover=&quot;alert(4)">Texte &lt;script&gt;alert(5)&lt;/script&gt;'
        ' <phrase id="p&quot;&gt;&lt;img src=x onerror=alert(6)&gt;">mot</phrase>.</para>\n'
        "</chapter>\n"
        "</book>\n"
    )
    reader_doors = root / "lecteur"
    (reader_doors / "entite").mkdir(parents=True)
    (reader_doors / "entite" / "book.xml").write_text(
        f'<?xml version="1.0"?>\n<!DOCTYPE book [ <!ENTITY x SYSTEM "{web}/entite"> ]>\n'
        "<book><title>T</title><para>&x;</para></book>\n"
    )
    (reader_doors / "inclusion").mkdir()
    (reader_doors / "inclusion" / "book.xml").write_text(
        '<?xml version="1.0"?>\n<book xmlns:xi="http://www.w3.org/2001/XInclude">'
        f'<title>T</title>\n<xi:include href="{web}/inclusion"/>\n</book>\n'
    )
    outputs, printed = {}, {}
    try:
        for name, argv in {
            "entity": ["check", str(reader_doors / "entite"), "--no-rules"],
            "xinclude": ["check", str(reader_doors / "inclusion"), "--no-rules"],
            "check": ["check", str(folder), "--no-rules", "--format", "json"],
            "html": ["build", str(folder), "--format", "html", "--out", str(root / "html")],
            "pdf": ["build", str(folder), "--format", "pdf", "--out", str(root / "pdf")],
        }.items():
            with contextlib.redirect_stdout(io.StringIO()) as out:
                with contextlib.redirect_stderr(io.StringIO()) as err:
                    outputs[name] = main(argv)
            printed[name] = out.getvalue() + err.getvalue()
    finally:
        listener.close()
    return {
        "root": root,
        "folder": folder,
        "listener": listener,
        "status": outputs,
        "printed": printed,
        "html": root / "html" / "book" / "book.html",
        "pdf": root / "pdf" / "book" / "book.pdf",
    }


@pytest.fixture
def check_output(hostile, capsys):
    main(["check", str(hostile["folder"]), "--no-rules", "--format", "json"])
    out, err = capsys.readouterr()
    return json.loads(out)["books"][0]["findings"], out + err


def test_nothing_was_fetched_from_the_network(hostile):
    assert hostile["listener"].connections == 0
    assert hostile["status"]["check"] != 3
    assert hostile["status"]["html"] in (0, 1) and hostile["status"]["pdf"] in (0, 1)


def test_the_reader_refuses_an_entity_and_an_include_from_the_listener(hostile):
    port = hostile["listener"].port
    for door, line in (("entity", 2), ("xinclude", 3)):
        assert hostile["status"][door] == 2
        printed = hostile["printed"][door]
        assert f"http://127.0.0.1:{port}/" in printed and "[refused-access]" in printed
        assert f"book.xml:{line}:" in printed
    assert hostile["listener"].connections == 0


def test_each_door_is_a_finding_of_check(check_output):
    found, text = check_output
    by_category: dict[str, list] = {}
    for finding in found:
        by_category.setdefault(finding["category"], []).append(finding)
    links = by_category.get("unsafe-link", [])
    assert len(links) == 3, links
    assert {f["line"] for f in links} == {5, 6, 7}
    lengths = by_category.get("length", [])
    assert {f["line"] for f in lengths} == {10, 11, 14}, lengths
    assert all("background" in f["message"] for f in lengths)
    refused = by_category.get("refused-access", [])
    drawing = [f for f in refused if "'images/drawing.svg'" in f["message"]]
    assert len(drawing) == 2 and {f["line"] for f in drawing} == {12}, refused
    assert any("canary.png" in f["message"] for f in drawing)
    assert any("never reads the network" in f["message"] for f in drawing)
    bases = [f for f in refused if "xml:base" in f["message"]]
    assert len(bases) == 1 and bases[0]["line"] == 13, found
    assert SECRET not in text


def test_the_xref_under_a_refused_xml_base_is_located_in_its_own_file(check_output):
    found, _ = check_output
    broken = [f for f in found if f["category"] == "broken-reference"]
    assert len(broken) == 1
    assert broken[0]["file"].endswith("book/book.xml") and broken[0]["line"] == 13


def test_the_html_has_no_live_dangerous_link_and_no_css_from_an_attribute(hostile):
    page = hostile["html"].read_text(encoding="utf-8")
    tree = lxml_html.fromstring(page)
    hrefs = [a.get("href") for a in tree.iter("a") if a.get("href")]
    assert not [h for h in hrefs if "script" in h.lower() or h.lower().startswith("data")]
    assert [h for h in hrefs if h.endswith("regles.html")] and "https://example.org/" in hrefs
    # The words of a refused link are still shown.
    assert "piégé deux" in tree.text_content()
    # Text and attribute values are text: no element, no event handler comes from the book.
    assert not [s for s in tree.iter("script") if "alert" in (s.text or "")]
    assert not [e for e in tree.iter() if any(a.startswith("on") for a in e.attrib)]
    assert "<script>alert(5)</script>" in tree.text_content()
    # A width that is not a length is left out whole; a length is written parsed.
    styles = [img.get("style") for img in tree.iter("img")]
    assert styles == [None, None, "width: 40px", None]
    assert SECRET not in page


def test_the_pdf_alone_carries_its_images_and_no_canary(hostile):
    reader = pypdf.PdfReader(hostile["pdf"])
    sizes = []
    for page in reader.pages:
        for image in page.images:
            sizes.append(image.image.size)
    assert (5, 5) in sizes, sizes  # from the book's folder: no HTML build was needed
    assert (7, 13) not in sizes, sizes  # the canary, named by CSS and by the SVG


def test_the_pdf_build_reports_each_refused_reference_of_the_svg(hostile):
    printed = hostile["printed"]["pdf"]
    refused = [line for line in printed.splitlines() if "[refused-access]" in line]
    assert len(refused) == 2, printed
    assert any("canary.png" in line for line in refused)
    assert any(f"127.0.0.1:{hostile['listener'].port}" in line for line in refused)
    assert SECRET not in printed and "Traceback" not in printed


def test_the_pdf_links_only_to_the_web_and_never_to_the_build_machine(hostile):
    reader = pypdf.PdfReader(hostile["pdf"])
    uris = []
    for page in reader.pages:
        for annotation in page.get("/Annots") or []:
            action = annotation.get_object().get("/A")
            if action is not None and "/URI" in action:
                uris.append(str(action["/URI"]))
    assert uris == ["https://example.org/"], uris
    assert b"file://" not in hostile["pdf"].read_bytes()
