// The book's search, in the page: it reads window.BOOK_SEARCH, which search-index.js
// (made when the book was built) sets. Nothing is fetched: it works from file://.
(function () {
  "use strict";

  // Two readings of a text: `exact` keeps the accents (« dé » is not « de »), `fold` drops
  // them; both lower-case it and read ’ as '. Each keeps one character per character of
  // the text, so a match found in either is at the same place in the text itself.
  function exact(text) {
    return text.split("").map((c) => {
      if (/[\u2019\u02bc]/.test(c)) return "'";
      if (/\s/.test(c)) return " ";
      return c.toLowerCase().charAt(0) || c;
    }).join("");
  }

  function fold(text) {
    return text.split("").map((c) => {
      const bare = c.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      return exact(bare).charAt(0) || " ";
    }).join("");
  }

  function cleaned(query) {
    return query.normalize("NFC").trim().replace(/\s+/g, " ");
  }

  function query_words(query, reading) {
    return reading(cleaned(query)).split(" ").filter(Boolean);
  }

  function occurrences(text, wanted) {
    let count = 0;
    for (let at = text.indexOf(wanted); at >= 0 && count < 10; at = text.indexOf(wanted, at + 1)) {
      count += 1;
    }
    return count;
  }

  function score(entry, query, reading) {
    const wanted = reading(cleaned(query));
    const words = query_words(query, reading);
    const title = reading(entry.title + " " + entry.short);
    const text = reading(entry.text);
    if (!words.every((word) => title.includes(word) || text.includes(word))) return -1;
    let points = words.filter((word) => title.includes(word)).length * 5;
    if (reading(entry.title) === wanted || reading(entry.short) === wanted) points += 100;
    else if (title.includes(wanted)) points += 20;
    // The place that speaks of the words most often, as the book writes them together.
    return points + 2 * occurrences(text, wanted);
  }

  function find(query) {
    if (!query.trim() || !window.BOOK_SEARCH) return [];
    const found = [];
    for (const entry of window.BOOK_SEARCH) {
      const folded = score(entry, query, fold);
      if (folded < 0) continue;
      // A match with the accents as typed ranks above every match found only without them.
      const accented = score(entry, query, exact);
      const points = (accented < 0 ? 0 : 1000 + accented) + folded + (entry.kind === "term" ? 3 : 0);
      found.push({ entry, points });
    }
    found.sort((a, b) => b.points - a.points);
    return found.slice(0, 30).map((item) => item.entry);
  }

  // Where in `text` the query is found: the whole query where it stands as typed, else
  // accents aside; else each of its words: a word typed with accents only as typed (« dé »
  // is not « de »), one typed without them accents aside; a word of three letters or fewer
  // where a word of the text is that word, a longer one where a word of the text begins with
  // it (« critique » in « critiques »).
  function matches(text, query) {
    const as_typed = exact(text);
    const accents_aside = fold(text);
    const letter = /[\p{L}\p{N}]/u;
    function found(reading, wanted, whole) {
      const spans = [];
      for (let at = reading.indexOf(wanted); at >= 0; at = reading.indexOf(wanted, at + 1)) {
        const end = at + wanted.length;
        if (at > 0 && letter.test(reading[at - 1])) continue;
        if (whole && end < reading.length && letter.test(reading[end])) continue;
        spans.push([at, end]);
      }
      return spans;
    }
    const typed = cleaned(query);
    for (const [reading, wanted] of [[as_typed, exact(typed)], [accents_aside, fold(typed)]]) {
      const spans = found(reading, wanted, false);
      if (spans.length) return spans;
    }
    const spans = [];
    for (const word of query_words(query, (words) => words)) {
      const accented = exact(word) !== fold(word);
      const wanted = accented ? exact(word) : fold(word);
      spans.push(...found(accented ? as_typed : accents_aside, wanted, wanted.length <= 3));
    }
    return spans.sort((a, b) => a[0] - b[0]);
  }

  // `text` as nodes, each stretch the query matches set in <mark>.
  function marked(text, query) {
    const nodes = [];
    let done = 0;
    for (const [start, end] of matches(text, query)) {
      if (start < done) continue;
      if (start > done) nodes.push(document.createTextNode(text.slice(done, start)));
      const mark = document.createElement("mark");
      mark.textContent = text.slice(start, end);
      nodes.push(mark);
      done = end;
    }
    if (done < text.length) nodes.push(document.createTextNode(text.slice(done)));
    return nodes;
  }

  function excerpt(entry, query) {
    const text = entry.text;
    const found = matches(text, query);
    const at = found.length ? found[0][0] : 0;
    let start = Math.max(0, at - 60);
    while (start > 0 && !/\s/.test(text[start - 1])) start -= 1; // never half a word
    let end = Math.min(text.length, start + 180);
    while (end < text.length && !/\s/.test(text[end])) end += 1;
    return (start ? "… " : "") + text.slice(start, end).trim() + (end < text.length ? " …" : "");
  }

  function show(form) {
    const input = form.querySelector("input[type=search]");
    const results = form.querySelector(".search-results");
    results.replaceChildren();
    const query = input.value;
    if (!query.trim()) {
      results.hidden = true;
      return;
    }
    results.hidden = false;
    const found = find(query);
    if (!found.length) {
      const none = document.createElement("li");
      none.textContent = form.dataset.none;
      results.append(none);
      return;
    }
    for (const entry of found) {
      const item = document.createElement("li");
      item.className = "search-result " + entry.kind;
      const link = document.createElement("a");
      link.href = entry.href;
      link.append(...marked(entry.title + (entry.short ? " (" + entry.short + ")" : ""), query));
      item.append(link);
      if (entry.text) {
        const words = document.createElement("span");
        words.className = "search-excerpt";
        words.append(...marked(excerpt(entry, query), query));
        item.append(words);
      }
      results.append(item);
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    for (const form of document.querySelectorAll("form.search")) {
      const input = form.querySelector("input[type=search]");
      input.addEventListener("input", () => show(form));
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        show(form);
        const first = form.querySelector(".search-results a");
        if (first) first.focus();
      });
      const query = new URLSearchParams(location.search).get("q");
      if (query) {
        input.value = query;
        show(form);
      }
    }
  });
})();
