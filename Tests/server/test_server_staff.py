"""studyterm-server on a real loopback port, with its staff commands, against SQLite and PostgreSQL:
one command to serve a study folder, tokens in the app's format, registration, results from the real
app's headless run, status, messages, export through the app's exporters, withdrawal."""
from __future__ import annotations

import csv
import io
import json
import os
import re
import stat
import subprocess
import uuid
from pathlib import Path

import pytest

from conftest import postgres_url
from server_process import run_staff

REPO = Path(__file__).resolve().parents[2]
TOKEN = re.compile(r"^[ABCDEFGHKLMPRSTUVWXYZ23456789]{5}-[ABCDEFGHKLMPRSTUVWXYZ23456789]{5}$")


def real_result(studyterm_bin: Path) -> dict:
    """A task result made by the app itself: the branching survey run headlessly with scripted answers."""
    out = subprocess.run([str(studyterm_bin), "check", str(REPO / "Resources/demo-study/tasks/branching-survey.json"),
                          "--answers", str(REPO / "Resources/demo-study/tasks/branching-survey.answers.json"), "--format", "json"],
                         capture_output=True, text=True, timeout=60, check=True)
    return json.loads(out.stdout)["result"]


def item_for(result: dict, task: str = "checkin") -> dict:
    return {"id": str(uuid.uuid4()), "kind": "taskResult", "payload": result,
            "metadata": {"studyId": "studyterm-demo", "taskId": task, "taskRunUUID": result["taskRunUUID"],
                         "startDate": result["startDate"], "endDate": result["endDate"], "finishReason": "completed"}}


def test_one_command_serves_a_study_folder_with_the_embedded_database(serve, study_dir: Path):
    server = serve("--study", str(study_dir))
    assert server.request("GET", "/health").json() == {"status": "ok"}
    database = study_dir / "studyterm-server.sqlite"
    assert database.is_file() and stat.S_IMODE(database.stat().st_mode) == 0o600


def test_staff_commands_run_a_study_end_to_end(serve, server_bin, studyterm_bin, study_dir, database, tmp_path):
    db = ["--database", database]
    tokens = run_staff(server_bin, "tokens", "--count", "3", *db).stdout.split()
    assert len(tokens) == 3 and all(TOKEN.match(t) for t in tokens) and len(set(tokens)) == 3

    server = serve("--study", str(study_dir), *db)
    a_id, _, a_auth = server.join(tokens[0].lower(), device="station A")  # the app upper-cases; the server normalises too
    b_id, _, b_auth = server.join(tokens[1].replace("-", " "), device="station B")
    result = real_result(studyterm_bin)
    b_result = dict(result, taskRunUUID=str(uuid.uuid4()).upper())  # a run belongs to one participant
    a_item, b_item = item_for(result), item_for(b_result)
    for auth, item in ((a_auth, a_item), (b_auth, b_item)):
        reply = server.request("POST", "/results", {"items": [item]}, {"Authorization": auth})
        assert reply.status == 200 and [i.lower() for i in reply.json()["stored"]] == [item["id"]]  # UUIDs: any case
    assert server.request("POST", "/results", {"items": [a_item]}, {"Authorization": a_auth}).status == 200  # a replay

    status = run_staff(server_bin, "status", *db).stdout
    assert "Tokens: 1 open, 2 used. Participants: 2 (0 withdrawn)." in status
    assert re.search(rf"{a_id}\s+\S+ \S+\s+1\s+1\s+1\s+\S+ \S+\s+-", status), status  # consent 1, 1 result, 1 item

    assert run_staff(server_bin, "message", "--to", a_id, "Please", "do", "today's", "task.", *db).stdout.strip() == "Sent to 1 participant."
    assert run_staff(server_bin, "message", "--all", "Week two starts.", *db).stdout.strip() == "Sent to 2 participants."
    inbox_a = server.request("GET", "/messages", headers={"Authorization": a_auth}).json()["messages"]
    inbox_b = server.request("GET", "/messages", headers={"Authorization": b_auth}).json()["messages"]
    assert [m["text"] for m in inbox_a] == ["Please do today's task.", "Week two starts."]
    assert [m["text"] for m in inbox_b] == ["Week two starts."]
    missing = run_staff(server_bin, "message", "--to", "P-AAAAAAAA", "hello", *db, check=False)
    assert missing.returncode == 2 and "no participant P-AAAAAAAA" in missing.stderr

    out = tmp_path / "export"
    summary = run_staff(server_bin, "export", "--out", str(out), *db).stdout
    assert summary.strip() == f"Exported 2 results to {out} (results.json, answers.csv, fhir.ndjson)."
    assert stat.S_IMODE(out.stat().st_mode) == 0o700 and stat.S_IMODE((out / "answers.csv").stat().st_mode) == 0o600
    exported = json.loads((out / "results.json").read_text())
    assert [e["metadata"]["participantId"] for e in exported] == sorted([a_id, b_id])
    assert [e["taskResult"] for e in exported] == [result, b_result][::1 if a_id < b_id else -1]
    rows = list(csv.reader(io.StringIO((out / "answers.csv").read_text(), newline="")))
    assert rows[0] == "study,participant,task,run,step,value,step_start,step_end,run_start,run_end".split(",")
    answers = {(r[1], r[4]): r[5] for r in rows[1:]}
    assert answers[(a_id, "cigarettes")] == "4" and answers[(b_id, "wrapup")] == "Slept badly because of the neighbours."
    assert len(rows) - 1 == 2 * len([r for r in rows[1:] if r[1] == a_id])

    assert server.request("DELETE", "/registration", headers={"Authorization": b_auth}).status == 204
    assert "Participants: 2 (1 withdrawn)." in run_staff(server_bin, "status", *db).stdout
    assert run_staff(server_bin, "message", "--all", "Bye.", *db).stdout.strip() == "Sent to 1 participant."


