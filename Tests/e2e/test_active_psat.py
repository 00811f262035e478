"""The visual PASAT on a pty: a digit every 3 s, the sum of the last two typed while the next is
awaited, a missed sum recorded as a timeout (issue 25)."""
from __future__ import annotations

import time

from active_tasks import finish, measurement, start, summary, write_task


def shown_digit(t) -> int | None:
    for row, line in enumerate(t.screen()):
        if row > 0 and len(line.strip()) == 1 and line.strip().isdigit():
            return int(line.strip())
    return None


def test_sums_typed_in_time_and_one_missed(term, studyterm_bin, tmp_path) -> None:
    task = write_task(tmp_path / "p.json", {"identifier": "psat", "type": "psat", "title": "Add the digits",
                                            "interStimulusInterval": 3, "stimulusDuration": 2.5, "seriesLength": 3,
                                            "practice": False, "seed": 4})
    t, out = start(term, studyterm_bin, task, tmp_path)
    t.wait_for("Enter start")
    t.send("Enter")
    digits = []
    for n in range(1, 5):
        t.wait_for(f"Digit {n} of 4", timeout=5)
        t.wait_until(lambda term: shown_digit(term) is not None, what=f"digit {n}")
        digits.append(shown_digit(t))
        if n in (2, 3):
            time.sleep(0.3)
            t.type(str(digits[-2] + digits[-1]))
            t.wait_for(f"Sum: {digits[-2] + digits[-1]}")
    m = measurement(finish(t, out), "psat")
    values = summary(m)
    assert values["additions"] == 3 and values["totalCorrect"] == 2 and values["totalDyad"] == 1
    assert values["timeouts"] == 1 and values["initialDigit"] == digits[0]
    assert [r["digit"] for r in m["trials"]] == digits[1:]
    assert [r["outcome"] for r in m["trials"]] == ["response", "response", "timeout"]
    assert all(300 <= r["responseTimeMs"] < 3000 for r in m["trials"][:2])
