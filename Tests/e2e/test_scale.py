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


def test_forty_thousand_variables_are_checked_in_linear_time(studyterm_bin, tmp_path) -> None:
    # 20,000 duplicate `variable` extensions took 14 s in `check` and 40,000 took 44 s (a list of
    # the names so far copied for each one). Linear, 40,000 take well under the bound on a busy
    # machine; the answers still follow the last declaration of the name.
    n = 40_000
    variable = {"url": "http://hl7.org/fhir/StructureDefinition/variable",
                "valueExpression": {"name": "limit", "language": "text/fhirpath", "expression": "1"}}
    last = {"url": variable["url"], "valueExpression": {**variable["valueExpression"], "expression": "%limit + 1"}}
    item_variable = {"url": variable["url"], "valueExpression": {"name": "own", "language": "text/fhirpath", "expression": "%limit"}}
    when = {"url": "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-enableWhenExpression",
            "valueExpression": {"language": "text/fhirpath",
                                "expression": "%resource.item.where(linkId='a').answer.value > %limit and %own = %limit"}}
    questionnaire = tmp_path / "variables.json"
    questionnaire.write_text(json.dumps({"resourceType": "Questionnaire", "status": "active",
                                         "extension": [variable] * (n - 1) + [last], "item": [
        {"linkId": "a", "type": "integer", "text": "A number"},
        {"linkId": "b", "type": "string", "text": "Shown past the limit", "extension": [item_variable, when]}]}))
    answers = tmp_path / "answers.json"
    for a, path in ((3, ["a", "b"]), (2, ["a"])):   # %limit is 2: b is asked only past it
        answers.write_text(json.dumps({"a": a, "b": "yes"}))
        done = run_piped([str(studyterm_bin), "check", str(questionnaire), "--answers", str(answers)], timeout=60)
        assert done.code == 0, done.stderr[-500:]
        assert done.stdout.split() == path + ["finish", "reason:", "completed"], done.stdout[-500:]
