"""`rulebook serve`: the HTML books on 127.0.0.1, built again when a source changes, reloaded live.

    watch (watchfiles) ─> build what changed (incremental, in a child of the loaded server)
    ─> tell the pages (server-sent events, one stream per browser) ─> each open page reloads

A page is served as built, with a small script added at its end (only when served: the
files on disk are the build's own). The script joins a SharedWorker, one per browser,
which holds the one event stream however many tabs are open, and reloads the page after a
build, at the place the reader was. A book that cannot be read shows its findings, with
their locations, instead of its stale pages; new findings are listed in a banner above the
page, each location a link to its place. The console says one line per build, with its time.
"""

from __future__ import annotations

import argparse
import http.server
import os
import re
import sys
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

from markupsafe import Markup

from build_tools.assets import templates_folder
from build_tools.books import Book, UsageError, output_root, select
from build_tools.commands.parsing import add_output, port
from build_tools.commands.serve_builds import Builds, Stopped, load_engine
from build_tools.diagnostics import counted
from build_tools.render.markup import rendered, written
from build_tools.resources import Refused, read_bytes

HOST = "127.0.0.1"
"""Only the loopback: a preview is for the author at this machine, never for the network."""
EVENTS = "/__rulebook/events"
SCRIPTS = {"/__rulebook/reload.js": "reload.js", "/__rulebook/worker.js": "worker.js"}
"""The page's script and the SharedWorker it joins, served from templates/serve/."""
KEEPALIVE = 15
"""Seconds between two comments on an idle event stream, so proxies and browsers keep it open."""


class Site:
    """The books being served: their latest build, what it found, and who waits for the next."""

    def __init__(self, books: list[Book], out: Path, options):
        self.books = {book.name: book for book in books}
        self.out = out.absolute()
        self.options = options
        self.generation = 0
        self.started = os.getpid()
        """Which server numbered the builds: a page of an earlier server reloads at once."""
        self.changed = threading.Condition()
        self.errors: dict[str, list[str]] = {}
        """Book -> the findings that kept it from being built (it cannot be read)."""
        self.findings: dict[str, list[dict]] = {}
        """Book -> its new findings: their text as `rulebook check` prints them, and the id
        of the element of the page each is about (`anchor`, '' when none)."""
        self.builds = Builds(self.out, options)
        self.stop = self.builds.stop
        self.building = threading.Lock()
        """One build at a time: the watcher's and the first, which it may overlap."""

    @property
    def build_number(self) -> str:
        """The latest build, as the pages compare it: « server:number »."""
        return f"{self.started}:{self.generation}"

    def build(self, names: list[str]) -> None:
        """Build these books (HTML, incrementally), then tell every open page."""
        with self.building:
            self._build(names)

    def _build(self, names: list[str]) -> None:
        for name in names:
            started = time.monotonic()
            try:
                status, lines, problems, new = self.builds.run(self.books[name])
            except Stopped:  # Ctrl-C: the server is ending, nothing more to say or build
                return
            except Exception as error:  # a bug: said in the page, and the server goes on
                status, lines, new = 2, [], []
                problems = [
                    f"rulebook: internal error while building {name}: "
                    f"{type(error).__name__}: {error} (a bug in rulebook; `rulebook build "
                    f"{name} --traceback` shows where)"
                ]
            self.errors[name] = problems if status == 2 else []
            self.findings[name] = [
                item if isinstance(item, dict) else {"text": item, "anchor": ""} for item in new
            ]
            print(_console_line(name, status, lines, problems, new, started), flush=True)
        with self.changed:
            self.generation += 1
            self.changed.notify_all()

    def end(self) -> None:
        """Ctrl-C: no build starts any more, the one running ends now (`Builds.end`), and
        the event streams are let go."""
        self.builds.end([self.out / name for name in self.books])
        with self.changed:
            self.changed.notify_all()

    def watched(self) -> list[Path]:
        return [book.folder for book in self.books.values()] + [templates_folder()]

    def affected(self, paths: set[str]) -> list[str]:
        """The books a set of changed files concerns: the books they are in; all for templates."""
        # what the builds write (an --out inside a book's folder) is no change of a source
        paths = {
            path for path in paths if not Path(path).resolve().is_relative_to(self.out.resolve())
        }
        names = []
        for name, book in self.books.items():
            if any(Path(path).is_relative_to(book.folder) for path in paths):
                names.append(name)
        if any(Path(path).is_relative_to(templates_folder()) for path in paths):
            names = list(self.books)
        return names

    def watch(self) -> None:
        """Build again whatever a change of the watched files concerns, until stopped."""
        import watchfiles

        for changes in watchfiles.watch(
            *self.watched(),
            watch_filter=source_filter(),
            stop_event=self.stop,
            debounce=200,
            raise_interrupt=False,
        ):
            names = self.affected({path for _, path in changes})
            if names:
                self.build(names)


