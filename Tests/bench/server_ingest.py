#!/usr/bin/env python3
"""Server ingest benchmark: POST /results with 100 answers per request against a release
studyterm-server, on PostgreSQL (a throwaway cluster with PostgreSQL's durable defaults: fsync on,
synchronous commit) and on SQLite (WAL). Not a test: it reports numbers for README.md.

For each engine:
  1. throughput: --workers closed-loop clients on keep-alive connections for --seconds; answers/s
  2. latency at a fixed rate (--rate answers/s, default half the 5,000 target): requests are
     scheduled on a clock (open loop) and timed from their scheduled start, so a stall counts
     against every request behind it; p50/p95/p99/max

Every request carries 100 new items (new ids: inserts, as a real study sends), each a one-answer
task result with its metadata, as the app's outbox sends them. Several participants send at once.

    swift build -c release --product studyterm-server
    .build/venv/bin/python Tests/bench/server_ingest.py [--engines postgres,sqlite] [--seconds 20]

The machine's load (uptime) is printed before and after: other developers' builds share the cores.
"""
from __future__ import annotations

import argparse
import base64
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ITEMS_PER_REQUEST = 100


def load() -> str:
    return open("/proc/loadavg").read().split()[:3].__str__()


def item(participant_run: str) -> dict:
    run = str(uuid.uuid4())
    start, end = "2026-03-27T10:15:00.000+01:00", "2026-03-27T10:15:42.000+01:00"
    return {"id": str(uuid.uuid4()), "kind": "taskResult",
            "payload": {"type": "task", "identifier": "checkin", "taskRunUUID": run, "startDate": start, "endDate": end,
                        "finishReason": "completed", "path": [{"identifier": "mood", "direction": "forward"}],
                        "stepHistory": [{"type": "answer", "identifier": "mood", "startDate": start, "endDate": end,
                                         "answerType": {"type": "integer"}, "value": 4}]},
            "metadata": {"studyId": "studyterm-demo", "studyVersion": "1", "taskId": "checkin", "taskRunUUID": run,
                         "appVersion": "bench", "startDate": start, "endDate": end, "storedDate": end,
                         "finishReason": "completed", "participantId": participant_run}}


def body() -> bytes:
    return json.dumps({"items": [item("x") for _ in range(ITEMS_PER_REQUEST)]}).encode()


class Server:
    def __init__(self, binary: Path, args: list[str]):
        self.process = subprocess.Popen([str(binary), "serve", *args, "--host", "127.0.0.1", "--port", "0",
                                         "--registration-burst", "1000"],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"127\.0\.0\.1:(\d+)", line)
        if not match:
            raise SystemExit(f"the server did not start: {line}")
        self.port = int(match.group(1))

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)


def participants(server_bin: Path, database: list[str], port: int, count: int) -> list[str]:
    tokens = subprocess.run([str(server_bin), "tokens", "--count", str(count), *database], capture_output=True, text=True,
                            check=True).stdout.split()
    auths = []
    for token in tokens:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        c.request("GET", "/registration", headers={"StudyTerm-Registration-Token": token})
        consent = json.loads(c.getresponse().read())["consent"]
        c.request("POST", "/registration", json.dumps({"consent": {"version": consent["version"], "textSHA256": consent["textShownSHA256"]},
                                                       "device": "bench"}),
                  {"StudyTerm-Registration-Token": token, "Content-Type": "application/json"})
        credentials = json.loads(c.getresponse().read())
        auths.append("Basic " + base64.b64encode(f"{credentials['participantId']}:{credentials['apiKey']}".encode()).decode())
    return auths


def post(connection: http.client.HTTPConnection, auth: str, payload: bytes) -> None:
    connection.request("POST", "/results", payload, {"Authorization": auth, "Content-Type": "application/json"})
    response = connection.getresponse()
    response.read()
    if response.status != 200:
        raise RuntimeError(f"POST /results answered {response.status}")


def throughput(port: int, auths: list[str], workers: int, seconds: float) -> float:
    bodies = [body() for _ in range(workers * 4)]
    done = [0] * workers
    stop = time.monotonic() + seconds

    def work(i: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        n = 0
        while time.monotonic() < stop:
            post(connection, auths[i % len(auths)], bodies[(i * 4 + n) % len(bodies)].replace(b'"x"', b'"y"'))
            n += 1
            done[i] += 1
    threads = [threading.Thread(target=work, args=(i,)) for i in range(workers)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(done) * ITEMS_PER_REQUEST / (time.monotonic() - start)


def fixed_rate(port: int, auths: list[str], rate: float, seconds: float) -> list[float]:
    """Open loop: request k is due at start + k / (rate / 100); its latency counts from then."""
    interval = ITEMS_PER_REQUEST / rate
    total = int(seconds / interval)
    bodies = [body() for _ in range(total)]
    latencies: list[float] = []
    lock = threading.Lock()
    start = time.monotonic() + 0.5
    next_index = [0]

    def work(i: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        while True:
            with lock:
                k = next_index[0]
                next_index[0] += 1
            if k >= total:
                return
            due = start + k * interval
            wait = due - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            post(connection, auths[k % len(auths)], bodies[k])
            with lock:
                latencies.append((time.monotonic() - due) * 1000)
    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sorted(latencies)


def percentile(values: list[float], p: float) -> float:
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", default=str(REPO / ".build/release/studyterm-server"))
    parser.add_argument("--engines", default="postgres,sqlite")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--rate", type=float, default=2500, help="answers per second of the latency run")
    parser.add_argument("--participants", type=int, default=8)
    args = parser.parse_args()
    server_bin = Path(args.server)
    if not os.access(server_bin, os.X_OK):
        raise SystemExit(f"{server_bin} is not built: swift build -c release --product studyterm-server")
    work = Path(tempfile.mkdtemp(prefix="studyterm-bench-"))
    os.chmod(work, 0o755)
    study = work / "studies"
    shutil.copytree(REPO / "Resources" / "demo-study", study / "demo-study")
    print(f"load before: {load()}  (cores: {os.cpu_count()})")
    try:
        for engine in args.engines.split(","):
            if engine == "postgres":
                url = subprocess.run([str(REPO / "Tests/server/pg-cluster"), "start", str(work / "pg")], capture_output=True,
                                     text=True, check=True).stdout.strip()
                database = ["--database", url]
            else:
                database = ["--database", str(work / "server.sqlite")]
            server = Server(server_bin, ["--study", str(study / "demo-study"), *database])
            try:
                auths = participants(server_bin, database, server.port, args.participants)
                post(http.client.HTTPConnection("127.0.0.1", server.port), auths[0], body())  # warm-up
                rate = throughput(server.port, auths, args.workers, args.seconds)
                latencies = fixed_rate(server.port, auths, args.rate, args.seconds)
                print(f"{engine}: throughput {rate:,.0f} answers/s ({args.workers} clients, {ITEMS_PER_REQUEST} answers per request); "
                      f"at {args.rate:,.0f} answers/s: p50 {percentile(latencies, 50):.1f} ms, p95 {percentile(latencies, 95):.1f} ms, "
                      f"p99 {percentile(latencies, 99):.1f} ms, max {latencies[-1]:.1f} ms over {len(latencies)} requests")
            finally:
                server.stop()
                if engine == "postgres":
                    subprocess.run([str(REPO / "Tests/server/pg-cluster"), "stop", str(work / "pg")], check=False)
    finally:
        print(f"load after: {load()}")
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
