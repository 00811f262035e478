#!/usr/bin/env python3
"""Kiosk soak benchmark (issue 27, Proof): 500 back-to-back scripted sessions at one station on a
pty, with random end reasons (completed; timed out after the shortest timeout WCAG allows, 30 s;
SIGTERM then a restart, stored interrupted; kill -9 then a restart, stored interrupted by the
restart). Not a test (Tests/kiosk/test_kiosk_soak.py is its short version): it checks and reports

- each session stored exactly once (kioskSession rows and end reasons against the script);
- memory growth (VmRSS) and descriptors (/proc/PID/fd) of the one process that runs the first
  --steady sessions (no restart among them), early (after --warmup sessions) against late;
- the median time from pressing Enter on welcome to the first question's text on the pty,
  measured from the harness's side (write of Enter to the read of the chunk that completes it);

and ends with one JSON line of the figures and the machine's load (os.getloadavg). Exit 1 when a
target is missed (stored exactly once, RSS growth < 10%, no descriptor growth, median < 100 ms).

    swift build -c release --product studyterm
    .build/venv/bin/python Tests/bench/kiosk-soak.py [--sessions 500] [--seed N] [--binary PATH]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests" / "kiosk"))

from kiosk_soak import Soak, plan  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=500)
    parser.add_argument("--steady", type=int, default=300, help="sessions run by one long-lived process first")
    parser.add_argument("--warmup", type=int, default=20, help="the early memory reading follows this session")
    parser.add_argument("--timed-out", type=int, default=8, help="timed-out sessions among the steady ones (30 s each)")
    parser.add_argument("--seed", type=int, default=random.SystemRandom().randrange(2**32))
    parser.add_argument("--binary", type=Path, default=None, help="studyterm (default: .build/release, else debug)")
    parser.add_argument("--keep", action="store_true", help="keep the station's folder and print it")
    args = parser.parse_args()
    binary = args.binary or next((p for p in (REPO / ".build" / "release" / "studyterm", REPO / ".build" / "debug" / "studyterm")
                                  if p.exists()), None)
    if binary is None:
        sys.exit("build studyterm first: swift build -c release --product studyterm")
    weights = {"completed": 0.6, "sigterm": 0.2, "kill-9": 0.2}
    script = plan(args.sessions, args.steady, args.warmup, args.timed_out, args.seed, weights)
    folder = Path(tempfile.mkdtemp(prefix="kiosk-soak-"))

    def progress(n: int, reason: str) -> None:
        if n % 50 == 0:
            print(f"  {n}/{len(script)} sessions ({reason})", file=sys.stderr, flush=True)

    report = Soak(binary.resolve(), folder).run(script, steady=args.steady, warmup=args.warmup, progress=progress)
    figures = report.figures()
    figures.update(seed=args.seed, binary=str(binary), build="release" if "/release/" in str(binary) else "debug",
                   measuredFrom="harness: write of Enter on welcome to the read that completes the first question")
    targets = {
        "storedExactlyOnce": figures["storedExactlyOnce"] and report.open_rows == 0,
        "rssGrowthUnder10Percent": report.rss_growth < 0.10,
        "noDescriptorGrowth": report.fds_late <= report.fds_early,
        "medianUnder100ms": report.median_ms < 100,
    }
    figures["targets"] = targets
    if args.keep:
        print(f"station folder: {folder}", file=sys.stderr)
    else:
        import shutil
        shutil.rmtree(folder, ignore_errors=True)
    print(json.dumps(figures))
    return 0 if all(targets.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
