"""The ledger: known defects of a book as authored. `check` fails on what it does not know,
and on what it lists that no longer occurs."""

from __future__ import annotations

import json

import pytest

from build_tools.diagnostics import Finding
from build_tools.ledger import Entry, read_ledger, reconcile
from tests.book_language import french

BOOK = """<book lang="fr">
<title>Règles</title>
<chapter>
<title>Le combat</title>
<para>Voir <xref linkend="armes"/> et <xref linkend="armures"/>.</para>
</chapter>
</book>
"""
ARMES = "broken-reference:chapter-le-combat:linkend-armes"
ARMURES = "broken-reference:chapter-le-combat:linkend-armures"


def entry(identifier: str, reason: str = "the chapter it points at was never written") -> str:
    return f'[[known]]\nid = "{identifier}"\nreason = "{reason}"\n\n'


@pytest.fixture
def book(write_book, tmp_path, monkeypatch):
    folder = write_book("regles", {"book.xml": BOOK})
    monkeypatch.chdir(tmp_path)
    return folder


def test_a_finding_not_in_the_ledger_fails(rulebook, book):
    (book / "ledger.toml").write_text(entry(ARMES), encoding="utf-8")
    status, out, _ = rulebook("check", "regles", "--no-rules")
    assert status == 1
    assert f"id: {ARMURES}\n" in out
    assert "regles: 1 new finding (1 error), 1 known (in the ledger)" in out


def test_no_ledger_at_all_means_nothing_is_known(rulebook, book):
    status, out, _ = rulebook("check", "regles", "--no-rules")
    assert status == 1
    assert "regles: 2 new findings (2 errors), 0 known (in the ledger)" in out


def test_every_finding_in_the_ledger_passes_and_is_marked_known(rulebook, book):
    (book / "ledger.toml").write_text(entry(ARMES) + entry(ARMURES), encoding="utf-8")
    status, out, _ = rulebook("check", "regles", "--no-rules")
    assert status == 0
    assert out.startswith("regles: 0 new findings, 2 known (in the ledger)")
    assert "regles: 2 known findings not listed (-v lists them)" in out
    assert "known error" not in out  # counted, not listed

    status, out, _ = rulebook("check", "regles", "--no-rules", "-v")
    assert (
        french('regles/book.xml:5:18: known error: chapitre « Le combat »: <xref linkend="armes">')
        in out
    )

    status, out, _ = rulebook("check", "regles", "--no-rules", "-q")
    assert (status, out) == (0, "")

    status, out, _ = rulebook("check", "regles", "--no-rules", "--format", "json")
    assert status == 0
    findings = json.loads(out)["books"][0]["findings"]
    assert {f["id"]: f["known"] for f in findings} == {ARMES: True, ARMURES: True}


def test_an_entry_that_no_longer_occurs_fails_and_points_at_the_ledger(rulebook, book):
    (book / "ledger.toml").write_text(
        entry(ARMES) + entry(ARMURES) + entry("table-row:table-vieux:tbody-row-2-1-of-2"),
        encoding="utf-8",
    )
    status, out, _ = rulebook("check", "regles", "--no-rules", "--format", "json")
    assert status == 1
    (stale,) = [f for f in json.loads(out)["books"][0]["findings"] if not f["known"]]
    assert stale["category"] == "ledger-stale"
    assert (stale["file"], stale["line"]) == ("regles/ledger.toml", 10)
    assert stale["text"] == 'id = "table-row:table-vieux:tbody-row-2-1-of-2"'
    assert "no longer occurs" in stale["message"]


def test_fixing_the_book_makes_its_entry_stale(rulebook, book):
    (book / "ledger.toml").write_text(entry(ARMES) + entry(ARMURES), encoding="utf-8")
    text = BOOK.replace(
        "</chapter>", '<section id="armes"><title>Armes</title><para/></section>\n</chapter>'
    )
    (book / "book.xml").write_text(text, encoding="utf-8")
    status, out, _ = rulebook("check", "regles", "--no-rules")
    assert status == 1
    assert f"regles/ledger.toml:2: error: the ledger lists '{ARMES}'" in out
    assert "remove the entry (rulebook ledger prune) [ledger-stale]" in out


