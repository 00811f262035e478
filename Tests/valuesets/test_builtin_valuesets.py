"""The built-in FHIR R4 value set expansions are generated reproducibly from the specification's
definitions in Resources/fhir-r4-definitions: running the generator again gives the committed file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFINITIONS = ROOT / "Resources" / "fhir-r4-definitions"


def test_the_generated_swift_file_is_what_the_script_writes(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, str(DEFINITIONS / "generate.py"), "--check"], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    out = tmp_path / "again.swift"
    subprocess.run([sys.executable, str(DEFINITIONS / "generate.py"), "--out", str(out)], check=True, capture_output=True)
    again = subprocess.run([sys.executable, str(DEFINITIONS / "generate.py"), "--out", str(tmp_path / "twice.swift")],
                           check=True, capture_output=True)
    assert again.returncode == 0
    assert out.read_text() == (tmp_path / "twice.swift").read_text()


def test_every_definition_is_a_specification_resource_named_in_the_manifest() -> None:
    manifest = (DEFINITIONS / "MANIFEST.txt").read_text()
    for path in DEFINITIONS.glob("*.json"):
        resource = json.loads(path.read_text())
        assert path.name in manifest, f"{path.name} is not in MANIFEST.txt"
        assert resource["resourceType"] in ("ValueSet", "CodeSystem")
        assert resource["url"].startswith(("http://hl7.org/fhir/", "http://terminology.hl7.org/"))
        assert path.name == f"{resource['resourceType']}-{resource['id']}.json"
