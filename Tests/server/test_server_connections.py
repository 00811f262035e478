"""Slow and many connections on a real loopback port: request heads that never finish are closed
after the head timeout while /health keeps answering, idle keep-alive connections are closed after
the idle timeout, and connections over the per-address or total cap are closed at once. The attack
comes from other loopback addresses (127.0.0.2 and up) than /health's 127.0.0.1; it is bounded
(2,000 connections) and stops by itself."""
from __future__ import annotations

import http.client
import resource
import socket
import time

import pytest

ATTACKERS = 2000
PARTIAL_HEAD = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


@pytest.fixture(autouse=True)
def enough_files():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < ATTACKERS + 256:
        pytest.skip(f"the open-file limit ({hard}) is too low for {ATTACKERS} connections")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def connect_from(source: str, port: int) -> socket.socket:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind((source, 0))
    s.settimeout(5)
    s.connect(("127.0.0.1", port))
    return s


def closed_by_server(s: socket.socket, within: float) -> bool:
    """True when the server closes `s` (EOF or reset) within `within` seconds."""
    s.settimeout(within)
    try:
        while True:
            data = s.recv(4096)
            if not data:
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except socket.timeout:
        return False


def closed_now(sockets: list[socket.socket]) -> list[bool]:
    """For each socket, whether the server has closed it (without waiting)."""
    result = []
    for s in sockets:
        s.setblocking(False)
        try:
            result.append(s.recv(4096) == b"")
        except BlockingIOError:
            result.append(False)
        except (ConnectionResetError, BrokenPipeError):
            result.append(True)
        s.setblocking(True)
    return result


def health_ms(port: int) -> float:
    start = time.monotonic()
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    c.request("GET", "/health")
    reply = c.getresponse()
    body = reply.read()
    c.close()
    assert reply.status == 200 and body, body
    return (time.monotonic() - start) * 1000


def test_health_answers_while_2000_request_heads_hang_and_the_server_closes_them(serve, study_dir):
    server = serve("--study", str(study_dir), "--head-timeout", "6", "--max-connections-per-address", "5000")
    attackers = []
    try:
        opened = time.monotonic()
        for i in range(ATTACKERS):
            s = connect_from(f"127.0.0.{2 + i % 50}", server.port)
            s.sendall(PARTIAL_HEAD)
            attackers.append(s)
        assert time.monotonic() - opened < 5, "the attack must be in place before the head timeout"
        # While every head hangs, /health answers, again and again: the first waits behind the
        # burst of connects in the accept queue; then each takes well under a second.
        first = health_ms(server.port)
        assert first < 3000, first
        timings = []
        for _ in range(6):
            timings.append(health_ms(server.port))
            time.sleep(0.2)
        assert max(timings) < 1000, timings
        # Trickling does not help: a byte now does not restart the clock.
        for s in attackers[:100]:
            s.sendall(b"x")
        deadline = opened + 6 + 5
        while not all(closed := closed_now(attackers)) and time.monotonic() < deadline:
            time.sleep(0.25)
        assert all(closed), f"{closed.count(False)} of {ATTACKERS} hanging heads were still open 5 s after the head timeout"
        assert health_ms(server.port) < 1000
        assert "internal error" not in server.log
    finally:
        for s in attackers:
            s.close()


def test_an_idle_keep_alive_connection_is_closed_after_the_idle_timeout(serve, study_dir):
    server = serve("--study", str(study_dir), "--idle-timeout", "2")
    s = connect_from("127.0.0.1", server.port)
    s.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    reply = b""
    while b"\r\n\r\n" not in reply or not reply.rstrip().endswith(b"}"):
        reply += s.recv(4096)
    assert reply.startswith(b"HTTP/1.1 200")
    start = time.monotonic()
    assert closed_by_server(s, 6), "an idle keep-alive connection stayed open past the idle timeout"
    assert 1.5 < time.monotonic() - start < 5
    s.close()


def test_a_keep_alive_connection_still_serves_requests_within_the_idle_timeout(serve, study_dir):
    server = serve("--study", str(study_dir), "--idle-timeout", "3", "--head-timeout", "1")
    c = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    for _ in range(3):  # each after longer than the head timeout: that one counts for new connections only
        c.request("GET", "/health")
        assert c.getresponse().read()
        time.sleep(1.5)
    c.close()


def test_connections_over_the_per_address_cap_are_closed_at_once(serve, study_dir):
    server = serve("--study", str(study_dir), "--max-connections-per-address", "20", "--head-timeout", "30")
    held = [connect_from("127.0.0.9", server.port) for _ in range(30)]
    try:
        time.sleep(0.5)
        closed = closed_now(held)
        assert closed.count(False) == 20 and closed.count(True) == 10, closed
        assert health_ms(server.port) < 1000  # another address is served
        for s, was_closed in zip(held, closed):
            if was_closed:
                s.close()
        time.sleep(0.2)
        assert all(closed_by_server(connect_from("127.0.0.9", server.port), 0.5) for _ in range(3))
    finally:
        for s in held:
            s.close()
    time.sleep(0.5)  # once they close, the address is welcome again
    c = connect_from("127.0.0.9", server.port)
    c.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert c.recv(100).startswith(b"HTTP/1.1 200")
    c.close()


def test_connections_over_the_total_cap_are_closed_at_once(serve, study_dir):
    server = serve("--study", str(study_dir), "--max-connections", "25", "--head-timeout", "30")
    held = [connect_from(f"127.0.0.{20 + i % 5}", server.port) for i in range(30)]
    try:
        time.sleep(0.5)
        closed = closed_now(held)
        assert closed.count(False) == 25 and closed.count(True) == 5, closed
    finally:
        for s in held:
            s.close()
    time.sleep(0.5)
    assert health_ms(server.port) < 1000
