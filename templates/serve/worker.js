// rulebook serve: one event stream for every open page of the preview.
//
// A SharedWorker is one per browser (per origin and script), however many tabs show the
// books: it holds the one EventSource, and tells each page the number of every build. One
// stream per tab would take one of the six connections a browser keeps per host over
// HTTP/1.1, and a seventh tab would wait for ever.
const pages = new Set();
let latest = null;

const events = new EventSource("/__rulebook/events");
events.addEventListener("build", (event) => {
  latest = event.data;
  for (const page of pages) page.postMessage(latest);
});

onconnect = (event) => {
  const page = event.ports[0];
  pages.add(page);
  page.onmessage = (message) => {
    if (message.data === "closed") pages.delete(page);
  };
  page.start();
  if (latest !== null) page.postMessage(latest);
};
