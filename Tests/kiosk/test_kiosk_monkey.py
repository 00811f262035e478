"""A key monkey at a study station (issue 27, Proof): 10,000 seeded random keys (printable text,
Enter, arrows, Tab, function keys, Ctrl and Alt chords, escape bursts, stray bytes) on every
participant screen: welcome, the language chooser, a task's steps, the idle warning and the
thank-you, across many sessions. The station never shows a screen that is not its own (no
dashboard, settings, cancel menu, admin menu or shell), never exits and never stops, and starts no
child process. KIOSK_MONKEY_SEED replays a run; KIOSK_MONKEY_KEYS changes its length."""
from __future__ import annotations

import os
import random
import re
import time

import pytest

from station_kit import (IDLE_WARNING, THANK_YOU, WELCOME, children, make_station, process_state,
                         session_ends, start_station)
from harness import bound  # noqa: E402  (station_kit puts Tests/e2e on the path)
from keys import key_table  # noqa: E402

SEED = int(os.environ.get("KIOSK_MONKEY_SEED") or random.SystemRandom().randrange(2**32))
TOTAL_KEYS = int(os.environ.get("KIOSK_MONKEY_KEYS", "10000"))

# What each of the station's own screens shows (one of these is always on screen).
SCREENS = {
    "welcome": WELCOME,
    "language": "Deutsch",
    "preparing": "One moment",
    "note-text": "Write one word",
    "note-choice": "How do you feel today?",
    "note-end": "Almost done",
    "thank-you": THANK_YOU,
    "help": "Press any key to close",  # the task's own key help (F1, ?)
    "staff-pin": "Staff PIN",  # the hidden chord's locked door on welcome (no PIN is set)
}
# Text of screens a participant must never reach.
FORBIDDEN = ("Ctrl-C", "Leave this task?", "Save and exit", "Discard", "Station admin", "End the station", "Results stored", "Settings",
             "Dashboard", "Today's tasks", "studyterm stopped", "Traceback", "Fatal error")
# A shell prompt at the start of a row ("$ ", "root@host:~# "); typed text shows inside a field's brackets.
PROMPT = re.compile(r"^\S*[$#] ", re.MULTILINE)
PARTICIPANT_SCREENS = {"welcome", "language", "note-text", "note-choice", "note-end", "thank-you", "idle-warning"}


class Monkey:
    """Seeded random keys as the bytes a terminal sends."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        table = key_table("xterm-256color")
        self.named = [table[k] for k in ("Up", "Down", "Left", "Right", "Home", "End", "PgUp", "PgDn",
                                         "Insert", "Delete", "Backspace", "BTab") if k in table]
        self.function = [table[f"F{n}"] for n in range(1, 13) if f"F{n}" in table]
        self.printable = [chr(c) for c in range(0x20, 0x7F)] + list("äéß€中😀")

    def key(self) -> bytes:
        r, roll = self.rng, self.rng.random()
        if roll < 0.30:
            return r.choice(self.printable).encode()
        if roll < 0.42:
            return b"\r"
        if roll < 0.57:
            return r.choice(self.named)
        if roll < 0.62:
            return b"\t"
        if roll < 0.72:  # Ctrl chords, Ctrl-@ .. Ctrl-_ (Ctrl-C, Ctrl-Z, Ctrl-\ among them)
            return bytes([r.choice([c for c in range(0x00, 0x20) if c not in (0x0D, 0x09, 0x1B)] + [0x7F])])
        if roll < 0.80:  # Alt chords: Esc then a key
            return b"\x1b" + r.choice(self.printable[:95]).encode()
        if roll < 0.85:  # escape bursts, broken and odd sequences
            return r.choice([b"\x1b" * r.randint(2, 8), b"\x1b[", b"\x1b[1;5A", b"\x1b[200~x\x1b[201~", b"\x1bO",
                             b"\x1b[99;99R", b"\x1b]0;title\x07", b"\x1b[M !!", b"\x1b[<0;1;1M"])
        if roll < 0.93:
            return r.choice(self.function)
        if roll < 0.96:
            return b"\x1b"
        return bytes([r.randint(0x80, 0xFF)])  # a stray byte that is not UTF-8


def classify(text: str) -> set[str]:
    shown = {name for name, needle in SCREENS.items() if needle in text}
    if IDLE_WARNING in text:
        shown.add("idle-warning")
    return shown


def idle_pause(t, time_out: bool) -> None:
    """No key until the idle warning shows (a session is begun first if none runs); with
    `time_out`, in a task (a session that times out on the language chooser is not stored), until
    the session times out and welcome is back."""
    deadline = time.monotonic() + bound(60)
    while True:
        shown = classify(t.text())
        if "idle-warning" in shown and not (time_out and "language" in shown):
            break
        assert time.monotonic() < deadline, f"no idle warning\n{t.dump()}"
        if shown == {"welcome"} or (time_out and "language" in shown):
            t.send("Enter")
        elif "staff-pin" in shown:
            t.send("Esc")
        t.wait_quiet(ms=200, timeout=15)
    if time_out:
        t.wait_for(WELCOME, timeout=30)


@pytest.fixture
def station(studyterm_bin, tmp_path):
    config = make_station(tmp_path, languages=["en", "de"],
                          timeouts={"screenSeconds": 30, "warningSeconds": 20, "thankYouSeconds": 1})
    t = start_station(studyterm_bin, config)
    yield t
    t.close()


def test_ten_thousand_random_keys_never_leave_the_station(station, tmp_path):
    try:
        run_monkey(station, tmp_path)
    except BaseException as failure:
        raise AssertionError(f"the monkey failed; replay with KIOSK_MONKEY_SEED={SEED}: {failure}") from failure


def run_monkey(t, tmp_path) -> None:
    monkey = Monkey(SEED)
    where = f"(KIOSK_MONKEY_SEED={SEED})"
    seen: set[str] = set()
    sent = 0
    pauses = [TOTAL_KEYS // 3, 2 * TOTAL_KEYS // 3]  # let the idle warning come (and, the last time, the timeout)
    while sent < TOTAL_KEYS:
        chunk = [monkey.key() for _ in range(monkey.rng.randint(4, 24))]
        t._write(b"".join(chunk))  # one write, as a terminal sends a fast typist's keys
        sent += len(chunk)
        t.wait_quiet(ms=40, timeout=15)
        text = t.text()
        assert t.proc.poll() is None, f"the station exited ({t.proc.returncode}) after {sent} keys {where}\n{t.dump()}"
        assert process_state(t.proc.pid) != "T", f"the station was stopped after {sent} keys {where}"
        bad = [word for word in FORBIDDEN if word in text] + PROMPT.findall(text)
        assert not bad, f"a non-station screen ({bad}) after {sent} keys {where}\n{t.dump()}"
        shown = classify(text)
        assert shown, f"no station screen after {sent} keys {where}\n{t.dump()}"
        assert children(t.proc.pid) == [], f"a child process after {sent} keys {where}"
        seen |= shown
        if pauses and sent >= pauses[0]:
            pauses.pop(0)
            idle_pause(t, time_out=not pauses)
            seen.add("idle-warning")
    missing = PARTICIPANT_SCREENS - seen
    assert not missing, f"the monkey never reached {missing} {where}"
    ends = session_ends(tmp_path / "data")
    assert "completed" in ends and "timed-out" in ends, f"{ends} {where}"
    assert all(end in ("completed", "timed-out", None) for end in ends), f"{ends} {where}"
    print(f"monkey: {sent} keys, {len(ends)} sessions, screens {sorted(seen)} {where}")
