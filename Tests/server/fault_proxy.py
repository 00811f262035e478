"""A fault-injecting HTTP/1.1 proxy for the test harness (stdlib only): it sits between a client
(the app, or a stdlib client in a test) and a studyterm-server on loopback, and breaks requests on
purpose, so a test can prove that results arrive exactly once whatever the network does.

    proxy = FaultProxy(server.port, rates={"drop": 0.1, "reset": 0.1}, seed=7, on_restart=hook).start()
    ... the client talks to http://127.0.0.1:{proxy.port} ...
    proxy.script(Fault("reset"))      # the next request gets exactly this fault
    proxy.settle()                    # faults off: everything passes through, so a test can drain
    proxy.stop()

Decisions are per REQUEST, not per connection: the proxy parses HTTP/1.1 request boundaries
(request line, headers, then a Content-Length or chunked body), so a client that keeps its
connections alive (async-http-client pools them) still meets a fresh decision on every request.
Each request is decided by, first, the scripted queue (`script()`), else one draw of a seeded
`random.Random` against the configured `rates` (probabilities per kind; what is left passes).
Every request is forwarded on an upstream connection of its own to `target_port` (settable, so a
server restarted on another port can be targeted); the client's connection stays alive between
requests unless the request, the response or a fault ends it.

The faults (`KINDS`):
  drop     the request is read, then the client's connection is closed without forwarding it
           (the client sees the connection closed with no response); the server never sees it.
  delay    the request (where="request") or the server's response (where="response") is held
           `seconds` before it goes on; nothing else changes.
  500, 503 the proxy answers itself, without forwarding: `HTTP/1.1 500 Internal Server Error` (or
           503 Service Unavailable) with Content-Length, Connection: close and the JSON body
           {"error":"internal","message":"injected"}; the server never sees the request.
  reset    the request IS forwarded and the server's whole response read (the server has done the
           work), then only the first `fraction` of the response's bytes reach the client and the
           connection is reset (SO_LINGER 0, then close): the client gets ECONNRESET. The case that
           tests exactly-once: a retry must not store the items twice.
  restart  the request is forwarded, `seconds` later the proxy calls `on_restart()` (in a worker
           thread; the test kills and restarts the server there, see conftest's `serve.restart`)
           while the request is in flight, then closes the client's connection without a response
           (whatever the killed server had sent is thrown away, so every restart is a failure the
           client must retry; whether the server had stored the request is left to the race). The
           proxy keeps listening on its own port throughout; the client's address never changes.
Besides the faults, `counts` holds "pass" (requests with no fault), "unreachable" (the server
could not be reached, e.g. during a restart: the proxy answers 502 Bad Gateway, as a reverse proxy
would) and "upstream_lost" (the server closed without a whole response). `errors` holds what went
wrong inside the proxy or the hook (a test should assert it is empty).

`start()` runs an asyncio loop on one thread ("fault-proxy"), the hook on one worker thread
("fault-proxy-hook"); `stop()` closes every connection and joins both: no thread outlives it.
"""
from __future__ import annotations

import asyncio
import collections
import random
import socket
import struct
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable

