// Loaded by tests/test_html_browser.py into headless Chromium beside the built books and
// axe-core: runs the axe accessibility rules of WCAG 2 A and AA on every page and writes
// the violations as JSON into <pre id="result">.

async function audit(url, frame) {
  await new Promise((resolve) => {
    frame.onload = resolve;
    frame.src = url;
  });
  const doc = frame.contentDocument;
  await new Promise((resolve, reject) => {
    const script = doc.createElement("script");
    script.src = window.AXE;
    script.onload = resolve;
    script.onerror = () => reject(new Error("axe-core did not load"));
    doc.head.appendChild(script);
  });
  const results = await frame.contentWindow.axe.run(doc, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    resultTypes: ["violations"],
  });
  return results.violations.map((violation) => ({
    page: url,
    rule: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
  }));
}

(async () => {
  const frame = document.createElement("iframe");
  frame.style.width = "1000px";
  frame.style.height = "800px";
  document.body.appendChild(frame);
  const violations = [];
  for (const url of window.PAGES) violations.push(...(await audit(url, frame)));
  return { pages: window.PAGES.length, violations };
})().then(
  (result) => {
    document.getElementById("result").textContent = JSON.stringify(result);
  },
  (error) => {
    document.getElementById("result").textContent = JSON.stringify({ crash: String(error) });
  },
);
