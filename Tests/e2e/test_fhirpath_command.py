"""`studyterm fhirpath EXPR [--input FILE] [--format json]` on the real binary: the result
collection as JSON, typed in --format json, and errors with their position in the expression."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from harness import bound

RESPONSE = {
    "resourceType": "QuestionnaireResponse", "status": "completed",
    "item": [{"linkId": "w", "answer": [{"valueQuantity": {"value": 160, "unit": "lb", "code": "[lb_av]"}}]},
             {"linkId": "h", "answer": [{"valueDecimal": 1.8}]},
             {"linkId": "names", "answer": [{"valueString": "Ann"}, {"valueString": "Bob"}]}],
}


def fhirpath(binary: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(binary), "fhirpath", *args], capture_output=True, text=True, timeout=bound(30))


def test_prints_the_result_collection_one_item_a_line(studyterm_bin: Path, tmp_path: Path) -> None:
    qr = tmp_path / "qr.json"
    qr.write_text(json.dumps(RESPONSE))
    run = fhirpath(studyterm_bin, "item.where(linkId = 'names').answer.value", "--input", str(qr))
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ['"Ann"', '"Bob"']
    run = fhirpath(studyterm_bin, "item.where(linkId = 'nope').answer.value", "--input", str(qr))
    assert run.stdout.strip() == "{}"


def test_json_format_gives_each_item_its_type(studyterm_bin: Path, tmp_path: Path) -> None:
    qr = tmp_path / "qr.json"
    qr.write_text(json.dumps(RESPONSE))
    expr = "%resource.item.where(linkId='w').answer.value.value * 0.45359237 / %resource.item.where(linkId='h').answer.value.power(2)"
    run = fhirpath(studyterm_bin, f"({expr}).round(1)", "--input", str(qr), "--format", "json")
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["result"] == [{"type": "Decimal", "value": 22.4}]
    run = fhirpath(studyterm_bin, "1 + 2 | 'x'", "--format", "json")
    assert json.loads(run.stdout)["result"] == [{"type": "Integer", "value": 3}, {"type": "String", "value": "x"}]


def test_an_error_names_its_position_with_a_caret(studyterm_bin: Path) -> None:
    run = fhirpath(studyterm_bin, "item.resolve()")
    assert run.returncode == 1
    assert "studyterm: fhirpath: the function resolve() is not supported at character 6" in run.stderr
    assert "  item.resolve()\n       ^" in run.stderr
    run = fhirpath(studyterm_bin, "(1 + ", "--format", "json")
    assert run.returncode == 1
    assert json.loads(run.stdout)["error"] == {"message": "unexpected end of expression", "position": 6}


def test_an_input_that_cannot_be_read_exits_3(studyterm_bin: Path, tmp_path: Path) -> None:
    run = fhirpath(studyterm_bin, "1", "--input", str(tmp_path / "missing.json"))
    assert run.returncode == 3
    assert "missing.json" in run.stderr
