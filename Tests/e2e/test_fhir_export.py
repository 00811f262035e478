"""QuestionnaireResponses written by `studyterm check Q --answers A --out QR` validate against the
FHIR R4 model (fhir.resources, R4B module: Questionnaire and QuestionnaireResponse are identical in
R4 and R4B) and against ../shared/tools/validate_qr.py when it is beside the checkout."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from fhir.resources.R4B.questionnaireresponse import QuestionnaireResponse

VALIDATOR = Path(__file__).resolve().parents[3] / "shared" / "tools" / "validate_qr.py"

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




def export(binary: Path, tmp: Path, questionnaire: dict | Path, answers: dict | list) -> dict:
    if isinstance(questionnaire, dict):
        q = tmp / "q.json"
        q.write_text(json.dumps(questionnaire))
    else:
        q = questionnaire
    a, out = tmp / "answers.json", tmp / "qr.json"
    a.write_text(json.dumps(answers))
    run = subprocess.run([str(binary), "check", str(q), "--answers", str(a), "--out", str(out)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    qr = json.loads(out.read_text())
    QuestionnaireResponse.model_validate(qr)
    if VALIDATOR.is_file():
        check = subprocess.run([sys.executable, str(VALIDATOR), str(out), "--questionnaire", str(q)],
                               capture_output=True, text=True, timeout=60)
        assert check.returncode == 0, check.stdout + check.stderr
    return qr


def test_every_item_type_exports_a_valid_response(studyterm_bin: Path, tmp_path: Path) -> None:
    qr = export(studyterm_bin, tmp_path, ALL_TYPES, ALL_TYPES_ANSWERS)
    assert qr["questionnaire"] == "http://example.org/Questionnaire/all-types|1"
    assert qr["status"] == "completed"
    group = qr["item"][0]["item"]
    assert [i["linkId"] for i in group].count("meds") == 2  # a repeating group gives sibling items
    by_id = {i["linkId"]: i for i in group}
    assert by_id["i"]["answer"] == [{"valueInteger": 3}]
    assert by_id["o"]["answer"] == [{"valueString": "my own words"}]
    assert by_id["q"]["answer"][0]["valueQuantity"]["system"] == "http://unitsofmeasure.org"


# A repeating group whose dose is asked only in the repetitions that answer "taking" with yes.
MEDICATION = {
    "resourceType": "Questionnaire", "id": "med", "url": "http://example.org/Questionnaire/med", "status": "active",
    "item": [{"linkId": "med", "type": "group", "text": "Medication", "repeats": True, "item": [
        {"linkId": "taking", "type": "boolean", "text": "Taking it now?"},
        {"linkId": "dose", "type": "string", "text": "Dose", "required": True,
         "enableWhen": [{"question": "taking", "operator": "=", "answerBoolean": True}]}]}],
}


def test_enable_when_inside_a_repeating_group_applies_per_repetition(studyterm_bin: Path, tmp_path: Path) -> None:
    qr = export(studyterm_bin, tmp_path, MEDICATION,
                {"med": [{"taking": True, "dose": "5 mg"}, {"taking": False, "dose": "typed before"}]})
    repetitions = [[(i["linkId"], i["answer"]) for i in r["item"]] for r in qr["item"]]
    assert repetitions == [[("taking", [{"valueBoolean": True}]), ("dose", [{"valueString": "5 mg"}])],
                           [("taking", [{"valueBoolean": False}])]]


def test_a_cancelled_run_still_writes_a_valid_response(studyterm_bin: Path, tmp_path: Path) -> None:
    qr = export(studyterm_bin, tmp_path, ALL_TYPES, [{"action": "next"}, {"step": "b", "answer": True}, {"action": "cancel"}])
    assert qr["status"] != "completed"


def test_phq9_answers_export_with_their_total(studyterm_bin: Path, corpus_dir: Path, tmp_path: Path) -> None:
    codes = ["Not-at-all", "Several-days", "More than half the days", "Nearly every day"]
    answers = {f"H1/T1/Q{k}": codes[k % 4] for k in range(1, 10)}
    qr = export(studyterm_bin, tmp_path, corpus_dir / "fhir" / "real" / "sdc-questionnaire-PHQ9.json", answers)
    total = [i for i in qr["item"][0]["item"] if i["linkId"] == "H1/TS"][0]
    assert total["answer"][0]["valueQuantity"]["value"] == 13  # 1+2+3+0+1+2+3+0+1


def test_bmi_is_calculated_from_weight_and_height(studyterm_bin: Path, corpus_dir: Path, tmp_path: Path) -> None:
    answers = {"/29463-7": 70, "/8352-7": "LA11871-3", "/8302-2": 69, "/8361-8": "LA11868-9"}  # kg, inches
    qr = export(studyterm_bin, tmp_path, corpus_dir / "fhir" / "real" / "sdc-questionnaire-weight-height-bmi.json", answers)
    bmi = [i for i in qr["item"] if i["linkId"] == "/39156-5"][0]
    assert bmi["answer"][0]["valueDecimal"] == 22.8  # 70 / (69 × 0.0254)², rounded to one place


@pytest.mark.parametrize("name", ["rkof-GAD-7.json", "sdc-questionnaire-hunger-vital-signs.json", "lforms-quantity-unitOption.json"])
def test_corpus_questionnaires_answered_by_an_answers_map_export_valid_responses(
        studyterm_bin: Path, corpus_dir: Path, tmp_path: Path, name: str) -> None:
    questionnaire = corpus_dir / "fhir" / "real" / name
    answers = _first_option_answers(json.loads(questionnaire.read_text()))
    export(studyterm_bin, tmp_path, questionnaire, answers)


def _first_option_answers(q: dict) -> dict:
    """Answers every question: the first option's code for choices, a plain value otherwise."""
    contained = {f"#{r['id']}": r for r in q.get("contained", []) if r.get("resourceType") == "ValueSet"}
    values = {"boolean": True, "integer": 1, "decimal": 1.5, "string": "x", "text": "x", "date": "2024-01-02",
              "quantity": 60, "url": "https://example.org"}
    out: dict = {}

    def walk(items: list) -> None:
        for item in items:
            kind = item.get("type")
            if kind in ("choice", "open-choice") and item.get("answerOption"):
                option = item["answerOption"][0]
                coding = option.get("valueCoding")
                out[item["linkId"]] = coding["code"] if coding else next(v for k, v in option.items() if k.startswith("value"))
            elif kind in ("choice", "open-choice") and item.get("answerValueSet") in contained:
                vs = contained[item["answerValueSet"]]
                concepts = vs.get("compose", {}).get("include", [{}])[0].get("concept") or vs.get("expansion", {}).get("contains", [])
                out[item["linkId"]] = concepts[0]["code"]
            elif kind in values and not item.get("readOnly"):
                out[item["linkId"]] = values[kind]
            walk(item.get("item", []))

    walk(q.get("item", []))
    return out


