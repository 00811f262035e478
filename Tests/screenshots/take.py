#!/usr/bin/env python3
"""Regenerate screenshots/<scene>.png from the real binary, one PNG per named scene.

Needs the venv that Tests/run-all makes (pyte, Pillow, fontTools), a built binary, and the
font package fonts-dejavu-core (apt-get install fonts-dejavu-core; add fonts-droid-fallback
for CJK glyphs). From the repository root:

    swift build
    .build/venv/bin/python Tests/screenshots/take.py           # every scene
    .build/venv/bin/python Tests/screenshots/take.py help      # only the scenes named
    .build/venv/bin/python Tests/screenshots/take.py --list    # names and what they show

--bin PATH picks the binary (default $STUDYTERM_BIN, else .build/debug/studyterm);
--out DIR the folder (default screenshots/).

To add a scene, append a Scene to SCENES. The first word "studyterm" of argv stands for the
binary; paths are relative to the repository root, where the program runs. After `marker` is
on screen the steps run in order: keys("Down", "Enter") (names as for harness.Term.send),
type_text("Ada"), wait_for("Thanks"), resize(60, 20). The picture is taken once the program
has been quiet for 200 ms.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests" / "e2e"))
sys.path.insert(0, str(REPO / "Tests" / "server"))
try:
    from harness import Term, WaitTimeout
    from render import font_status
    from server_process import ServerProcess
    from test_journey_tasks import finish_checkin
except ImportError as err:  # pyte or Pillow missing: not the venv's python
    sys.exit(f"{err}: run with .build/venv/bin/python (Tests/run-all creates it)")

Step = Callable[[Term], object]


def keys(*names: str) -> Step:
    return lambda t: t.send(*names)


def type_text(text: str) -> Step:
    return lambda t: t.type(text)


def wait_for(text: str, timeout: float = 10.0) -> Step:
    return lambda t: t.wait_for(text, timeout)


def resize(cols: int, rows: int) -> Step:
    return lambda t: t.resize(cols, rows)


@dataclass
class Scene:
    name: str
    what: str
    argv: list[str]
    marker: str
    steps: list[Step] = field(default_factory=list)
    cols: int = 80
    rows: int = 24
    env: dict[str, str] = field(default_factory=dict)
    # True: a studyterm-server (beside the binary) serves a copy of the demo study on loopback, and
    # SERVER holds its "url" and a fresh "token" while the steps run.
    server: bool = False


SERVER: dict[str, str] = {}


def type_server(key: str) -> Step:
    return lambda t: t.type(SERVER[key])


# The journey scenes each start on a fresh data folder of their own under this one.
JOURNEY_DATA = tempfile.mkdtemp(prefix="studyterm-screenshots-")
AGREE = [keys("d"), wait_for("[ I agree ]"), keys("Space", "Tab", "Space", "Tab", "Enter"), wait_for("Results stored")]


def journey(name: str) -> list[str]:
    return ["studyterm", "--data-dir", f"{JOURNEY_DATA}/{name}"]


def station(name: str) -> list[str]:
    """`studyterm kiosk` on a station of the demo study with its own folder; a short idle timeout."""
    folder = Path(JOURNEY_DATA) / name
    folder.mkdir(parents=True)
    config = {
        "formatVersion": 1, "stationID": "waiting-room-1", "study": {"folder": str(REPO / "Resources" / "demo-study")},
        "dataDirectory": str(folder / "data"), "sessionPlan": [{"task": "checkin"}], "participantID": {"mode": "anonymous"},
        "languages": ["en", "de", "fr"], "timeouts": {"screenSeconds": 30, "warningSeconds": 20, "thankYouSeconds": 8},
        "partialAnswers": "keep", "adminPINFile": str(folder / "pin.json"), "auditLog": str(folder / "audit.log"),
        "statusFile": str(folder / "status.json"),
    }
    (folder / "station.json").write_text(json.dumps(config))
    return ["studyterm", "kiosk", "--config", str(folder / "station.json")]

EVERY = "Resources/demo-study/tasks/every-input.json"

# Keys that answer each step of every-input.json, in order, each ending on the next step's title.
EVERY_STEPS: list[list[Step]] = [
    [wait_for("Every kind of answer"), keys("Enter")],
    [wait_for("Nickname"), type_text("Ada"), keys("Tab"), type_text("1984"), keys("Enter", "Enter")],  # Enter: next field, then on
    [wait_for("on your mind"), type_text("Slept badly."), keys("Tab", "Enter")],
    [wait_for("sleep last night"), type_text("6.5"), keys("Enter")],
    [wait_for("flights of stairs"), type_text("4"), keys("Enter")],
    [wait_for("How much pain"), keys("Right", "Right", "Right", "Right", "Enter")],
    [wait_for("When did it start?"), type_text("2024-01-05"), keys("Tab"), type_text("08:15"), keys("Enter", "Enter")],
    [wait_for("exercise today"), type_text("0"), keys("Right"), type_text("45"), keys("Enter")],
    [wait_for("height and weight"), type_text("172"), keys("Tab"), type_text("68"), keys("Enter")],
    [wait_for("Did you sleep well?"), keys("Enter")],
    [wait_for("How do you feel today?"), keys("3", "Enter")],
    [wait_for("Which symptoms"), keys("1", "Enter")],
    [wait_for("Which country"), keys("Enter"), type_text("swe"), wait_for("Sweden"), keys("Enter", "Enter")],
]


def every_input_until(step: int) -> list[Step]:
    """The steps that answer every-input.json up to (not including) step number `step` (1-based)."""
    return [s for answer in EVERY_STEPS[: step - 1] for s in answer]


# Joining the served demo study by its address and a token, then one check-in, sent.
JOIN_BY_URL = [keys("Enter"), type_server("url"), keys("Enter"), type_server("token"), keys("Enter"),
               wait_for("[ I agree ]"), keys("Space", "Tab", "Space", "Tab", "Enter"), wait_for("Your tasks"), keys("Enter"),
               finish_checkin, wait_for("not yet sent: 0")]

SCENES = [
    Scene("help", "studyterm --help on an 80x24 terminal", ["studyterm", "--help"], marker="USAGE:"),
    Scene("journey-welcome", "the welcome screen of a fresh data folder", journey("welcome"), marker="Join a study"),
    Scene("journey-consent", "the demo study's consent, one notice ticked", journey("consent"), marker="Join a study",
          steps=[keys("d"), wait_for("[ I agree ]"), keys("Space")]),
    Scene("journey-dashboard", "the demo study's dashboard right after joining", journey("dashboard"), marker="Join a study",
          steps=AGREE),
    Scene("journey-settings", "settings: the leave question", journey("settings"), marker="Join a study",
          steps=AGREE + [keys("s"), wait_for("Study details"), keys("Down*4", "Enter"), wait_for("Cancel")]),
    Scene("journey-sending", "settings, send my results now: a study server's participant after a check-in",
          journey("sending"), marker="Join a study", server=True,
          steps=JOIN_BY_URL + [keys("s"), wait_for("Study details"), keys("Down*3", "Enter"), wait_for("Everything is sent.")]),
    Scene("journey-inbox", "the inbox: the message shown is marked read", journey("inbox"), marker="Join a study",
          steps=AGREE + [keys("m"), wait_for("Thank you for joining.")]),
    Scene("journey-farewell", "leaving after an export: the whole path and the study's closing text",
          journey("farewell"), marker="Join a study",
          steps=AGREE + [keys("s"), wait_for("Study details"), keys("Down*4", "Enter"), wait_for("Cancel"), keys("Enter"),
                         wait_for("Write the files"), keys("C-u"), type_text(f"{JOURNEY_DATA}/exports"), keys("Enter"),
                         wait_for("Press Enter again to make it"), keys("Enter"), wait_for("You left")]),
    Scene("journey-dashboard-40x12", "the dashboard at the 40x12 minimum", journey("dashboard-small"), marker="Join a study",
          cols=40, rows=12, steps=[keys("d"), wait_for("StudyTerm · Consent"), keys("Space", "Space", "Tab", "Space", "Tab", "Enter"),
                                   wait_for("Results stored")]),
    Scene("journey-consent-40x12", "the consent at 40x12: text, notices and buttons scroll as one",
          journey("consent-small"), marker="Join a study", cols=40, rows=12,
          steps=[keys("d"), wait_for("StudyTerm · Consent"), keys("Space", "Space", "Space")]),
    Scene("journey-ascii", "the dashboard with LANG=C: ASCII only", journey("ascii"), marker="Join a study",
          env={"LANG": "C", "LC_ALL": "C"}, steps=AGREE),
    Scene("journey-lines", "the journey in line mode (TERM=dumb, --accessible, or no terminal)", journey("lines"),
          marker="2. Join the demo study", env={"TERM": "dumb"},
          steps=[type_text("2\r"), wait_for("Statement 1 of 2"), type_text("y\r"), wait_for("Statement 2 of 2"), type_text("y\r"),
                 wait_for("Do you agree"), type_text("1\r"), wait_for("Type a task's number")]),

    Scene("instruction", "an instruction step: title, text, detail, Next", ["studyterm", "run", EVERY, "--out", "/tmp/shot.json"],
          marker="Every kind of answer"),
    Scene("form-text", "a form of text fields with an inline validation message",
          ["studyterm", "run", EVERY, "--out", "/tmp/shot.json"], marker="Every kind of answer",
          steps=[keys("Enter"), wait_for("Nickname"), type_text("Ada"), keys("Tab"), type_text("3000"), keys("Enter"),
                 wait_for("earlier one")]),
    Scene("slider", "a slider with end labels, moved with the arrow keys",
          ["studyterm", "run", EVERY, "--out", "/tmp/shot.json"], marker="Every kind of answer",
          steps=every_input_until(6) + [wait_for("How much pain"), keys("Right", "Right", "Right", "Right", "PgUp")]),
    Scene("slider-40x12", "the slider at the 40x12 minimum: the value under the bar, the way forward on the row",
          ["studyterm", "run", EVERY, "--out", "/tmp/shot.json"], marker="Every kind of answer",
          steps=every_input_until(6) + [wait_for("How much pain"), keys("Right", "Right", "Right", "Right", "PgUp"),
                                        resize(40, 12)]),
    Scene("date", "date and time fields: typed, or stepped with Left/Right",
          ["studyterm", "run", EVERY, "--out", "/tmp/shot.json"], marker="Every kind of answer",
          steps=every_input_until(7) + [wait_for("When did it start?"), type_text("2024-01-05"), keys("Tab")]),
    Scene("choice-list", "a radio list: numbered options, the choice marked (•)",
          ["studyterm", "run", EVERY, "--out", "/tmp/shot.json"], marker="Every kind of answer",
          steps=every_input_until(11) + [wait_for("How do you feel today?"), keys("Down", "Space")]),
    Scene("check-list", "a check list with an exclusive option and Other free text",
          ["studyterm", "run", EVERY, "--out", "/tmp/shot.json"], marker="Every kind of answer",
          steps=every_input_until(12) + [wait_for("Which symptoms"), keys("1", "2", "Down*4", "Space"), type_text("Cough")]),
    Scene("picker-open", "a long list opened from a picker and filtered as you type",
          ["studyterm", "run", EVERY, "--out", "/tmp/shot.json"], marker="Every kind of answer",
          steps=every_input_until(13) + [wait_for("Which country"), keys("Enter"), type_text("s"), keys("Down")]),
    Scene("completion", "the completion step with Done",
          ["studyterm", "run", EVERY, "--out", "/tmp/shot.json"], marker="Every kind of answer",
          steps=every_input_until(14) + [wait_for("Thank you")]),
    Scene("countdown", "an active step: time left, progress bar and the spoken instruction as a caption",
          ["studyterm", "run", "Resources/demo-study/tasks/breathing-countdown.json", "--out", "/tmp/shot.json"], marker="Paced breathing",
          steps=[keys("Enter"), wait_for("Breathe slowly"), wait_for("And out.", timeout=15)]),
    Scene("stroop", "a Stroop word drawn in its ink; r, g, b, y answer (position-coded without colour)",
          ["studyterm", "run", "Tests/e2e/fixtures/stroop-task.json", "--out", "/tmp/shot.json"], marker="Name the ink",
          steps=[keys("Enter"), wait_for("GREEN")]),
    Scene("spatial-span", "spatial span memory: the grid lights a sequence, repeated by letter or arrows",
          ["studyterm", "run", "Tests/e2e/fixtures/span-task.json", "--out", "/tmp/shot.json"], marker="Remember the places",
          steps=[keys("Enter"), wait_for("Watch the order.")]),
    Scene("repeating-group", "a FHIR repeating group (Medication 2 of 2) with Ctrl-N / Ctrl-X",
          ["studyterm", "run", "Tests/e2e/fixtures/habits-questionnaire.json", "--out", "/tmp/shot.json"], marker="Do you smoke?",
          steps=[keys("2", "Enter"), wait_for("How much pain"), keys("End", "Enter"), wait_for("How tired"), type_text("2"),
                 keys("Enter"), wait_for("Medication 1 of 1"), type_text("Aspirin"), keys("Tab"), type_text("2"), keys("C-n"),
                 type_text("Ibu")]),
    Scene("cancel-menu", "Ctrl-C: continue, save and exit, or discard",
          ["studyterm", "run", EVERY, "--out", "/tmp/shot.json"], marker="Every kind of answer",
          steps=[keys("Enter"), wait_for("Nickname"), type_text("Ada"), keys("C-c"), wait_for("Leave this task?")]),
    Scene("help-keys", "F1: the keys of the focused field",
          ["studyterm", "run", EVERY, "--out", "/tmp/shot.json"], marker="Every kind of answer",
          steps=every_input_until(6) + [wait_for("How much pain"), keys("F1"), wait_for("Press any key")]),
    Scene("too-small", "a terminal below 40x12 asks to be enlarged",
          ["studyterm", "run", EVERY, "--out", "/tmp/shot.json"], marker="enlarge", cols=36, rows=10),
    Scene("station-welcome", "a study station (studyterm kiosk): the welcome that waits for the next participant",
          station("station-welcome"), marker="Press Enter to begin"),
    Scene("station-language", "a study station: each language named in itself, chosen first",
          station("station-language"), marker="Press Enter to begin", steps=[keys("Enter"), wait_for("Deutsch")]),
    Scene("station-idle", "a study station: the idle warning counts down; any key keeps going",
          station("station-idle"), marker="Press Enter to begin",
          steps=[keys("Enter"), wait_for("Deutsch"), keys("Enter"), wait_for("Are you still there", timeout=25)]),
    Scene("accessible", "accessible line mode (ACCESSIBLE=1): numbered prompts, no redraws",
          ["studyterm", "run", EVERY, "--out", "/tmp/shot.json"], marker="Type help", env={"ACCESSIBLE": "1"},
          steps=[type_text("\r"), wait_for("Nickname"), type_text("Ada\r"), wait_for("Year of birth"), type_text("3000\r"),
                 wait_for("earlier one"), type_text("1984\r"), wait_for("Postal code")]),
]


@contextlib.contextmanager
def study_server(binary: Path):
    """A studyterm-server beside `binary` serving a copy of the demo study, with one token."""
    server_bin = binary.parent / "studyterm-server"
    if not os.access(server_bin, os.X_OK):
        sys.exit(f"{server_bin} is not built: run `swift build` (the sending scene needs it)")
    with tempfile.TemporaryDirectory(prefix="studyterm-screenshot-server-") as folder:
        study = Path(folder) / "study"
        shutil.copytree(REPO / "Resources" / "demo-study", study)
        token = subprocess.run([str(server_bin), "tokens", "--count", "1", "--study", str(study)],
                               capture_output=True, text=True, check=True, timeout=60).stdout.split()[0]
        server = ServerProcess.start(server_bin, ["--study", str(study)])
        try:
            SERVER.update(url=server.url, token=token)
            yield
        finally:
            server.stop()
            SERVER.clear()


def take(scene: Scene, binary: Path, out: Path) -> Path:
    with study_server(binary) if scene.server else contextlib.nullcontext():
        return shoot(scene, binary, out)


def shoot(scene: Scene, binary: Path, out: Path) -> Path:
    argv = [str(binary) if i == 0 and word == "studyterm" else word for i, word in enumerate(scene.argv)]
    with Term(argv, cols=scene.cols, rows=scene.rows, env=scene.env, cwd=str(REPO)) as t:
        t.wait_for(scene.marker, timeout=10)
        for step in scene.steps:
            step(t)
        t.wait_quiet(200, timeout=10)
        path = out / f"{scene.name}.png"
        t.png(str(path))
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scenes", nargs="*", help="scene names (default: all)")
    parser.add_argument("--bin", type=Path, default=Path(os.environ.get("STUDYTERM_BIN", REPO / ".build/debug/studyterm")))
    parser.add_argument("--out", type=Path, default=REPO / "screenshots")
    parser.add_argument("--list", action="store_true", help="list the scenes and exit")
    args = parser.parse_args()

    if args.list:
        for scene in SCENES:
            print(f"{scene.name:20} {scene.what}")
        return 0
    unknown = set(args.scenes) - {s.name for s in SCENES}
    if unknown:
        parser.error(f"unknown scene(s): {', '.join(sorted(unknown))} (see --list)")
    missing_font = font_status()
    if missing_font:
        sys.exit(f"screenshots need the font package {missing_font}: apt-get install {missing_font}")
    binary = args.bin.resolve()
    if not os.access(binary, os.X_OK):
        sys.exit(f"{binary} is not built: run `swift build` (or pass --bin)")

    args.out.mkdir(parents=True, exist_ok=True)
    failed: list[str] = []
    for scene in SCENES:
        if args.scenes and scene.name not in args.scenes:
            continue
        try:
            path = take(scene, binary, args.out)
            print(f"wrote {path.relative_to(REPO) if path.is_relative_to(REPO) else path}")
        except WaitTimeout as err:
            failed.append(scene.name)
            print(f"scene {scene.name} failed: {err}", file=sys.stderr)
    if failed:
        print(f"failed scenes: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
