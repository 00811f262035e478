"""Keys on the task screen of `studyterm run`: escape sequences decode as one key, and no key
takes the focus out of a field where what is typed next would be lost."""
from __future__ import annotations

import json
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
EVERY = REPO / "Resources" / "demo-study" / "tasks" / "every-input.json"


def start(term, studyterm_bin, task, tmp_path, cols=80, rows=24):
    out = tmp_path / "result.json"
    t = term([studyterm_bin, "run", task, "--out", out], cols=cols, rows=rows, cwd=str(tmp_path))
    return t, out


def test_alt_keys_and_unknown_sequences_never_act_as_esc_then_a_key(term, studyterm_bin, tmp_path) -> None:
    t, _ = start(term, studyterm_bin, EVERY, tmp_path)
    t.wait_for("Every kind of answer"); t.send("Enter")
    t.wait_for("Nickname"); t.type("Ada"); t.wait_for("[Ada")
    t.type("\x1bb")          # Alt-b
    t.type("\x1b\x7f")       # Alt-Backspace
    t.type("\x1b[200~")      # a control sequence nothing uses
    t.type("\x1bOz")         # an SS3 sequence nothing uses
    t.type("\x1b[1;5D")      # Ctrl-Left
    t.type("x")
    t.wait_for("[Adax")
    assert t.find("Nickname") is not None, "still on the same step"
    assert t.find("This practice form") is None, "not sent back to the first step"
    t.send("Esc")            # a lone Esc still goes back
    t.wait_for("This practice form")


def test_up_and_down_in_a_one_line_field_keep_the_focus_and_what_is_typed(term, studyterm_bin, tmp_path) -> None:
    t, out = start(term, studyterm_bin, EVERY, tmp_path)
    t.wait_for("Every kind of answer"); t.send("Enter")
    t.wait_for("Nickname"); t.type("Ada"); t.send("Up"); t.type("l"); t.send("Down"); t.type("a")
    t.wait_for("[Adala")
    t.send("Tab"); t.type("1984"); t.send("Down"); t.send("Up"); t.send("Enter", "Enter")  # to the postal code, then on
    t.wait_for("on your mind")
    t.send("C-c"); t.wait_for("Leave this task?"); t.send("Down", "Enter")
    assert t.wait_exit() == 10
    snapshot = json.loads((tmp_path / "result.snapshot.json").read_text())
    about = [r for r in snapshot["levels"][0]["result"]["stepHistory"] if r["identifier"] == "about"]
    assert about[-1]["value"] == {"nickname": "Adala", "birthYear": 1984}


def test_nested_repeating_groups_have_one_focus_and_tab_reaches_the_inner_fields(term, studyterm_bin, tmp_path) -> None:
    q = tmp_path / "nested.json"
    q.write_text(json.dumps({"resourceType": "Questionnaire", "status": "active", "url": "http://example.org/nested", "item": [
        {"linkId": "meds", "type": "group", "text": "Medication", "repeats": True, "item": [
            {"linkId": "name", "type": "string", "text": "Name"},
            {"linkId": "doses", "type": "group", "text": "Dose", "repeats": True, "item": [
                {"linkId": "amount", "type": "integer", "text": "Amount"}]}]}]}))
    t, out = start(term, studyterm_bin, q, tmp_path)
    t.wait_for("Medication 1 of 1")
    t.type("Asp"); t.wait_for("[Asp")
    row, _col, _visible = t.cursor()
    assert "[Asp" in t.screen()[row], "the cursor is in the field that takes the typing"
    t.send("Tab"); t.type("2"); t.wait_for(re.compile(r"\[2 +\]"))
    row, _col, _visible = t.cursor()
    assert "[2" in t.screen()[row]
    t.send("Enter")
    assert t.wait_exit() == 0
    response = json.loads(out.read_text())
    meds = response["item"][0]
    assert meds["item"][0]["answer"] == [{"valueString": "Asp"}]
    assert meds["item"][1]["item"][0]["answer"] == [{"valueInteger": 2}]


def country_task(path) -> None:
    """An introduction, then a drop-down of 13 countries (it filters as you type)."""
    countries = ["Argentina", "Australia", "Austria", "Belgium", "Brazil", "Canada", "Chile", "China", "Denmark",
                 "Spain", "Sweden", "Switzerland", "Turkey"]
    path.write_text(json.dumps({"identifier": "countries", "type": "assessment", "title": "Countries", "steps": [
        {"identifier": "intro", "type": "instruction", "title": "Hello there"},
        {"identifier": "country", "type": "simpleQuestion", "title": "Which country do you live in?",
         "inputItem": {"type": "stringChoicePicker", "choices": countries}},
        {"identifier": "done", "type": "completion", "title": "Thank you"}]}))


def test_esc_in_a_drop_down_closes_the_innermost_thing_first_at_40x12(term, studyterm_bin, tmp_path) -> None:
    # Issue 26, points 1 and 6: the filter, then the list, then the step; the title stays in view.
    task = tmp_path / "countries.json"
    country_task(task)
    t, _ = start(term, studyterm_bin, task, tmp_path, cols=40, rows=12)
    t.wait_for("Hello there"); t.send("Enter")
    t.wait_for("Which country"); t.send("Enter"); t.type("sw")
    t.wait_for("Filter: sw"); t.wait_for("Esc clear")
    assert t.find("Which country") is not None, "the step's title stays in view"
    t.send("Esc"); t.wait_gone("Filter: sw"); t.wait_for("Esc close")
    assert t.find("Which country") is not None, "still on the step, the list open"
    t.send("Esc"); t.wait_for("[ choose… ▾ ]")
    assert t.find("Which country") is not None, "still on the step, the list closed"
    t.send("Esc"); t.wait_for("Hello there")


def test_an_option_chosen_with_right_in_an_open_drop_down_is_taken_by_enter(term, studyterm_bin, tmp_path) -> None:
    # Issue 26, point 2: the highlight moves with the choice, so Enter confirms what Right chose.
    task = tmp_path / "countries.json"
    country_task(task)
    t, out = start(term, studyterm_bin, task, tmp_path)
    t.wait_for("Hello there"); t.send("Enter")
    t.wait_for("Which country"); t.send("Enter"); t.wait_for("Argentina")
    t.send("Right", "Right", "Enter"); t.wait_for("Australia")
    t.send("Enter"); t.wait_for("Thank you"); t.send("Enter")
    assert t.wait_exit() == 0
    history = json.loads(out.read_text())["stepHistory"]
    assert [r.get("value") for r in history if r["identifier"] == "country"] == ["Australia"]
