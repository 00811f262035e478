"""`studyterm kiosk --config FILE --accessible`: the station's line face on a pty (issue 27: "line mode
is available on a station, and every timeout follows WCAG timing"). After every way a session ends
the next participant sees welcome, and neither the screen nor the terminal's scrollback (a pyte
screen with history that, like xterm, drops it at ESC[3J) holds the answer typed; the session's end
is stored once with its reason."""
from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pyte
import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests" / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import Term  # noqa: E402
from test_kiosk_station import CANARY, WIPE, make_station, session_ends  # noqa: E402

WELCOME = "Press Enter to begin"
WARNING = "No answer yet: this will end in"


class ScrollbackScreen(pyte.HistoryScreen):
    """A screen whose scrollback, like xterm's, is erased by ESC[3J (E3)."""

    def erase_in_display(self, how=0, *args, **kwargs):
        if how == 3:
            self.history.top.clear()
            self.history.bottom.clear()
        super().erase_in_display(how, *args, **kwargs)


def scrollback_and_screen(raw: bytes) -> str:
    """Everything a person could scroll back to, then the screen, after `raw` was written."""
    screen = ScrollbackScreen(80, 24, history=10000)
    pyte.ByteStream(screen).feed(raw)
    history = ["".join(line[x].data for x in sorted(line)) for line in screen.history.top]
    return "\n".join(history + screen.display)


def start(term, studyterm_bin: Path, config: Path) -> Term:
    t = term([studyterm_bin, "kiosk", "--config", config, "--accessible"])
    t.wait_for(WELCOME, timeout=20)
    return t


def answer_canary(t: Term) -> None:
    t.send("Enter")
    t.wait_for("Write one word", timeout=10)
    t.type(CANARY)
    t.send("Enter")
    t.wait_for("Almost done", timeout=10)


def wait_for_welcome_after_wipe(t: Term, timeout: float) -> None:
    """Waits until welcome was written after the last wipe (earlier welcomes stay in the output)."""
    def welcome_after_wipe(term: Term) -> bool:
        raw = term.raw_bytes
        return WIPE in raw and WELCOME.encode() in raw[raw.rindex(WIPE):]
    t.wait_until(welcome_after_wipe, timeout=timeout)
    t.wait_for(WELCOME)


def expect_gone(t: Term) -> None:
    """The canary was written, then the wipe (ESC[3J) came, and neither the scrollback nor the screen holds it."""
    raw = t.raw_bytes
    assert CANARY.encode() in raw
    assert WIPE in raw, "no ESC[3J (scrollback wipe) in the byte stream"
    assert raw.rindex(WIPE) > raw.rindex(CANARY.encode()), "ESC[3J follows the session's last line"
    assert CANARY not in scrollback_and_screen(raw)
    assert CANARY not in t.text()


def test_the_scrollback_model_keeps_lines_until_e3():
    kept = scrollback_and_screen(b"".join(b"line %d\r\n" % i for i in range(40)))
    assert "line 0" in kept, "lines scrolled off the screen stay in the scrollback"
    assert "line 0" not in scrollback_and_screen(b"".join(b"line %d\r\n" % i for i in range(40)) + b"\x1b[H\x1b[2J\x1b[3J")


def test_a_completed_session_shows_the_code_then_welcome_on_a_wiped_terminal(term, studyterm_bin, tmp_path):
    config = make_station(tmp_path)
    t = start(term, studyterm_bin, config)
    answer_canary(t)
    t.send("Enter")
    t.wait_for("Thank you!", timeout=10)
    assert "Your withdrawal code:" in t.text()
    wait_for_welcome_after_wipe(t, timeout=15)
    expect_gone(t)
    assert session_ends(tmp_path) == ["completed"]
    assert t.proc.poll() is None
    t.send("Enter")
    t.wait_for("Write one word", timeout=10)
    assert CANARY not in scrollback_and_screen(t.raw_bytes)


def test_an_idle_prompt_warns_with_the_seconds_left_then_ends_timed_out(term, studyterm_bin, tmp_path):
    config = make_station(tmp_path, timeouts={"screenSeconds": 30, "warningSeconds": 20, "thankYouSeconds": 2})
    t = start(term, studyterm_bin, config)
    answer_canary(t)
    t.wait_for(WARNING, timeout=25)
    assert "Press Enter to keep going." in t.text()
    wait_for_welcome_after_wipe(t, timeout=40)
    expect_gone(t)
    assert session_ends(tmp_path) == ["timed-out"]
    assert t.proc.poll() is None


