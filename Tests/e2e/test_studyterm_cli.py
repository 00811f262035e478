"""The real binary, through the harness: smoke checks that hold whatever the UI becomes."""
from __future__ import annotations

from pathlib import Path

from harness import run_piped


def test_help_without_a_terminal(studyterm_bin) -> None:
    result = run_piped([str(studyterm_bin), "--help"])
    assert result.code == 0, result.stderr
    assert "USAGE: studyterm" in result.stdout


def test_help_on_a_terminal(term, studyterm_bin) -> None:
    t = term([studyterm_bin, "--help"])
    t.wait_for("USAGE: studyterm")
    assert t.wait_exit() == 0


def test_every_command_has_help(studyterm_bin) -> None:
    for words in (["run", "--help"], ["help", "check"], ["export", "-h"], ["journey", "--help"], ["help", "fhirpath"]):
        result = run_piped([str(studyterm_bin), *words])
        assert result.code == 0, (words, result.stderr)
        assert "OVERVIEW:" in result.stdout and "USAGE: studyterm" in result.stdout, words


def test_a_wrong_command_line_is_named_with_the_usage_and_exits_64(studyterm_bin) -> None:
    cases = {
        ("run",): "missing expected argument '<file>'",
        ("run", "task.json", "--bogus"): "unknown option '--bogus'",
        ("run", "task.json", "--out"): "missing value for '--out <out>'",
        ("check", "task.json", "--format", "xml"): "the value 'xml' is invalid for '--format <format>'",
        ("check", "a.json", "b.json"): "unexpected argument 'b.json'",
        ("bench", "core"): "unknown command 'bench'",  # the benchmarks are a program of their own
        ("frobnicate",): "unknown command 'frobnicate'",
    }
    for words, message in cases.items():
        result = run_piped([str(studyterm_bin), *words])
        assert result.code == 64, (words, result.code, result.stderr)
        assert f"Error: {message}" in result.stderr, (words, result.stderr)
        assert "USAGE: studyterm" in result.stderr and "--help" in result.stderr, words


def test_options_go_before_or_after_the_file_and_take_an_equals_sign(studyterm_bin, tmp_path) -> None:
    task = tmp_path / "t.json"
    task.write_text('{"identifier": "t", "steps": [{"identifier": "s", "type": "instruction", "title": "Hi"}]}')
    for words in (["check", str(task), "--format", "json"], ["check", "--format=json", str(task)]):
        result = run_piped([str(studyterm_bin), *words])
        assert result.code == 0, (words, result.stderr)
        assert result.stdout.lstrip().startswith("{"), result.stdout


BENCH = Path(__file__).resolve().parents[2] / ".build" / "debug" / "studyterm-bench"


def test_the_benchmarks_are_a_program_of_their_own() -> None:
    """`studyterm` ships without benchmark code; `studyterm-bench` has the four benchmarks."""
    result = run_piped([str(BENCH), "--help"])
    assert result.code == 0, result.stderr
    for name in ("core", "fhir", "store", "screen"):
        assert name in result.stdout
    wrong = run_piped([str(BENCH), "core", "--steps=many"])
    assert wrong.code == 64
    assert "Error: the value 'many' is invalid for '--steps <steps>'" in wrong.stderr
    assert "USAGE: studyterm-bench core" in wrong.stderr
    small = run_piped([str(BENCH), "core", "--steps", "200", "--runs", "1"])
    assert small.code == 0, small.stderr
    assert "headless run with scripted answers" in small.stdout