def _console_line(name: str, status: int, lines, problems, new, started: float) -> str:
    """One line for a build of a served book: when it ended, how long it took, what came of it
    (the findings themselves are in the page)."""
    took = f"{time.monotonic() - started:.1f} s"
    clock = time.strftime("%H:%M:%S")
    if status == 2:
        internal = [line for line in problems if "internal error" in line]
        if internal:
            return f"rulebook: {clock} {internal[0].removeprefix('rulebook: ')}"
        findings = [line for line in problems if not line.startswith("rulebook: ")]
        return (
            f"rulebook: {clock} {name}: cannot be read ({counted(len(findings), 'finding')}, "
            f"shown in the page), {took}"
        )
    written = sum(1 for line in lines if not line.endswith("up to date"))
    what = "built" if written else "up to date"
    found = f", {counted(len(new), 'new finding')} (shown in the page)" if new else ""
    return f"rulebook: {clock} {name}: {what} in {took}{found}"


def source_filter():
    import watchfiles

    class SourceFilter(watchfiles.DefaultFilter):
        """watchfiles' default filter (caches, editors' swap files), and our partial files."""

        def __call__(self, change, path: str) -> bool:
            name = os.path.basename(path)
            return super().__call__(change, path) and not name.endswith(".part")

    return SourceFilter()


