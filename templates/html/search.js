// The book's search, in the page: it reads window.BOOK_SEARCH, which search-index.js
// (made when the book was built) sets. Nothing is fetched: it works from file://.
(function () {
  "use strict";

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[\u2019\u02bc]/g, "'").replace(/\s+/g, " ").trim();
  }

  function find(query) {
    const wanted = fold(query);
    const words = wanted.split(" ").filter(Boolean);
    if (!words.length || !window.BOOK_SEARCH) return [];
    const found = [];
    for (const entry of window.BOOK_SEARCH) {
      const title = fold(entry.title + " " + entry.short);
      const text = fold(entry.text);
      if (!words.every((word) => title.includes(word) || text.includes(word))) continue;
      let score = words.filter((word) => title.includes(word)).length * 5;
      if (fold(entry.title) === wanted || fold(entry.short) === wanted) score += 100;
      else if (title.includes(wanted)) score += 20;
      if (entry.kind === "term") score += 3;
      found.push({ entry, score });
    }
    found.sort((a, b) => b.score - a.score);
    return found.slice(0, 30).map((item) => item.entry);
  }

  function excerpt(entry, query) {
    const text = entry.text;
    const at = fold(text).indexOf(fold(query).split(" ")[0] || "");
    const start = Math.max(0, at - 60);
    const piece = text.slice(start, start + 180);
    return (start ? "…" : "") + piece + (start + 180 < text.length ? "…" : "");
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
      link.textContent = entry.title + (entry.short ? " (" + entry.short + ")" : "");
      item.append(link);
      if (entry.text) {
        const words = document.createElement("span");
        words.className = "search-excerpt";
        words.textContent = excerpt(entry, query);
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
