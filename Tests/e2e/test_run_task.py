"""`studyterm run` end to end: the real binary on a real pty, driven by real key sequences."""
from __future__ import annotations

import json
import re
import signal
from pathlib import Path

import pytest

from harness import run_piped

REPO = Path(__file__).resolve().parents[2]
TASKS = REPO / "Resources" / "demo-study" / "tasks"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
EVERY = TASKS / "every-input.json"


def start(term, studyterm_bin, task, tmp_path, *extra, cols=80, rows=24, env=None):
    out = tmp_path / "result.json"
    t = term([studyterm_bin, "run", task, "--out", out, *extra], cols=cols, rows=rows, env=env, cwd=str(tmp_path))
    return t, out


def answer_every_input(t) -> None:
    """Answers every step of every-input.json from the intro to the completion step."""
    t.wait_for("Every kind of answer")
    t.send("Enter")
    t.wait_for("Nickname")
    t.type("Ada"); t.send("Tab"); t.type("1984"); t.send("Tab"); t.type("SW1A 1AA"); t.send("Enter")
    t.wait_for("on your mind")
    t.type("line one"); t.send("Enter"); t.type("line two"); t.send("Tab", "Enter")
    t.wait_for("sleep last night")
    t.type("7.5"); t.send("Enter")
    t.wait_for("flights of stairs")
    t.type("12"); t.send("Enter")
    t.wait_for("How much pain")
    t.send("Right", "Right", "Right", "PgUp"); t.wait_for("Value: 3"); t.send("Enter")
    t.wait_for("When did it start?")
    t.type("2024-01-05"); t.send("Tab"); t.type("08:15"); t.send("Tab", "Right"); t.send("Enter")
    t.wait_for("exercise today")
    t.type("1"); t.send("Right"); t.type("30"); t.send("Enter")
    t.wait_for("height and weight")
    t.type("172"); t.send("Tab"); t.type("68.5"); t.send("Enter")
    t.wait_for("Did you sleep well?")
    t.send("Space"); t.wait_for("[x]"); t.send("Enter")
    t.wait_for("How do you feel today?")
    t.send("2"); t.wait_for("(•) Good"); t.send("Enter")
    t.wait_for("Which symptoms")
    t.send("1", "Down*5", "Space"); t.type("Cough"); t.wait_for("Cough"); t.send("Enter")
    t.wait_for("Which country")
    t.send("Enter"); t.type("swe"); t.wait_for("Sweden"); t.send("Enter"); t.wait_for("[ Sweden"); t.send("Enter")
    t.wait_for("Thank you")


def test_every_input_kind_is_answered_and_written(term, studyterm_bin, tmp_path) -> None:
    t, out = start(term, studyterm_bin, EVERY, tmp_path)
    answer_every_input(t)
    t.send("Enter")
    assert t.wait_exit() == 0
    result = json.loads(out.read_text())
    assert result["finishReason"] == "completed"
    values = {s["identifier"]: s.get("value") for s in result["stepHistory"]}
    assert values["about"] == {"nickname": "Ada", "birthYear": 1984, "postcode": "SW1"}
    assert values["notes"] == "line one\nline two"
    assert values["sleep"] == 7.5 and values["steps"] == 12 and values["pain"] == 3
    assert values["when"]["day"] == "2024-01-05" and values["when"]["time"] == "08:15"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d", values["when"]["lastDose"])
    assert values["exercise"] == 5400
    assert values["measures"] == {"height": 172, "weight": 68.5}
    assert values["slept-well"] is True and values["mood"] == 2
    assert values["symptoms"] == ["headache", "Cough"]
    assert values["country"] == "Sweden"
    assert not list(tmp_path.glob("*.snapshot.json")), "a completed run leaves no snapshot"


def test_back_and_forward_keep_earlier_answers(term, studyterm_bin, tmp_path) -> None:
    t, _ = start(term, studyterm_bin, EVERY, tmp_path)
    t.wait_for("Every kind of answer"); t.send("Enter")
    t.wait_for("Nickname"); t.type("Grace"); t.send("Tab"); t.type("1906"); t.send("Enter", "Enter")  # to the postal code, then on
    t.wait_for("on your mind"); t.send("Esc")
    t.wait_for("[Grace"); t.wait_for("[1906")
    t.send("Enter", "Enter", "Enter"); t.wait_for("on your mind")  # field by field, then on from the last
    t.send("Esc"); t.wait_for("[Grace")


