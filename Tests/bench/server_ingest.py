#!/usr/bin/env python3
"""Server ingest benchmark: POST /results with 100 answers per request against a release
studyterm-server, on PostgreSQL (a throwaway cluster with PostgreSQL's durable defaults: fsync on,
synchronous commit) and on SQLite (WAL). Not a test: it reports numbers for README.md.

Every request carries 100 NEW items (new item ids and new run UUIDs, made just before it is sent:
inserts, as a real study sends them, never replays), each a one-answer task result with its
metadata, as the app's outbox sends them. Several participants send at once. For each engine:

  1. closed loop: --workers clients on keep-alive connections post as fast as the server answers
     for --seconds; answers per second
  2. open loop at each --rates (answers per second; default 2,500 and 5,000): requests are due on
     a clock and timed from when they were due, so a stall counts against every request behind it
     (no coordinated omission); p50/p95/p99/max, and the rate actually achieved

At the end of each engine the items in the database are counted: they must equal the answers
acknowledged (every one new). The machine's load average (/proc/loadavg: 1, 5, 15 minutes) is
printed before and after every phase: other builds may share the cores, and the figures mean
little without it.

    swift build -c release --product studyterm-server
    .build/venv/bin/python Tests/bench/server_ingest.py [--engines postgres,sqlite] [--seconds 20] [--rates 2500,5000]
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
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ITEMS_PER_REQUEST = 100
START, END = "2026-03-27T10:15:00.000+01:00", "2026-03-27T10:15:42.000+01:00"
# One item as JSON with its item id and run UUID left open: filled with new UUIDs for each request.
ITEM_TEMPLATE = json.dumps(
    {"id": "@ID@", "kind": "taskResult",
     "payload": {"type": "task", "identifier": "checkin", "taskRunUUID": "@RUN@", "startDate": START, "endDate": END,
                 "finishReason": "completed", "path": [{"identifier": "mood", "direction": "forward"}],
                 "stepHistory": [{"type": "answer", "identifier": "mood", "startDate": START, "endDate": END,
                                  "answerType": {"type": "integer"}, "value": 4}]},
     "metadata": {"studyId": "studyterm-demo", "studyVersion": "1", "taskId": "checkin", "taskRunUUID": "@RUN@",
                  "appVersion": "bench", "startDate": START, "endDate": END, "storedDate": END, "finishReason": "completed"}})
_BEFORE_ID, _AFTER_ID = ITEM_TEMPLATE.split("@ID@")
PARTS = [_BEFORE_ID, *_AFTER_ID.split("@RUN@")]  # before id, id, between, run, between, run, after
assert len(PARTS) == 4 and "@RUN@" not in _BEFORE_ID


def load() -> str:
    one, five, fifteen = open("/proc/loadavg").read().split()[:3]
    return f"load average {one} {five} {fifteen} on {os.cpu_count()} cores"


def fresh_body() -> bytes:
    """100 items, each with a new item id and a new run UUID (random version-4 UUIDs)."""
    h = os.urandom(32 * ITEMS_PER_REQUEST).hex()
    uuids = [f"{h[i:i + 8]}-{h[i + 8:i + 12]}-4{h[i + 13:i + 16]}-a{h[i + 17:i + 20]}-{h[i + 20:i + 32]}"
             for i in range(0, len(h), 32)]
    items = [PARTS[0] + uuids[2 * k] + PARTS[1] + uuids[2 * k + 1] + PARTS[2] + uuids[2 * k + 1] + PARTS[3]
             for k in range(ITEMS_PER_REQUEST)]
    return ('{"items": [' + ", ".join(items) + "]}").encode()


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


def post(connection: http.client.HTTPConnection, auth: str, payload: bytes) -> int:
    """Posts one batch; returns the number of items the server acknowledged."""
    connection.request("POST", "/results", payload, {"Authorization": auth, "Content-Type": "application/json"})
    response = connection.getresponse()
    body = response.read()
    if response.status != 200:
        raise RuntimeError(f"POST /results answered {response.status}: {body[:300]!r}")
    return len(json.loads(body)["stored"])


def closed_loop(port: int, auths: list[str], workers: int, seconds: float) -> tuple[float, int]:
    """Answers per second with `workers` clients posting new bodies back to back; and the answers acknowledged."""
    done = [0] * workers
    stop = time.monotonic() + seconds

    def work(i: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        while time.monotonic() < stop:
            done[i] += post(connection, auths[i % len(auths)], fresh_body())
    threads = [threading.Thread(target=work, args=(i,)) for i in range(workers)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(done) / (time.monotonic() - start), sum(done)


def open_loop(port: int, auths: list[str], rate: float, seconds: float, connections: int) -> tuple[list[float], float, int]:
    """Request k is due at start + k / (rate / 100); its latency counts from then. Bodies are made
    before the clock starts (each new). Returns sorted latencies (ms), the rate achieved, answers acknowledged."""
    interval = ITEMS_PER_REQUEST / rate
    total = int(seconds / interval)
    bodies = [fresh_body() for _ in range(total)]
    latencies: list[float] = []
    acknowledged = [0]
    lock = threading.Lock()
    start = time.monotonic() + 0.5
    next_index = [0]

    def work() -> None:
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
            stored = post(connection, auths[k % len(auths)], bodies[k])
            with lock:
                latencies.append((time.monotonic() - due) * 1000)
                acknowledged[0] += stored
    threads = [threading.Thread(target=work) for _ in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    achieved = acknowledged[0] / (time.monotonic() - start)
    return sorted(latencies), achieved, acknowledged[0]


def percentile(values: list[float], p: float) -> float:
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def stored_items(engine: str, database: list[str]) -> int:
    if engine == "sqlite":
        with sqlite3.connect(database[1]) as db:
            return db.execute("SELECT COUNT(*) FROM result_item").fetchone()[0]
    psql = sorted(Path("/usr/lib/postgresql").glob("*/bin/psql"), key=lambda p: int(p.parts[-3]))[-1]
    return int(subprocess.run([str(psql), database[1], "-tAc", "SELECT COUNT(*) FROM result_item"], capture_output=True, text=True,
                              check=True).stdout.strip())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", default=str(REPO / ".build/release/studyterm-server"))
    parser.add_argument("--engines", default="postgres,sqlite")
    parser.add_argument("--seconds", type=float, default=20, help="length of each phase (default 20)")
    parser.add_argument("--workers", type=int, default=8, help="closed-loop clients (default 8)")
    parser.add_argument("--rates", default="2500,5000", help="open-loop rates, answers per second (default 2500,5000)")
    parser.add_argument("--connections", type=int, default=16, help="open-loop connections (default 16)")
    parser.add_argument("--participants", type=int, default=8)
    args = parser.parse_args()
    server_bin = Path(args.server)
    if not os.access(server_bin, os.X_OK):
        raise SystemExit(f"{server_bin} is not built: swift build -c release --product studyterm-server")
    rates = [float(r) for r in args.rates.split(",")]
    work = Path(tempfile.mkdtemp(prefix="studyterm-bench-"))
    os.chmod(work, 0o755)
    study = work / "studies"
    shutil.copytree(REPO / "Resources" / "demo-study", study / "demo-study")
    print(f"{ITEMS_PER_REQUEST} new answers per request, {args.participants} participants, {args.seconds:g} s per phase")
    print(f"start: {load()}")
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
                acknowledged = post(http.client.HTTPConnection("127.0.0.1", server.port), auths[0], fresh_body())  # warm-up
                rate, count = closed_loop(server.port, auths, args.workers, args.seconds)
                acknowledged += count
                print(f"{engine}: closed loop, {args.workers} clients: {rate:,.0f} answers/s  ({load()})", flush=True)
                for target in rates:
                    latencies, achieved, count = open_loop(server.port, auths, target, args.seconds, args.connections)
                    acknowledged += count
                    print(f"{engine}: open loop at {target:,.0f} answers/s (achieved {achieved:,.0f}): p50 {percentile(latencies, 50):.1f} ms, "
                          f"p95 {percentile(latencies, 95):.1f} ms, p99 {percentile(latencies, 99):.1f} ms, max {latencies[-1]:.1f} ms "
                          f"over {len(latencies)} requests  ({load()})", flush=True)
            finally:
                server.stop()
            stored = stored_items(engine, database)
            print(f"{engine}: {stored:,} items stored, {acknowledged:,} acknowledged: "
                  f"{'every answer was new' if stored == acknowledged else 'MISMATCH'}", flush=True)
            if engine == "postgres":
                subprocess.run([str(REPO / "Tests/server/pg-cluster"), "stop", str(work / "pg")], check=False)
    finally:
        print(f"end: {load()}")
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
