"""The participant's app against a study server that cannot be trusted (hostile_server.py, one
mode per way a server can hurt a client): `studyterm sync` and the journey on a real
pseudo-terminal. In every mode: no crash, no hang past the deadline (30 s a request), no escape,
C1 or bidi control bytes in what the app writes, and no file outside the data folder. Then the
points one by one: half a sign-up finishes on the next start, a study that cannot be fetched says
so and is fetched again, a new version reaches a participant who never opens Settings."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

E2E = Path(__file__).resolve().parents[1] / "e2e"
sys.path.insert(0, str(E2E))

from app_outbox import seed_outbox  # noqa: E402
from harness import Term  # noqa: E402
from hostile_server import HOSTILE, HostileServer  # noqa: E402
from journey_steps import rows  # noqa: E402
from server_process import ServerProcess, run_staff  # noqa: E402
from test_client_journey import ask_to_join, join_by_url  # noqa: E402
from test_server_staff import real_result  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
DEADLINE = 30            # AsyncHTTPTransport.defaultDeadline
BOUND = DEADLINE + 30    # generous on a busy 2-core machine
ESCAPES = [b"\x1b]0;pwned", b"\x1b[2J\x1b]", b"\xc2\x9b", "\u202e".encode(), "\u200f".encode(), "\u2066".encode(), b"\x00end"]
OUTSIDE = [Path("/tmp/studyterm-hostile-escape.json"), Path("/tmp/studyterm-hostile-absolute.json")]


@pytest.fixture(scope="module")
def canned(server_bin, tmp_path_factory) -> dict:
    """Valid answers captured from the real study server: the registration info, credentials, the study."""
    base = tmp_path_factory.mktemp("real")
    study = base / "study"
    shutil.copytree(REPO / "Resources/demo-study", study)
    db = ["--database", str(base / "server.sqlite")]
    tokens = run_staff(server_bin, "tokens", "--count", "2", *db).stdout.split()
    server = ServerProcess.start(server_bin, ["--study", str(study), *db])
    try:
        header = {"StudyTerm-Registration-Token": tokens[0]}
        registration = server.request("GET", "/registration", headers=header).json()
        consent = registration["consent"]
        reply = server.request("POST", "/registration", {"consent": {"version": consent["version"], "textSHA256": consent["textShownSHA256"]},
                                                          "device": "station"}, header)
        credentials = reply.json()
        import base64
        auth = "Basic " + base64.b64encode(f"{credentials['participantId']}:{credentials['apiKey']}".encode()).decode()
        study_doc = server.request("GET", "/study", headers={"Authorization": auth}).json()
    finally:
        server.stop()
    return {"registration": registration, "credentials": credentials, "study": study_doc, "token": tokens[1]}


@pytest.fixture(scope="module")
def hostile(canned):
    server = HostileServer("good", canned).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def template(hostile, canned, studyterm_bin, tmp_path_factory) -> Path:
    """A data folder that joined the (well-behaved) hostile server through the real app."""
    data = tmp_path_factory.mktemp("template") / "data"
    hostile.mode = "good"
    t = Term([str(studyterm_bin), "--data-dir", str(data)])
    try:
        join_by_url(t, hostile.url, canned["token"])
        t.send("C-c")
        assert t.wait_exit(10) == 0
    finally:
        t.close()
    return data


def copy_of(template: Path, tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(template, data)
    return data


def files_outside(tmp_path: Path, data: Path) -> list[Path]:
    """Files under tmp_path but outside the data folder, and the paths the server aimed at."""
    strays = [p for p in tmp_path.rglob("*") if p.is_file() and data not in p.parents]
    return strays + [p for p in OUTSIDE if p.exists()]


def wait_words(t: Term, words: str, timeout: float) -> None:
    """Waits until `words` show on the screen, however the lines wrap them."""
    t.wait_until(lambda _t: words in " ".join(t.text().split()), timeout=timeout)


def assert_clean(output: bytes) -> None:
    for needle in ESCAPES:
        assert needle not in output, (needle, output[-2000:])


@pytest.mark.parametrize("mode", HOSTILE)
def test_sync_against_a_hostile_server_neither_crashes_nor_hangs_nor_leaks(mode, hostile, template, canned, studyterm_bin, tmp_path):
    data = copy_of(template, tmp_path)
    seed_outbox(data, canned["credentials"]["participantId"], real_result(studyterm_bin), 3)
    hostile.mode = mode
    started = time.monotonic()
    done = subprocess.run([str(studyterm_bin), "sync", "--data-dir", str(data)], capture_output=True, timeout=BOUND + 60)
    elapsed = time.monotonic() - started
    hostile.mode = "good"
    assert done.returncode in (0, 20, 21), (mode, done.returncode, done.stderr[-2000:])
    assert elapsed < BOUND, (mode, elapsed)
    assert_clean(done.stdout + done.stderr)
    assert files_outside(tmp_path, data) == []
    if mode in ("redirect", "busy", "huge-body", "trickle-chunked", "trickle-length", "invalid-json"):
        assert done.returncode == 20, (mode, done.stdout)      # waits for the server; never parked
    if mode.startswith("index-") or mode == "injection":
        assert done.returncode == 21, (mode, done.stdout)      # refused and parked, no crash
    if mode == "busy":
        assert b"2 seconds" in done.stdout, done.stdout
    if mode == "conflict":                                     # parked with the server's reason, shown
        assert done.returncode == 21 and b"different content" in done.stdout, done.stdout
    if mode == "impossible-date":
        [(created,)] = rows(data, "SELECT createdAt FROM notification WHERE body LIKE '%year 99999%'")
        assert created.startswith("20"), created              # the time it arrived, not the year 99999


@pytest.mark.parametrize("mode", HOSTILE)
def test_the_journey_against_a_hostile_server_stays_up_and_clean(mode, hostile, template, canned, studyterm_bin, tmp_path):
    data = copy_of(template, tmp_path)
    seed_outbox(data, canned["credentials"]["participantId"], real_result(studyterm_bin), 3)   # sent at once at start
    hostile.mode = mode
    t = Term([str(studyterm_bin), "--data-dir", str(data)])
    try:
        t.wait_for("Your tasks", timeout=20)        # the stored study opens at once; sending and checks run behind
        time.sleep(3)
        assert t.proc.poll() is None, t.text()
        assert "sql" not in t.text().lower()
        t.send("C-c")
        assert t.wait_exit(10) == 0               # quitting never waits on the server
        assert_clean(t.raw_bytes)
    finally:
        t.close()
        hostile.mode = "good"
    assert files_outside(tmp_path, data) == []


@pytest.mark.parametrize("mode", ["trickle-chunked", "trickle-length"])
def test_a_trickling_server_never_keeps_sign_up_looking_up_the_study(mode, hostile, canned, studyterm_bin, tmp_path):
    hostile.mode = mode
    t = Term([str(studyterm_bin), "--data-dir", str(tmp_path / "data")])
    try:
        started = time.monotonic()
        ask_to_join(t, hostile.url, canned["token"])
        wait_words(t, f"within {DEADLINE} seconds", BOUND)
        assert time.monotonic() - started < BOUND
        t.send("C-c")
        assert t.wait_exit(10) == 0
    finally:
        t.close()
        hostile.mode = "good"


def test_a_registration_whose_study_download_hangs_finishes_at_the_next_start(hostile, canned, studyterm_bin, tmp_path):
    data = tmp_path / "data"
    hostile.mode = "trickle-study"
    t = Term([str(studyterm_bin), "--data-dir", str(data)])
    try:
        ask_to_join(t, hostile.url, canned["token"])
        t.wait_for("[ I agree ]", timeout=20)
        t.send("Space", "Tab", "Space", "Tab", "Enter")
        wait_words(t, "Fetching your study's tasks", 15)     # the consent screen never waits on the download
        assert rows(data, "SELECT participantID FROM enrollment") != []
        t.send("C-c")                              # quit while the study trickles in
        assert t.wait_exit(10) == 0
    finally:
        t.close()
    hostile.mode = "good"
    t = Term([str(studyterm_bin), "--data-dir", str(data)])
    try:
        t.wait_for("Your tasks", timeout=20)       # no token asked: the study is fetched again
        t.wait_for("Daily check-in", timeout=BOUND)
        assert "Welcome to StudyTerm" not in t.text()
        t.send("C-c")
        assert t.wait_exit(10) == 0
    finally:
        t.close()


def test_a_study_that_cannot_be_fetched_says_why_and_arrives_by_itself(hostile, canned, studyterm_bin, tmp_path):
    data = tmp_path / "data"
    hostile.mode = "study-500"
    t = Term([str(studyterm_bin), "--data-dir", str(data)])
    try:
        ask_to_join(t, hostile.url, canned["token"])
        t.wait_for("[ I agree ]", timeout=20)
        t.send("Space", "Tab", "Space", "Tab", "Enter")
        wait_words(t, "could not be fetched yet", BOUND)
        assert "tries again" in " ".join(t.text().split()) and "No tasks to show." not in t.text()
        hostile.mode = "good"
        wait_words(t, "tasks have arrived", 2 * BOUND + 30)   # the next sending round asks again
        t.send("C-c")
        assert t.wait_exit(10) == 0
    finally:
        t.close()
        hostile.mode = "good"


def test_a_new_version_reaches_a_participant_who_never_opens_settings(hostile, template, canned, studyterm_bin, tmp_path):
    data = copy_of(template, tmp_path)
    original = hostile.canned["study"]
    newer = json.loads(json.dumps(original))
    newer["definition"]["version"] = newer["version"] = "2"
    hostile.canned["study"] = newer
    t = Term([str(studyterm_bin), "--data-dir", str(data)])
    try:
        wait_words(t, "updated to version 2", BOUND)      # at start, with no key pressed
        t.send("C-c")
        assert t.wait_exit(10) == 0
    finally:
        t.close()
        hostile.canned["study"] = original
    [(version,)] = rows(data, "SELECT studyVersion FROM enrollment")
    assert version == "2"
