"""A study server that cannot be trusted (stdlib only): it answers the study API from canned,
valid answers (captured from the real server) except where its mode makes it hostile. One mode per
way a server can hurt a client:

  good               every answer valid (sign-up works; results acknowledged)
  injection          escape sequences, C1 and bidi controls in every text (titles, reasons, messages)
  unsafe-path        GET /study names files outside the data folder ("../../x", "/tmp/x")
  huge-body          every answer is 60 MB (declared and sent)
  trickle-chunked    every answer trickles one byte a second, chunked
  trickle-length     every answer declares 100 KB (under every cap) and trickles one byte a second
  invalid-json       every 200 carries a body that is not JSON
  redirect           every answer is 302 to another address
  impossible-date    a message sent on "99999-01-01", results refused with an impossible date field
  index-negative     POST /results refused naming items[-1].id
  index-min          POST /results refused naming items[-9223372036854775808].id
  index-huge         POST /results refused naming items[99999999999999999999999].id
  busy               429 with Retry-After: 2
  conflict           POST /results answered 409: the ids are stored with other content (first write wins)
  trickle-study      only GET /study trickles (a sign-up whose study download hangs)
  study-500          only GET /study fails (500)

Run alone: python3 hostile_server.py MODE canned.json (prints the port)."""
from __future__ import annotations

import json
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

MODES = ["good", "injection", "unsafe-path", "huge-body", "trickle-chunked", "trickle-length", "invalid-json", "redirect",
         "impossible-date", "index-negative", "index-min", "index-huge", "busy", "conflict", "trickle-study", "study-500"]
HOSTILE = [m for m in MODES if m not in ("good", "trickle-study", "study-500")]

# ESC sequences (clear screen, OSC title, cursor moves), C1 CSI, DEL, bidi overrides and marks, a NUL.
INJECTION = "\x1b[2J\x1b]0;pwned\x07\x1b[31mRED\x9b1;1H\u202eevil\u202c\u200f\u2066x\u2069\x7f\x00end"
FIELDS = {"index-negative": "items[-1].id", "index-min": "items[-9223372036854775808].id",
          "index-huge": "items[99999999999999999999999].id", "impossible-date": "items[0].metadata.endDate"}


