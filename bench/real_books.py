"""Build public DocBook 4 books that no one here wrote, and measure what comes out.

    python bench/real_books.py [--language fr] [--no-pdf] [--no-vnu] PATH...

Each PATH is a book's main file (or its folder). The book is copied to a
scratch folder (with a `book.toml` giving `--language`, when asked), then
checked and built to HTML and PDF with the installed `rulebook`, and measured:

- elements: how many elements of each kind the book uses that the renderers do
  not handle (the table of `build_tools/model/elements.py`), and how many of
  those have no finding from the check (must be 0: nothing dropped silently);
- words: the words of the source (metadata and remarks left out, as docbook-xsl
  leaves them out) found in the single HTML page and in the PDF's text, in %, and in
  docbook-xsl's one page (`xsltproc html/docbook.xsl`) beside ours: the words each of
  the two pages misses, their contents and lists of figures and tables left out (they
  repeat the titles), and which words one misses that the other keeps (`--missing`);
- links: internal links of the single page and of the split pages that point
  at no id or no file (must be 0);
- vnu: the Nu HTML checker's errors on the single page (must be 0).

The books are not part of this repository (their licences, their size); the
README names the ones measured and where to fetch them.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlparse

import lxml.html

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from build_tools.model.elements import METADATA, table  # noqa: E402
from build_tools.reader import UnreadableBook, read_book  # noqa: E402
from build_tools.render.html.book import supported_elements  # noqa: E402

DOCBOOK_XSL = Path("/usr/share/xml/docbook/stylesheet/docbook-xsl/html")
VNU = Path.home() / ".cache/rulebook/vnu/node_modules/vnu-jar/build/dist/vnu.jar"
WORD = re.compile(r"\w+", re.UNICODE)
NOT_SHOWN = set(METADATA) | {"remark", "titleabbrev", "refmeta", "areaspec", "indexterm"}
"""Elements whose words no page shows, by design (as with docbook-xsl); an index term's words
are in the index, once for all its occurrences: measured apart (`index_entries_%`)."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--language", help="the language for books whose root has no lang")
    parser.add_argument("--no-pdf", action="store_true")
    parser.add_argument("--no-vnu", action="store_true")
    parser.add_argument(
        "--missing", type=int, default=0, help="list the N words most missed by each page"
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    arguments = parser.parse_args(argv)
    rows = [measure(path, arguments) for path in arguments.paths]
    print_table(rows)
    if arguments.json:
        arguments.json.write_text(json.dumps(rows, indent=2, ensure_ascii=False), encoding="utf-8")
    return 0


def measure(path: Path, arguments) -> dict:
    main_file = path if path.is_file() else _main_of(path)
    scratch = Path(tempfile.mkdtemp(prefix="real-book-"))
    folder = scratch / "book"
    shutil.copytree(main_file.parent, folder)
    main_copy = folder / main_file.name
    if arguments.language:
        (folder / "book.toml").write_text(f'language = "{arguments.language}"\n', encoding="utf-8")
    out = scratch / "out"
    formats = "html" if arguments.no_pdf else "html,pdf"
    check = _rulebook("check", str(main_copy), "--format", "json")
    build = _rulebook("build", str(main_copy), "--format", formats, "--out", str(out))
    findings = _findings(check.stdout)
    name = main_copy.stem if main_copy.name != "book.xml" else folder.name
    built = out / name if (out / name).is_dir() else next(out.iterdir(), out)
    single = next(built.glob("*.html"), None)
    try:
        document = read_book(main_copy)
    except UnreadableBook as unreadable:  # a book reading outside its folder: refused, as meant
        shutil.rmtree(scratch, ignore_errors=True)
        return {"book": str(path), "unreadable": str(unreadable)[:300]}
    row = {
        "book": str(path),
        "root": document.root.tag,
        "files": len({document.file_of(e) for e in document.root.iter() if isinstance(e.tag, str)}),
        "elements": sum(1 for e in document.root.iter() if isinstance(e.tag, str)),
        "build_status": build.returncode,
        "build_errors": [line for line in build.stderr.splitlines() if "Traceback" in line][:3],
    }
    row.update(_unsupported(document, findings))
    words = _source_words(document.root)
    row["words"] = sum(words.values())
    if single is not None:
        row["html_words_%"] = _kept(words, _page_words(single))
        ours = _page_words(single, CONTENTS)
        reference = _docbook_xsl_words(main_copy, scratch)
        if reference is not None:
            row["docbook_xsl_words_%"] = _kept(words, reference)
            row["missing_words"] = sum(_missing(words, ours).values())
            row["docbook_xsl_missing_words"] = sum(_missing(words, reference).values())
            if arguments.missing:
                row["missing_here_not_there"] = _missing(words, ours, reference).most_common(
                    arguments.missing
                )
                row["missing_there_not_here"] = _missing(words, reference, ours).most_common(
                    arguments.missing
                )
        row["index_entries_%"] = _index_entries(document.root, single)
        row["broken_links"] = _broken_links(built)
        row["vnu_errors"] = None if arguments.no_vnu else _vnu_errors(single)
    pdf = next(built.glob("*.pdf"), None)
    if pdf is not None:
        row["pdf_words_%"] = _kept(words, _pdf_words(pdf))
        row["pdf_pages"] = _pdf_pages(pdf)
    row["findings"] = dict(collections.Counter(f.get("category", "?") for f in findings))
    shutil.rmtree(scratch, ignore_errors=True)
    return row


def _main_of(folder: Path) -> Path:
    if (folder / "book.xml").is_file():
        return folder / "book.xml"
    candidates = sorted(folder.glob("*.xml"))
    for candidate in candidates:
        head = candidate.read_text(encoding="utf-8", errors="replace")[:2000]
        if "<!DOCTYPE book" in head or "<!DOCTYPE article" in head or "<!DOCTYPE set" in head:
            return candidate
    return candidates[0]


def _rulebook(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "build_tools", *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "SOURCE_DATE_EPOCH": "0"},
        check=False,
    )


