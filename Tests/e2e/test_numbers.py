"""Numbers at and past Int's edges on the real binary (issue 15, points 1 and 3): an integer
answer past Int64 is an inline message on the screen, in line mode and headless, never a trap;
`check` and `run` agree on a slider the screen cannot show, naming the file and the JSON path."""
from __future__ import annotations

import json
from pathlib import Path

from harness import run_piped

REPO = Path(__file__).resolve().parents[2]
SURVEY = REPO / "Resources" / "demo-study" / "tasks" / "branching-survey.json"
HUGE = ["99999999999999999999", "-99999999999999999999", "9223372036854775808"]


def test_a_huge_count_on_the_screen_is_a_message_and_the_step_stays(term, studyterm_bin, tmp_path) -> None:
    t = term([studyterm_bin, "run", SURVEY, "--out", tmp_path / "r.json"], cwd=str(tmp_path))
    t.wait_for("Daily check-in"); t.send("Enter")
    t.wait_for("Did you smoke today?"); t.send("1", "Enter")
    t.wait_for("How many cigarettes?")
    for typed in HUGE:
        t.type(typed); t.send("Enter")
        t.wait_for("Enter 100 or less." if not typed.startswith("-") else "Enter 1 or more.")
        t.send(*(["Backspace"] * len(typed)))
    t.type("4"); t.send("Enter")
    t.wait_for("How many hours did you sleep?")
    t.send("C-c"); t.wait_for("Leave this task?"); t.send("2")
    assert t.wait_exit() == 10
    saved = json.loads((tmp_path / "r.snapshot.json").read_text())
    assert '"cigarettes"' in json.dumps(saved) and ': 4' in json.dumps(saved)


def test_a_huge_count_in_line_mode_is_asked_again(studyterm_bin, tmp_path) -> None:
    answers = "\n".join(["", "1", *HUGE, "4", "save"]) + "\n"
    result = run_piped([str(studyterm_bin), "run", str(SURVEY), "--out", str(tmp_path / "r.json")], input_text=answers, timeout=30)
    assert result.code == 10, result.stderr
    assert result.stdout.count("Enter 100 or less.") == 2 and "Enter 1 or more." in result.stdout, result.stdout


def test_a_huge_count_headless_is_a_message_not_a_trap(studyterm_bin, tmp_path) -> None:
    for value in [*HUGE, "9223372036854775296", "-1e19", "1e300", '"99999999999999999999"']:
        script = tmp_path / "a.json"
        script.write_text('{"smoke": true, "cigarettes": %s}' % value)
        result = run_piped([str(studyterm_bin), "check", str(SURVEY), "--answers", str(script)])
        assert result.code == 3, (value, result.code, result.stderr)
        assert 'step "cigarettes": Enter' in result.stderr, (value, result.stderr)


def test_check_and_run_refuse_the_same_slider_with_its_path(term, studyterm_bin, tmp_path) -> None:
    task = tmp_path / "slider.json"
    task.write_text(json.dumps({"identifier": "t", "type": "assessment", "steps": [
        {"identifier": "level", "type": "simpleQuestion", "title": "Level", "inputItem": {
            "type": "decimal", "uiHint": "slider", "formatOptions": {"minimumValue": 0, "maximumValue": 1e19, "stepInterval": 1}}}]}))
    checked = run_piped([str(studyterm_bin), "check", str(task)])
    assert checked.code == 1, checked.stderr
    line = next(l for l in checked.stdout.splitlines() + checked.stderr.splitlines() if "positions" in l)
    assert "slider.json" in line and "steps[0].inputItem.uiHint" in line, line
    ran = run_piped([str(studyterm_bin), "run", str(task), "--out", str(tmp_path / "r.json")], input_text="")
    assert ran.code == 1, ran.stderr
    assert line in ran.stderr, (line, ran.stderr)


def test_check_answers_refuses_what_the_screen_refuses_past_ints_range(studyterm_bin, tmp_path) -> None:
    # -2^63 - 1 in a script reads as the number -2^63 and was stored as it: one rule for scripted,
    # typed and restored numbers refuses it, and -2^63 itself is kept exactly.
    task = tmp_path / "count.json"
    task.write_text(json.dumps({"identifier": "count", "type": "assessment", "steps": [
        {"identifier": "n", "type": "simpleQuestion", "title": "How many?", "inputItem": {"type": "integer"}}]}))
    script = tmp_path / "a.json"
    script.write_text('{"n": -9223372036854775809}')
    result = run_piped([str(studyterm_bin), "check", str(task), "--answers", str(script)])
    assert result.code == 3 and 'step "n": That number is too small' in result.stderr, (result.code, result.stderr)
    script.write_text('{"n": -9223372036854775808}')
    result = run_piped([str(studyterm_bin), "check", str(task), "--answers", str(script), "--format", "json"])
    assert result.code == 0, result.stderr
    assert "-9223372036854775808" in result.stdout, result.stdout
