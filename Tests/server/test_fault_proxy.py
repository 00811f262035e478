"""The fault-injecting proxy (fault_proxy.py) against the real studyterm-server: each fault is what
it says, seen by a stdlib client; with faults off the proxy changes nothing; and 200 results sent
through random faults and a server restart are stored exactly once (the template for the app's
own client, `studyterm sync`, behind the same proxy)."""
from __future__ import annotations

import errno
import http.client
import json
import socket
import threading
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any, Iterator

import pytest

from fault_proxy import KINDS, Fault, FaultProxy
from server_process import ServerProcess, run_staff
from test_server_staff import real_result


@pytest.fixture(autouse=True)
def no_proxy_thread_outlives_its_test() -> Iterator[None]:
    yield
    left = [t.name for t in threading.enumerate() if t.name.startswith("fault-proxy")]
    assert not left, f"threads left running: {left}"


@pytest.fixture(scope="module")
def result(studyterm_bin: Path) -> dict:
    return real_result(studyterm_bin)


def make_item(result: dict) -> dict:
    """A task-result item with a client-made id and a run of its own (the export counts runs)."""
    run = str(uuid.uuid4())
    return {"id": str(uuid.uuid4()), "kind": "taskResult", "payload": dict(result, taskRunUUID=run),
            "metadata": {"studyId": "studyterm-demo", "taskId": "checkin", "taskRunUUID": run,
                         "startDate": result["startDate"], "endDate": result["endDate"], "finishReason": "completed"}}


def call(port: int, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
         connection: http.client.HTTPConnection | None = None) -> tuple[int, dict[str, str], bytes]:
    """One request with http.client (on `connection` when given: kept alive); raises what it meets."""
    conn = connection or http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    data = None if body is None else json.dumps(body).encode()
    try:
        conn.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        if connection is None:
            conn.close()


def stored_runs(server_bin: Path, where: list[str], out: Path) -> Counter[str]:
    """How many times each run (taskRunUUID, lower case) is in the server's JSON export."""
    run_staff(server_bin, "export", "--format", "json", "--out", str(out), *where)
    return Counter(e["metadata"]["taskRunUUID"].lower() for e in json.loads((out / "results.json").read_text()))


def send_until_acknowledged(port: int, auth: str, batch: list[dict], connection: http.client.HTTPConnection) -> int:
    """POST /results with the same ids until the server acknowledges all of them; the attempts."""
    want = sorted(item["id"] for item in batch)
    for attempt in range(1, 61):
        try:
            status, _, body = call(port, "POST", "/results", {"items": batch}, {"Authorization": auth}, connection)
            if status == 200 and sorted(i.lower() for i in json.loads(body)["stored"]) == want:
                return attempt
            assert status in (500, 502, 503), (status, body)  # anything else is not a fault to retry
        except (OSError, http.client.HTTPException):
            connection.close()  # http.client opens a new one on the next request
        time.sleep(0.02)
    raise AssertionError(f"a batch was not acknowledged in 60 attempts: {batch[0]['id']}…")


@pytest.fixture
def study(serve, study_dir: Path) -> tuple[ServerProcess, str]:
    """A server on the demo study (its embedded database) and one participant's Authorization."""
    token = run_staff(serve.server_bin, "tokens", "--count", "1", "--study", str(study_dir)).stdout.strip()
    server = serve("--study", str(study_dir))
    return server, server.join(token)[2]