class HostileServer:
    """The server in a thread: `mode` may change between requests; `requests` counts by route."""

    def __init__(self, mode: str, canned: dict[str, Any]):
        assert mode in MODES, mode
        self.mode = mode
        self.canned = canned
        self.requests: dict[str, int] = {}
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> "HostileServer":
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _route(self) -> str:
                path = self.path.split("?")[0]
                if path.startswith("/messages/"):
                    path = "/messages/{id}/acknowledgement"
                return f"{self.command} {path}"

            def _answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                route = self._route()
                server.requests[route] = server.requests.get(route, 0) + 1
                status, payload, headers = server.answer(route, body)
                try:
                    server.write(self, status, payload, headers, route)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            do_GET = do_POST = do_PUT = do_DELETE = _answer

        return Handler

    # What to answer -------------------------------------------------------------------------------

    def answer(self, route: str, body: bytes) -> tuple[int, bytes, dict[str, str]]:
        mode = self.mode
        if mode == "redirect":
            return 302, b"", {"Location": "http://198.51.100.1/elsewhere"}
        if mode == "busy":
            return 429, json.dumps({"error": "rate_limited", "message": "slow down"}).encode(), {"Retry-After": "2"}
        if mode == "conflict" and route == "POST /results":
            return 409, json.dumps({"error": "conflict", "message": "item items[0] is already stored with a different content",
                                    "field": "items[0].id"}).encode(), {}
        if mode == "study-500" and route == "GET /study":
            return 500, json.dumps({"error": "internal", "message": "the study cannot be read"}).encode(), {}
        status, value = self.valid(route, body)
        if mode in FIELDS and route == "POST /results":
            return 400, json.dumps({"error": "invalid_json", "message": "an item is wrong", "field": FIELDS[mode]}).encode(), {}
        if mode == "invalid-json" and status == 200:
            return 200, b'{"stored": [,,, not json', {}
        if mode == "injection":
            value = inject(value)
            if route == "POST /results":
                return 400, json.dumps({"error": "invalid_json", "message": INJECTION, "field": "items[0]"}).encode(), {}
        if mode == "unsafe-path" and route == "GET /study":
            value = json.loads(json.dumps(value))
            value["files"] = [{"path": "../../../../../../../../../tmp/studyterm-hostile-escape.json", "content": "{}"},
                              {"path": "/tmp/studyterm-hostile-absolute.json", "content": "{}"}] + value.get("files", [])
        if mode == "impossible-date" and route == "GET /messages":
            value = {"messages": [{"id": str(uuid.uuid4()), "text": "A message from the year 99999.", "sentAt": "99999-01-01T00:00:00Z"}]}
        data = b"" if value is None else json.dumps(value).encode()
        return status, data, {}

    def valid(self, route: str, body: bytes) -> tuple[int, Any]:
        """What a well-behaved server answers (from the canned answers)."""
        if route == "GET /registration":
            return 200, self.canned["registration"]
        if route == "POST /registration":
            return 201, self.canned["credentials"]
        if route == "GET /study":
            return 200, self.canned["study"]
        if route == "POST /results":
            try:
                items = json.loads(body or b"{}").get("items", [])
            except ValueError:
                items = []
            return 200, {"stored": [i.get("id") for i in items if isinstance(i, dict)]}
        if route == "GET /messages":
            return 200, {"messages": [{"id": "6f1c2b1e-0000-4000-8000-000000000001", "text": "Hello from the team.",
                                       "sentAt": "2026-01-01T00:00:00Z"}]}
        if route in ("PUT /messages/{id}/acknowledgement", "DELETE /registration"):
            return 204, None
        return 404, {"error": "not_found", "message": "no such route"}

    def write(self, handler: BaseHTTPRequestHandler, status: int, payload: bytes, headers: dict[str, str], route: str = "") -> None:
        mode = self.mode
        if mode == "trickle-study":
            mode = "trickle-chunked" if route == "GET /study" else "good"
        handler.send_response(status)
        for name, value in headers.items():
            handler.send_header(name, value)
        handler.send_header("Content-Type", "application/json")
        if mode == "huge-body":
            size = 60 << 20
            handler.send_header("Content-Length", str(size))
            handler.end_headers()
            chunk = b" " * (1 << 20)
            for _ in range(60):
                handler.wfile.write(chunk)
            return
        if mode == "trickle-chunked":
            handler.send_header("Transfer-Encoding", "chunked")
            handler.end_headers()
            for byte in (payload or b" ") * 1000:
                handler.wfile.write(b"1\r\n" + bytes([byte]) + b"\r\n")
                handler.wfile.flush()
                time.sleep(1)
            return
        if mode == "trickle-length":
            handler.send_header("Content-Length", str(100_000))
            handler.end_headers()
            for _ in range(100_000):
                handler.wfile.write(b" ")
                handler.wfile.flush()
                time.sleep(1)
            return
        handler.send_header("Content-Length", str(len(payload)))
        handler.end_headers()
        handler.wfile.write(payload)


def inject(value: Any) -> Any:
    """`value` with the injection text appended to every string that is not an id, a date or a path."""
    if isinstance(value, dict):
        return {k: (v if k in ("id", "sentAt", "path", "participantId", "apiKey", "studyId", "version", "textShownSHA256",
                               "identifier", "source", "content") else inject(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [inject(v) for v in value]
    if isinstance(value, str):
        return value + INJECTION
    return value


if __name__ == "__main__":
    server = HostileServer(sys.argv[1], json.loads(open(sys.argv[2], encoding="utf-8").read())).start()
    print(server.port, flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.stop()
