"""Trail making A and B on a pty: labels typed in order at scripted times, an error counted, the
time from the board's onset, and every label in the trial log (issue 25)."""
from __future__ import annotations

import time

from active_tasks import finish, measurement, start, summary, write_task


def trail(path, part: str, targets: int):
    return write_task(path, {"identifier": "trail", "type": "trailmaking", "title": "Connect the labels",
                             "trailType": part, "numberOfTargets": targets, "practice": False, "seed": 3})


def test_trail_b_typed_in_order_with_one_error(term, studyterm_bin, tmp_path) -> None:
    t, out = start(term, studyterm_bin, trail(tmp_path / "b.json", "B", 7), tmp_path)
    t.wait_for("Connect the labels")
    t.wait_for("Enter start")
    t.send("Enter")
    t.wait_for("Trail B · 0 of 7")
    for label in ["1", "A", "2", "3"]:                       # 3 is not next: an error
        t.type(label)
        time.sleep(0.05)
    t.wait_for("Not that one")
    t.wait_for("Trail B · 3 of 7")
    for label in ["B", "3", "C", "4"]:
        t.type(label.lower())
        time.sleep(0.05)
    m = measurement(finish(t, out), "trail")
    values = summary(m)
    assert m["measurementType"] == "trailmaking"
    assert values["numberOfErrors"] == 1 and values["reached"] == 7 and values["trailType"] == "B"
    assert values["timeMs"] > 300, "eight keys 50 ms apart at least"
    assert [r["label"] for r in m["trials"]] == ["1", "A", "2", "3", "B", "3", "C", "4"]
    assert [r["incorrect"] for r in m["trials"]].count(True) == 1
    assert "Keyboard variant" in m["note"]


def test_trail_a_two_digit_labels_at_40x12(term, studyterm_bin, tmp_path) -> None:
    t, out = start(term, studyterm_bin, trail(tmp_path / "a.json", "A", 12), tmp_path, cols=40, rows=12)
    t.wait_for("Enter start")
    t.send("Enter")
    t.wait_for("Trail A · 0 of 12")
    for n in range(1, 13):
        t.type(str(n))
        time.sleep(0.02)
    values = summary(measurement(finish(t, out), "trail"))
    assert values["numberOfErrors"] == 0 and values["reached"] == 12
