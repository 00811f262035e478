"""Errors are thrown to one place (issue 16): in the participant's binary only `StudyTerm.end`
turns an error into a message and an exit status; helpers throw `CLIError` or `ProcessEnd`."""
from __future__ import annotations

import re
from pathlib import Path

SOURCES = Path(__file__).resolve().parents[2] / "Sources"
EXIT_CALL = re.compile(r"(?<![\w.])(?:Foundation\.)?(?:exit|_exit)\(|\.exit\(\)")


def exit_calls(target: str) -> list[str]:
    found = []
    for path in sorted((SOURCES / target).rglob("*.swift")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("//", 1)[0]
            if EXIT_CALL.search(code):
                found.append(f"{path.relative_to(SOURCES)}:{number}: {line.strip()}")
    return found


def test_only_the_one_place_ends_the_process() -> None:
    calls = exit_calls("studyterm")
    assert len(calls) == 1 and "exit(status)" in calls[0], "\n".join(calls)
    assert calls[0].startswith("studyterm/StudyTermCommand.swift")


def test_the_libraries_never_end_the_process() -> None:
    for target in ("StudyCore", "StudyFHIR", "StudyStore", "StudyExport", "StudyTUI", "TUIKit", "TUINcurses"):
        assert exit_calls(target) == [], target