# Questionnaire and QuestionnaireResponse pairs of the corpus that come back unchanged (the others
# are validator test cases or pre-R4 output; StudyFHIRTests/CorpusRoundTripTests covers them all).
ROUND_TRIP_PAIRS = [
    ("real/sdc-questionnaire-PHQ9.json", "real/sdc-questionnaireresponse-PHQ9.json", {"H1/TS"}),
    ("real/r4spec-questionnaire-example-bluebook.json", "real/r4spec-questionnaireresponse-example-bluebook.json", set()),
    ("real/lforms-items-under-repeating-choice.json", "real/lforms-items-under-repeating-choice-response.json", set()),
    ("real/argonaut-STU3-questionnaire-DAST-10.json", "real/argonaut-STU3-questionnaireresponse-DAST-10.json", set()),
]


def _answers(items: list, dropping: set, path: str = "") -> list:
    """Every answer as (linkId path with repetition, position, value), nested answers included."""
    out, seen = [], {}
    for item in items or []:
        link = item.get("linkId")
        if link in dropping:
            continue
        seen[link] = seen.get(link, 0) + 1
        here = f"{path}/{link}[{seen[link] - 1}]"
        for k, a in enumerate(item.get("answer") or []):
            out.append((here, k, {key: v for key, v in a.items() if key != "item"}))
            out += _answers(a.get("item"), dropping, f"{here}.answer[{k}]")
        out += _answers(item.get("item"), dropping, here)
    return out


