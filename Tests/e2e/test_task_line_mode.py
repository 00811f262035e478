"""`studyterm run` in line mode (--accessible, or no terminal): plain text that wraps between
words, and says each thing once."""
from __future__ import annotations

import json

from harness import run_piped

LONG = ("This practice step has a long explanation so that the line-mode text must wrap: "
        "a screen reader or a narrow terminal reads it best when every line ends between two words, "
        "never inside one, whatever the width of the terminal happens to be today.")


def task(path) -> None:
    path.write_text(json.dumps({"identifier": "lines", "type": "assessment", "title": "Line mode", "steps": [
        {"identifier": "intro", "type": "instruction", "title": "Read this", "subtitle": LONG},
        {"identifier": "name", "type": "simpleQuestion", "title": "Your name", "optional": False,
         "inputItem": {"type": "string"}},
        {"identifier": "done", "type": "completion", "title": "Thank you"}]}))


def test_line_mode_wraps_between_words_at_the_width(studyterm_bin, tmp_path) -> None:
    path = tmp_path / "lines.json"
    task(path)
    for width in (80, 40):
        done = run_piped([studyterm_bin, "run", path, "--out", tmp_path / "r.json"], "\nAda\n\n",
                         env={"COLUMNS": str(width)}, cwd=str(tmp_path))
        assert done.code == 0, done.stdout + done.stderr
        lines = done.stdout.split("Task result written")[0].splitlines()   # the session's own text
        assert all(len(line) <= width for line in lines), [line for line in lines if len(line) > width]
        words = set(LONG.split())
        text_lines = [line for line in lines if line and line.split()[0] in words]
        assert " ".join(" ".join(text_lines).split()).find(" ".join(LONG.split())) >= 0, done.stdout


def test_saving_in_line_mode_says_saved_once(studyterm_bin, tmp_path) -> None:
    path = tmp_path / "lines.json"
    task(path)
    done = run_piped([studyterm_bin, "run", path, "--out", tmp_path / "r.json"], "\nsave\n", cwd=str(tmp_path))
    assert done.code == 10, done.stdout + done.stderr
    output = done.stdout + done.stderr
    assert output.count("Saved") == 1, output
    assert "--restore" in output
    ended = run_piped([studyterm_bin, "run", path, "--out", tmp_path / "r2.json"], "\n", cwd=str(tmp_path))
    assert ended.code == 10
    assert (ended.stdout + ended.stderr).lower().count("saved") == 1, ended.stdout + ended.stderr


BIDI = "\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def test_line_mode_drops_every_bidirectional_control_like_the_screen(studyterm_bin, tmp_path) -> None:
    path = tmp_path / "bidi.json"
    path.write_text(json.dumps({"identifier": "bidi", "type": "assessment", "title": "Bidi" + BIDI, "steps": [
        {"identifier": "intro", "type": "instruction", "title": "Read\u200f this", "subtitle": "right\u200fto\u202eleft"},
        {"identifier": "pick", "type": "choiceQuestion", "title": "Pick\u200e one", "baseType": "string",
         "choices": [{"text": "Yes\u200f", "value": "y"}, {"text": "No\u2067", "value": "n"}]},
        {"identifier": "done", "type": "completion", "title": "Thank\u200f you"}]}))
    done = run_piped([studyterm_bin, "run", path, "--out", tmp_path / "r.json"], "\n1\n\n", cwd=str(tmp_path))
    assert done.code == 0, done.stdout + done.stderr
    assert "Read this" in done.stdout and "righttoleft" in done.stdout and "Pick one" in done.stdout, done.stdout
    assert not any(c in done.stdout + done.stderr for c in BIDI), ascii(done.stdout)