class Handler(http.server.BaseHTTPRequestHandler):
    """GET only: the event stream, the list of books, and the files of their HTML builds."""

    site: Site
    server_version = "rulebook-serve"

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        refusal = request_refusal(self.headers.get("Host"), self.path)
        if refusal is not None:
            status, reason = refusal
            return self.send(status, "text/plain; charset=utf-8", f"{reason}\n".encode())
        path = unquote(urlsplit(self.path).path, errors="strict")
        if path == EVENTS:
            return self.events()
        if path in SCRIPTS:
            script = (templates_folder() / "serve" / SCRIPTS[path]).read_bytes()
            return self.send(200, "text/javascript; charset=utf-8", script)
        if path == "/":
            return self.send(200, "text/html; charset=utf-8", self.page(_index(self.site)))
        name, _, rest = path.lstrip("/").partition("/")
        if name not in self.site.books:
            return self.send(404, "text/plain; charset=utf-8", b"not found\n")
        file = (self.site.out / name / rest).absolute()
        folder = self.site.out / name
        if not file.is_relative_to(folder) or ".." in Path(rest).parts:
            return self.send(404, "text/plain; charset=utf-8", b"not found\n")
        if not rest:
            file = folder / "html" / "index.html"
        elif file.is_dir():
            file = file / "index.html"
        if self.site.errors.get(name) and file.suffix in (".html", ""):
            page = _error_page(name, self.site.errors[name])
            return self.send(200, "text/html; charset=utf-8", self.page(page, error=True))
        if not built_here(folder, file):  # only what the build wrote: nothing planted there
            return self.send(404, "text/plain; charset=utf-8", b"not found\n")
        try:
            content = read_bytes(file, folder, "INPUT_BYTES")
        except (OSError, Refused):
            return self.send(404, "text/plain; charset=utf-8", b"not found\n")
        if file.suffix == ".html":
            text = written(content.decode("utf-8"))
            text = _with_banner(text, name, self.site.findings.get(name, []))
            return self.send(200, "text/html; charset=utf-8", self.page(text))
        return self.send(200, _content_type(file), content)

    def page(self, text: Markup, *, error: bool = False) -> bytes:
        """A served page: the book's, with the script that reloads it after a build."""
        script = Markup(
            '<script src="/__rulebook/reload.js" data-build="{}" data-error="{}"></script>\n'
        ).format(self.site.build_number, "true" if error else "false")
        at = text.rfind("</body>")
        at = at if at >= 0 else len(text)
        return (text[:at] + script + text[at:]).encode("utf-8")

    def send(self, status: int, kind: str, body: bytes) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)
        except ConnectionError:  # the browser went away (a reload, a tab closed): nothing to say
            self.close_connection = True

    def events(self) -> None:
        """Server-sent events: `build` (with the build's number) now and after each build."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        site = self.site
        seen = None
        try:
            while not site.stop.is_set():
                with site.changed:
                    if seen == site.generation:
                        site.changed.wait(KEEPALIVE)
                    generation = site.generation
                if generation != seen:
                    number = f"{site.started}:{generation}"
                    self.wfile.write(f"event: build\ndata: {number}\n\n".encode())
                    seen = generation
                else:
                    self.wfile.write(b": waiting\n\n")
                self.wfile.flush()
        except ConnectionError:
            pass

    def log_message(self, format, *args) -> None:  # noqa: A002 - the base class's signature
        pass


LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")
"""The names a request may give its server in `Host`: another one is a page of another site
reaching the preview through a name that leads here (DNS rebinding), and is refused."""


def request_refusal(host: str | None, target: str) -> tuple[int, str] | None:
    """Why the request for `target` with this `Host` header is refused, as (status, reason);
    None when it is served. Every request gets an answer, never a dropped connection."""
    if host is not None:
        name = host.strip().lower()
        name = name[: name.index("]") + 1] if name.startswith("[") and "]" in name else name
        name = name.rsplit(":", 1)[0] if not name.startswith("[") else name
        if name not in LOOPBACK_HOSTS:
            return 403, f"forbidden: {host[:80]!r} is not this machine's loopback"
    try:
        path = unquote(urlsplit(target).path, errors="strict")
    except (ValueError, UnicodeDecodeError):
        return 400, "bad request: the path is not a URL path in UTF-8"
    if not path.startswith("/") or any(ord(c) < 0x20 or ord(c) == 0x7F for c in path):
        return 400, "bad request: the path holds a control character (NUL, line break…)"
    return None


def built_here(folder: Path, file: Path) -> bool:
    """Whether `file` is one the last build of the book in `folder` wrote (its manifest)."""
    from build_tools.render import incremental

    try:
        relative = file.relative_to(folder).as_posix()
    except ValueError:
        return False
    formats = incremental.Manifest.load(folder).formats.values()
    return any(relative in record.get("outputs", {}) for record in formats)


def _with_banner(text: Markup, name: str, findings: list[dict]) -> Markup:
    """The page with its book's new findings in a banner at its top, in the flow of the page
    (it covers nothing), each location a link to its place (nothing when there are none)."""
    if not findings:
        return text
    shown = []
    for finding in findings:
        location, _, rest = finding["text"].partition(": ")
        shown.append({**finding, "location": location, "rest": ": " + rest})
    banner = rendered(
        _template("banner.html"),
        name=name,
        count=counted(len(findings), "new finding"),
        findings=shown,
    )
    body = re.search(r"<body\b[^>]*>", text)
    at = body.end() if body else 0
    return text[:at] + banner + text[at:]


def _error_page(name: str, errors: list[str]) -> Markup:
    """What a book that cannot be read shows instead of its stale pages."""
    return rendered(_template("error.html"), name=name, errors=errors)


def _template(name: str):
    from build_tools.render import templating

    return templating.environment(templates_folder() / "serve", escaped=True).get_template(name)


def _index(site: Site) -> Markup:
    items = Markup().join(
        Markup(
            '<li><a href="/{name}/html/index.html">{name}</a> '
            '(<a href="/{name}/{name}.html">one page</a>)</li>'
        ).format(name=name)
        for name in site.books
    )
    return Markup(
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>rulebook serve'
        "</title></head><body><h1>Books</h1><ul>{}</ul></body></html>\n"
    ).format(items)


def _content_type(path: Path) -> str:
    import mimetypes

    kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return f"{kind}; charset=utf-8" if kind.startswith("text/") or kind.endswith("json") else kind


class Server(http.server.ThreadingHTTPServer):
    """The preview's HTTP server: a thread per connection; a request the browser aborted (a
    reload, a tab closed mid-page) ends quietly, without a traceback on the console."""

    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError | TimeoutError):
            return
        super().handle_error(request, client_address)


def serve(books: list[Book], out: Path, options, port: int) -> int:
    """Build the books, serve them on the loopback, rebuild on change; until Ctrl-C."""
    site = Site(books, out, options)
    handler = type("BoundHandler", (Handler,), {"site": site})
    try:  # the port first: a port in use is said at once, not after the books are built
        server = Server((HOST, port), handler)
    except OSError as error:
        raise UsageError(
            f"--port {port}: cannot serve on {HOST}:{port}: {error.strerror or error} "
            "(another server there? --port 0 takes any free port)"
        ) from None
    ended, failures = threading.Event(), []

    def run() -> None:
        try:
            load_engine()
            # Watching starts before the first build: a file saved while the books build, or
            # as soon as « serving » is printed, is a change seen, never one missed.
            threading.Thread(target=site.watch, daemon=True).start()
            site.build(list(site.books))
            if site.stop.is_set():  # Ctrl-C during the first build
                return
            address = f"http://{HOST}:{server.server_address[1]}"
            first = books[0].name
            print(
                f"rulebook: serving {address}/{first}/html/index.html"
                + (f" (and {address}/ for all {len(books)} books)" if len(books) > 1 else "")
                + "; Ctrl-C to stop",
                flush=True,
            )
            server.serve_forever(poll_interval=0.2)
        except BaseException as error:  # said by the command, as any command's error
            failures.append(error)
        finally:
            ended.set()

    # The preview runs in a thread; this one only waits for Ctrl-C. A KeyboardInterrupt
    # raised anywhere in the build or the libraries could be caught on its way (a bare
    # `except:`) and the server would go on; here it always lands, at once.
    threading.Thread(target=run, daemon=True, name="rulebook serve").start()
    try:
        while not ended.wait(0.5):
            pass
    except KeyboardInterrupt:
        stopped = True
    else:
        stopped = False
    finally:  # the build running, if any, ends now: only then is the server said stopped
        site.end()
        server.server_close()
    if stopped:
        print("rulebook: serve stopped", file=sys.stderr)
        return INTERRUPTED
    raise failures[0] if failures else RuntimeError("the preview stopped by itself")


INTERRUPTED = 130
"""The exit status of a preview stopped by Ctrl-C (cli's EXIT_INTERRUPTED)."""


# -- the command ------------------------------------------------------------------------


def add(commands, common) -> None:
    serve = commands.add_parser(
        "serve",
        parents=[common],
        help="serve the HTML books on 127.0.0.1, built again and reloaded as their sources change",
    )
    serve.add_argument("books", nargs="*", metavar="BOOK", help="(default: all)")
    serve.add_argument(
        "--port", type=port, default=8000, help="the port on 127.0.0.1 (default 8000; 0: any free)"
    )
    add_output(serve)
    serve.add_argument(
        "--no-rules",
        action="store_true",
        help="do not run the rules (nor import the book folder's Python): for an untrusted book",
    )
    serve.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    from build_tools.render.context import Options

    options = Options(draft=arguments.draft, rules=not arguments.no_rules)
    out = Path(arguments.out) if arguments.out else output_root()
    return serve(select(arguments.books), out, options, arguments.port)
