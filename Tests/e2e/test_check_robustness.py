"""`studyterm check` never crashes: every corpus file, and seeded mutations of them, end in a
clear verdict (exit 0 valid, 1 invalid with file: place: reason lines), never a signal or a trap."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pytest
from harness import bound

MUTATIONS_PER_FILE = 6


def _check(binary: Path, file: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(binary), "check", str(file)], capture_output=True, text=True, timeout=bound(30))


def _mutate(value, rng: random.Random):
    """Changes one node of a JSON tree: a type swap, a removed member, an emptied list, a bad number."""
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value))
        roll = rng.random()
        if roll < 0.25:
            del value[key]
        elif roll < 0.5:
            value[key] = rng.choice([None, 3, "x", [], {}, True, -1.5])
        else:
            value[key] = _mutate(value[key], rng)
        return value
    if isinstance(value, list) and value:
        i = rng.randrange(len(value))
        if rng.random() < 0.3:
            value.clear() if rng.random() < 0.5 else value.append(value[i])
        else:
            value[i] = _mutate(value[i], rng)
        return value
    return rng.choice([None, 0, "", [], {}, "exit", 10**20])


def _corpus_files(corpus: Path) -> list[Path]:
    return sorted(p for p in corpus.rglob("*.json") if p.is_file())


def test_every_corpus_file_gets_a_verdict(studyterm_bin: Path, corpus_dir: Path) -> None:
    for file in _corpus_files(corpus_dir):
        result = _check(studyterm_bin, file)
        assert result.returncode in (0, 1), f"{file.name}: exit {result.returncode}\n{result.stderr}"
        if result.returncode == 1:
            assert "error" in result.stderr, f"{file.name}: invalid without a reason"


def test_mutated_files_get_a_verdict_and_never_crash(studyterm_bin: Path, corpus_dir: Path, tmp_path: Path) -> None:
    rng = random.Random(20261122)
    checked = 0
    for file in _corpus_files(corpus_dir):
        try:
            original = json.loads(file.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError):
            continue  # not strict JSON (trailing commas or not JSON at all): covered above
        for n in range(MUTATIONS_PER_FILE):
            mutated = _mutate(json.loads(json.dumps(original)), rng)
            target = tmp_path / f"{n}-{file.name}"
            target.write_text(json.dumps(mutated), encoding="utf-8")
            result = _check(studyterm_bin, target)
            assert result.returncode in (0, 1), f"{file.name} mutation {n}: exit {result.returncode}\n{result.stderr}"
            checked += 1
    assert checked > 200


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "\x00\x01", '{"steps": [', '{"identifier": "t", "steps": [{"identifier": "a", "type": "form"}]}'])
def test_broken_documents_name_the_problem(studyterm_bin: Path, tmp_path: Path, text: str) -> None:
    target = tmp_path / "broken.json"
    target.write_text(text, encoding="utf-8")
    result = _check(studyterm_bin, target)
    assert result.returncode == 1
    assert str(target) in result.stderr and "error" in result.stderr
