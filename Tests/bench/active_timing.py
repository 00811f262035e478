"""The timing benchmark of the timed tasks (issue 25), driven by Tests/bench/active-timing.

It runs `studyterm run` on a reaction-time task of N trials on a pseudo-terminal and plays the
participant: it reads the program's output until the stimulus's bytes arrive (the time it read
them is the stimulus's arrival at the terminal, t_arrival), waits a known delay, writes a space
(the time the write returned is t_key) and goes on. When the run is over it reads the trial log
(`RESULT.rt.trials.ndjson`) and compares each trial's recorded response time with the harness's:

    error = recorded responseTimeMs - (t_key - t_arrival) * 1000

So the error is the time StudyTerm adds to (or takes from) a reaction time: from its stimulus
onset (its clock read right after the terminal write returned) to the harness reading the bytes,
plus from the harness writing the key to StudyTerm reading it. Both ends are on this machine's
monotonic clock, so no clocks are compared, only intervals. The medians and the 95th percentile
are of the absolute error; the signed median is printed on stderr with the rest of the detail.

The last line on stdout is one JSON object: {"trials", "median_error_ms", "p95_error_ms", "load"}
(load = the 1-minute load average at the end, as os.getloadavg gives it).
"""
from __future__ import annotations

import argparse
import fcntl
import json
import os
import random
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

STIMULUS = b"@@GO@@"


def task(trials: int, seed: int) -> dict:
    return {"identifier": "timing", "type": "assessment", "title": "Timing benchmark", "steps": [
        {"identifier": "rt", "type": "reactionTime", "title": "Timing benchmark", "practice": False,
         "stimulus": STIMULUS.decode(), "numberOfAttempts": trials, "maximumRetries": trials,
         "minimumStimulusInterval": 0.04, "maximumStimulusInterval": 0.12, "timeout": 2,
         "interTrialInterval": 0.03, "seed": seed},
        {"identifier": "done", "type": "completion", "title": "Finished"}]}


def spawn(argv: list[str], cols: int, rows: int, cwd: str) -> tuple[subprocess.Popen, int]:
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", LC_ALL="C.UTF-8")
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env,
                            start_new_session=True, close_fds=True,
                            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
    os.close(slave)
    return proc, master


def read_until(fd: int, needle: bytes, deadline: float, tail: bytearray) -> float:
    """Reads until `needle` is in what arrived since the last call; returns when the read that
    completed it returned (time.perf_counter())."""
    while True:
        left = deadline - time.perf_counter()
        if left <= 0:
            raise TimeoutError(f"{needle!r} did not arrive")
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            continue
        data = os.read(fd, 65536)
        at = time.perf_counter()
        if not data:
            raise EOFError("the program ended")
        tail += data
        if needle in tail:
            del tail[: tail.index(needle) + len(needle)]
            return at
        del tail[: max(0, len(tail) - len(needle))]


def wait_until(t: float) -> None:
    """Sleeps until perf_counter() reaches t, spinning for the last millisecond."""
    while True:
        left = t - time.perf_counter()
        if left <= 0:
            return
        if left > 0.002:
            time.sleep(left - 0.0015)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * p
    low, high = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True, help="the studyterm binary (release)")
    parser.add_argument("--trials", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=25)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="active-timing-") as folder:
        path = Path(folder) / "timing.json"
        path.write_text(json.dumps(task(args.trials, args.seed)))
        out = Path(folder) / "result.json"
        proc, fd = spawn([args.binary, "run", str(path), "--out", str(out)], 80, 24, folder)
        tail = bytearray()
        injected: list[float] = []
        try:
            read_until(fd, b"Press Enter to start", time.perf_counter() + 30, tail)
            time.sleep(0.2)
            tail.clear()
            os.write(fd, b"\r")
            for _ in range(args.trials):
                arrived = read_until(fd, STIMULUS, time.perf_counter() + 10, tail)
                wait_until(arrived + rng.uniform(0.05, 0.25))
                os.write(fd, b" ")
                injected.append((time.perf_counter() - arrived) * 1000)
            read_until(fd, b"Finished", time.perf_counter() + 30, tail)
            os.write(fd, b"\r")
            deadline = time.perf_counter() + 30
            while proc.poll() is None and time.perf_counter() < deadline:
                if select.select([fd], [], [], 0.1)[0]:
                    try:
                        os.read(fd, 65536)
                    except OSError:
                        break
            proc.wait(timeout=10)
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
            os.close(fd)
        log = Path(folder) / "result.rt.trials.ndjson"
        trials = [json.loads(line) for line in log.read_text().splitlines()]
    responses = [t for t in trials if t["outcome"] == "response"]
    if len(responses) != len(injected):
        print(f"active-timing: {len(responses)} responses recorded for {len(injected)} keys sent "
              f"(outcomes: {[t['outcome'] for t in trials if t['outcome'] != 'response'][:10]})", file=sys.stderr)
        return 1
    errors = [t["responseTimeMs"] - sent for t, sent in zip(responses, injected)]
    absolute = [abs(e) for e in errors]
    load = os.getloadavg()[0]
    print(f"active-timing: {len(errors)} trials; error = recorded RT - (key written - stimulus read) by the harness; "
          f"signed median {statistics.median(errors):.3f} ms, min {min(errors):.3f}, max {max(errors):.3f}; "
          f"|error| median {statistics.median(absolute):.3f} ms, p95 {percentile(absolute, 0.95):.3f} ms, "
          f"p99 {percentile(absolute, 0.99):.3f} ms; load {load:.2f} on {os.cpu_count()} cores", file=sys.stderr)
    print(json.dumps({"trials": len(errors), "median_error_ms": round(statistics.median(absolute), 3),
                      "p95_error_ms": round(percentile(absolute, 0.95), 3), "load": round(load, 2)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