def test_an_entry_without_a_reason_is_an_error(rulebook, book):
    (book / "ledger.toml").write_text(entry(ARMES) + entry(ARMURES, reason=" "), encoding="utf-8")
    status, out, _ = rulebook("check", "regles", "--no-rules")
    assert status == 1
    assert "regles/ledger.toml:6: error: a ledger entry needs an id and a reason [ledger]" in out


def test_a_ledger_that_is_not_toml(rulebook, book):
    (book / "ledger.toml").write_text('[[known]]\nid = "x\n', encoding="utf-8")
    status, out, _ = rulebook("check", "regles", "--no-rules")
    assert status == 2
    assert "regles/ledger.toml" in out
    assert "the ledger is not valid TOML" in out


def test_a_known_warning_and_strict(rulebook, write_book, tmp_path, monkeypatch):
    text = (
        "<book><title>T</title><chapter><title>C</title>"
        "<para><glossterm>Aube</glossterm></para></chapter></book>\n"
    )
    folder = write_book("regles", {"book.xml": text})
    monkeypatch.chdir(tmp_path)
    assert rulebook("check", "regles", "--no-rules").status == 0
    assert rulebook("check", "regles", "--no-rules", "--strict").status == 1
    (folder / "ledger.toml").write_text(
        entry("glossary-missing:chapter-c:aube", "no glossary yet"), encoding="utf-8"
    )
    assert rulebook("check", "regles", "--no-rules", "--strict").status == 0


def test_the_same_finding_twice_gets_two_ids(rulebook, book):
    (book / "book.xml").write_text(BOOK.replace("armures", "armes"), encoding="utf-8")
    status, out, _ = rulebook("check", "regles", "--no-rules", "--format", "json")
    ids = [f["id"] for f in json.loads(out)["books"][0]["findings"]]
    assert ids == [ARMES, ARMES + "#2"]


@pytest.mark.parametrize(
    "text",
    ['[known]\nid = "x"\nreason = "y"\n', 'known = "x"\n', "known = [1, 2]\n"],
    ids=["a table, not an array of tables", "a string", "numbers"],
)
def test_a_ledger_of_the_wrong_shape(rulebook, book, text):
    (book / "ledger.toml").write_text(text, encoding="utf-8")
    status, out, _ = rulebook("check", "regles", "--no-rules")
    assert status == 2
    assert "regles/ledger.toml: fatal: the ledger's entries must each be a [[known]]" in out
    assert "[ledger]" in out


def test_a_ledger_mistake_is_reported_first_at_its_line(rulebook, book):
    (book / "ledger.toml").write_text(
        entry(ARMES) + '[[known]]\nid = "x\nreason = "y"\n', encoding="utf-8"
    )
    status, out, _ = rulebook("check", "regles", "--no-rules")
    assert status == 2
    lines = out.splitlines()
    first = next(line for line in lines if "ledger.toml" in line)
    assert first.startswith("regles/ledger.toml:6:8: fatal: the ledger is not valid TOML")
    assert lines.index(first) == 2  # after the summary, before anything else
    assert "broken-reference" not in out  # not every finding reprinted as new
    assert "regles: 2 other findings not matched with the ledger: fix the ledger first" in out


