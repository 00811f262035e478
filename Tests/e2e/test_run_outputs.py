"""Where `studyterm run` writes when the folder it was given cannot take the result (issue 15,
point 6): somewhere it can, said on the way in and on the way out, with exit status 4."""
from __future__ import annotations

import json

from harness import run_piped
from test_task_line_mode import task


def test_run_writes_the_result_elsewhere_when_its_folder_cannot_take_it(studyterm_bin, tmp_path) -> None:
    path = tmp_path / "lines.json"
    task(path)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    work = tmp_path / "work"
    work.mkdir()
    done = run_piped([studyterm_bin, "run", path, "--out", blocker / "r.json"], "\nAda\n\n", cwd=str(work))
    output = done.stdout + done.stderr
    assert done.code == 4, output
    assert f"{blocker} cannot take the result" in output and f"go to {work} instead" in output, output
    assert f"Task result written to {work}/r.json" in output
    result = json.loads((work / "r.json").read_text())
    assert any(r.get("value") == "Ada" for r in result["stepHistory"]), result


def test_a_run_that_stops_with_an_error_leaves_no_lock_file(studyterm_bin, tmp_path) -> None:
    """An error after the snapshot's lock was taken (here: an --output-dir that cannot be made)
    ends the run with its message and exit status, and the hidden lock file goes with it."""
    path = tmp_path / "lines.json"
    task(path)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    out = tmp_path / "r.json"
    done = run_piped([studyterm_bin, "run", path, "--out", out, "--output-dir", blocker / "sub"], "", cwd=str(tmp_path))
    assert done.code == 4, done.stdout + done.stderr
    assert "cannot create the output folder" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file", "lines.json"]
