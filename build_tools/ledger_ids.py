"""Whether a ledger entry's id still names a finding whose id an edit of the book changed.

An id holds the words of its finding's place and key, and sometimes the value the text
gives (`erratum:paragraph-normalement-lorsqu-un-…:superieur-ou-egal`): an edit of one of
them gives the same finding another id. `ledger.reconcile` takes such a finding for its
entry's, once, when just one entry and one finding match (docs/words.md, « One finding per
fault »).
"""

from __future__ import annotations

import re

from build_tools.diagnostics import changed_run


def _parts(identifier: str) -> tuple[str, str, str]:
    """A finding id's category, place and key (`category:where:key`)."""
    category, _, rest = identifier.partition(":")
    where, _, key = rest.rpartition(":")
    return category, where, key


def one_word_apart(known: str, found: str) -> bool:
    """Whether two ids of one category and place differ in one run of at most two words of
    their key (`abbreviation-mp`, `abbreviation-ma`)."""
    category, where, key = _parts(known)
    other_category, other_where, other_key = _parts(found)
    if (category, where) != (other_category, other_where) or key == other_key:
        return False
    words, others = key.split("-"), other_key.split("-")
    changed = changed_run(words, others)
    return changed is not None and changed[0] + len(words) - changed[1] >= 1  # a word kept


def place_reworded(known: str, found: str) -> bool:
    """Whether two ids of one category and key differ in the words of their place by one run
    of at most two words (`paragraph-au-debut-du-combat-les-…`, `…-du-combat-rappelons-le-les-…`),
    two words of the passage kept: the ids' places are cut at a length, so what follows the
    run need only start the same (its last word may be cut)."""
    category, where, key = _parts(known)
    other_category, other_where, other_key = _parts(found)
    if (category, key) != (other_category, other_key) or where == other_where:
        return False
    words, others = where.split("-"), other_where.split("-")
    prefix = 0
    while prefix < min(len(words), len(others)) and words[prefix] == others[prefix]:
        prefix += 1
    if prefix < 1:  # the element's kind
        return False
    for dropped, added in ((0, 1), (0, 2), (1, 0), (2, 0), (1, 1), (2, 2), (1, 2), (2, 1)):
        tail, other_tail = words[prefix + dropped :], others[prefix + added :]
        kept = prefix - 1 + min(len(tail), len(other_tail))
        if kept >= 2 and tail and other_tail and _starts_alike(tail, other_tail):
            return True
    return False


def _starts_alike(words: list[str], others: list[str]) -> bool:
    """Whether one word sequence starts the other, the last word of the shorter perhaps cut."""
    shorter, longer = sorted((words, others), key=len)
    *whole, last = shorter
    return longer[: len(whole)] == whole and longer[len(whole)].startswith(last)


def without_numbers(identifier: str) -> str:
    return re.sub(r"[0-9]+", "#", identifier)
