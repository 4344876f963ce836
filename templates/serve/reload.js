// rulebook serve: reload this page after a build; keep its reading position across builds.
//
// Added to the pages as they are served, never to the files built. `served` is the build
// this page comes from, as "server:number"; `error` is whether it is the page that stands
// for a book that cannot be read, whose position is not the book's.
(() => {
  const served = document.currentScript.dataset.build;
  const error = document.currentScript.dataset.error === "true";
  const place = "rulebook-place:" + location.pathname;
  const [server, number] = served.split(":");

  if (!error) {
    const saved = sessionStorage.getItem(place);
    if (saved !== null) {
      sessionStorage.removeItem(place);
      history.scrollRestoration = "manual";
      const [x, y] = JSON.parse(saved);
      const restore = () => window.scrollTo(x, y);
      // Now, once the images are in, and once the web fonts are: each may move the page.
      restore();
      addEventListener("load", restore, { once: true });
      document.fonts.ready.then(restore);
    }
  }

  const built = (build) => {
    const [builtBy, builtNumber] = String(build).split(":");
    // A later build of this server, or any build of a server started since.
    if (builtBy === server && Number(builtNumber) <= Number(number)) return;
    if (!error) sessionStorage.setItem(place, JSON.stringify([scrollX, scrollY]));
    location.reload();
  };

  if (window.SharedWorker) {
    const worker = new SharedWorker("/__rulebook/worker.js", { name: "rulebook" });
    worker.port.onmessage = (event) => built(event.data);
    worker.port.start();
    addEventListener("pagehide", () => worker.port.postMessage("closed"));
  } else {
    // No SharedWorker (Chrome on Android, old Safari): one stream for this page.
    const events = new EventSource("/__rulebook/events");
    events.addEventListener("build", (event) => built(event.data));
  }

  const banner = document.getElementById("rulebook-findings");
  if (banner) {
    // Dismissed until the next build, in every page of this tab.
    const dismissed = "rulebook-dismissed";
    const dismiss = () => banner.style.setProperty("display", "none");
    if (sessionStorage.getItem(dismissed) === served) dismiss();
    banner.querySelector("button").addEventListener("click", () => {
      dismiss();
      sessionStorage.setItem(dismissed, served);
    });
    for (const link of banner.querySelectorAll("a[data-anchor]")) {
      // Here when this page holds the place, else in the book on one page.
      if (document.getElementById(link.dataset.anchor)) link.href = "#" + link.dataset.anchor;
    }
  }
})();
