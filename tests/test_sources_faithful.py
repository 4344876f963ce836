"""The books are the sources as received, but for the changes each book folder lists."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ORIGINALS = ROOT / "tests" / "fixtures" / "originals"


def created_by_diff(diff: str) -> str:
    """The file a unified diff from /dev/null creates: its added lines."""
    lines = diff.splitlines(keepends=True)
    assert lines[0].startswith("--- /dev/null") and lines[2].startswith("@@ -0,0 ")
    return "".join(line[1:] for line in lines[3:] if line.startswith("+"))


def test_clefs_de_l_aube_is_the_file_the_seed_diff_creates():
    diff = (ORIGINALS / "000_5aee905ad9bcae78.txt").read_text(encoding="utf-8")
    book = (ROOT / "source" / "cda" / "cda.xml").read_text(encoding="utf-8")
    assert book == created_by_diff(diff)


def test_harmonies_combat_is_the_seed_without_its_svn_log():
    seed = (ORIGINALS / "001_aa4c838805d5c22d.txt").read_text(encoding="utf-8")
    chapter = (ROOT / "source" / "harmonies" / "combat.xml").read_text(encoding="utf-8")
    first_line, _, chapter_as_sent = seed.split("\n", 2)
    assert first_line.startswith("[svn] r2272")
    assert chapter == chapter_as_sent


def test_harmonies_actions_differs_from_the_seed_only_by_the_listed_escapes():
    seed = (ORIGINALS / "003_42cb36cce8c9b5a1.txt").read_text(encoding="utf-8").split("\n")
    chapter = (
        (ROOT / "source" / "harmonies" / "actions.xml").read_text(encoding="utf-8").split("\n")
    )
    changes = (ROOT / "source" / "harmonies" / "SOURCE-CHANGES.md").read_text(encoding="utf-8")
    assert len(seed) == len(chapter)
    changed = [number for number, (a, b) in enumerate(zip(seed, chapter, strict=True), 1) if a != b]
    assert changed == [383, 385, 387]
    for number in changed:
        assert f"| line {number} |" in changes
        assert chapter[number - 1].replace("&lt;", "<") == seed[number - 1]