def test_accept_records_the_new_findings_with_a_reason_to_fill_in(rulebook, book):
    (book / "ledger.toml").write_text("# Known defects.\n\n" + entry(ARMES), encoding="utf-8")
    status, out, _ = rulebook("ledger", "accept", "regles")
    assert status == 0
    assert (
        out == "regles: 1 new finding recorded in regles/ledger.toml: fill in each reason (TODO)\n"
    )
    text = (book / "ledger.toml").read_text(encoding="utf-8")
    assert text.startswith("# Known defects.\n\n" + entry(ARMES))  # the authors' text kept
    assert f'[[known]]\nid = "{ARMURES}"\nreason = "TODO: ' in text
    assert "# regles/book.xml:5:" in text  # where the finding is, for the author filling it in

    status, out, _ = rulebook("check", "regles", "--no-rules")
    assert status == 0  # accepted: nothing new
    assert (
        f"regles/ledger.toml:10: warning: the reason of '{ARMURES}' is still to be filled in" in out
    )
    assert rulebook("check", "regles", "--no-rules", "--strict").status == 1


def test_prune_removes_only_the_entries_that_no_longer_occur(rulebook, book):
    stale = "table-row:table-vieux:tbody-row-2-1-of-2"
    ledger = (
        "# Known defects.\n\n# -- references --\n\n"
        + entry(ARMES)
        + "# the old table\n"
        + entry(stale)
        + "# -- the end --\n\n"
        + entry(ARMURES)
    )
    (book / "ledger.toml").write_text(ledger, encoding="utf-8")
    status, out, _ = rulebook("ledger", "prune", "regles")
    assert status == 0
    assert out == f"regles: removed {stale}\nregles: 1 entry removed\n"
    text = (book / "ledger.toml").read_text(encoding="utf-8")
    assert text == "# Known defects.\n\n# -- references --\n\n" + entry(ARMES) + (
        "# -- the end --\n\n" + entry(ARMURES)
    )
    assert rulebook("check", "regles", "--no-rules").status == 0
    assert rulebook("ledger", "prune", "regles").out == "regles: 0 entries removed\n"
    assert rulebook("ledger", "prune", "regles", "-q").out == ""  # -q: nothing when all is well


def test_accept_and_prune_leave_a_broken_ledger_alone(rulebook, book):
    (book / "ledger.toml").write_text('[[known]]\nid = "x\n', encoding="utf-8")
    for action in ("accept", "prune"):
        status, _, err = rulebook("ledger", action, "regles")
        assert status == 2
        assert "regles/ledger.toml:2:" in err and "ledger left as it is" in err
    assert (book / "ledger.toml").read_text(encoding="utf-8") == '[[known]]\nid = "x\n'


def test_accept_then_prune_gives_the_ledger_back_as_it_was(rulebook, book):
    ledger = "# Known defects.\n\n" + entry(ARMES).rstrip("\n") + "\n"
    (book / "ledger.toml").write_text(ledger, encoding="utf-8")
    assert rulebook("ledger", "accept", "regles").status == 0
    assert ARMURES in (book / "ledger.toml").read_text(encoding="utf-8")
    page = book / "book.xml"
    page.write_text(page.read_text(encoding="utf-8").replace(' et <xref linkend="armures"/>', ""))
    assert rulebook("ledger", "prune", "regles").out.endswith("regles: 1 entry removed\n")
    assert (book / "ledger.toml").read_text(encoding="utf-8") == ledger


def test_a_mistyped_key_a_value_of_the_wrong_kind_and_an_id_twice_are_found_at_their_line(
    rulebook, book
):
    ledger = (
        entry(ARMES)
        + entry(ARMURES).replace("reason =", 'text_say = "3"\nreason =')
        + f'[[known]]\nid = "{ARMES}"\nreason = ["deux fois"]\n'
    )
    (book / "ledger.toml").write_text(ledger, encoding="utf-8")
    status, out, _ = rulebook("check", "regles", "--no-rules")
    assert status == 1
    assert (
        f"regles/ledger.toml:7: warning: ledger entry '{ARMURES}': unknown key 'text_say' "
        "(keys: id, reason, text_says, review, card, reason_LANG, card_LANG) [ledger]"
    ) in out
    assert f"regles/ledger.toml:12: error: ledger entry '{ARMES}': reason = ['deux fois']: " in out
    assert (
        f"regles/ledger.toml:11: error: the ledger lists '{ARMES}' twice (first at line 2)" in out
    )