def test_with_faults_off_requests_pass_through_unchanged(study, result):
    server, auth = study
    with FaultProxy(server.port) as proxy:
        kept_alive = http.client.HTTPConnection("127.0.0.1", proxy.port, timeout=10)
        item = make_item(result)
        for method, path, body, headers in [("GET", "/health", None, {}),
                                            ("GET", "/registration", None, {"StudyTerm-Registration-Token": "AAAAA-BBBBB"}),
                                            ("GET", "/study", None, {}),
                                            ("GET", "/messages", None, {"Authorization": auth}),
                                            ("POST", "/results", {"items": [item]}, {"Authorization": auth}),
                                            ("POST", "/results", {"items": "no"}, {"Authorization": auth})]:
            direct = call(server.port, method, path, body, headers)
            for port, connection in ((proxy.port, kept_alive), (proxy.port, None)):
                through = call(port, method, path, body, headers, connection)
                assert through[0] == direct[0] and through[2] == direct[2], (method, path)
                assert {k: v for k, v in through[1].items() if k != "date"} == {k: v for k, v in direct[1].items() if k != "date"}
        first_socket = kept_alive.sock
        assert call(proxy.port, "GET", "/health", connection=kept_alive)[0] == 200
        assert kept_alive.sock is first_socket  # one client connection, a decision per request on it
        kept_alive.close()

        chunked = http.client.HTTPConnection("127.0.0.1", proxy.port, timeout=10)  # a chunked request body
        chunked.request("POST", "/results", body=iter([json.dumps({"items": [make_item(result)]}).encode()]),
                        headers={"Authorization": auth, "Content-Type": "application/json"}, encode_chunked=True)
        assert chunked.getresponse().status == 200
        chunked.close()

        body = json.dumps({"items": [make_item(result)]}).encode()  # Expect: 100-continue, answered by the proxy
        with socket.create_connection(("127.0.0.1", proxy.port), timeout=10) as raw:
            raw.sendall(f"POST /results HTTP/1.1\r\nHost: x\r\nAuthorization: {auth}\r\nContent-Type: application/json\r\n"
                        f"Expect: 100-continue\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode())
            answers = raw.makefile("rb")
            assert answers.read(25) == b"HTTP/1.1 100 Continue\r\n\r\n"
            raw.sendall(body)
            assert answers.readline().startswith(b"HTTP/1.1 200")
            answers.close()
        assert proxy.counts == {"pass": 6 * 2 + 3} and proxy.errors == []


def test_drop_closes_the_connection_and_the_server_never_sees_the_request(study, result, serve, study_dir, tmp_path):
    server, auth = study
    with FaultProxy(server.port) as proxy:
        proxy.script("drop")
        with pytest.raises(http.client.RemoteDisconnected):
            call(proxy.port, "POST", "/results", {"items": [make_item(result)]}, {"Authorization": auth})
        assert proxy.counts == {"drop": 1}
    assert stored_runs(serve.server_bin, ["--study", str(study_dir)], tmp_path / "export") == Counter()


@pytest.mark.parametrize("status", [500, 503])
def test_500_and_503_are_answered_by_the_proxy_without_forwarding(status, study, result, serve, study_dir, tmp_path):
    server, auth = study
    with FaultProxy(server.port) as proxy:
        proxy.script(str(status))
        connection = http.client.HTTPConnection("127.0.0.1", proxy.port, timeout=10)
        connection.request("POST", "/results", body=json.dumps({"items": [make_item(result)]}),
                           headers={"Authorization": auth, "Content-Type": "application/json"})
        response = connection.getresponse()
        body = response.read()
        assert response.status == status and response.version == 11
        assert json.loads(body) == {"error": "internal", "message": "injected"}
        assert response.getheader("Content-Length") == str(len(body)) and response.getheader("Connection") == "close"
        assert response.will_close
        connection.close()
        assert proxy.counts == {str(status): 1}
    assert stored_runs(serve.server_bin, ["--study", str(study_dir)], tmp_path / "export") == Counter()


def test_reset_mid_response_comes_after_the_server_stored_the_items(study, result, serve, study_dir, tmp_path):
    server, auth = study
    item = make_item(result)
    with FaultProxy(server.port) as proxy:
        proxy.script(Fault("reset", fraction=0.5), Fault("reset", fraction=0.9))
        for _ in range(2):  # cut in the head, then in the body
            with pytest.raises(ConnectionResetError) as raised:
                call(proxy.port, "POST", "/results", {"items": [item]}, {"Authorization": auth})
            assert raised.value.errno == errno.ECONNRESET  # a reset, not a clean close
        assert proxy.counts == {"reset": 2}
    assert stored_runs(serve.server_bin, ["--study", str(study_dir)], tmp_path / "export") == \
        Counter({item["metadata"]["taskRunUUID"]: 1})  # processed, and the replay did not duplicate it


def test_delay_holds_the_request_or_the_response(study):
    server, _ = study
    direct = call(server.port, "GET", "/health")
    with FaultProxy(server.port) as proxy:
        for where in ("request", "response"):
            proxy.script(Fault("delay", seconds=0.4, where=where))
            started = time.monotonic()
            through = call(proxy.port, "GET", "/health")
            assert time.monotonic() - started >= 0.4, where
            assert (through[0], through[2]) == (direct[0], direct[2])
        assert call(proxy.port, "GET", "/health")[0] == 200  # the queue is empty: no more delay
        assert proxy.counts == {"delay": 2, "pass": 1}


def test_restart_runs_the_hook_while_the_request_is_in_flight_on_the_same_addresses(study, serve):
    server, auth = study
    current = {"server": server}
    seen: list[int] = []

    def on_restart() -> None:
        seen.append(proxy.in_flight)
        current["server"] = serve.restart(current["server"])
        proxy.target_port = current["server"].port

    proxy = FaultProxy(server.port, on_restart=on_restart).start()
    try:
        port = proxy.port
        proxy.script(Fault("restart", seconds=0.05))
        with pytest.raises(http.client.RemoteDisconnected):  # the killed server answers nothing
            call(proxy.port, "GET", "/messages", headers={"Authorization": auth})
        assert seen == [1] and proxy.errors == []
        restarted = current["server"]
        assert restarted.process.pid != server.process.pid and server.process.poll() is not None
        assert restarted.port == server.port  # the same port: the proxy's target did not move
        assert proxy.port == port and call(port, "GET", "/messages", headers={"Authorization": auth})[0] == 200
        assert proxy.counts == {"restart": 1, "pass": 1}
    finally:
        proxy.stop()


def test_random_faults_follow_the_seed_and_the_rates():
    rates = {"drop": 0.1, "delay": 0.1, "500": 0.1, "503": 0.1, "reset": 0.1}
    first, again, other = (FaultProxy(1, rates=rates, seed=s) for s in (3, 3, 4))
    draws = [first.decide() for _ in range(2000)]
    assert draws == [again.decide() for _ in range(2000)] and draws != [other.decide() for _ in range(2000)]
    counts = Counter(f.kind for f in draws)
    assert set(counts) == {"pass", "drop", "delay", "500", "503", "reset"} and 850 < counts["pass"] < 1150
    assert all(150 < counts[k] < 250 for k in rates)
    assert {f.where for f in draws if f.kind == "delay"} == {"request", "response"}
    first.settle()
    assert {first.decide().kind for _ in range(100)} == {"pass"}
    with pytest.raises(ValueError):
        FaultProxy(1, rates={"restart": 0.1})  # a restart needs its hook
    for proxy in (first, again, other):
        proxy.stop()


def test_200_results_through_random_faults_and_a_restart_are_stored_exactly_once(serve, server_bin, study_dir, database,
                                                                                result, tmp_path):
    db = ["--database", database]
    token = run_staff(server_bin, "tokens", "--count", "1", *db).stdout.strip()
    current = {"server": serve("--study", str(study_dir), *db)}
    _, _, auth = current["server"].join(token)

    def on_restart() -> None:  # kill -9 mid-batch, start again on the same database (and port)
        current["server"] = serve.restart(current["server"])
        proxy.target_port = current["server"].port

    proxy = FaultProxy(current["server"].port, rates={"drop": 0.1, "delay": 0.08, "500": 0.1, "503": 0.1, "reset": 0.12},
                       seed=17, delay=0.2, on_restart=on_restart).start()
    items = [make_item(result) for _ in range(200)]
    try:
        proxy.script("drop", "500", "503", "reset", Fault("delay", 0.2, "response"))  # each kind at least once
        connection = http.client.HTTPConnection("127.0.0.1", proxy.port, timeout=10)  # kept alive, as a client pool
        attempts = []
        for n in range(0, len(items), 20):
            if n == 100:
                proxy.script(Fault("restart", seconds=0.05))
            attempts.append(send_until_acknowledged(proxy.port, auth, items[n:n + 20], connection))
        connection.close()
        proxy.settle()
        counts = proxy.counts
    finally:
        proxy.stop()
    assert proxy.errors == []
    assert all(counts.get(kind, 0) >= 1 for kind in KINDS), counts
    assert sum(attempts) > len(attempts)  # faults were met and retried

    runs = stored_runs(server_bin, db, tmp_path / "export")
    sent = {item["metadata"]["taskRunUUID"] for item in items}
    lost = sent - set(runs)
    duplicated = {run: n for run, n in runs.items() if n > 1}
    assert (len(lost), len(duplicated), len(runs)) == (0, 0, 200), (lost, duplicated)
