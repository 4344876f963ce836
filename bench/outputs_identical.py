"""Whether a change of the engine left the three books' outputs byte for byte as they were.

    python3 bench/outputs_identical.py baseline FOLDER   # build every output, record its hashes
    python3 bench/outputs_identical.py compare FOLDER    # build again, list what differs

Every book is built in every format (HTML, PDF, errata, cards, sheets) and every character file
of every book is drawn as a filled sheet; `baseline` writes FOLDER/hashes.json, `compare` builds
into FOLDER/now/ and exits 1 when a file is missing, new or different.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FORMATS = "html,pdf,errata,cards,sheets"


def build(out: Path) -> None:
    """Every output of the three books, and every filled sheet, under `out`."""
    environment = dict(os.environ, PYTHONPATH=str(ROOT), SOURCE_DATE_EPOCH="0")
    command = [sys.executable, "-m", "build_tools"]
    build = [*command, "build", "--format", FORMATS, "--out", str(out), "--force", "-j", "2", "-q"]
    subprocess.run(build, cwd=ROOT, env=environment, check=False)
    for character in sorted(ROOT.glob("source/*/personnages/*.toml")):
        book = character.parent.parent.name
        sheet = out / book / "personnages" / f"{character.stem}.pdf"
        sheet.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [*command, "sheet", "-q", str(character), "--out", str(sheet)],
            cwd=ROOT,
            env=environment,
            check=False,
        )


def hashes(out: Path) -> dict[str, str]:
    """The SHA-256 of every file under `out` (build records left out), by relative path."""
    return {
        str(path.relative_to(out)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(out.rglob("*"))
        if path.is_file() and not path.name.startswith(".rulebook")
    }


def main(argv: list[str]) -> int:
    action, folder = argv[0], Path(argv[1])
    if action == "baseline":
        build(folder / "outputs")
        (folder / "hashes.json").write_text(json.dumps(hashes(folder / "outputs"), indent=1))
        return 0
    before = json.loads((folder / "hashes.json").read_text())
    build(folder / "now")
    after = hashes(folder / "now")
    differing = sorted(
        path for path in before.keys() | after.keys() if before.get(path) != after.get(path)
    )
    for path in differing:
        state = "missing" if path not in after else "new" if path not in before else "differs"
        print(f"{state}: {path}")
    print(f"{len(after)} files, {len(differing)} differing")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
