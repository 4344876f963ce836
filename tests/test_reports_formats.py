"""`rulebook check --format json|junit|sarif`: one document each, of the shape tools expect.

JUnit is validated against the Jenkins JUnit schema and SARIF against the SARIF 2.1.0
schema, both vendored under tests/fixtures/schemas/ (see its README)."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT
from lxml import etree

SCHEMAS = ROOT / "tests" / "fixtures" / "schemas"
FIELDS = {
    "id",
    "severity",
    "category",
    "file",
    "line",
    "column",
    "where",
    "message",
    "text",
    "known",
}

BOOK = """<book>
<title>Règles</title>
<chapter id="combat">
<title>Le combat</title>
<section>
<title>Les dégâts</title>
<example>
<title>Un coup d'épée</title>
<para>Voir <xref linkend="armes"/>.</para>
</example>
<table>
<title>Les armes</title>
<tgroup cols="2">
<tbody>
<row><entry>Épée</entry><entry>1d8</entry></row>
<row><entry>Dague</entry></row>
</tbody>
</tgroup>
</table>
<para>Une <glossterm>passe d'armes</glossterm> « &lt;inattendue&gt; ».</para>
</section>
</chapter>
</book>
"""
LEDGER = """[[known]]
id = "table-row:table-les-armes:tbody-row-2-1-of-2"
reason = "the dagger's damage is missing from the table as authored"
"""


@pytest.fixture
def book(write_book, tmp_path, monkeypatch):
    """A book with a broken reference in an example, a short table row (known) and a warning."""
    folder = write_book("regles", {"book.xml": BOOK, "ledger.toml": LEDGER})
    monkeypatch.chdir(tmp_path)
    return folder


@pytest.fixture
def unreadable(write_book, tmp_path, monkeypatch):
    write_book("casse", {"book.xml": "<book>\n<para>A < B</para>\n</book>\n"})
    monkeypatch.chdir(tmp_path)


def test_json_is_one_document_with_every_field(rulebook, book):
    status, out, _ = rulebook("check", "regles", "--no-rules", "--format", "json")
    assert status == 1
    document = json.loads(out)  # the whole of stdout is one JSON document
    (result,) = document["books"]
    assert result["book"] == "regles"
    findings = {f["category"]: f for f in result["findings"]}
    for finding in result["findings"]:
        assert FIELDS <= set(finding), finding

    broken = findings["broken-reference"]
    assert broken == broken | {
        "id": "broken-reference:example-un-coup-d-epee:linkend-armes",
        "severity": "error",
        "file": "regles/book.xml",
        "line": 9,
        "column": 18,
        "where": "example « Un coup d'épée »",
        "text": '<para>Voir <xref linkend="armes"/>.</para>',
        "known": False,
    }
    row = findings["table-row"]
    assert (row["where"], row["line"], row["known"]) == ("table « Les armes »", 16, True)
    missing = findings["glossary-missing"]
    assert (missing["severity"], missing["where"]) == ("warning", "section « Les dégâts »")
    assert result["new"] == 1  # the broken reference; the warning is below the threshold


def test_json_with_strict_counts_warnings_as_new(rulebook, book):
    status, out, _ = rulebook("check", "regles", "--no-rules", "--format", "json", "--strict")
    assert status == 1
    assert json.loads(out)["books"][0]["new"] == 2


def test_json_for_an_unreadable_book(rulebook, unreadable):
    status, out, _ = rulebook("check", "casse", "--format", "json")
    assert status == 2
    (result,) = json.loads(out)["books"]
    assert result["readable"] is False
    (finding,) = result["findings"]
    assert (finding["severity"], finding["file"], finding["line"]) == ("fatal", "casse/book.xml", 2)


def junit_schema() -> etree.XMLSchema:
    return etree.XMLSchema(etree.parse(str(SCHEMAS / "junit-10.xsd")))


def test_junit_is_valid_and_has_one_failure_per_new_finding(rulebook, book):
    status, out, _ = rulebook("check", "regles", "--no-rules", "--format", "junit")
    assert status == 1
    document = etree.fromstring(out.encode())
    schema = junit_schema()
    assert schema.validate(document), schema.error_log
    (suite,) = document.findall("testsuite")
    assert (suite.get("name"), suite.get("failures")) == ("regles", "2")  # an error, a warning
    failure, warning = suite.findall("testcase/failure")
    assert failure.get("type") == "broken-reference"
    assert failure.get("message").startswith("regles/book.xml:9:18: error: example « Un coup")
    assert "regles/book.xml:9:18" in failure.text
    assert (
        failure.getparent().get("name") == "broken-reference:example-un-coup-d-epee:linkend-armes"
    )
    assert warning.get("type") == "glossary-missing"
    assert ": warning: section « Les dégâts »" in warning.get("message")


def test_junit_with_no_new_finding_and_for_an_unreadable_book(rulebook, book, write_book, tmp_path):
    write_book(
        "propre",
        {
            "book.xml": "<book><title>T</title>"
            "<chapter><title>C</title><para>Rien.</para></chapter></book>\n"
        },
    )
    write_book("casse", {"book.xml": "<book>\n<para>A < B</para>\n</book>\n"})
    status, out, _ = rulebook("check", "propre", "casse", "--no-rules", "--format", "junit")
    assert status == 2
    document = etree.fromstring(out.encode())
    schema = junit_schema()
    assert schema.validate(document), schema.error_log
    suites = {suite.get("name"): suite for suite in document.findall("testsuite")}
    assert suites["propre"].get("failures") == "0"
    (error,) = suites["casse"].findall("testcase/error")  # not a failure: nothing was judged
    assert error.get("type") == "not-well-formed"
    assert error.get("message").startswith("casse/book.xml:2:")
    assert (suites["casse"].get("errors"), suites["casse"].get("failures")) == ("1", "0")
    assert document.get("errors") == "1"


def sarif_validator():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    validator = jsonschema.validators.validator_for(schema)
    validator.check_schema(schema)
    return validator(schema, format_checker=validator.FORMAT_CHECKER)


def test_sarif_is_valid_and_marks_known_findings_as_suppressed(rulebook, book):
    status, out, _ = rulebook("check", "regles", "--no-rules", "--format", "sarif")
    assert status == 1
    document = json.loads(out)
    errors = sorted(sarif_validator().iter_errors(document), key=str)
    assert not errors, "\n".join(e.message for e in errors)
    assert document["version"] == "2.1.0"
    (run,) = document["runs"]
    assert run["columnKind"] == "unicodeCodePoints"
    results = {r["ruleId"]: r for r in run["results"]}
    broken = results["broken-reference"]
    assert broken["level"] == "error"
    region = broken["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (9, 18)
    assert broken["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == (
        "regles/book.xml"
    )
    assert broken["message"]["text"].startswith("example « Un coup d'épée »: ")
    assert "suppressions" not in broken
    assert results["table-row"]["suppressions"][0]["kind"] == "external"
    assert results["glossary-missing"]["level"] == "warning"
    assert {rule["id"] for rule in run["tool"]["driver"]["rules"]} >= set(results)


def test_sarif_for_an_unreadable_book_is_valid(rulebook, unreadable):
    status, out, _ = rulebook("check", "casse", "--format", "sarif")
    assert status == 2
    document = json.loads(out)
    assert not list(sarif_validator().iter_errors(document))
    (result,) = document["runs"][0]["results"]
    assert (result["ruleId"], result["level"]) == ("not-well-formed", "error")


def test_sarif_uris_are_uri_references(rulebook, write_book, tmp_path, monkeypatch):
    from urllib.parse import unquote

    write_book("règles du jeu", {"book.xml": BOOK})
    monkeypatch.chdir(tmp_path)
    out = rulebook("check", "règles du jeu", "--no-rules", "--format", "sarif").out
    uris = {
        location["physicalLocation"]["artifactLocation"]["uri"]
        for result in json.loads(out)["runs"][0]["results"]
        for location in result["locations"]
    }
    assert uris == {"r%C3%A8gles%20du%20jeu/book.xml"}
    assert {unquote(uri) for uri in uris} == {"règles du jeu/book.xml"}


def test_junit_carries_every_finding_the_text_shows(rulebook, book):
    out = rulebook("check", "regles", "--no-rules", "--format", "junit").out
    (suite,) = etree.fromstring(out.encode()).findall("testsuite")
    counts = [suite.get(name) for name in ("tests", "failures", "errors", "skipped")]
    assert counts == ["4", "2", "0", "1"]  # an error, a warning, a note; one known
    cases = {case.get("name"): case for case in suite.findall("testcase")}
    data = json.loads(rulebook("check", "regles", "--no-rules", "--format", "json").out)
    assert set(cases) == {finding["id"] for finding in data["books"][0]["findings"]}
    text = rulebook("check", "regles", "--no-rules").out
    for name, case in cases.items():
        assert case.get("file") is None and case.get("line") is None  # not in the schema
        assert name in text or case.find("skipped") is not None
    (note,) = [case for case in cases.values() if case.find("system-out") is not None]
    assert note.find("failure") is None
    assert ": info: " in note.find("system-out").text
    row = cases["table-row:table-les-armes:tbody-row-2-1-of-2"]
    assert row.find("skipped").get("message").startswith("known (in the ledger): ")
    assert row.find("failure") is None
    assert suite.get("file") == "regles/book.xml"


def test_sarif_names_its_version_and_locates_files_from_the_project_root(
    rulebook, book, tmp_path, monkeypatch
):
    from build_tools import __version__

    monkeypatch.setenv("RULEBOOK_SOURCE", str(tmp_path))
    monkeypatch.chdir(book)  # the current folder is not the project's root
    out = rulebook("check", "regles", "--no-rules", "--format", "sarif").out
    (run,) = json.loads(out)["runs"]
    driver = run["tool"]["driver"]
    assert (driver["name"], driver["version"]) == ("rulebook", __version__)
    assert run["originalUriBaseIds"]["PROJECTROOT"]["uri"] == tmp_path.parent.as_uri() + "/"
    location = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": f"{tmp_path.name}/regles/book.xml", "uriBaseId": "PROJECTROOT"}


def test_github_annotations_for_the_new_findings(rulebook, book):
    status, out, _ = rulebook("check", "regles", "--no-rules", "--format", "github")
    assert status == 1
    lines = [line for line in out.splitlines() if not line.startswith("::notice ")]
    assert lines[0] == (
        "::error title=rulebook broken-reference,file=regles/book.xml,line=9,col=18::"
        "example « Un coup d'épée »: <xref linkend='armes'> points at no element of the book"
        "%0Aid: broken-reference:example-un-coup-d-epee:linkend-armes"
    )
    assert lines[1].startswith("::warning title=rulebook glossary-missing,file=regles/book.xml,")
    (notice,) = [line for line in out.splitlines() if line.startswith("::notice ")]  # as in text
    assert notice.startswith("::notice title=rulebook no-language,file=regles/book.xml,line=1,")
    assert not any("table-row" in line for line in lines)  # known: no annotation
    assert (
        "regles: 2 new findings (1 error, 1 warning), 1 failing, 1 note, 1 known (in the ledger)"
        in out
    )


def test_several_reports_in_one_run(rulebook, book, tmp_path):
    sarif, junit, data = tmp_path / "r.sarif", tmp_path / "r.xml", tmp_path / "r.json"
    status, out, _ = rulebook(
        "check",
        "regles",
        "--no-rules",
        "--sarif",
        str(sarif),
        "--junit",
        str(junit),
        "--json",
        str(data),
    )
    assert status == 1
    assert out.startswith("regles: 2 new findings")  # the text, as without the reports
    assert json.loads(sarif.read_text(encoding="utf-8"))["version"] == "2.1.0"
    assert junit_schema().validate(etree.parse(str(junit)))
    assert json.loads(data.read_text(encoding="utf-8"))["books"][0]["new"] == 1


def test_sarif_invocation_gives_the_exit_status_and_what_was_not_judged(rulebook, book, unreadable):
    status, out, _ = rulebook("check", "regles", "--no-rules", "--format", "sarif")
    assert status == 1
    document = json.loads(out)
    assert not list(sarif_validator().iter_errors(document))
    (invocation,) = document["runs"][0]["invocations"]
    assert (invocation["exitCode"], invocation["executionSuccessful"]) == (1, True)
    assert invocation["exitCodeDescription"].startswith("findings the ledger does not know")
    (note,) = invocation["toolExecutionNotifications"]
    assert (note["level"], note["descriptor"]["id"]) == ("note", "validated-only")

    status, out, _ = rulebook("check", "casse", "regles", "--no-rules", "--format", "sarif")
    assert status == 2
    document = json.loads(out)
    assert not list(sarif_validator().iter_errors(document))
    (invocation,) = document["runs"][0]["invocations"]
    assert (invocation["exitCode"], invocation["executionSuccessful"]) == (2, False)
    unread = invocation["toolExecutionNotifications"][0]
    assert (unread["level"], unread["message"]["text"]) == (
        "error",
        "casse cannot be read: nothing of it was checked",
    )
    location = unread["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location["uri"] == "casse/book.xml"


def test_every_format_is_valid_for_a_game_that_cannot_load(rulebook, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_SOURCE", raising=False)
    assert rulebook("new", "jeu").status == 0
    rules = tmp_path / "source" / "jeu" / "rules" / "jets.py"
    rules.write_text(rules.read_text(encoding="utf-8") + "\ndef total(:\n", encoding="utf-8")
    status, out, _ = rulebook("check", "jeu", "--format", "sarif")
    assert status == 1
    document = json.loads(out)
    assert not list(sarif_validator().iter_errors(document))
    (invocation,) = document["runs"][0]["invocations"]
    (said,) = invocation["toolExecutionNotifications"]
    assert (said["level"], said["descriptor"]["id"]) == ("error", "rules-not-run")
    assert document["runs"][0]["results"][0]["ruleId"] == "game-error"
    status, out, _ = rulebook("check", "jeu", "--format", "junit")
    document = etree.fromstring(out.encode())
    schema = junit_schema()
    assert schema.validate(document), schema.error_log
    (failure,) = document.findall("testsuite/testcase/failure")
    assert failure.get("type") == "game-error"
