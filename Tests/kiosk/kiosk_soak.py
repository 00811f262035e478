"""The kiosk soak (issue 27, Proof): back-to-back scripted sessions at one station with random end
reasons, driven on a pty as a participant would: completed, timed out (the shortest timeouts WCAG
allows: 30 s), ended by SIGTERM then a restart (interrupted), and kill -9 then a restart (stored
interrupted by the restart). Used by Tests/bench/kiosk-soak (500 sessions, the figures for the
README) and by test_kiosk_soak.py (a short run).

What it measures, all from the harness's side:
- each session stored exactly once: the kioskSession rows and their end reasons against the script;
- memory and descriptors of one long-lived process: the first `steady` sessions end only as
  completed or timed out, so one process runs them all; VmRSS and the count of /proc/PID/fd are
  read on welcome after session `warmup` (early) and after the last of them (late);
- welcome-to-first-question: from the write of Enter on welcome to the read of the first chunk
  after which the first question's text is on the pty (includes the pty round trip and the
  harness's own reading; the terminal emulator runs after the timestamp is taken)."""
from __future__ import annotations

import collections
import os
import random
import signal
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from station_kit import (FIRST_QUESTION, THANK_YOU, WELCOME, make_station, open_fds, rss_kib, session_ends,
                         start_station)
from harness import Term  # noqa: E402  (station_kit puts Tests/e2e on the path)

REASONS = ("completed", "timed-out", "sigterm", "kill-9")
STORED_AS = {"completed": "completed", "timed-out": "timed-out", "sigterm": "interrupted", "kill-9": "interrupted"}


@dataclass
class SoakReport:
    """What a soak found."""

    sessions: int
    script: collections.Counter = field(default_factory=collections.Counter)
    stored: collections.Counter = field(default_factory=collections.Counter)
    rows: int = 0
    open_rows: int = 0
    latencies_ms: list[float] = field(default_factory=list)
    rss_early_kib: int = 0
    rss_late_kib: int = 0
    fds_early: int = 0
    fds_late: int = 0
    steady_sessions: int = 0
    restarts: int = 0
    seconds: float = 0.0

    @property
    def rss_growth(self) -> float:
        return (self.rss_late_kib - self.rss_early_kib) / self.rss_early_kib if self.rss_early_kib else 0.0

    @property
    def median_ms(self) -> float:
        return statistics.median(self.latencies_ms) if self.latencies_ms else float("nan")

    def expected(self) -> collections.Counter:
        want: collections.Counter = collections.Counter()
        for reason, count in self.script.items():
            want[STORED_AS[reason]] += count
        return want

    def figures(self) -> dict:
        lat = sorted(self.latencies_ms)
        return {
            "sessions": self.sessions, "script": dict(self.script), "stored": dict(self.stored), "rows": self.rows,
            "openRows": self.open_rows, "storedExactlyOnce": self.rows == self.sessions and self.stored == self.expected(),
            "restarts": self.restarts, "steadySessions": self.steady_sessions,
            "rssEarlyKiB": self.rss_early_kib, "rssLateKiB": self.rss_late_kib, "rssGrowth": round(self.rss_growth, 4),
            "fdsEarly": self.fds_early, "fdsLate": self.fds_late,
            "welcomeToFirstQuestionMs": {"median": round(self.median_ms, 2), "p90": round(lat[int(len(lat) * 0.9)], 2) if lat else None,
                                         "max": round(lat[-1], 2) if lat else None, "count": len(lat)},
            "seconds": round(self.seconds, 1), "loadavg": [round(x, 2) for x in os.getloadavg()], "cpus": os.cpu_count(),
        }


def plan(sessions: int, steady: int, warmup: int, timed_out: int, seed: int, weights: dict[str, float]) -> list[str]:
    """The script: `warmup` completed sessions, then up to session `steady` completed ones with
    `timed_out` timed-out ones among them (one process lives through all of these), then the rest
    drawn at random by `weights` from completed, sigterm and kill-9."""
    rng = random.Random(seed)
    body = ["completed"] * (steady - warmup - timed_out) + ["timed-out"] * timed_out
    rng.shuffle(body)
    reasons = [r for r in weights if r != "timed-out"]
    tail = rng.choices(reasons, weights=[weights[r] for r in reasons], k=sessions - steady)
    return ["completed"] * warmup + body + tail


class Soak:
    """Runs a soak's script against one station configuration."""

    def __init__(self, studyterm_bin: Path, folder: Path):
        self.bin = studyterm_bin
        self.folder = folder
        self.config = make_station(folder, timeouts={"screenSeconds": 30, "warningSeconds": 20, "thankYouSeconds": 1})
        self.term: Optional[Term] = None

    def start(self) -> Term:
        self.term = start_station(self.bin, self.config)
        return self.term

    def first_question(self, report: SoakReport) -> Term:
        t = self.term
        sent = t.send("Enter")
        burst = t.wait_quiet(ms=5, timeout=10, marker=FIRST_QUESTION)
        report.latencies_ms.append((burst.marker_at - sent) * 1000)
        return t

    def session(self, reason: str, n: int, report: SoakReport) -> None:
        t = self.first_question(report)
        t.type(f"w{n}")
        t.wait_for(f"w{n}", timeout=10)
        if reason == "completed":
            t.send("Enter")
            t.wait_for("How do you feel today?", timeout=10)
            t.send("Enter")
            t.wait_for("Almost done", timeout=10)
            t.send("Enter")
            t.wait_for(THANK_YOU, timeout=10)
            t.wait_for(WELCOME, timeout=15)
        elif reason == "timed-out":
            t.wait_for(WELCOME, timeout=60)
        elif reason == "sigterm":
            t.kill(signal.SIGTERM)
            if t.wait_exit(timeout=10) != 0:
                raise AssertionError(f"session {n}: SIGTERM did not exit 0\n{t.dump()}")
            t.close()
            report.restarts += 1
            self.start()
        elif reason == "kill-9":
            t.kill(signal.SIGKILL)
            t.wait_exit(timeout=10)
            t.close()
            report.restarts += 1
            self.start()

    def run(self, script: list[str], steady: int, warmup: int, progress=None) -> SoakReport:
        report = SoakReport(sessions=len(script), steady_sessions=steady)
        began = time.monotonic()
        self.start()
        try:
            for n, reason in enumerate(script, start=1):
                self.session(reason, n, report)
                report.script[reason] += 1
                pid = self.term.proc.pid
                if n == warmup:
                    report.rss_early_kib, report.fds_early = rss_kib(pid), open_fds(pid)
                if n == steady:
                    report.rss_late_kib, report.fds_late = rss_kib(pid), open_fds(pid)
                if progress:
                    progress(n, reason)
        finally:
            if self.term:
                self.term.close()
        report.seconds = time.monotonic() - began
        ends = session_ends(self.folder / "data")
        report.rows = len(ends)
        report.open_rows = ends.count(None)
        report.stored = collections.Counter(e for e in ends if e is not None)
        return report
