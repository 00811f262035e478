"""Everything StudyTerm prints goes through the screen's sanitizer (issue 15, point 9): identifiers,
step paths, error messages and usage lines show a control character as an escape such as `\\x1b`
or `\\x9b`, never raw; JSON output escapes them the JSON way. The CSV export neutralises
formulas and escape sequences (point 10): see StudyStoreTests/CSVNeutralisationTests."""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from harness import child_env, bound

# Raw controls a terminal acts on: C0 but LF (and TAB), DEL, and C1 in UTF-8 (C2 80..9F).
RAW = re.compile(rb"[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\xa8-\xae]|\xe2\x81[\xa6-\xa9]")
HOSTILE = "a\u001b]52;c;cHduZWQ=\u0007b\u009b31m\u202e\r\u0000"


def run(argv, cwd=None) -> tuple[bytes, bytes, int]:
    done = subprocess.run([str(a) for a in argv], capture_output=True, env=child_env(None, term=None), cwd=cwd, timeout=bound(20),
                          stdin=subprocess.DEVNULL, check=False)
    for stream in (done.stdout, done.stderr):
        assert not RAW.search(stream), (argv, stream)
    return done.stdout, done.stderr, done.returncode


def task(steps) -> str:
    return json.dumps({"identifier": HOSTILE, "type": "assessment", "steps": steps})


def test_check_shows_hostile_identifiers_as_escapes(studyterm_bin, tmp_path) -> None:
    f = tmp_path / "t.json"
    f.write_text(task([{"identifier": HOSTILE, "type": "instruction"}]))
    out, _, code = run([studyterm_bin, "check", f])
    assert code == 0
    assert b'valid: task "a\\x1b]52;c;cHduZWQ=\\x07b\\x9b31m\\u{202e}\\x0d\\x00"' in out, out


def test_duplicate_identifiers_and_step_paths_are_escaped(studyterm_bin, tmp_path) -> None:
    f = tmp_path / "t.json"
    f.write_text(task([{"identifier": HOSTILE, "type": "instruction"}, {"identifier": HOSTILE, "type": "instruction"}]))
    _, err, code = run([studyterm_bin, "check", f])
    assert code == 1 and b"\\x1b]52" in err, err
    ok = tmp_path / "ok.json"
    ok.write_text(task([{"identifier": HOSTILE, "type": "section", "steps": [{"identifier": "q\u001b[2J", "type": "instruction"}]}]))
    script = tmp_path / "a.json"
    script.write_text("{}")
    out, _, code = run([studyterm_bin, "check", ok, "--answers", script])
    assert code == 0 and b"q\\x1b[2J" in out, out
    out, _, code = run([studyterm_bin, "check", ok, "--answers", script, "--format", "json"])
    assert code == 0 and b"\\u001b[2J" in out, out
    assert json.loads(out)["path"][0].endswith("q\u001b[2J")


def test_a_stray_byte_is_named_as_an_escape(studyterm_bin, tmp_path) -> None:
    f = tmp_path / "t.json"
    f.write_bytes(b'{"identifier": \x9b}')
    _, err, code = run([studyterm_bin, "check", f])
    assert code == 1 and b"'\\x9b'" in err, err


def test_file_names_and_usage_lines_are_escaped(studyterm_bin, tmp_path) -> None:
    _, err, code = run([studyterm_bin, "check", "missing\u001b]0;title\u0007.json"])
    assert code == 1 and b"missing\\x1b]0;title\\x07.json" in err, err
    _, err, code = run([studyterm_bin, "run", "t.json", "--bogus\u001b[31m"])
    assert code == 64 and b"--bogus\\x1b[31m" in err, err