def test_enter_during_the_warning_extends_the_prompt(term, studyterm_bin, tmp_path):
    config = make_station(tmp_path, timeouts={"screenSeconds": 30, "warningSeconds": 20, "thankYouSeconds": 2})
    t = start(term, studyterm_bin, config)
    answer_canary(t)
    t.wait_for(WARNING, timeout=25)
    time.sleep(12)
    t.send("Enter")
    time.sleep(14)
    assert session_ends(tmp_path) == [None], "Enter at about 22 s started the prompt's 30 s again"
    wait_for_welcome_after_wipe(t, timeout=40)
    assert session_ends(tmp_path) == ["timed-out"]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_mid_session_stores_it_interrupted_exits_0_and_the_restart_shows_welcome(term, studyterm_bin, tmp_path, sig):
    config = make_station(tmp_path)
    t = start(term, studyterm_bin, config)
    answer_canary(t)
    t.kill(sig)
    assert t.wait_exit(timeout=10) == 0
    expect_gone(t)
    assert session_ends(tmp_path) == ["interrupted"]
    again = start(term, studyterm_bin, config)
    assert CANARY not in again.text()


def test_kill_9_mid_session_then_a_restart_in_line_mode_shows_welcome_and_stores_it_interrupted(term, studyterm_bin, tmp_path):
    config = make_station(tmp_path)
    t = start(term, studyterm_bin, config)
    answer_canary(t)
    t.kill(signal.SIGKILL)
    t.wait_exit(timeout=10)
    assert session_ends(tmp_path) == [None], "the killed session was left open"
    again = start(term, studyterm_bin, config)
    assert CANARY not in again.text()
    assert session_ends(tmp_path) == ["interrupted"]


@pytest.mark.parametrize("key", ["C-c", "C-z", "\x1c", "C-d", "C-s"])
def test_control_keys_at_a_prompt_neither_stop_nor_end_the_station(term, studyterm_bin, tmp_path, key):
    t = start(term, studyterm_bin, make_station(tmp_path))
    t.send("Enter")
    t.wait_for("Write one word", timeout=10)
    t.send(key)
    t.wait_quiet(ms=300)
    assert t.proc.poll() is None
    state = Path(f"/proc/{t.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    assert state != "T", "the station was stopped"
    t.send("Enter")
    t.wait_for("Almost done", timeout=10)
    assert t.proc.poll() is None
    assert session_ends(tmp_path) == [None], "the session goes on"


def test_without_a_terminal_the_line_face_reads_piped_lines_and_writes_no_terminal_codes(studyterm_bin, tmp_path):
    done = subprocess.run([str(studyterm_bin), "kiosk", "--config", str(make_station(tmp_path)), "--accessible"],
                          input=f"\n{CANARY}\n\n", capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "Thank you!" in done.stdout and "Your withdrawal code:" in done.stdout
    assert "\x1b" not in done.stdout
    assert session_ends(tmp_path) == ["completed"]


def line_station(studyterm_bin, config: Path, lines: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([str(studyterm_bin), "kiosk", "--config", str(config), "--accessible"],
                          input="".join(line + "\n" for line in lines), capture_output=True, text=True, timeout=120, check=False)


def test_a_typed_id_and_the_consent_in_line_mode_store_the_id_and_the_consent_with_the_language(studyterm_bin, tmp_path):
    import sqlite3
    from test_kiosk_identify import damm, identified_station, stored_participants
    right = damm("5720318")
    wrong = right[:-1] + str((int(right[-1]) + 1) % 10)
    config = identified_station(tmp_path, {"mode": "typed", "check": "damm"}, consent="each-session", languages=["en", "de"])
    # welcome, Deutsch, a wrong id, the right one, two statements, the agreement, the note, the last step
    done = line_station(studyterm_bin, config, ["", "2", wrong, right, "y", "yes", "y", CANARY, ""])
    assert done.returncode == 0, done.stderr
    assert "Please type your participant ID" in done.stdout
    assert done.stdout.count("That ID's check character is wrong") == 1
    assert "Statement 2 of 2" in done.stdout and "Do you agree to take part in" in done.stdout
    assert "Thank you!" in done.stdout and "Your withdrawal code" not in done.stdout
    with sqlite3.connect(tmp_path / "data" / "studyterm.sqlite") as db:
        consents = list(db.execute("SELECT e.participantID, c.language FROM consent c JOIN enrollment e ON e.id = c.enrollmentID"))
    assert consents == [(right, "de")]
    assert stored_participants(tmp_path) == [(right, "completed")]


def test_a_consent_declined_in_line_mode_ends_the_session_with_nothing_but_its_end_stored(studyterm_bin, tmp_path):
    import sqlite3
    from test_kiosk_identify import identified_station, stored_participants
    config = identified_station(tmp_path, {"mode": "roster", "file": str(tmp_path / "roster.txt")}, consent="each-session")
    (tmp_path / "roster.txt").write_text("P200\n")
    done = line_station(studyterm_bin, config, ["", "P999", "p-200", "n"])
    assert done.returncode == 0, done.stderr
    assert "That ID is not on this study's list. Please ask staff." in done.stdout
    assert "Thank you" not in done.stdout
    with sqlite3.connect(tmp_path / "data" / "studyterm.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM consent").fetchone()[0] == 0
        assert db.execute("SELECT COUNT(*) FROM taskRun").fetchone()[0] == 0
    assert stored_participants(tmp_path) == [("P200", "completed")]
