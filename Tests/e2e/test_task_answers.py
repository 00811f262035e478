"""What `studyterm run` records is what the participant chose and what the screen showed: no
default answers, every part of an entry reachable, calculated values shown as stored."""
from __future__ import annotations

import json
from pathlib import Path

from harness import run_piped

REPO = Path(__file__).resolve().parents[2]
TASKS = REPO / "Resources" / "demo-study" / "tasks"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def start(term, studyterm_bin, task, tmp_path, *extra, cols=80, rows=24, env=None):
    out = tmp_path / "result.json"
    t = term([studyterm_bin, "run", task, "--out", out, *extra], cols=cols, rows=rows, env=env, cwd=str(tmp_path))
    return t, out


def answers(result: dict) -> dict:
    """Every answer of a task result by step path (sections joined with /)."""
    out: dict = {}

    def walk(node: dict, prefix: str) -> None:
        for r in node.get("stepHistory", []):
            if r["type"] == "section":
                walk(r, prefix + r["identifier"] + "/")
            elif r["type"] in ("answer", "collection"):
                out[prefix + r["identifier"]] = r.get("value", r.get("children"))

    walk(result, "")
    return out


def save_and_read_snapshot(t, tmp_path) -> dict:
    t.send("C-c"); t.wait_for("Leave this task?"); t.send("Down", "Enter")
    assert t.wait_exit() == 10
    return json.loads((tmp_path / "result.snapshot.json").read_text())


def test_enter_on_an_untouched_required_question_records_nothing_and_says_how_to_choose(term, studyterm_bin, tmp_path) -> None:
    t, _ = start(term, studyterm_bin, TASKS / "branching-survey.json", tmp_path)
    t.wait_for("Daily check-in"); t.send("Enter")
    t.wait_for("Did you smoke today?")
    t.send("Enter")
    t.wait_for("An answer is required.")
    t.wait_for("Choose with an option's number")
    assert "( ) Yes" in t.text() and "( ) No" in t.text()
    assert t.find("How many cigarettes?") is None
    t.send("Down", "Enter")                      # Enter on the option moved to takes it
    t.wait_for("How many hours did you sleep?")  # No skips the cigarettes question
    snapshot = save_and_read_snapshot(t, tmp_path)
    root = snapshot["levels"][0]["result"]["stepHistory"]
    assert [r.get("value") for r in root if r["identifier"] == "smoke"] == [False]


def test_an_optional_list_left_untouched_records_a_skip_and_a_drop_down_takes_nothing_on_enter(term, studyterm_bin, tmp_path) -> None:
    task = tmp_path / "optional.json"
    task.write_text(json.dumps({
        "identifier": "optional", "type": "assessment", "title": "Optional lists", "steps": [
            {"identifier": "mood", "type": "choiceQuestion", "title": "How do you feel?", "baseType": "integer",
             "singleChoice": True, "optional": True, "choices": [{"text": "Well", "value": 1}, {"text": "Unwell", "value": 2}]},
            {"identifier": "country", "type": "simpleQuestion", "title": "Which country?", "optional": True,
             "inputItem": {"type": "stringChoicePicker", "choices": ["Chile", "Spain", "Sweden"]}},
            {"identifier": "done", "type": "completion", "title": "Thank you"}]}))
    t, out = start(term, studyterm_bin, task, tmp_path)
    t.wait_for("How do you feel?"); t.send("Enter")
    t.wait_for("Which country?")
    t.send("Enter"); t.wait_for("Chile")          # Enter opens the drop-down
    t.send("Enter"); t.wait_for("find an option, then Enter")  # a second Enter takes nothing
    assert t.find("Which country?") is not None and t.find("[ Chile") is None
    t.send("Down", "Enter"); t.wait_for("[ Spain")
    t.send("Enter"); t.wait_for("Thank you"); t.send("Enter")
    assert t.wait_exit() == 0
    values = answers(json.loads(out.read_text()))
    assert values["mood"] is None and values["country"] == "Spain"


def test_line_mode_never_records_an_option_for_an_empty_line(studyterm_bin, tmp_path) -> None:
    lines = ["", "", "2", "", "", ""]   # intro, smoke: empty (required) then 2 = No, then save by end of input
    done = run_piped([studyterm_bin, "run", TASKS / "branching-survey.json", "--out", tmp_path / "r.json"],
                     "\n".join(lines[:3]) + "\n", cwd=str(tmp_path))
    assert "! An answer is required." in done.stdout, done.stdout
    snapshot = json.loads((tmp_path / "r.snapshot.json").read_text())
    root = snapshot["levels"][0]["result"]["stepHistory"]
    assert [r.get("value") for r in root if r["identifier"] == "smoke"] == [False]