KINDS = ("drop", "delay", "500", "503", "reset", "restart")
HEAD_LIMIT = 1 << 20
REASONS = {500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable"}


@dataclass(frozen=True)
class Fault:
    """One decision: `kind` is one of KINDS or "pass"."""
    kind: str
    seconds: float = 0.0      # delay: how long; restart: the wait between forwarding and the hook
    where: str = "request"    # delay: hold the "request" or the "response"
    fraction: float = 0.5     # reset: the share of the response's bytes the client gets

    def __post_init__(self) -> None:
        if self.kind not in KINDS + ("pass",):
            raise ValueError(f"unknown fault {self.kind!r}: one of {', '.join(KINDS)} or pass")
        if self.where not in ("request", "response"):
            raise ValueError(f"delay where={self.where!r}: request or response")


@dataclass
class Message:
    """One HTTP message as it came: `raw` is forwarded byte for byte."""
    start_line: str
    headers: dict[str, str]  # lower-cased names
    raw: bytes
    framed_by_close: bool = False  # a response whose body ran to the end of the connection

    def closes(self) -> bool:
        return (self.framed_by_close or "close" in self.headers.get("connection", "").lower()
                or self.start_line.endswith("HTTP/1.0"))


class FaultProxy:
    """See the module's doc. `rates` maps kinds to probabilities (their sum at most 1); `delay` is
    the seconds a randomly chosen delay holds; `on_restart` is required for restart faults."""

    def __init__(self, target_port: int, *, rates: dict[str, float] | None = None, seed: int = 0,
                 delay: float = 0.3, on_restart: Callable[[], None] | None = None, host: str = "127.0.0.1"):
        self.host = host
        self.target_port = target_port
        self.port = 0
        self.delay = delay
        self.on_restart = on_restart
        self.errors: list[str] = []
        self._random = random.Random(seed)
        self._rates: dict[str, float] = {}
        self._queue: collections.deque[Fault] = collections.deque()
        self._counts: collections.Counter[str] = collections.Counter()
        self._lock = threading.Lock()
        self._in_flight = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._hooks = ThreadPoolExecutor(max_workers=1, thread_name_prefix="fault-proxy-hook")
        self.set_rates(rates or {})

    # -- control (any thread) ------------------------------------------------------------------

    def set_rates(self, rates: dict[str, float]) -> None:
        unknown = set(rates) - set(KINDS)
        if unknown or sum(rates.values()) > 1 or any(p < 0 for p in rates.values()):
            raise ValueError(f"rates {rates}: kinds from {KINDS}, probabilities summing to at most 1")
        if rates.get("restart") and self.on_restart is None:
            raise ValueError("restart faults need on_restart")
        with self._lock:
            self._rates = dict(rates)

    def script(self, *faults: Fault | str) -> None:
        """Queue faults (or kind names): the next requests get them in order, before any random one."""
        queued = [f if isinstance(f, Fault) else Fault(f, seconds=self.delay if f == "delay" else 0.0) for f in faults]
        if any(f.kind == "restart" for f in queued) and self.on_restart is None:
            raise ValueError("restart faults need on_restart")
        with self._lock:
            self._queue.extend(queued)

    def settle(self) -> None:
        """Faults off: no random faults, the scripted queue emptied; requests pass through."""
        with self._lock:
            self._rates = {}
            self._queue.clear()

    @property
    def counts(self) -> dict[str, int]:
        """Requests per decision kind (and "unreachable", "upstream_lost"), a copy."""
        with self._lock:
            return dict(self._counts)

    @property
    def in_flight(self) -> int:
        """Requests forwarded whose response has not been read yet."""
        return self._in_flight

    def start(self) -> "FaultProxy":
        ready = threading.Event()
        failure: list[BaseException] = []
        self._thread = threading.Thread(target=self._run, args=(ready, failure), name="fault-proxy", daemon=True)
        self._thread.start()
        if not ready.wait(10) or failure:
            self.stop()
            raise RuntimeError(f"the fault proxy did not start: {failure[0] if failure else 'timeout'}")
        return self

    def stop(self) -> None:
        """Closes the listener and every connection, and joins the proxy's threads."""
        loop, thread = self._loop, self._thread
        if loop is not None and thread is not None and thread.is_alive():
            loop.call_soon_threadsafe(loop.stop)
        if thread is not None:
            thread.join(timeout=15)
        self._hooks.shutdown(wait=True)

    def __enter__(self) -> "FaultProxy":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- the loop (the proxy's thread) ---------------------------------------------------------

    def _run(self, ready: threading.Event, failure: list[BaseException]) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)  # this thread's own
        self._loop = loop
        try:
            server = loop.run_until_complete(asyncio.start_server(self._handle, self.host, 0, limit=HEAD_LIMIT))
        except OSError as error:
            failure.append(error)
            loop.close()
            ready.set()
            return
        self.port = server.sockets[0].getsockname()[1]
        ready.set()
        try:
            loop.run_forever()
        finally:
            try:
                server.close()
                tasks = asyncio.all_tasks(loop)
                for task in tasks:
                    task.cancel()
                loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
                loop.run_until_complete(asyncio.wait([loop.create_task(server.wait_closed())], timeout=5))
            finally:
                loop.close()

    def decide(self) -> Fault:
        """The next request's fault (the scripted queue first, else one seeded draw), counted."""
        with self._lock:
            if self._queue:
                fault = self._queue.popleft()
            else:
                draw, total, fault = self._random.random(), 0.0, Fault("pass")
                for kind in KINDS:
                    total += self._rates.get(kind, 0.0)
                    if draw < total:
                        where = ("request", "response")[self._random.random() < 0.5] if kind == "delay" else "request"
                        fault = Fault(kind, seconds=self.delay if kind == "delay" else 0.0, where=where)
                        break
            self._counts[fault.kind] += 1
            return fault

    def _count(self, what: str) -> None:
        with self._lock:
            self._counts[what] += 1

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                request = await read_request(reader, writer)
                if request is None or await self._serve(request, self.decide(), writer):
                    break
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError):
            pass  # the client went away or sent what is not HTTP: its connection ends
        except Exception as error:  # noqa: BLE001  a bug here must show in the test, not vanish
            self.errors.append(f"proxy: {error!r}")
        finally:
            writer.close()

    async def _serve(self, request: Message, fault: Fault, writer: asyncio.StreamWriter) -> bool:
        """Serves one request with its fault; True when the client's connection must end."""
        if fault.kind == "drop":
            return True
        if fault.kind in ("500", "503"):
            writer.write(error_response(int(fault.kind), b'{"error":"internal","message":"injected"}'))
            await writer.drain()
            return True
        if fault.kind == "delay" and fault.where == "request":
            await asyncio.sleep(fault.seconds)
        try:
            up_reader, up_writer = await asyncio.open_connection(self.host, self.target_port, limit=HEAD_LIMIT)
        except OSError:
            self._count("unreachable")
            writer.write(error_response(502, b'{"error":"bad gateway","message":"the server cannot be reached"}'))
            await writer.drain()
            return True
        self._in_flight += 1
        try:
            up_writer.write(request.raw)
            await up_writer.drain()
            if fault.kind == "restart":
                await asyncio.sleep(fault.seconds)
                await asyncio.get_running_loop().run_in_executor(self._hooks, self._restart)
                return True
            response = await read_response(up_reader, request.start_line.split(" ", 1)[0])
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError):
            response = None
        finally:
            self._in_flight -= 1
            up_writer.close()
        if response is None:
            self._count("upstream_lost")
            return True
        if fault.kind == "delay" and fault.where == "response":
            await asyncio.sleep(fault.seconds)
        if fault.kind == "reset":
            cut = min(max(1, int(len(response.raw) * fault.fraction)), len(response.raw) - 1)
            writer.write(response.raw[:cut])
            await writer.drain()
            writer.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            writer.transport.abort()
            return True
        writer.write(response.raw)
        await writer.drain()
        return request.closes() or response.closes()

    def _restart(self) -> None:
        try:
            if self.on_restart is None:
                raise RuntimeError("a restart fault without on_restart")
            self.on_restart()
        except Exception as error:  # noqa: BLE001  reported through errors
            self.errors.append(f"on_restart: {error!r}")


