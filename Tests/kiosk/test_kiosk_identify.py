"""The station's identification modes and its consent, on a pty against the real binary: each mode
takes an identifier (typed with a check character, on a roster, scanned as a burst, entered by
staff), stores it as the session enrollment's participant id, and keeps it out of the audit log,
the status file and stderr; the consent is stored with the chosen language, or declining ends the
session with nothing run."""
from __future__ import annotations

import json
import re
import sqlite3
import time
from pathlib import Path

import pytest

from test_kiosk_station import WELCOME, make_station, start

DAMM = [[0, 3, 1, 7, 5, 9, 8, 6, 4, 2], [7, 0, 9, 2, 1, 5, 4, 8, 6, 3], [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
        [1, 7, 5, 0, 9, 8, 3, 4, 2, 6], [6, 1, 2, 3, 0, 4, 5, 9, 7, 8], [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
        [5, 8, 6, 9, 7, 2, 0, 1, 3, 4], [8, 9, 4, 5, 3, 6, 2, 0, 1, 7], [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
        [2, 5, 8, 1, 4, 3, 6, 7, 9, 0]]


def damm(payload: str) -> str:
    """`payload` with its Damm check digit (an independent implementation of the published table)."""
    interim = 0
    for digit in payload:
        interim = DAMM[interim][int(digit)]
    return payload + str(interim)


def mod97(payload: str) -> str:
    """`payload` (A-Z, 0-9) with its two ISO 7064 MOD 97-10 check digits."""
    number = int("".join(str(int(c, 36)) for c in payload + "00"))
    return payload + f"{98 - number % 97:02d}"


def identified_station(tmp: Path, mode: dict, **extra) -> Path:
    config = make_station(tmp)
    settings = json.loads(config.read_text())
    settings["participantID"] = mode
    settings.update(extra)
    config.write_text(json.dumps(settings))
    return config


def stored_participants(tmp: Path) -> list[tuple[str, str | None]]:
    """(participant id, end reason) of each session, oldest first, read from the station's database."""
    with sqlite3.connect(tmp / "data" / "studyterm.sqlite") as db:
        return list(db.execute("""SELECT e.participantID, k.endReason FROM kioskSession k
                                  JOIN enrollment e ON e.id = k.enrollmentID ORDER BY k.startedAt"""))


def type_slowly(t, text: str) -> None:
    """One key at a time, 150 ms apart: a person, never a scanner's burst."""
    for ch in text:
        t.type(ch)
        time.sleep(0.15)


def finish_note(t) -> None:
    """Answers the note task and waits for the thank-you."""
    t.wait_for("Write one word", timeout=10)
    t.send("Enter")
    t.wait_for("Almost done")
    t.send("Enter")
    t.wait_for("Thank you!", timeout=10)


@pytest.mark.parametrize("scheme,make", [("damm", damm), ("mod97-10", mod97)])
def test_a_typed_id_with_a_wrong_check_character_is_refused_plainly_then_the_right_one_is_stored(term, studyterm_bin, tmp_path, scheme, make):
    right = make("5720318" if scheme == "damm" else "AB4471")
    wrong = right[:-1] + str((int(right[-1]) + 1) % 10)
    t = start(term, studyterm_bin, identified_station(tmp_path, {"mode": "typed", "check": scheme}))
    t.send("Enter")
    t.wait_for("Please type your participant ID", timeout=10)
    type_slowly(t, wrong.lower())
    t.send("Enter")
    t.wait_for("check character is wrong", timeout=10)
    screen = t.text()
    assert right not in screen and wrong not in screen, "the refused entry is cleared and the right one never shown"
    type_slowly(t, right)
    t.send("Enter")
    finish_note(t)
    assert "withdrawal code" not in t.text()
    t.wait_for(WELCOME, timeout=15)
    assert stored_participants(tmp_path) == [(right, "completed")]


def test_a_roster_miss_says_ask_staff_and_a_hit_in_any_case_or_spacing_is_stored_normalized(term, studyterm_bin, tmp_path):
    roster = tmp_path / "roster.txt"
    roster.write_text("# the clinic's list\nAB-12\nCD34\n")
    t = start(term, studyterm_bin, identified_station(tmp_path, {"mode": "roster", "file": str(roster)}))
    t.send("Enter")
    t.wait_for("Please type your participant ID", timeout=10)
    type_slowly(t, "ZZ99")
    t.send("Enter")
    t.wait_for("not on this study's list. Please ask staff", timeout=10)
    type_slowly(t, "ab12")
    t.send("Enter")
    finish_note(t)
    t.wait_for(WELCOME, timeout=15)
    assert stored_participants(tmp_path) == [("AB12", "completed")]


def test_a_scanner_burst_is_one_entry_even_after_keys_typed_by_hand_and_slow_typing_also_works(term, studyterm_bin, tmp_path):
    code = damm("90017")
    t = start(term, studyterm_bin, identified_station(tmp_path, {"mode": "barcode", "check": "damm", "maxGapMilliseconds": 50}))
    t.send("Enter")
    t.wait_for("Please scan your participant card", timeout=10)
    type_slowly(t, "44")                      # a person fiddles with the keyboard first
    t.wait_for("[ 44 ")                       # read by the station, long before the scan
    time.sleep(0.5)
    t.type(code + "\r")                       # then the scanner: one write, far under 50 ms a key
    finish_note(t)
    t.wait_for(WELCOME, timeout=15)
    other = damm("31")
    t.send("Enter")
    t.wait_for("Please scan your participant card", timeout=10)
    type_slowly(t, other)                     # a card that does not scan: typed by hand
    t.send("Enter")
    finish_note(t)
    t.wait_for(WELCOME, timeout=15)
    assert stored_participants(tmp_path) == [(code, "completed"), (other, "completed")]


def test_a_staff_entered_canary_id_is_stored_but_never_in_the_audit_log_status_file_or_stderr(term, studyterm_bin, tmp_path):
    canary = "QZCANARYID7"
    config = identified_station(tmp_path, {"mode": "staff"})
    stderr = tmp_path / "stderr.txt"
    t = term(["sh", "-c", 'exec "$0" "$@" 2>"$STDERR_FILE"', studyterm_bin, "kiosk", "--config", config],
             env={"STDERR_FILE": str(stderr)})
    t.wait_for(WELCOME, timeout=20)
    t.send("Enter")
    t.wait_for("A staff member will enter your ID", timeout=10)
    type_slowly(t, canary.lower())
    t.wait_for(canary)                        # shown as typed: staff check it before Enter
    t.send("Enter")
    finish_note(t)
    t.wait_for(WELCOME, timeout=15)
    assert canary not in t.text()
    assert stored_participants(tmp_path) == [(canary, "completed")]
    t.kill()
    t.wait_exit(timeout=10)
    audit = (tmp_path / "audit.log").read_text()
    ends = [json.loads(line) for line in audit.splitlines() if '"session-ended"' in line]
    assert len(ends) == 1 and re.fullmatch(r"[0-9a-f]{64}", ends[0]["fields"]["participant"]), ends
    for name, text in (("audit.log", audit), ("status.json", (tmp_path / "status.json").read_text()),
                       ("stderr", stderr.read_text())):
        assert canary not in text and canary.lower() not in text, f"the id is in {name}"
    assert (tmp_path / "data" / "participant-salt").stat().st_mode & 0o777 == 0o600


def test_a_session_killed_mid_task_is_audited_at_the_restart_with_the_ids_hash_never_the_id(term, studyterm_bin, tmp_path):
    import signal
    canary = "QZKILLED55"
    config = identified_station(tmp_path, {"mode": "staff"})
    t = start(term, studyterm_bin, config)
    t.send("Enter")
    t.wait_for("A staff member will enter your ID", timeout=10)
    type_slowly(t, canary)
    t.send("Enter")
    t.wait_for("Write one word", timeout=10)
    t.kill(signal.SIGKILL)
    t.wait_exit(timeout=10)
    start(term, studyterm_bin, config)
    assert stored_participants(tmp_path) == [(canary, "interrupted")]
    audit = (tmp_path / "audit.log").read_text()
    ends = [json.loads(line) for line in audit.splitlines() if '"session-ended"' in line]
    assert len(ends) == 1 and ends[0]["fields"]["reason"] == "interrupted"
    assert re.fullmatch(r"[0-9a-f]{64}", ends[0]["fields"]["participant"] or ""), ends
    assert canary not in audit and canary not in (tmp_path / "status.json").read_text()


def test_esc_on_the_id_screen_goes_back_to_welcome_and_stores_no_session(term, studyterm_bin, tmp_path):
    t = start(term, studyterm_bin, identified_station(tmp_path, {"mode": "staff"}))
    t.send("Enter")
    t.wait_for("A staff member will enter your ID", timeout=10)
    type_slowly(t, "QZ77")
    t.send("Esc")
    t.wait_for(WELCOME, timeout=10)
    assert "QZ77" not in t.text()
    assert stored_participants(tmp_path) == []


def consent_station(tmp: Path) -> Path:
    return identified_station(tmp, {"mode": "staff"}, consent="each-session", languages=["en", "de"])


def test_an_agreed_consent_is_stored_with_the_chosen_language_and_so_are_the_responses(term, studyterm_bin, tmp_path):
    t = start(term, studyterm_bin, consent_station(tmp_path))
    t.send("Enter")
    t.wait_for("Deutsch", timeout=10)
    t.type("2")
    t.wait_for("A staff member will enter your ID", timeout=10)
    type_slowly(t, "P100")
    t.send("Enter")
    t.wait_for("I agree", timeout=10)
    for _ in range(12):                       # tick each statement, then agree
        if "Write one word" in t.text():
            break
        t.send("Enter")
        t.wait_quiet(ms=200)
    finish_note(t)
    t.wait_for(WELCOME, timeout=15)
    with sqlite3.connect(tmp_path / "data" / "studyterm.sqlite") as db:
        consents = list(db.execute("""SELECT e.participantID, c.language FROM consent c
                                      JOIN enrollment e ON e.id = c.enrollmentID"""))
        metadata = [json.loads(row[0]) for row in db.execute("SELECT metadata FROM result")]
        language = db.execute("SELECT language FROM kioskSession").fetchone()[0]
    assert consents == [("P100", "de")]
    assert language == "de"
    assert [m.get("language") for m in metadata] == ["de"] and metadata[0]["participantId"] == "P100"
    assert stored_participants(tmp_path) == [("P100", "completed")]


def test_a_declined_consent_ends_the_session_with_no_task_and_no_consent_and_welcome_returns(term, studyterm_bin, tmp_path):
    t = start(term, studyterm_bin, consent_station(tmp_path))
    t.send("Enter")
    t.wait_for("Deutsch", timeout=10)
    t.send("Enter")
    t.wait_for("A staff member will enter your ID", timeout=10)
    type_slowly(t, "P200")
    t.send("Enter")
    t.wait_for("I agree", timeout=10)
    t.send("Esc")
    t.wait_for("Press Esc again to decline", timeout=10)
    t.send("Esc")
    t.wait_for(WELCOME, timeout=15)
    assert "Thank you" not in t.text()
    with sqlite3.connect(tmp_path / "data" / "studyterm.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM consent").fetchone()[0] == 0
        assert db.execute("SELECT COUNT(*) FROM taskRun").fetchone()[0] == 0
    assert stored_participants(tmp_path) == [("P200", "completed")]
