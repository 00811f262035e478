"""Malformed HTTP framing over raw sockets on a real loopback port: an unknown transfer coding
(`xchunked`), a chunk size that overflows, a chunk size that is not hex, and a client that goes away
mid-body are the client's fault: 400 and the connection closed (or just closed, for the client that
left), never a 5xx, and never "internal error" or HTTPParserError in the log."""
from __future__ import annotations

import re
import socket
import time

import pytest

from server_process import run_staff

STATUS = re.compile(rb"^HTTP/1\.1 (\d{3}) ")


def exchange(port: int, raw: bytes, timeout: float = 10) -> tuple[list[int], bool]:
    """Sends `raw`, reads until the server closes; returns the statuses of the responses read and
    whether the server closed the connection within `timeout`."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.sendall(raw)
    data, closed = b"", False
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            chunk = s.recv(65536)
            if not chunk:
                closed = True
                break
            data += chunk
    except ConnectionResetError:
        closed = True
    except socket.timeout:
        pass
    finally:
        s.close()
    statuses = [int(m.group(1)) for m in re.finditer(rb"HTTP/1\.1 (\d{3}) ", data)]
    return statuses, closed


@pytest.fixture
def participant(serve, server_bin, study_dir, tmp_path):
    database = str(tmp_path / "server.sqlite")
    token = run_staff(server_bin, "tokens", "--count", "1", "--study", str(study_dir), "--database", database).stdout.split()[0]
    server = serve("--study", str(study_dir), "--database", database)
    _, _, auth = server.join(token)
    return server, auth


def head(auth: str, framing: str, path: str = "/results") -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: {auth}\r\nContent-Type: application/json\r\n"
            f"{framing}\r\n\r\n").encode()


BODY = b'{"items": []}'
CASES = {
    "xchunked": head("{auth}", "Transfer-Encoding: xchunked") + b"%x\r\n" % len(BODY) + BODY + b"\r\n0\r\n\r\n",
    "chunked then xchunked": head("{auth}", "Transfer-Encoding: chunked, xchunked") + b"%x\r\n" % len(BODY) + BODY + b"\r\n0\r\n\r\n",
    "chunk size overflow": head("{auth}", "Transfer-Encoding: chunked") + b"FFFFFFFFFFFFFFFFFFFFFFFF\r\n" + BODY + b"\r\n0\r\n\r\n",
    "chunk size not hex": head("{auth}", "Transfer-Encoding: chunked") + b"zz\r\n" + BODY + b"\r\n0\r\n\r\n",
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_malformed_framing_gets_400_and_the_connection_is_closed(participant, case):
    server, auth = participant
    raw = CASES[case].replace(b"{auth}", auth.encode())
    statuses, closed = exchange(server.port, raw)
    assert statuses and statuses[0] == 400, (case, statuses)
    assert all(s < 500 for s in statuses), statuses
    assert closed, "the connection must be closed after a framing error"
    time.sleep(0.2)
    assert "internal error" not in server.log and "HTTPParserError" not in server.log, server.log
    assert not re.search(r" 5\d\d \d+ ms", server.log), server.log
    assert server.request("GET", "/health").status == 200


def test_malformed_framing_without_credentials_is_never_a_5xx(participant):
    server, _ = participant
    for raw in CASES.values():
        statuses, closed = exchange(server.port, raw.replace(b"{auth}", b"Basic eDp5"))
        assert statuses and all(s in (400, 401) for s in statuses) and closed, statuses
    assert "internal error" not in server.log and "HTTPParserError" not in server.log, server.log


@pytest.mark.parametrize("how", ["close", "shutdown", "chunked close"])
def test_a_client_that_leaves_mid_body_is_not_an_internal_error(participant, how):
    server, auth = participant
    s = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    if how == "chunked close":
        s.sendall(head(auth, "Transfer-Encoding: chunked") + b"400\r\n" + b'{"items": [' + b" " * 100)
    else:
        s.sendall(head(auth, "Content-Length: 100000") + b'{"items": [' + b" " * 1000)
    time.sleep(0.3)
    if how == "shutdown":
        s.shutdown(socket.SHUT_WR)
        s.settimeout(10)
        data = b""
        try:
            while chunk := s.recv(65536):
                data += chunk
        except ConnectionResetError:
            pass
        statuses = [int(m.group(1)) for m in re.finditer(rb"HTTP/1\.1 (\d{3}) ", data)]
        assert all(status == 400 for status in statuses), statuses  # answered 400 or just closed
    s.close()
    time.sleep(0.5)
    assert "internal error" not in server.log and "HTTPParserError" not in server.log, server.log
    assert not re.search(r" 5\d\d \d+ ms", server.log), server.log
    assert server.request("GET", "/health").status == 200
