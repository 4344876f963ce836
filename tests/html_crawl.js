// Loaded by tests/test_html_browser.py into headless Chromium, next to the built books.
// Opens every page reachable from the start pages in an iframe, follows every internal
// link (the page it names must load, the element it names must exist), and notes any
// resource that failed to load, any script error, and any page without its stylesheet.
// The result is written as JSON into <pre id="result">.

async function load(frame, url) {
  return new Promise((resolve) => {
    frame.onload = () => resolve(frame.contentDocument);
    frame.src = url;
  });
}

async function crawl(starts) {
  const frame = document.createElement("iframe");
  document.body.appendChild(frame);
  const pages = new Map(); // url -> {ids, status}
  const links = []; // [from, href, url]
  const problems = [];
  const queue = starts.map((start) => new URL(start, location.href).href);
  while (queue.length) {
    const url = queue.shift();
    if (pages.has(url)) continue;
    const response = await fetch(url);
    if (!response.ok) {
      pages.set(url, { ids: new Set(), status: response.status });
      continue;
    }
    const errors = [];
    const doc = await load(frame, url);
    frame.contentWindow.addEventListener("error", (event) => errors.push(String(event.message)));
    const ids = new Set([...doc.querySelectorAll("[id]")].map((element) => element.id));
    pages.set(url, { ids, status: response.status });
    for (const entry of frame.contentWindow.performance.getEntriesByType("resource")) {
      if (entry.responseStatus && entry.responseStatus >= 400) {
        problems.push(`${url}: ${entry.name} answered ${entry.responseStatus}`);
      }
    }
    if (!doc.styleSheets.length || !doc.styleSheets[0].cssRules.length) {
      problems.push(`${url}: no stylesheet applied`);
    }
    for (const error of errors) problems.push(`${url}: script error ${error}`);
    for (const anchor of doc.querySelectorAll("a[href]")) {
      const target = new URL(anchor.getAttribute("href"), url);
      if (target.origin !== location.origin) continue;
      links.push([url, anchor.getAttribute("href"), target.href]);
      const page = target.href.split("#")[0];
      if (!pages.has(page)) queue.push(page);
    }
  }
  let followed = 0;
  for (const [from, href, target] of links) {
    const [page, fragment] = target.split("#");
    const found = pages.get(page);
    followed += 1;
    if (!found || found.status >= 400) {
      problems.push(`${from}: ${href}: the page does not load`);
    } else if (fragment && !found.ids.has(decodeURIComponent(fragment))) {
      problems.push(`${from}: ${href}: no element #${fragment}`);
    }
  }
  // Follow one link of each page for real, as a reader clicks it.
  let clicked = 0;
  for (const url of [...pages.keys()].filter((u) => pages.get(u).status < 400)) {
    const doc = await load(frame, url);
    const internal = [...doc.querySelectorAll("a[href]")].filter(
      (a) => new URL(a.getAttribute("href"), url).origin === location.origin,
    );
    const anchor = internal.find((a) => a.matches(".xref, .term, .link")) || internal[0];
    if (!anchor) continue;
    const expected = new URL(anchor.getAttribute("href"), url);
    await new Promise((resolve) => {
      const done = () => resolve();
      frame.onload = done;
      anchor.click();
      // a link within the same page does not load a document
      setTimeout(done, 300);
    });
    const now = frame.contentWindow.location;
    const id = decodeURIComponent(expected.hash.slice(1));
    if (now.pathname !== expected.pathname || (id && !frame.contentDocument.getElementById(id))) {
      problems.push(`${url}: clicking ${anchor.getAttribute("href")} led to ${now.href}`);
    }
    clicked += 1;
  }
  return { pages: pages.size, links: followed, clicked, problems };
}

crawl(window.START_PAGES).then(
  (result) => {
    document.getElementById("result").textContent = JSON.stringify(result);
  },
  (error) => {
    document.getElementById("result").textContent = JSON.stringify({ crash: String(error) });
  },
);