def test_cancel_save_restore_and_finish_with_the_same_run(term, studyterm_bin, tmp_path) -> None:
    t, out = start(term, studyterm_bin, TASKS / "branching-survey.json", tmp_path)
    t.wait_for("Daily check-in"); t.send("Enter")
    t.wait_for("Did you smoke today?"); t.send("2", "Enter")
    t.wait_for("How many hours did you sleep?"); t.type("8")
    t.send("C-c"); t.wait_for("Leave this task?"); t.send("Down", "Enter")
    assert t.wait_exit() == 10
    snapshot = tmp_path / "result.snapshot.json"
    saved = json.loads(snapshot.read_text())
    assert saved["stepPath"] == "sleep/hours"
    t2, _ = start(term, studyterm_bin, TASKS / "branching-survey.json", tmp_path, "--restore", snapshot)
    t2.wait_for("How many hours did you sleep?"); t2.wait_for("[8")
    t2.send("Enter"); t2.wait_for("physically active"); t2.send("Space", "Enter")
    t2.wait_for("study team to know"); t2.send("Tab", "Enter")
    t2.wait_for("Your check-in is complete."); t2.send("Enter")
    assert t2.wait_exit() == 0
    result = json.loads(out.read_text())
    assert result["taskRunUUID"] == saved["taskRunUUID"]
    assert result["finishReason"] == "completed"
    assert not snapshot.exists()


def test_resize_mid_step_keeps_what_was_typed(term, studyterm_bin, tmp_path) -> None:
    t, _ = start(term, studyterm_bin, EVERY, tmp_path)
    t.wait_for("Every kind of answer"); t.send("Enter")
    t.wait_for("Nickname"); t.type("Ada")
    t.wait_for("[Ada")
    t.resize(60, 18)
    t.wait_quiet(200)
    row, _ = t.wait_for("[Ada")
    assert all(len(line) <= 60 for line in t.screen())
    t.resize(100, 30)
    t.wait_for(re.compile(r"Step 2 of about 14 $"))
    t.type("x"); t.wait_for("[Adax")


def test_a_terminal_too_small_asks_to_be_enlarged(term, studyterm_bin, tmp_path) -> None:
    t, _ = start(term, studyterm_bin, EVERY, tmp_path, cols=30, rows=10)
    t.wait_for("Please enlarge the terminal")
    t.resize(80, 24)
    t.wait_for("Every kind of answer")
    t.wait_gone("Please enlarge")


def test_no_color_writes_no_colour_codes(term, studyterm_bin, tmp_path) -> None:
    t, _ = start(term, studyterm_bin, EVERY, tmp_path, env={"NO_COLOR": "1"})
    t.wait_for("Every kind of answer"); t.send("Enter"); t.wait_for("Nickname"); t.wait_quiet(100)
    sgr = re.findall(rb"\x1b\[([0-9;]*)m", t.raw_bytes)
    params = {p for s in sgr for p in s.split(b";") if p}
    assert not {p for p in params if re.fullmatch(rb"3[0-9]|4[0-9]|9[0-7]|10[0-7]", p)}, params
    row, col = t.find("[ Next ]")
    assert not t.attrs_at(row, col).reverse
    t.send("Tab", "Tab", "Tab")
    t.wait_until(lambda term: term.attrs_at(*term.find("[ Next ]")).reverse, what="Next in reverse video")


def test_with_colour_the_header_is_coloured(term, studyterm_bin, tmp_path) -> None:
    t, _ = start(term, studyterm_bin, EVERY, tmp_path)
    t.wait_for("Every kind of answer")
    assert re.search(rb"\x1b\[[0-9;]*3[0-7][;m]", t.raw_bytes)


def test_accessible_mode_with_piped_input(studyterm_bin, tmp_path) -> None:
    lines = ["", "Ada", "1984", "", "", "7.5", "12", "3", "2024-01-05", "08:15", "", "1:30", "172", "68", "yes",
             "2", "1, Cough", "Sweden", ""]
    done = run_piped([studyterm_bin, "run", EVERY, "--out", tmp_path / "r.json"], "\n".join(lines) + "\n", cwd=str(tmp_path))
    assert done.code == 0, done.stdout + done.stderr
    assert "\x1b" not in done.stdout
    assert "  2. Good" in done.stdout and "Selected: Good" in done.stdout
    assert "Selected: Headache, Cough" in done.stdout
    result = json.loads((tmp_path / "r.json").read_text())
    values = {s["identifier"]: s.get("value") for s in result["stepHistory"]}
    assert values["mood"] == 2 and values["exercise"] == 5400 and values["country"] == "Sweden"


def test_accessible_mode_reprompts_and_saves_at_end_of_input(studyterm_bin, tmp_path) -> None:
    done = run_piped([studyterm_bin, "run", EVERY, "--accessible", "--out", tmp_path / "r.json"], "\nAda\n3000\n",
                     env={"TERM": "xterm-256color"}, cwd=str(tmp_path))
    assert done.code == 10, done.stdout + done.stderr
    assert "! Enter this year or an earlier one." in done.stdout
    assert "Saved. Resume with" in done.stdout and "saved" not in done.stderr.lower()   # said once
    snapshot = json.loads((tmp_path / "r.snapshot.json").read_text())
    assert snapshot["stepPath"] == "about"


