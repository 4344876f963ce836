"""No attribute value gives exit 3: every attribute the renderers honour (numbers, lengths,
URLs, references; `tests/attribute_fuzzing.py`) is set to a hostile value, all at once in one
book, and `rulebook check` and `rulebook build` must answer with findings.

The quick suite runs a small budget (three books of the hand-picked values, each attribute
given a different one in each, and two books Hypothesis draws: about 10 s of CPU);
`bench/fuzz_attributes.py` runs every hand-picked value in every attribute, then Hypothesis
for as long as it is given (10 minutes by default), HTML and PDF.
"""

from __future__ import annotations

import re

import lxml.html
import pypdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.attribute_fuzzing import NASTY, PLACES, VALUES, run

ROUNDS = 3


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_hand_picked_values_in_every_attribute_at_once(tmp_path, round_):
    step = len(NASTY) // ROUNDS
    values = {
        place: NASTY[(number + round_ * step) % len(NASTY)] for number, place in enumerate(PLACES)
    }
    run(tmp_path / "book", values)


@settings(
    max_examples=2,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(values=st.fixed_dictionaries(dict.fromkeys(PLACES, VALUES)))
def test_drawn_values_in_every_attribute(tmp_path_factory, values):
    run(tmp_path_factory.mktemp("fuzz") / "book", values)


MARKUP = 'x"><a href="javascript:alert(1)">y</a><script>alert(2)</script><b title=\'&amp;'
"""A value that closes an attribute or an element if it is ever written unescaped."""


def live_markup(page: str) -> list[str]:
    """What a page holds that did not come from rulebook: an event handler, a script running
    the book's code, a link or source of an active scheme."""
    tree = lxml.html.fromstring(page)
    found = [
        f"{element.tag} {name}"
        for element in tree.iter()
        if isinstance(element.tag, str)
        for name in element.attrib
        if name.lower().startswith("on")
    ]
    found += [s.text for s in tree.iter("script") if "alert" in (s.text or "")]
    for element in tree.iter("a", "img", "link", "iframe", "object", "embed"):
        for name in ("href", "src", "data"):
            value = (element.get(name) or "").strip().lower()
            if re.match(r"^(javascript|vbscript|data|file):", value):
                found.append(f"{element.tag} {name}={value}")
    return found


@pytest.mark.parametrize("formats", ["html", pytest.param("pdf", marks=pytest.mark.slow)])
def test_every_attribute_holding_quotes_brackets_and_ampersands_is_escaped(tmp_path, formats):
    """Every attribute of the element table, `id` and `xreflabel` included, holds markup: the
    pages parse with none of it live, and the PDF links only to the web."""
    run(tmp_path / "book", dict.fromkeys(PLACES, MARKUP), formats)
    out = tmp_path / "out" / "book"
    if formats == "html":
        pages = [out / "book.html", *sorted((out / "html").glob("*.html"))]
        assert len(pages) > 2
        for page in pages:
            assert live_markup(page.read_text(encoding="utf-8")) == [], page.name
        return
    uris = []
    for page in pypdf.PdfReader(out / "book.pdf").pages:
        for annotation in page.get("/Annots") or []:
            action = annotation.get_object().get("/A")
            if action is not None and "/URI" in action:
                uris.append(str(action["/URI"]))
    assert [uri for uri in uris if not re.match(r"^(https?|mailto):", uri)] == []


def test_the_values_that_crashed_are_findings(tmp_path):
    """What gave exit 3 before: NUL in a URL and in a file name, « 0* » in every column,
    superscript digits in numeric attributes (they pass `str.isdigit()`)."""
    values = {
        ("ulink", "url"): "a%00b",
        ("imagedata", "fileref"): "image.png%00",
        ("inlinegraphic", "fileref"): "a\u00b2%00.png",
        ("colspec", "colwidth"): "0*",
        ("colspec", "colnum"): "\u00b2",
        ("entry", "morerows"): "\u00b9",
        ("tgroup", "cols"): "\u00b3",
    }
    assert set(values) <= set(PLACES)
    check, build = run(tmp_path / "book", values)
    assert check == 1 and build in (0, 1)