def test_two_stateless_processes_share_one_postgres_database(serve, server_bin, study_dir):
    url = postgres_url()
    if not url:
        pytest.skip("no PostgreSQL: set STUDYTERM_TEST_POSTGRES_URL (Tests/run-all starts a cluster and does)")
    database = url + ("&" if "?" in url else "?") + "schema=py_" + uuid.uuid4().hex
    token = run_staff(server_bin, "tokens", "--count", "1", "--database", database).stdout.strip()
    first = serve("--study", str(study_dir), "--database", database)
    second = serve("--database", database)  # no folder: serves what the database holds
    pid, _, auth = first.join(token)
    item = {"id": str(uuid.uuid4()), "kind": "observation", "payload": {"resourceType": "Observation"},
            "metadata": {"taskId": "breathing", "taskRunUUID": str(uuid.uuid4())}}
    stored = second.request("POST", "/results", {"items": [item]}, {"Authorization": auth}).json()["stored"]
    assert [i.lower() for i in stored] == [item["id"]]
    assert first.request("GET", "/study", headers={"Authorization": auth}).headers["etag"] == \
        second.request("GET", "/study", headers={"Authorization": auth}).headers["etag"]
    assert second.request("GET", "/registration", headers={"StudyTerm-Registration-Token": token}).status == 404


def test_the_server_log_holds_no_token_answer_or_name(serve, server_bin, studyterm_bin, study_dir, database):
    token = run_staff(server_bin, "tokens", "--count", "1", "--database", database).stdout.strip()
    server = serve("--study", str(study_dir), "--database", database)
    pid, key, auth = server.join(token, device="Jane Doe's laptop CANARYDEVICE")
    result = real_result(studyterm_bin)
    server.request("POST", "/results", {"items": [item_for(result)]}, {"Authorization": auth})
    server.request("POST", "/results", {"items": [{"id": "CANARYID"}]}, {"Authorization": auth})
    server.request("GET", "/registration", headers={"StudyTerm-Registration-Token": "CANARY-TOKEN"})
    server.stop()
    log = server.log
    assert "POST /results 200" in log
    for secret in (token, token.replace("-", ""), key, pid, "CANARY", "Jane", "neighbours"):
        assert secret not in log, f"the log holds {secret!r}"


def test_staff_commands_refuse_wrong_input_with_documented_exit_codes(server_bin, tmp_path, study_dir):
    assert run_staff(server_bin, "tokens", check=False).returncode == 64
    assert run_staff(server_bin, "tokens", "--count", "0", "--study", str(study_dir), check=False).returncode == 64
    assert run_staff(server_bin, "status", "--frobnicate", "1", "--study", str(study_dir), check=False).returncode == 64
    assert run_staff(server_bin, "status", "--database", "mysql://x/y", check=False).returncode == 64
    unreachable = run_staff(server_bin, "status", "--database", "postgres://nobody@127.0.0.1:1/x?sslmode=disable", check=False)
    assert unreachable.returncode == 5 and "cannot open PostgreSQL" in unreachable.stderr
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "study.json").write_text('{"identifier": "x"}')
    bad = run_staff(server_bin, "publish", "--study", str(broken), check=False)
    assert bad.returncode == 1 and "study.json" in bad.stderr
    assert run_staff(server_bin, "help").returncode == 0