def test_tab_reaches_every_part_of_an_entry_and_the_stored_value_is_the_one_shown(term, studyterm_bin, tmp_path) -> None:
    task = tmp_path / "parts.json"
    task.write_text(json.dumps({
        "identifier": "parts", "type": "assessment", "title": "Entries in parts", "steps": [
            {"identifier": "exercise", "type": "simpleQuestion", "title": "How long did you exercise?", "optional": False,
             "inputItem": {"type": "duration"}},
            {"identifier": "when", "type": "multipleInputQuestion", "title": "When?", "inputItems": [
                {"identifier": "time", "type": "time", "fieldLabel": "Time", "formatOptions": {"codingFormat": "HH:mm:ss"}},
                {"identifier": "at", "type": "date-time", "fieldLabel": "Moment",
                 "formatOptions": {"codingFormat": "yyyy-MM-dd'T'HH:mm:ss"}}]},
            {"identifier": "done", "type": "completion", "title": "Thank you"}]}))
    t, out = start(term, studyterm_bin, task, tmp_path)
    t.wait_for("How long did you exercise?")
    t.type("0"); t.send("Tab"); t.type("45")
    t.wait_for("[45")                                  # the minutes took the digits
    t.send("Enter")
    t.wait_for("When?")
    t.type("08:15"); t.send("Tab"); t.wait_for("[08:15:00")
    t.type("2024-01-05T08:15"); t.send("Tab"); t.wait_for("[2024-01-05T08:15:00")
    t.send("Enter"); t.wait_for("Thank you"); t.send("Enter")
    assert t.wait_exit() == 0
    values = answers(json.loads(out.read_text()))
    assert values["exercise"] == 2700
    assert values["when"] == {"time": "08:15:00", "at": "2024-01-05T08:15:00"}


SCORE = FIXTURES / "slashed-score-questionnaire.json"


def test_a_calculated_score_shows_what_every_export_stores_and_offers_no_skip(term, studyterm_bin, tmp_path) -> None:
    t, out = start(term, studyterm_bin, SCORE, tmp_path)
    t.wait_for("Over the last two weeks"); t.send("Enter")
    t.wait_for("Little interest?"); t.send("2", "Enter")          # Several days: 1
    t.wait_for("Feeling down?"); t.send("3", "Enter")             # More than half the days: 2
    t.wait_for("Total score")
    t.wait_for("3  (filled in for you)")
    assert t.find("Prefer not to answer") is None and t.find("Skip") is None
    t.send("Enter")
    t.wait_for("Days you felt well")                              # its expression is not supported:
    assert t.find("(filled in for you)") is None                  # asked as a normal question
    t.type("5"); t.send("Enter")
    assert t.wait_exit() == 0
    response = json.loads(out.read_text())
    items = {i["linkId"]: i for i in response["item"]}
    assert items["H1/TS"]["answer"] == [{"valueQuantity": {"value": 3}}]
    assert items["H1/UNSUPPORTED"]["answer"] == [{"valueInteger": 5}]
    task_result = answers(json.loads((tmp_path / "result.task-result.json").read_text()))
    assert task_result["H1/TS"] == 3 and task_result["H1/UNSUPPORTED"] == 5


def test_check_says_why_an_expression_is_not_evaluated_and_prints_each_step_path_once(studyterm_bin, tmp_path) -> None:
    done = run_piped([studyterm_bin, "check", SCORE])
    assert done.code == 0, done.stdout + done.stderr
    assert "calculatedExpression is outside the supported FHIRPath subset" in done.stdout + done.stderr
    assert "H1/UNSUPPORTED]: warning: the item is asked as a normal question" in done.stdout + done.stderr
    script = tmp_path / "answers.json"
    script.write_text(json.dumps([
        {"action": "next"},
        {"step": "H1/T1/Q1", "answer": {"code": "1", "display": "Several days"}},
        {"step": "H1/T1/Q2", "answer": {"code": "2", "display": "More than half the days"}},
        {"step": "H1/TS", "action": "next"},
        {"step": "H1/UNSUPPORTED", "answer": 5}]))
    done = run_piped([studyterm_bin, "check", SCORE, "--answers", script])
    assert done.code == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[:5] == ["H1/T1#intro", "H1/T1/Q1", "H1/T1/Q2", "H1/TS", "H1/UNSUPPORTED"]
    done = run_piped([studyterm_bin, "check", SCORE, "--answers", script, "--format", "json", "--out", tmp_path / "qr.json"])
    assert answers(json.loads(done.stdout)["result"])["H1/TS"] == 3   # the headless run keeps the score too
    items = {i["linkId"]: i for i in json.loads((tmp_path / "qr.json").read_text())["item"]}
    assert items["H1/TS"]["answer"] == [{"valueQuantity": {"value": 3}}]