def test_accessible_env_var_uses_line_mode_on_a_terminal(term, studyterm_bin, tmp_path) -> None:
    t, _ = start(term, studyterm_bin, EVERY, tmp_path, env={"ACCESSIBLE": "1"})
    t.wait_for("Type help at any prompt")
    assert b"\x1b[?1049h" not in t.raw_bytes
    t.type("save\r")
    assert t.wait_exit() == 10


def test_escape_sequences_in_task_text_never_reach_the_terminal(term, studyterm_bin, tmp_path) -> None:
    t, _ = start(term, studyterm_bin, FIXTURES / "escapes-task.json", tmp_path)
    t.wait_for("Clear screen"); t.wait_for("Colours red, a bell  and"); t.send("Enter"); t.wait_for("Your name")
    raw = t.raw_bytes
    for hostile in (b"\x1b]0;", b"pwned", b"\x07", b"\x1b[2Jscreen", b"\x1b[31mred", b"\x1b[5mblink", b"\x1b[1mname", b"\xc2\x9b"):
        assert hostile not in raw, hostile
    assert "Hostile text" in t.text()


def test_sigterm_mid_task_saves_then_restores_the_terminal(term, studyterm_bin, tmp_path) -> None:
    t, _ = start(term, studyterm_bin, EVERY, tmp_path)
    t.wait_for("Every kind of answer"); t.send("Enter")
    t.wait_for("Nickname"); t.type("Ada"); t.wait_for("[Ada")
    mark = t.mark()
    t.kill(signal.SIGTERM)
    assert t.wait_exit() == 143
    tail = t.bytes_since(mark)
    assert b"\x1b[?1049l" in tail, tail  # left the alternate screen
    saved = json.loads((tmp_path / "result.snapshot.json").read_text())
    assert saved["stepPath"] == "about"
    assert saved["levels"][0]["result"]["stepHistory"][-1]["value"] == {"nickname": "Ada"}


def test_a_stop_signal_from_outside_does_not_freeze_the_screen(term, studyterm_bin, tmp_path) -> None:
    """SIGTSTP is ignored while the screen is up: in raw mode Ctrl-Z is a key, and a stop sent
    from outside must not leave a participant before a frozen step."""
    t, _ = start(term, studyterm_bin, EVERY, tmp_path)
    t.wait_for("Every kind of answer"); t.send("Enter")
    t.wait_for("Nickname")
    t.kill(signal.SIGTSTP)
    t.type("Ada"); t.wait_for("[Ada")
    state = Path(f"/proc/{t.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    assert state != "T", "the process was stopped"
    t.kill(signal.SIGTERM)
    assert t.wait_exit() == 143


def test_fhir_questionnaire_with_enable_when_slider_group_and_score(term, studyterm_bin, tmp_path) -> None:
    q = FIXTURES / "habits-questionnaire.json"
    t, out = start(term, studyterm_bin, q, tmp_path)
    t.wait_for("Do you smoke?")
    assert t.find("How many cigarettes") is None
    t.send("1"); t.wait_for("How many cigarettes")
    t.send("Tab"); t.type("5"); t.send("Enter")
    t.wait_for("How much pain"); t.send("End", "Left", "Left"); t.wait_for("Value: 8"); t.send("Enter")
    t.wait_for("How tired"); t.type("3"); t.send("Enter")
    t.wait_for("Medication 1 of 1"); t.type("Aspirin"); t.send("Tab"); t.type("2")
    t.send("C-n"); t.wait_for("Medication 2 of 2"); t.type("Ibuprofen"); t.send("Enter", "Enter")  # to its dose, then on
    t.wait_for("Your burden score"); t.wait_for("11")
    t.send("Enter")
    assert t.wait_exit() == 0
    response = json.loads(out.read_text())
    from fhir.resources.R4B.questionnaireresponse import QuestionnaireResponse
    QuestionnaireResponse.model_validate(response)
    items = {i["linkId"]: i for i in response["item"]}
    smoking = {i["linkId"]: i for i in items["smoking"]["item"]}
    assert smoking["cigs"]["answer"] == [{"valueInteger": 5}]
    assert items["pain"]["answer"] == [{"valueInteger": 8}]
    assert items["score"]["answer"] == [{"valueInteger": 11}]
    meds = [i for i in response["item"] if i["linkId"] == "meds"]
    assert [m["item"][0]["answer"][0]["valueString"] for m in meds] == ["Aspirin", "Ibuprofen"]
    task_result = json.loads((tmp_path / "result.task-result.json").read_text())
    assert task_result["finishReason"] == "completed"