def _findings(text: str) -> list[dict]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return []
    books = data.get("books", data if isinstance(data, list) else [data])
    found = []
    for book in books if isinstance(books, list) else [books]:
        found += book.get("findings", []) if isinstance(book, dict) else []
    return found


def _unsupported(document, findings: list[dict]) -> dict:
    """The elements no renderer handles, and those of them no finding names (dropped silently)."""
    handling = table(supported_elements())
    used = collections.Counter(e.tag for e in document.root.iter() if isinstance(e.tag, str))
    unsupported = {tag: count for tag, count in used.items() if handling.get(tag) == "unsupported"}
    reported = collections.Counter(
        named.group(1)
        for f in findings
        if f.get("category") == "unsupported"
        and (named := re.search(r"<([\w.-]+)>", f.get("message", "")))
    )
    silent = {tag: count - reported.get(tag, 0) for tag, count in unsupported.items()}
    unknown = sorted(tag for tag in used if tag not in handling)  # not DocBook 4.5 at all
    return {
        "unsupported": unsupported,
        "unsupported_without_finding": {k: v for k, v in silent.items() if v > 0},
        "not_docbook": unknown,
    }


def _source_words(root) -> collections.Counter:
    words = collections.Counter()
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        hidden = any(node.tag in NOT_SHOWN for node in (element, *element.iterancestors()))
        if element.text and not hidden:
            words.update(WORD.findall(element.text))
        parent = element.getparent()
        parent_hidden = parent is not None and any(
            node.tag in NOT_SHOWN for node in (parent, *parent.iterancestors())
        )
        if element.tail and not parent_hidden:
            words.update(WORD.findall(element.tail))
    return words


CONTENTS = (
    "//nav[contains(@class, 'toc')] | //div[@class = 'toc']"
    " | //div[starts-with(@class, 'list-of-')]"
)
"""The contents and lists of figures and tables (ours, docbook-xsl's): left out of the
comparison of the two pages, where they repeat titles the text holds once."""


def _page_words(page: Path, without: str = "") -> collections.Counter:
    body = lxml.html.parse(str(page)).getroot().find("body")
    for generated in body.xpath(without) if without else ():
        generated.drop_tree()
    alternatives = " ".join(image.get("alt", "") for image in body.iter("img"))
    titles = " ".join(
        e.get("title", "") for e in body.iter() if "missing-image" in (e.get("class") or "")
    )
    # the texts of the page one by one: cells and lines that touch (« <th>A</th><th>B</th> »,
    # « date<br>MG ») are separate words for a reader, not one
    text = " ".join(body.itertext())
    return collections.Counter(WORD.findall(text + " " + alternatives + " " + titles))