def test_an_entry_s_card_wording_is_its_card_fr_else_its_card_else_its_reason(tmp_path):
    # a card prints the short wording (its room is a few lines), the book and the errata
    # sheet the whole reason
    ledger = tmp_path / "ledger.toml"
    ledger.write_text(
        entry(ARMES).replace("\n\n", '\nreason_fr = "jamais écrit"\ncard_fr = "pas écrit"\n\n')
        + entry(ARMURES).replace("\n\n", '\ncard = "never written"\n\n')
        + entry("broken-reference:chapter-le-combat:linkend-boucliers"),
        encoding="utf-8",
    )
    entries, findings = read_ledger(ledger)
    assert findings == []
    assert [e.card_in("fr") for e in entries] == [
        "pas écrit",
        "never written",
        "the chapter it points at was never written",
    ]
    # a French wording is no English one: an English card prints the reason
    assert entries[0].card_in("en") == "the chapter it points at was never written"


def test_a_cards_note_follows_its_entry_renamed_and_goes_with_it_fixed():
    """`ledger accept` renames a card's note on a changed erratum, `check --fix` removes the
    note on a fixed one: one rewriting of the deck, its other lines and line ends as they were."""
    from build_tools.ledger import renoted

    deck = (
        '[[card]]\r\ntitle = "La table"\r\nledger = "erratum:table:lu-50"\r\n'
        '[[card]]\r\ntitle = "Le jet"\r\n  ledger = "erratum:jet:cinq"  # noté\r\n'
        '[[card]]\r\nledger = "erratum:autre"\r\n'
    )
    renames = {"erratum:table:lu-50": "erratum:table:lu-51", "erratum:jet:cinq": None}
    assert renoted(deck, renames) == (
        '[[card]]\r\ntitle = "La table"\r\nledger = "erratum:table:lu-51"\r\n'
        '[[card]]\r\ntitle = "Le jet"\r\n'
        '[[card]]\r\nledger = "erratum:autre"\r\n'
    )


def _erratum(where: str, key: str = "superieur-ou-egal") -> Finding:
    return Finding("error", "erratum", "le texte dit « supérieur »", where=where, key=key)


@pytest.mark.parametrize(
    "reworded",
    [
        # an aside after the first word (cda.xml:996), the place cut at its length
        "paragraphe « Normalement (rappelons-le), lorsqu'un personnage t… »",
        # a word changed at the start
        "paragraphe « D'habitude, lorsqu'un personnage tente une action, son… »",
    ],
)
def test_an_entry_follows_its_finding_when_the_first_words_of_its_passage_are_reworded(
    reworded, tmp_path
):
    known = _erratum("paragraphe « Normalement, lorsqu'un personnage tente une action… »")
    entry = Entry(known.id, "the rules give « supérieur ou égal »", line=3)
    finding = _erratum(reworded)
    assert finding.id != known.id
    stale = reconcile([finding], [entry], tmp_path / "ledger.toml")
    assert stale == [] and finding.known


@pytest.mark.parametrize(
    "other",
    [
        # another passage that starts as this one did: more than two words apart
        _erratum("paragraphe « Normalement, le joueur lance le dé… »"),
        # the same passage reworded, but another erratum in it (its key)
        _erratum("paragraphe « Normalement (rappelons-le), lorsqu'un personnage t… »", "egal"),
    ],
)
def test_an_entry_does_not_follow_another_finding(other, tmp_path):
    known = _erratum("paragraphe « Normalement, lorsqu'un personnage tente une action… »")
    entry = Entry(known.id, "the rules give « supérieur ou égal »", line=3)
    stale = reconcile([other], [entry], tmp_path / "ledger.toml")
    assert [finding.key for finding in stale] == [known.id] and not other.known
