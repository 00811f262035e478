#!/usr/bin/env python3
"""Client drain benchmark: how long `studyterm sync` takes to send 10,000 queued results to a
study server on loopback (target: under 10 s). Not a test: it reports numbers for README.md.

A participant joins a studyterm-server (the demo study, SQLite) with the app in line mode; 10,000
finished check-ins (a real task result each, with its own run and item id) are put into the app's
outbox; then `studyterm sync` is timed until it exits, and the outbox is checked to be empty.

    STUDYTERM_TUNED=1 swift build -c release --product studyterm
    swift build -c release --product studyterm-server
    .build/venv/bin/python Tests/bench/client_drain.py [--items 10000] [--runs 3]
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests" / "server"))

from app_outbox import pending, seed_outbox  # noqa: E402
from server_process import ServerProcess  # noqa: E402
from test_server_staff import real_result  # noqa: E402


def binary(name: str) -> Path:
    for folder in ("release", "debug"):
        path = REPO / ".build" / folder / name
        if path.exists():
            return path
    sys.exit(f"build {name} first (see --help)")


def one_run(app: Path, server_bin: Path, items: int, result: dict, work: Path) -> float:
    study = work / "study"
    shutil.copytree(REPO / "Resources" / "demo-study", study)
    token = subprocess.run([str(server_bin), "tokens", "--count", "1", "--study", str(study)], check=True,
                           capture_output=True, text=True).stdout.strip()
    server = ServerProcess.start(server_bin, ["--study", str(study)])
    try:
        data = work / "app"
        joined = subprocess.run([str(app), "journey", "--accessible", "--data-dir", str(data)], text=True, capture_output=True,
                                input=f"1\nhttp://127.0.0.1:{server.port}\n{token}\n1\n1\n1\nq\n", timeout=60)
        assert "Your consent was recorded" in joined.stdout, joined.stdout[-2000:]
        participant = subprocess.run(["sqlite3", str(data / "studyterm.sqlite"), "SELECT participantID FROM enrollment"],
                                     capture_output=True, text=True).stdout.strip()
        seed_outbox(data, participant, result, items)
        start = time.perf_counter()
        before = os.times()
        sync = subprocess.run([str(app), "sync", "--data-dir", str(data)], capture_output=True, text=True, timeout=600)
        seconds = time.perf_counter() - start
        after = os.times()
        print(f"  studyterm sync: {after.children_user - before.children_user:.2f} s user, "
              f"{after.children_system - before.children_system:.2f} s system")
        assert sync.returncode == 0, (sync.stdout, sync.stderr)
        assert pending(data) == 0
        return seconds
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    app, server_bin = binary("studyterm"), binary("studyterm-server")
    result = real_result(app)
    print(f"app {app}\nserver {server_bin}\nload before {open('/proc/loadavg').read().split()[:3]}")
    times = []
    for n in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="studyterm-drain-") as folder:
            seconds = one_run(app, server_bin, args.items, result, Path(folder))
        times.append(seconds)
        print(f"run {n + 1}: {args.items} results sent in {seconds:.2f} s ({args.items / seconds:,.0f} per second)")
    print(f"median {statistics.median(times):.2f} s (target: under 10 s)")
    print(f"load after {open('/proc/loadavg').read().split()[:3]}")


if __name__ == "__main__":
    main()