def _index_entries(root, page: Path) -> float | None:
    """Of the distinct index entries the book's indexterms make, the % its index lists."""
    if root.find(".//index") is None and root.tag != "index":
        return None
    entries = set()
    for term in root.iter("indexterm"):
        words = tuple(
            " ".join("".join(node.itertext()).split())
            for node in (term.find(level) for level in ("primary", "secondary", "tertiary"))
            if node is not None
        )
        if words:
            entries.add(words)
    if not entries:
        return None
    index = lxml.html.parse(str(page)).getroot().xpath("//section[contains(@class, 'index')]")
    lines = [" ".join(item.text_content().split()) for s in index for item in s.iter("li")]
    found = sum(
        1 for entry in entries if all(any(line.startswith(w) for line in lines) for w in entry)
    )
    return round(100 * found / len(entries), 2)


def _pdf_words(pdf: Path) -> collections.Counter:
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=False
    ).stdout
    text = re.sub(r"\n\s*↪ ", "", text)  # a wrapped code line, joined again
    text = re.sub(r"(\w)-\n(\w)", r"\1\2", text)  # a word hyphenated at a line's end
    return collections.Counter(WORD.findall(text))


def _docbook_xsl_words(main_file: Path, scratch: Path) -> collections.Counter | None:
    """The words of docbook-xsl's one page of the book, or None without xsltproc."""
    if not shutil.which("xsltproc") or not (DOCBOOK_XSL / "docbook.xsl").is_file():
        return None
    page = scratch / "docbook-xsl.html"
    subprocess.run(
        ["xsltproc", "--nonet", "--xinclude", "-o", str(page)]
        + [str(DOCBOOK_XSL / "docbook.xsl"), str(main_file)],
        capture_output=True,
        check=False,
    )
    return _page_words(page, CONTENTS) if page.is_file() else None


def _missing(
    source: collections.Counter, page: collections.Counter, other: collections.Counter | None = None
) -> collections.Counter:
    """The source's words the page lacks, or of those, the ones the other page keeps."""
    lacking = collections.Counter(
        {word: count - page[word] for word, count in source.items() if count > page[word]}
    )
    return lacking if other is None else lacking - _missing(source, other)


def _kept(source: collections.Counter, output: collections.Counter) -> float:
    total = sum(source.values())
    if not total:
        return 100.0
    found = sum(min(count, output.get(word, 0)) for word, count in source.items())
    return round(100 * found / total, 2)


def _broken_links(built: Path) -> int:
    """Links of the single page and of the split pages to an id or a file that is not there."""
    broken = 0
    pages = [*built.glob("*.html"), *(built / "html").glob("*.html")]
    ids = {page: set(lxml.html.parse(str(page)).getroot().xpath("//@id")) for page in pages}
    for page in pages:
        root = lxml.html.parse(str(page)).getroot()
        for reference in root.xpath("//a/@href | //img/@src | //link/@href"):
            parsed = urlparse(reference)
            if parsed.scheme or reference.startswith("//"):
                continue
            target = page if not parsed.path else (page.parent / unquote(parsed.path)).resolve()
            if not target.exists():
                broken += 1
            elif parsed.fragment and target.suffix == ".html":
                if parsed.fragment not in ids.get(target, set()):
                    broken += 1
    return broken


def _vnu_errors(page: Path) -> int | None:
    if not VNU.is_file() or shutil.which("java") is None:
        return None
    run = subprocess.run(
        ["java", "-jar", str(VNU), "--errors-only", "--format", "json", str(page)],
        capture_output=True,
        text=True,
        check=False,
    )
    try:
        return len(json.loads(run.stderr or run.stdout).get("messages", []))
    except json.JSONDecodeError:
        return None


def _pdf_pages(pdf: Path) -> int | None:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=False)
    found = re.search(r"^Pages:\s+(\d+)", info.stdout, re.MULTILINE)
    return int(found[1]) if found else None


def print_table(rows: list[dict]) -> None:
    for row in rows:
        print(f"\n{row['book']}")
        for key, value in row.items():
            if key != "book":
                print(f"  {key}: {value}")


if __name__ == "__main__":
    raise SystemExit(main())