@pytest.mark.parametrize("questionnaire,response,recalculated", ROUND_TRIP_PAIRS)
def test_a_response_used_as_prefill_exports_again_unchanged_and_valid(
        studyterm_bin: Path, corpus_dir: Path, tmp_path: Path, questionnaire: str, response: str, recalculated: set) -> None:
    q, r = corpus_dir / "fhir" / questionnaire, corpus_dir / "fhir" / response
    (tmp_path / "none.json").write_text("{}")
    out = tmp_path / "qr.json"
    run = subprocess.run([str(studyterm_bin), "check", str(q), "--answers", str(tmp_path / "none.json"),
                          "--prefill", str(r), "--out", str(out)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    exported = json.loads(out.read_text())
    QuestionnaireResponse.model_validate(exported)
    if VALIDATOR.is_file():
        # The STU3 Questionnaire's rules are not R4's (a required group of display items), so the
        # validator checks that export structurally only.
        against = [] if "STU3" in questionnaire else ["--questionnaire", str(q)]
        check = subprocess.run([sys.executable, str(VALIDATOR), str(out), *against], capture_output=True, text=True, timeout=60)
        assert check.returncode == 0, check.stdout + check.stderr
    assert _answers(exported.get("item"), recalculated) == _answers(json.loads(r.read_text()).get("item"), recalculated)


def test_a_unit_chosen_in_a_script_is_exported_as_the_quantity_unit(
        studyterm_bin: Path, corpus_dir: Path, tmp_path: Path) -> None:
    questionnaire = corpus_dir / "fhir" / "real" / "lforms-quantity-unitOption.json"
    qr = export(studyterm_bin, tmp_path, questionnaire, {"q5": "160 [lb_av]", "q6": {"value": 70, "code": "kg"}, "q8": 3})
    by_id = {i["linkId"]: i for i in qr["item"]}
    assert by_id["q5"]["answer"][0]["valueQuantity"]["code"] == "[lb_av]"
    assert by_id["q5"]["answer"][0]["valueQuantity"]["value"] == 160
    assert by_id["q6"]["answer"][0]["valueQuantity"]["code"] == "kg"
    assert by_id["q8"]["answer"][0]["valueQuantity"]["code"] == "[lb_av]"  # a plain number is in the first unit


def test_a_fhir_file_with_trailing_commas_is_read_with_a_warning_but_a_sage_file_is_not(
        studyterm_bin: Path, tmp_path: Path) -> None:
    fhir = tmp_path / "q.json"
    fhir.write_text('{"resourceType": "Questionnaire", "status": "active",\n'
                    ' "item": [{"linkId": "a", "type": "string", "text": "A"},]}\n')
    run = subprocess.run([str(studyterm_bin), "check", str(fhir)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    assert (f"{fhir}: line 2, column 57: warning: not strict JSON: a trailing comma before ']'; "
            "accepted here, but FHIR servers reject such a file") in run.stderr
    sage = tmp_path / "t.json"
    sage.write_text('{"identifier": "t", "steps": [{"identifier": "a", "type": "instruction"},]}')
    run = subprocess.run([str(studyterm_bin), "check", str(sage)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and "warning" not in run.stderr, run.stdout + run.stderr


EXTRACT = "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-observationExtract"
VITALS = {
    "resourceType": "Questionnaire", "id": "vitals", "url": "http://example.org/Questionnaire/vitals", "status": "active",
    "extension": [{"url": EXTRACT, "valueBoolean": True}],
    "item": [
        {"linkId": "weight", "type": "quantity", "text": "Weight", "code": [{"system": "http://loinc.org", "code": "29463-7"}],
         "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/questionnaire-unitOption",
                        "valueCoding": {"system": "http://unitsofmeasure.org", "code": "kg", "display": "kg"}},
                       {"url": "http://hl7.org/fhir/StructureDefinition/questionnaire-unitOption",
                        "valueCoding": {"system": "http://unitsofmeasure.org", "code": "[lb_av]", "display": "lb"}}]},
        {"linkId": "smoker", "type": "choice", "text": "Smoking", "code": [{"system": "http://loinc.org", "code": "72166-2"}],
         "answerValueSet": "http://hl7.org/fhir/ValueSet/yesnodontknow"},
        {"linkId": "measured", "type": "dateTime", "text": "Measured at", "code": [{"system": "http://loinc.org", "code": "x-time"}]},
        {"linkId": "note", "type": "string", "text": "Note"},
    ],
}


def test_observation_extract_items_become_valid_observations(studyterm_bin: Path, tmp_path: Path) -> None:
    from fhir.resources.R4B.observation import Observation

    export(studyterm_bin, tmp_path, VITALS, {"weight": "160 lb", "smoker": "Y", "measured": "2024-05-01T10:00:00+02:00", "note": "n"})
    lines = (tmp_path / "qr.observations.ndjson").read_text().splitlines()
    observations = [json.loads(line) for line in lines]
    assert [o["code"]["coding"][0]["code"] for o in observations] == ["29463-7", "72166-2", "x-time"]
    for o in observations:
        Observation.model_validate(o)
    assert observations[0]["valueQuantity"]["code"] == "[lb_av]"
    assert observations[1]["valueCodeableConcept"]["coding"][0]["code"] == "Y"
    assert observations[2]["valueDateTime"] == "2024-05-01T10:00:00+02:00"


PATIENT = {"resourceType": "Patient", "id": "p1", "gender": "male", "birthDate": "1974-12-25",
           "name": [{"use": "official", "family": "Chalmers", "given": ["Peter", "James"]}]}


def test_initial_expressions_are_populated_from_the_patient_given_as_context(studyterm_bin: Path, tmp_path: Path) -> None:
    questionnaire = Path(__file__).parent / "fixtures" / "populate-questionnaire.json"
    patient = tmp_path / "patient.json"
    patient.write_text(json.dumps(PATIENT))
    (tmp_path / "none.json").write_text("{}")
    out = tmp_path / "qr.json"
    run = subprocess.run([str(studyterm_bin), "check", str(questionnaire), "--answers", str(tmp_path / "none.json"),
                          "--context", f"patient={patient}", "--out", str(out)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    qr = json.loads(out.read_text())
    QuestionnaireResponse.model_validate(qr)
    answers = {i["linkId"]: i["answer"][0] for i in qr["item"]}
    assert answers == {"name": {"valueString": "Peter"}, "birth": {"valueDate": "1974-12-25"},
                       "gender": {"valueCoding": {"system": "http://hl7.org/fhir/administrative-gender", "code": "male", "display": "Male"}}}
    without = subprocess.run([str(studyterm_bin), "check", str(questionnaire)], capture_output=True, text=True, timeout=60)
    assert "initialExpression uses %patient, which was not given (--context patient=FILE)" in without.stderr
