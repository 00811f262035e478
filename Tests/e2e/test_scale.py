"""Size is not a loop (issue 15, points 11 and 12): a scripted run of a 50,000-item Questionnaire
goes to its end, and a task that really loops is named by the step where it repeats."""
from __future__ import annotations

import json

from harness import run_piped


def test_a_fifty_thousand_item_questionnaire_runs_to_its_end(studyterm_bin, tmp_path) -> None:
    n = 50_000
    questionnaire = tmp_path / "large.json"
    questionnaire.write_text(json.dumps({"resourceType": "Questionnaire", "status": "active", "item": [
        {"linkId": f"q{i}", "type": "integer", "text": f"Question {i}"} for i in range(n)]}))
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps({f"q{i}": i for i in range(n)}))
    done = run_piped([str(studyterm_bin), "check", str(questionnaire), "--answers", str(answers)], timeout=120)
    assert done.code == 0, done.stderr[-500:]
    assert done.stdout.rstrip().endswith("finish reason: completed"), done.stdout[-300:]
    assert "loop" not in done.stdout + done.stderr


def test_a_real_loop_is_named_by_its_step(studyterm_bin, tmp_path) -> None:
    task = tmp_path / "loop.json"
    task.write_text(json.dumps({"identifier": "loop", "steps": [
        {"identifier": "a", "nextStepIdentifier": "b"}, {"identifier": "b", "nextStepIdentifier": "a"}]}))
    answers = tmp_path / "answers.json"
    answers.write_text("{}")
    done = run_piped([str(studyterm_bin), "check", str(task), "--answers", str(answers)])
    assert done.code == 3, done.stdout + done.stderr
    assert 'came back to step "a" with the same answers as before' in done.stdout + done.stderr
