"""Every export says the same thing about a calculated item (issue 14, point 3): the demo's weekly
wellbeing score, read-only and calculated, offers no skip, shows the value it stores, and the CSV,
the JSON results and the FHIR QuestionnaireResponse all carry that value."""
from __future__ import annotations

import csv
import json

from harness import run_piped
from journey_steps import join_demo


def test_a_calculated_score_is_shown_stored_and_exported_alike(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data])
    join_demo(t)
    t.send("Down", "Enter")                                   # Weekly wellbeing
    for _ in range(4):                                        # each statement: the third option
        t.wait_for("Over the last week", timeout=10)
        before = t.text()
        t.send("3", "Enter")
        t.wait_until(lambda _t, before=before: t.text() != before, timeout=10)
    t.wait_for("Wellbeing total", timeout=10)
    screen = t.text()
    assert "Prefer not to answer" not in screen, "a read-only calculated item has nothing to decline"
    shown = [line for line in t.screen() if line.strip()]
    t.send("Enter")
    t.wait_for("Thank you!", timeout=10)
    t.send("q")
    assert t.wait_exit() == 0
    out = tmp_path / "export"
    done = run_piped([str(studyterm_bin), "export", "--data-dir", str(data), "--out", str(out)])
    assert done.code == 0, done.stderr

    [result] = [r for r in json.loads((out / "results.json").read_text()) if r["metadata"]["taskId"] == "wellbeing"]
    def find(node):
        for r in node.get("stepHistory", []):
            if r.get("identifier") == "total":
                return r.get("value")
            if r.get("type") == "section" and (v := find(r)) is not None:
                return v
        return None
    stored = find(result["taskResult"] if "taskResult" in result else result)
    assert stored is not None, result
    assert any(str(stored) in line for line in shown), (stored, shown)

    with open(out / "answers.csv", newline="") as f:
        rows = [r for r in csv.DictReader(f) if r.get("step", r.get("path", "")).endswith("total")]
    assert rows and all(str(stored) in json.dumps(r) for r in rows), rows

    responses = [json.loads(line) for line in (out / "fhir.ndjson").read_text().splitlines() if line.strip()]
    qrs = [r for r in responses if r.get("resourceType") == "QuestionnaireResponse"]
    totals = [a for qr in qrs for i in qr.get("item", []) if i["linkId"] == "total" for a in i.get("answer", [])]
    assert totals == [{"valueInteger": stored}], totals