def error_response(status: int, body: bytes) -> bytes:
    head = (f"HTTP/1.1 {status} {REASONS[status]}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n")
    return head.encode() + body


async def read_head(reader: asyncio.StreamReader) -> tuple[bytes, str, dict[str, str]] | None:
    """The start line and headers; None at a clean end of stream before any byte."""
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError as error:
        if error.partial == b"":
            return None
        raise
    lines = head.decode("latin-1").split("\r\n")
    headers: dict[str, str] = {}
    for line in lines[1:]:
        if line:
            name, colon, value = line.partition(":")
            if not colon:
                raise ValueError(f"not an HTTP header line: {line!r}")
            headers[name.strip().lower()] = value.strip()
    return head, lines[0], headers


async def read_body(reader: asyncio.StreamReader, headers: dict[str, str], until_end: bool) -> bytes:
    """The body as framed on the wire (chunked bodies keep their chunk lines)."""
    if "chunked" in headers.get("transfer-encoding", "").lower():
        raw = b""
        while True:
            line = await reader.readuntil(b"\r\n")
            raw += line
            size = int(line.split(b";", 1)[0].strip(), 16)
            if size == 0:
                while (trailer := await reader.readuntil(b"\r\n")) != b"\r\n":
                    raw += trailer
                return raw + b"\r\n"
            raw += await reader.readexactly(size + 2)
    if "content-length" in headers:
        return await reader.readexactly(int(headers["content-length"]))
    return await reader.read() if until_end else b""


async def read_request(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> Message | None:
    """One request; an `Expect: 100-continue` is answered here and not forwarded (the body is
    read before the request goes on)."""
    parsed = await read_head(reader)
    if parsed is None:
        return None
    head, start_line, headers = parsed
    if headers.get("expect", "").lower() == "100-continue":
        writer.write(b"HTTP/1.1 100 Continue\r\n\r\n")
        await writer.drain()
        head = b"".join(line for line in head.splitlines(keepends=True) if not line.lower().startswith(b"expect:"))
        del headers["expect"]
    return Message(start_line, headers, head + await read_body(reader, headers, until_end=False))


async def read_response(reader: asyncio.StreamReader, method: str) -> Message | None:
    """The final response to a `method` request (interim 1xx ones are kept in front of it)."""
    raw = b""
    while True:
        parsed = await read_head(reader)
        if parsed is None:
            return None
        head, start_line, headers = parsed
        status = int(start_line.split(" ", 2)[1])
        raw += head
        if 100 <= status < 200 and status != 101:
            continue
        if method == "HEAD" or status in (101, 204, 304):
            return Message(start_line, headers, raw)
        framed = "content-length" in headers or "chunked" in headers.get("transfer-encoding", "").lower()
        return Message(start_line, headers, raw + await read_body(reader, headers, until_end=True), not framed)
