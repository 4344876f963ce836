"""WeasyPrint's pages laid out again only when a page number they print changed.

A page printing `target-counter(attr(href url), page)` (the contents' pages, « → errata,
p. N », the errata entries' and the index's pages) is laid out, then laid out again
once WeasyPrint knows the pages of the targets. WeasyPrint (70) does it more than it must:

- it files such a counter under no target (the `attr()` is not resolved to the anchor's
  name) and as a counter of the page itself, so it lays the page out again whenever
  the page's counters change, whatever the targets do: after the first pass (the
  page counters then set) and after the second (the `pages` count, 0 in the first
  pass, now the book's): every such page is laid out three times;
- a target laid out before the box printing its page (a back reference: the index,
  an erratum's « p. N ») still has that box's page laid out twice: the number is
  written in after the page is made, where it could be before.

While an `Engine` runs, `mendings` mend both in WeasyPrint's own structures: each such
counter is filed under its target, and printed from it; a page is laid out again only
when a target it prints changed page (a number WeasyPrint could not know in the pass
before: the forward references); a back reference is written in before its page is
laid out. The pages are laid out from the same boxes with the same numbers, so the PDF
is byte for byte the one WeasyPrint makes alone (cda: 84 page layouts a document
become 58). Where WeasyPrint is not a version these structures were read in, nothing
is changed.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

MENDED = ("70.",)
"""The WeasyPrint versions whose layout these mendings were written for (and tested on)."""


def mendings(weasyprint) -> list[tuple[object, str, Callable]]:
    """What `Engine.running` replaces in `weasyprint` while it lays out: (owner, attribute,
    mend), `mend(original)` giving the replacement; nothing for a version it does not know."""
    if not weasyprint.__version__.startswith(MENDED):
        return []
    from weasyprint.css import targets
    from weasyprint.layout import page

    collector = targets.TargetCollector
    return [
        (page, "remake_page", _written_in),
        (collector, "collect_missing_counters", _by_target),
        (collector, "cache_target_page_counters", lambda original: _cache_target_page_counters),
    ]


def _written_in(remake_page):
    def remake_written_in(index, context, root_box, html):
        _write_back_references(context.target_collector)
        return remake_page(index, context, root_box, html)

    return remake_written_in


def _by_target(collect):
    def collect_by_target(self, box, token, parse_again, counters, target_counters):
        if token == "content" and None in target_counters and not _counts(box):
            anchors = _anchors(box)
            if len(anchors) == 1:  # filed under its target, not as a counter of the page
                counters, target_counters = [], {anchors[0]: target_counters[None]}
        collect(self, box, token, parse_again, counters, target_counters)

    return collect_by_target


def _counts(box) -> bool:
    """Whether `box`'s content prints a counter of its own (`counter()`, `counters()`)."""
    return any(kind in ("counter()", "counters()") for kind, _ in _content(box))


def _anchors(box) -> list[str]:
    """The anchors whose counters `box`'s content prints (`target-counter(attr(…) url)`)."""
    from weasyprint.css.targets import anchor_name_from_token
    from weasyprint.urls import get_url_tuple

    found = []
    for kind, value in _content(box):
        if kind not in ("target-counter()", "target-counters()"):
            continue
        token = value[0]
        if token[0] == "attr()":
            name, type_, fallback = token[1]
            attribute = box.element.get(name, fallback)
            if type_ != "url" or not attribute:
                return []
            token = ("url", get_url_tuple(attribute, box.style.base_url))
        anchor = anchor_name_from_token(token)
        if anchor is None:
            return []
        found.append(anchor)
    return list(dict.fromkeys(found))


def _content(box) -> list:
    content = box.style["content"]
    return content if isinstance(content, (list, tuple)) else []


def _write_back_references(collector) -> None:
    """Before a page is laid out: the boxes not laid out yet whose target's page is now known
    get their text, so that their page is laid out with its numbers (WeasyPrint's `pending`)."""
    for lookup in collector.counter_lookup_items.values():
        if lookup.pending:
            lookup.parse_again(lookup.cached_page_counter_values)
            lookup.pending = False


def _cache_target_page_counters(self, anchor_name, page_counter_values, index, page_maker):
    """WeasyPrint's `TargetCollector.cache_target_page_counters`, but a box printing the
    target's counters is laid out again only when one of the counters it prints changed."""
    if self.collecting:
        return
    item = self.target_lookup_items.get(anchor_name)
    if not item or item.state != "up-to-date":
        return
    item.page_maker_index = index
    if item.cached_page_counter_values == page_counter_values:
        return
    previous = item.cached_page_counter_values
    item.cached_page_counter_values = copy.deepcopy(page_counter_values)
    for (_, css_token), lookup in self.counter_lookup_items.items():
        missing = lookup.missing_target_counters.get(anchor_name)
        if css_token != "content" or missing is None:
            continue
        if lookup.page_maker_index is None or lookup.page_maker_index >= len(page_maker):
            lookup.pending = True  # not laid out yet: written in before its page is
            continue
        for counter_name in missing:
            value = page_counter_values.get(counter_name)
            if value is not None and value != previous.get(counter_name):
                page_maker[lookup.page_maker_index][-1]["content_changed"] = True
                lookup.parse_again(lookup.cached_page_counter_values)
                break
