"""The bindings of the book Les Clefs de l'Aube to its rules, one module per chapter."""

import importlib
import importlib.util

try:
    from build_tools.checking import Binder
except ImportError:  # the engine's package does not re-export it (yet)
    from build_tools.checking.binder import Binder

from build_tools.checking.binder import StaleBinding
from build_tools.checking.passage import compile_pattern
from build_tools.diagnostics import Finding

binder = Binder()


def affirmer(check, phrase: str, tenu: bool, selon_les_regles: str) -> bool:
    """A statement the text makes in words (« un échec! », « respecte toutes les
    contraintes »), which the rules must hold.

    `check.claim` compares numbers only; a statement in words that the rules
    contradict is reported here the same way, as an erratum at the phrase with
    the working so far. A phrase no longer in the text is a stale binding.
    """
    match = check.passage.search(compile_pattern(phrase))
    if match is None:
        raise StaleBinding(phrase)
    if tenu:
        return True
    debut = max(0, match.start() - 40)
    check.findings.append(
        Finding(
            "error",
            "erratum",
            f"the text says « {match.group()} », the rules give {selon_les_regles}",
            file=check.passage.file,
            line=check.passage.line_at(match.start()),
            column=check.passage.column_at(match.start(), match.group().split(" ")[0]),
            where=check.where,
            text="…" + check.passage.text[debut : match.end() + 40] + "…",
            key=phrase,
            # The steps since the binding's last claim, as a claim shows them.
            derivation=[str(step) for step in check.trace.since(getattr(check, "_mark", 0))],
        )
    )
    return False


# Chapters are bound in the book's order; a chapter whose module is not written
# yet is skipped so that the others still load (the engine reports its units as
# unbound).
for _chapter in ("personnages", "actions", "sante", "combat", "avance", "glossaire"):
    if importlib.util.find_spec(f"{__name__}.{_chapter}") is not None:
        importlib.import_module(f"{__name__}.{_chapter}")
