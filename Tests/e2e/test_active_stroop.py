"""Stroop on a pty: the word drawn in its ink, answered by the ink's key at scripted times; a
wrong key and a timeout recorded as such; without colour (NO_COLOR) the position-coded variant,
said so in the result (issue 25)."""
from __future__ import annotations

import json
import re
import time

from active_tasks import finish, measurement, start, summary, write_task

WORD = re.compile(r"\b(RED|GREEN|BLUE|YELLOW)\b")
INK_KEYS = {"red": "r", "green": "g", "blue": "b", "brown": "y", "yellow": "y"}   # pyte calls ANSI yellow brown


def stroop(path):
    return write_task(path, {"identifier": "stroop", "type": "stroop", "title": "Name the ink", "numberOfAttempts": 10,
                             "timeout": 3, "interStimulusInterval": 0.3, "practice": False, "seed": 21})


def word_on_screen(t) -> tuple[int, int, str] | None:
    for row, line in enumerate(t.screen()):
        match = WORD.search(line) if row > 0 else None
        if match:
            return row, match.start(), match.group(1)
    return None


def other_key(key: str) -> str:
    return next(k for k in "rgby" if k != key)


def test_the_ink_key_answers_a_wrong_key_and_a_timeout_are_kept(term, studyterm_bin, tmp_path) -> None:
    t, out = start(term, studyterm_bin, stroop(tmp_path / "s.json"), tmp_path)
    t.wait_for("Enter start")
    t.send("Enter")
    for n in range(1, 11):
        t.wait_for(f"Word {n} of 10", timeout=10)
        t.wait_until(lambda term: word_on_screen(term) is not None, what=f"word {n}")
        row, col, _ = word_on_screen(t)
        key = INK_KEYS[t.attrs_at(row, col).fg]
        if n == 4:
            t.wait_for("Word 5 of 10", timeout=10)              # no key: the 3 s timeout
            continue
        time.sleep(0.2)                                      # a scripted response time
        t.type(other_key(key) if n == 3 else key)
    m = measurement(finish(t, out), "stroop")
    values = summary(m)
    assert values["trials"] == 10 and values["correct"] == 8 and values["timeouts"] == 1
    assert values["positionCoded"] is False
    outcomes = [r["outcome"] for r in m["trials"]]
    assert outcomes[3] == "timeout" and outcomes.count("response") == 9
    assert m["trials"][2]["correct"] is False
    for r in m["trials"]:
        if r["outcome"] == "response":
            assert r["responseTimeMs"] >= 200, "the key was sent 200 ms after the word was seen"
            assert r["responseTimeMs"] < 3000
            assert r["onsetMs"] < r["keyMs"]
    assert {"word", "ink", "congruent", "colourSelected"} <= set(m["trials"][0])
    log = (tmp_path / "result.stroop.trials.ndjson").read_text().splitlines()
    assert [json.loads(line) for line in log] == m["trials"], "the NDJSON trial log holds the same trials"


def test_without_colour_the_word_stands_under_its_ink_and_the_result_says_so(term, studyterm_bin, tmp_path) -> None:
    t, out = start(term, studyterm_bin, stroop(tmp_path / "s.json"), tmp_path, cols=40, rows=12, env={"NO_COLOR": "1"})
    t.wait_for("Enter start")
    t.send("Enter")
    for n in range(1, 11):
        t.wait_for(f"Word {n} of 10", timeout=10)
        t.wait_until(lambda term: word_on_screen(term) is not None, what=f"word {n}")
        row, col, word = word_on_screen(t)
        header = t.screen()[row - 1]
        centre = col + len(word) / 2
        names = [(m.start() + len(m.group(0)) / 2, m.group(0)) for m in re.finditer(r"red|green|blue|yellow", header)]
        ink = min(names, key=lambda c: abs(c[0] - centre))[1]
        t.type(ink[0])
    m = measurement(finish(t, out), "stroop")
    values = summary(m)
    assert values["positionCoded"] is True and values["correct"] == 10
    assert "Position-coded" in m["note"]
