"""schemathesis (property-based requests generated from Sources/StudyAPI/openapi.json) against a
running studyterm-server with a registered participant's credentials, on SQLite and PostgreSQL:
no 5xx on any generated request, and every answer matches the file (status codes, content types,
headers and bodies)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from server_process import run_staff

REPO = Path(__file__).resolve().parents[2]
CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance"


def schemathesis(spec_url: str, auth: str, token: str, report: Path, *selection: str) -> subprocess.CompletedProcess:
    executable = Path(sys.executable).with_name("schemathesis")
    return subprocess.run(
        [str(executable), "run", str(REPO / "Sources/StudyAPI/openapi.json"), "--url", spec_url, "--checks", CHECKS,
         "--auth", auth, "--header", f"StudyTerm-Registration-Token: {token}", *selection,
         "--max-examples", "25", "--seed", "17", "--workers", "1", "--request-timeout", "20",
         "--generation-database", "none", "--no-color", "--report", "junit", "--report-dir", str(report)],
        capture_output=True, text=True, timeout=900, cwd=report.parent)


def test_no_generated_request_gets_a_server_error(serve, server_bin, study_dir, database, tmp_path):
    tokens = run_staff(server_bin, "tokens", "--count", "4", "--database", database).stdout.split()
    # the rate limit has tests of its own; here registration must reach its logic
    server = serve("--study", str(study_dir), "--database", database, "--registration-burst", "100000")
    first, key1, _ = server.join(tokens[0])
    second, key2, _ = server.join(tokens[1])
    # every operation but the withdrawal with one participant; then the withdrawal with another
    runs = [schemathesis(server.url, f"{first}:{key1}", tokens[2], tmp_path / "all", "--exclude-operation-id", "deleteRegistration"),
            schemathesis(server.url, f"{second}:{key2}", tokens[3], tmp_path / "delete", "--include-operation-id", "deleteRegistration")]
    for result in runs:
        print(result.stdout[-4000:])
        assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
        assert "passed" in result.stdout and "generated" in result.stdout
    assert server.process.poll() is None, "the server died under generated requests"
    assert " 500 " not in server.log and " 503 " not in server.log
