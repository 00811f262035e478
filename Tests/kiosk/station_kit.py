"""Shared pieces of the kiosk proof suites (signals, monkey, canary, soak, large font) and the soak
bench: a station on the fixture study `fixtures/proof-study`, started on a pty, and what /proc
says about the running process (signal masks, children, memory, descriptors)."""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import sys
from pathlib import Path
from typing import Optional

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests" / "e2e"))
from harness import Term  # noqa: E402

PROOF_STUDY = Path(__file__).resolve().parent / "fixtures" / "proof-study"
WELCOME = "Press Enter to begin"
FIRST_QUESTION = "Write one word"
THANK_YOU = "Thank you!"
IDLE_WARNING = "Are you still there?"


def make_station(tmp: Path, plan: tuple[str, ...] = ("note",), languages: Optional[list[str]] = None,
                 timeouts: Optional[dict] = None, end: str = "welcome", partial: str = "keep") -> Path:
    """Writes a station configuration under `tmp` on a copy of the proof study; returns its path.
    Its data folder is `tmp/data`, the audit log `tmp/audit.log`, the status file `tmp/status.json`."""
    folder = tmp / "study"
    if not folder.exists():
        shutil.copytree(PROOF_STUDY, folder)
    config = {
        "formatVersion": 1, "stationID": "proof-station", "study": {"folder": str(folder)},
        "dataDirectory": str(tmp / "data"), "sessionPlan": [{"task": task} for task in plan],
        "participantID": {"mode": "anonymous"}, "partialAnswers": partial,
        "timeouts": timeouts or {"thankYouSeconds": 1}, "endOfSession": end,
        "adminPINFile": str(tmp / "pin.json"), "auditLog": str(tmp / "audit.log"), "statusFile": str(tmp / "status.json"),
    }
    if languages:
        config["languages"] = languages
    path = tmp / "station.json"
    path.write_text(json.dumps(config))
    return path


def start_station(studyterm_bin: Path, config: Path, cols: int = 80, rows: int = 24,
                  env: Optional[dict] = None, timeout: float = 20) -> Term:
    """The station on a fresh pty of cols x rows, once welcome shows."""
    t = Term([str(studyterm_bin), "kiosk", "--config", str(config)], cols=cols, rows=rows, env=env)
    t.wait_for(WELCOME, timeout=timeout)
    return t


def session_ends(data: Path) -> list[Optional[str]]:
    """The end reason of every stored station session, oldest first (None: still open)."""
    with sqlite3.connect(data / "studyterm.sqlite") as db:
        return [row[0] for row in db.execute("SELECT endReason FROM kioskSession ORDER BY startedAt, rowid")]


def status_field(pid: int, name: str) -> str:
    """One field of /proc/PID/status (SigIgn, VmRSS, ...)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key == name:
            return value.strip()
    raise KeyError(name)


def ignored_signals(pid: int) -> set[int]:
    """The signal numbers the process ignores (SigIgn)."""
    mask = int(status_field(pid, "SigIgn"), 16)
    return {n for n in range(1, 65) if mask & (1 << (n - 1))}


def children(pid: int) -> list[int]:
    """The process's child process ids, over all its threads."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(p) for p in (task / "children").read_text().split()]
        except (FileNotFoundError, ProcessLookupError):
            continue  # the thread ended while we looked
    return found


def process_state(pid: int) -> str:
    """The one-letter state of /proc/PID/stat (R, S, T for stopped, Z ...)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


def rss_kib(pid: int) -> int:
    """Resident memory in KiB (VmRSS)."""
    return int(status_field(pid, "VmRSS").split()[0])


def open_fds(pid: int) -> int:
    """How many file descriptors the process has open."""
    return len(os.listdir(f"/proc/{pid}/fd"))


def files_holding(root: Path, needle: bytes, skip: tuple[str, ...] = ()) -> list[str]:
    """Every file under `root` whose bytes contain `needle`, except names in `skip`."""
    hits = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.name not in skip and needle in path.read_bytes():
            hits.append(str(path))
    return hits