def test_all_of_the_above_ticks_and_stores_every_option_and_none_clears_them(term, studyterm_bin, tmp_path) -> None:
    task = tmp_path / "all.json"
    task.write_text(json.dumps({
        "identifier": "all", "type": "assessment", "title": "All or none", "steps": [
            {"identifier": "symptoms", "type": "choiceQuestion", "title": "Which symptoms?", "singleChoice": False,
             "baseType": "integer", "optional": False, "choices": [
                 {"text": "Cough", "value": 1}, {"text": "Fever", "value": 2}, {"text": "Rash", "value": 3},
                 {"text": "All of the above", "selectorType": "all"}, {"text": "None of the above", "selectorType": "none"}]},
            {"identifier": "again", "type": "choiceQuestion", "title": "And today?", "singleChoice": False,
             "baseType": "integer", "optional": False, "choices": [
                 {"text": "Cough", "value": 1}, {"text": "Fever", "value": 2},
                 {"text": "All of the above", "selectorType": "all"}, {"text": "None of the above", "selectorType": "none"}]},
            {"identifier": "done", "type": "completion", "title": "Thank you"}]}))
    t, out = start(term, studyterm_bin, task, tmp_path)
    t.wait_for("Which symptoms?")
    t.send("4")
    for label in ("Cough", "Fever", "Rash", "All of the above"):
        t.wait_for(f"[x] {label}")
    t.send("Enter")
    t.wait_for("And today?")
    t.send("3"); t.wait_for("[x] All of the above")
    t.send("4"); t.wait_for("[x] None of the above")
    assert t.find("[x] Cough") is None and t.find("[x] All of the above") is None
    t.send("Enter"); t.wait_for("Thank you"); t.send("Enter")
    assert t.wait_exit() == 0
    values = answers(json.loads(out.read_text()))
    assert values["symptoms"] == [1, 2, 3] and values["again"] == []


def test_a_step_level_likert_hint_is_a_list_and_a_slider_hint_a_slider(term, studyterm_bin, tmp_path) -> None:
    task = tmp_path / "hints.json"
    task.write_text(json.dumps({"identifier": "hints", "type": "assessment", "title": "Hints", "steps": [
        {"type": "simpleQuestion", "identifier": "apples", "title": "How much do you like apples?", "uiHint": "likert",
         "inputItem": {"type": "integer", "formatOptions": {"minimumValue": 1, "maximumValue": 7,
                                                             "minimumLabel": "Not at all", "maximumLabel": "Very much"}}},
        {"type": "simpleQuestion", "identifier": "pears", "title": "And pears, from 0 to 10?", "uiHint": "slider",
         "inputItem": {"type": "integer", "formatOptions": {"minimumValue": 0, "maximumValue": 10,
                                                             "minimumLabel": "Not at all", "maximumLabel": "Very much"}}},
        {"identifier": "done", "type": "completion", "title": "Thank you"}]}))
    t, out = start(term, studyterm_bin, task, tmp_path)
    t.wait_for("1 – Not at all")
    t.wait_for("7 – Very much")
    t.send("5"); t.wait_for("(•) 5"); t.send("Enter")
    t.wait_for("And pears"); t.wait_for("Not at all")
    t.send("Right", "Right"); t.wait_for("Value: 1"); t.send("Enter")
    t.wait_for("Thank you"); t.send("Enter")
    assert t.wait_exit() == 0
    values = answers(json.loads(out.read_text()))
    assert values["apples"] == 5 and values["pears"] == 1


def test_a_lone_radio_option_stays_chosen_when_pressed_again(term, studyterm_bin, tmp_path) -> None:
    task = tmp_path / "lone.json"
    task.write_text(json.dumps({"identifier": "lone", "type": "assessment", "steps": [
        {"identifier": "agree", "type": "choiceQuestion", "title": "Do you agree?", "optional": False,
         "baseType": "string", "singleChoice": True, "choices": [{"text": "Yes, I agree", "value": "yes"}]},
        {"identifier": "done", "type": "completion", "title": "Thanks"}]}))
    out = tmp_path / "r.json"
    t = term([studyterm_bin, "run", task, "--out", out], cwd=str(tmp_path))
    t.wait_for("Do you agree?")
    t.send("Space"); t.wait_quiet()
    t.send("Space"); t.wait_quiet()       # pressed again: still chosen
    t.send("1"); t.wait_quiet()           # its number again: still chosen
    t.send("Enter")
    t.wait_for("Thanks")
    t.send("Enter")
    assert t.wait_exit() == 0
    result = json.loads(out.read_text())
    assert [r["value"] for r in result["stepHistory"] if r.get("identifier") == "agree"] == ["yes"]
