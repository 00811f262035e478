"""Local time in three time zones (issue 16, point 8): a run's times, its schedule window and the
export carry the zone's offset, and the dashboard's day follows the zone. Tests/run-all runs this
on the debug binary and again on the static release binary, which has no system time zone library
to fall back on: a build that lost the zone rules would write +00:00 here.
"""
from __future__ import annotations

import datetime
import json
import re
from zoneinfo import ZoneInfo

import pytest

from harness import run_piped
from journey_steps import join_demo
from test_journey_tasks import finish_checkin

ZONES = ["UTC", "Europe/Berlin", "America/New_York"]
STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?([+-]\d\d:\d\d|Z)")


def expected_offset(zone: str, instant: datetime.datetime) -> str:
    offset = instant.astimezone(ZoneInfo(zone)).utcoffset()
    minutes = int(offset.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def offsets(text: str) -> set[str]:
    return {("+00:00" if m == "Z" else m) for m in STAMP.findall(text)}


@pytest.mark.parametrize("zone", ZONES)
def test_a_headless_run_writes_local_times(studyterm_bin, tmp_path, zone) -> None:
    task = tmp_path / "tz.json"
    task.write_text(json.dumps({"identifier": "tz", "type": "assessment", "steps": [
        {"identifier": "q", "type": "simpleQuestion", "title": "Name", "inputItem": {"type": "string"}}]}))
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps({"q": "x"}))
    done = run_piped([str(studyterm_bin), "check", str(task), "--answers", str(answers), "--format", "json"],
                     env={"TZ": zone})
    assert done.code == 0, done.stderr
    assert offsets(done.stdout) == {expected_offset(zone, datetime.datetime.now(datetime.timezone.utc))}, done.stdout[:400]


@pytest.mark.parametrize("zone", ZONES)
def test_the_journey_stores_and_exports_local_times_and_windows(term, studyterm_bin, tmp_path, zone) -> None:
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data], env={"TZ": zone})
    join_demo(t)
    today = datetime.datetime.now(ZoneInfo(zone))
    t.send("Enter")
    finish_checkin(t)
    t.send("q")
    assert t.wait_exit() == 0
    out = tmp_path / "export"
    exported = run_piped([str(studyterm_bin), "export", "--data-dir", str(data), "--out", str(out), "--format", "json"],
                         env={"TZ": zone})
    assert exported.code == 0, exported.stderr
    [result] = json.loads((out / "results.json").read_text())
    meta = result["metadata"]
    want = expected_offset(zone, datetime.datetime.now(datetime.timezone.utc))
    for key in ("startDate", "endDate"):
        assert meta[key].endswith(want) or (want == "+00:00" and meta[key].endswith("Z")), (key, meta[key])
    window = json.dumps(meta["scheduleWindow"])
    assert offsets(window) == {want}, window
    # The check-in's window is today's, in the zone: it starts on the zone's calendar day.
    assert today.strftime("%Y-%m-%d") in window, (today, window)
