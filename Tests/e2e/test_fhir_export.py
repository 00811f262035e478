"""End-to-end check of QuestionnaireResponse export by the real `studyterm` binary.

The binary is expected to offer (contract for the CLI owner; StudyFHIR provides the pieces):

    studyterm fhir-export --questionnaire Q.json --answers ANSWERS.json \
        [--status completed|in-progress] --output QR.json

ANSWERS.json is a JSON object of StudyCore answers keyed by linkId (the same values a task run
stores: Coding objects for choices, numbers, strings, arrays for repeating items, arrays of
objects for repeating groups). The exported file must validate against the FHIR R4B model of
`fhir.resources` (Questionnaire/QuestionnaireResponse are identical in R4 and R4B) and pass
`../shared/tools/validate_qr.py --questionnaire Q.json`.

Run with any Python 3.9+ where `fhir.resources==8.3.0` is installed, for example:

    python3 -m venv /tmp/fhirvenv && /tmp/fhirvenv/bin/pip install fhir.resources==8.3.0
    /tmp/fhirvenv/bin/python -m unittest Tests/e2e/test_fhir_export.py -v

Set STUDYTERM_BIN to the binary; otherwise .build/{debug,release}/studyterm is used. Every test
is skipped (with the reason) when the binary, its `fhir-export` command, the validator package or
the shared corpus is missing.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus" / "fhir"
VALIDATOR = REPO.parent / "shared" / "tools" / "validate_qr.py"


def find_binary():
    env = os.environ.get("STUDYTERM_BIN")
    candidates = [Path(env)] if env else [REPO / ".build" / "debug" / "studyterm", REPO / ".build" / "release" / "studyterm"]
    return next((c for c in candidates if c.is_file() and os.access(c, os.X_OK)), None)


BINARY = find_binary()


def has_export_command():
    if BINARY is None:
        return False
    run = subprocess.run([str(BINARY), "fhir-export", "--help"], capture_output=True, text=True)
    return run.returncode == 0 and "--questionnaire" in run.stdout + run.stderr


try:
    from fhir.resources.R4B.questionnaireresponse import QuestionnaireResponse
except ImportError:  # pragma: no cover - depends on the environment
    QuestionnaireResponse = None

SKIP_REASON = (
    "studyterm binary not found (build it or set STUDYTERM_BIN)" if BINARY is None
    else "studyterm has no fhir-export command yet" if not has_export_command()
    else "fhir.resources is not installed (pip install fhir.resources==8.3.0)" if QuestionnaireResponse is None
    else None
)

# A Questionnaire with one item of every R4 type, and answers for all of them.
ALL_TYPES = {
    "resourceType": "Questionnaire", "id": "all-types", "url": "http://example.org/Questionnaire/all-types",
    "version": "1", "status": "active",
    "item": [
        {"linkId": "g", "type": "group", "text": "Everything", "item": [
            {"linkId": "b", "type": "boolean", "text": "Boolean"},
            {"linkId": "i", "type": "integer", "text": "Integer"},
            {"linkId": "d", "type": "decimal", "text": "Decimal"},
            {"linkId": "date", "type": "date", "text": "Date"},
            {"linkId": "dt", "type": "dateTime", "text": "DateTime"},
            {"linkId": "t", "type": "time", "text": "Time"},
            {"linkId": "s", "type": "string", "text": "String"},
            {"linkId": "txt", "type": "text", "text": "Text"},
            {"linkId": "u", "type": "url", "text": "URL"},
            {"linkId": "c", "type": "choice", "text": "Choice", "repeats": True,
             "answerOption": [{"valueCoding": {"system": "http://example.org", "code": "a", "display": "A"}},
                              {"valueCoding": {"system": "http://example.org", "code": "b", "display": "B"}}]},
            {"linkId": "o", "type": "open-choice", "text": "Open choice",
             "answerOption": [{"valueString": "red"}]},
            {"linkId": "q", "type": "quantity", "text": "Quantity", "extension": [
                {"url": "http://hl7.org/fhir/StructureDefinition/questionnaire-unit",
                 "valueCoding": {"system": "http://unitsofmeasure.org", "code": "kg", "display": "kg"}}]},
            {"linkId": "att", "type": "attachment", "text": "Attachment"},
            {"linkId": "ref", "type": "reference", "text": "Reference"},
            {"linkId": "meds", "type": "group", "text": "Medication", "repeats": True,
             "item": [{"linkId": "name", "type": "string", "text": "Name"}]},
        ]},
    ],
}
ALL_TYPES_ANSWERS = {
    "b": True, "i": 3, "d": 2.5, "date": "2024-02-03", "dt": "2024-02-03T04:05", "t": "10:30", "s": "x",
    "txt": "several\nlines", "u": "https://example.org", "c": [{"system": "http://example.org", "code": "a", "display": "A"}],
    "o": "my own words", "q": 72.5, "att": "/tmp/scan.pdf", "ref": "Patient/42",
    "meds": [{"name": "aspirin"}, {"name": "ibuprofen"}],
}


@unittest.skipIf(SKIP_REASON is not None, SKIP_REASON or "")
class FHIRExportTests(unittest.TestCase):
    def export(self, questionnaire, answers, status="completed"):
        with tempfile.TemporaryDirectory() as tmp:
            q, a, out = Path(tmp, "q.json"), Path(tmp, "answers.json"), Path(tmp, "qr.json")
            q.write_text(json.dumps(questionnaire))
            a.write_text(json.dumps(answers))
            run = subprocess.run([str(BINARY), "fhir-export", "--questionnaire", str(q), "--answers", str(a),
                                  "--status", status, "--output", str(out)], capture_output=True, text=True)
            self.assertEqual(run.returncode, 0, run.stderr)
            qr = json.loads(out.read_text())
            self.assert_valid(qr, q)
            return qr

    def assert_valid(self, qr, questionnaire_path):
        QuestionnaireResponse.model_validate(qr)
        if VALIDATOR.is_file():
            with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
                json.dump(qr, f)
            try:
                run = subprocess.run([sys.executable, str(VALIDATOR), f.name, "--questionnaire", str(questionnaire_path)],
                                     capture_output=True, text=True)
                self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
            finally:
                os.unlink(f.name)

    def test_every_item_type_exports_a_valid_response(self):
        qr = self.export(ALL_TYPES, ALL_TYPES_ANSWERS)
        self.assertEqual(qr["questionnaire"], "http://example.org/Questionnaire/all-types|1")
        self.assertEqual(qr["status"], "completed")
        group = qr["item"][0]["item"]
        self.assertEqual([i["linkId"] for i in group].count("meds"), 2)

    def test_saved_runs_export_in_progress(self):
        self.assertEqual(self.export(ALL_TYPES, {"b": False}, status="in-progress")["status"], "in-progress")

    @unittest.skipUnless(CORPUS.is_dir(), "shared corpus not present")
    def test_phq9_answers_export_with_their_total(self):
        q = json.loads((CORPUS / "real" / "sdc-questionnaire-PHQ9.json").read_text())
        codes = ["Not-at-all", "Several-days", "More than half the days", "Nearly every day"]
        answers = {f"H1/T1/Q{k}": {"system": "http://hl7.org/fhir/uv/sdc/CodeSystem/CSPHQ9", "code": codes[k % 4]}
                   for k in range(1, 10)}
        qr = self.export(q, answers)
        total = [i for i in qr["item"][0]["item"] if i["linkId"] == "H1/TS"][0]
        self.assertEqual(total["answer"][0]["valueQuantity"]["value"], 13)  # 1+2+3+0+1+2+3+0+1


if __name__ == "__main__":
    if SKIP_REASON:
        print(f"skipping: {SKIP_REASON}", file=sys.stderr)
    unittest.main()
