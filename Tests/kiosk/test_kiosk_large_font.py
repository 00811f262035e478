"""Large font at a study station (issue 27, Accessibility): at 64 columns by 18 rows every
participant screen (welcome, the language chooser, each step of a task, the idle warning with its
countdown, the thank-you) shows its essential text whole: nothing runs off the right edge and the
key hints and the countdown are not cut."""
from __future__ import annotations

import re

import pytest

from station_kit import IDLE_WARNING, THANK_YOU, WELCOME, make_station, start_station

COLS, ROWS = 64, 18


@pytest.fixture
def station(studyterm_bin, tmp_path):
    config = make_station(tmp_path, languages=["en", "de"],
                          timeouts={"screenSeconds": 30, "warningSeconds": 20, "thankYouSeconds": 5})
    t = start_station(studyterm_bin, config, cols=COLS, rows=ROWS)
    yield t
    t.close()


def whole(t, *needles: str) -> None:
    """Each needle is on screen, on one row, and the screen is 64x18."""
    assert t.cols == COLS and t.rows == ROWS
    text = t.text()
    for needle in needles:
        assert needle in text, f"{needle!r} is not whole on the {COLS}x{ROWS} screen\n{t.dump()}"


def step_hints(studyterm_bin, tmp_path, cols: int, rows: int) -> list[list[str]]:
    """The key hint entries of each step of the note task on a cols x rows station."""
    folder = tmp_path / f"{cols}x{rows}"
    folder.mkdir()
    t = start_station(studyterm_bin, make_station(folder), cols=cols, rows=rows)
    try:
        hints = []
        t.send("Enter")
        for title, keys in (("Write one word", ["o", "k", "Enter"]), ("How do you feel today?", ["Enter"]), ("Almost done", [])):
            t.wait_for(title, timeout=10)
            t.wait_quiet(ms=100)
            hints.append(re.split(r"\s{2,}", t.screen()[rows - 1].strip()))
            t.send(*keys)
        return hints
    finally:
        t.close()


def test_every_participant_screen_fits_64_by_18(station):
    t = station
    whole(t, WELCOME)
    t.send("Enter")
    t.wait_for("Deutsch", timeout=10)
    whole(t, "Language", "1  English", "2  Deutsch", "↑↓ choose   Enter confirm")
    t.send("Enter")
    t.wait_for("Write one word", timeout=10)
    whole(t, "Write one word")
    t.type("ok")
    t.wait_for("ok")
    t.send("Enter")
    t.wait_for("How do you feel today?", timeout=10)
    whole(t, "How do you feel today?", "Well", "So-so", "Unwell")
    t.send("Down")
    t.wait_quiet(ms=100)
    t.wait_for(IDLE_WARNING, timeout=20)
    t.wait_for(re.compile(r"ends in 1?\d s\."), timeout=5)
    whole(t, IDLE_WARNING, "Press any key to continue.")
    countdown = re.search(r"This session ends in (\d+) s\.", t.text())
    assert countdown and 0 < int(countdown.group(1)) <= 20, t.dump()
    t.send("Enter")
    t.wait_gone(IDLE_WARNING, timeout=10)
    t.wait_for("Almost done", timeout=10)
    whole(t, "Almost done", "Press Enter to finish.")
    t.send("Enter")
    t.wait_for(THANK_YOU, timeout=10)
    whole(t, THANK_YOU, "Your answers are stored.", "Your withdrawal code:",
          "Keep it if you may want your answers removed later.")
    t.wait_for(WELCOME, timeout=20)


def test_the_task_key_hints_at_64_columns_show_whole_entries_and_end_with_f1_help(studyterm_bin, tmp_path):
    narrow, wide = step_hints(studyterm_bin, tmp_path, COLS, ROWS), step_hints(studyterm_bin, tmp_path, 80, 24)
    for small, full in zip(narrow, wide):
        assert small[-1] == "F1 help" and full[-1] == "F1 help", (small, full)
        cut = [entry for entry in small if entry != "…" and entry not in full]
        assert cut == [], f"key hint entries cut at {COLS} columns: {cut} (whole: {full})"
        assert len(small) >= 3, small
