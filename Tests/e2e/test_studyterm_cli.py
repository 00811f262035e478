"""The real binary, through the harness: smoke checks that hold whatever the UI becomes."""
from __future__ import annotations

from harness import run_piped


def test_help_without_a_terminal(studyterm_bin) -> None:
    result = run_piped([str(studyterm_bin), "--help"])
    assert result.code == 0, result.stderr
    assert "USAGE: studyterm" in result.stdout


def test_help_on_a_terminal(term, studyterm_bin) -> None:
    t = term([studyterm_bin, "--help"])
    t.wait_for("USAGE: studyterm")
    assert t.wait_exit() == 0
