"""The demo study's "Reaction and memory" task run whole on a pty with its practice rounds:
reaction time, spatial span and Stroop each store their measurement (issue 25)."""
from __future__ import annotations

import json
import time
from pathlib import Path

from active_tasks import measurement, summary
from test_active_span import watch_sequence
from test_active_stroop import INK_KEYS, word_on_screen

TASK = Path(__file__).resolve().parents[2] / "Resources" / "demo-study" / "tasks" / "reaction-and-memory.json"
GRID = "abcdefghijklmnop"


def react_until(t, end: str) -> None:
    """Presses Space 150 ms after each dot, until `end` shows."""
    while True:
        t.wait_until(lambda term: term.find("●") is not None or term.find(end) is not None, timeout=15, what="a dot or the end")
        if t.find(end) is not None:
            return
        time.sleep(0.15)
        t.type(" ")
        t.wait_gone("●", timeout=5)


def repeat_sequences(t, first_span: int, games: int) -> None:
    for span in range(first_span, first_span + games):
        t.type("".join(watch_sequence(t, span, GRID)))
        t.wait_for("Right.", timeout=5)


def name_inks(t, words: int) -> None:
    for _ in range(words):
        t.wait_until(lambda term: word_on_screen(term) is not None, timeout=10, what="a word")
        row, col, word = word_on_screen(t)
        t.type(INK_KEYS[t.attrs_at(row, col).fg])
        t.wait_until(lambda term: word_on_screen(term) is None, timeout=5, what="the word to go")


def test_the_demo_task_runs_its_three_kinds_with_practice(term, studyterm_bin, tmp_path) -> None:
    out = tmp_path / "result.json"
    t = term([studyterm_bin, "run", TASK, "--out", out], cols=80, rows=24, cwd=str(tmp_path))
    t.wait_for("Get started"); t.send("Enter")
    t.wait_for("Enter start practice"); t.send("Enter")
    react_until(t, "Practice is over"); t.send("Enter")
    react_until(t, "Remember the places")
    t.wait_for("Enter start practice"); t.send("Enter")
    repeat_sequences(t, 3, 1)
    t.wait_for("Practice is over"); t.send("Enter")
    repeat_sequences(t, 3, 4)
    t.wait_for("Name the ink", timeout=10)
    t.wait_for("Enter start practice"); t.send("Enter")
    name_inks(t, 3)
    t.wait_for("Practice is over"); t.send("Enter")
    name_inks(t, 10)
    t.wait_for("Thank you", timeout=10); t.send("Enter")
    assert t.wait_exit() == 0
    result = json.loads(out.read_text())
    reaction, span, stroop = (measurement(result, s) for s in ("reaction", "span", "stroop"))
    assert (reaction["measurementType"], span["measurementType"], stroop["measurementType"]) == ("reactionTime", "spatialSpan", "stroop")
    assert summary(span)["span"] == 6 and summary(span)["games"] == 4
    assert summary(stroop)["correct"] == 10 and len(stroop["trials"]) == 10, "the practice words are not kept"
    assert summary(reaction)["responses"] >= 5
    for step in ("reaction", "span", "stroop"):
        assert (tmp_path / f"result.{step}.trials.ndjson").exists()
