"""POST /results, first write wins, over real HTTP on both engines: a replay with the same content
is acknowledged and changes nothing; other content under a stored item id is a 409 naming the item
(nothing of that batch is stored); a run UUID belongs to the participant who stored under it first,
and another participant's items under it are a 409 naming the field; a task result's own
taskRunUUID must be its metadata's (400)."""
from __future__ import annotations

import copy
import json
import uuid

from server_process import run_staff


def task_item(run: str | None = None, value: int = 4) -> dict:
    run = run or str(uuid.uuid4()).upper()
    start, end = "2026-03-27T10:15:00.000+01:00", "2026-03-27T10:15:42.000+01:00"
    return {"id": str(uuid.uuid4()), "kind": "taskResult",
            "payload": {"type": "task", "identifier": "checkin", "taskRunUUID": run, "startDate": start, "endDate": end,
                        "finishReason": "completed", "path": [{"identifier": "mood", "direction": "forward"}],
                        "stepHistory": [{"type": "answer", "identifier": "mood", "startDate": start, "endDate": end,
                                         "answerType": {"type": "integer"}, "value": value}]},
            "metadata": {"studyId": "studyterm-demo", "taskId": "checkin", "taskRunUUID": run,
                         "startDate": start, "endDate": end, "finishReason": "completed"}}


def observation(run: str) -> dict:
    return {"id": str(uuid.uuid4()), "kind": "observation", "payload": {"resourceType": "Observation", "status": "final"},
            "metadata": {"taskId": "checkin", "taskRunUUID": run}}


def start_with_participants(serve, server_bin, study_dir, database, participants: int = 2):
    tokens = run_staff(server_bin, "tokens", "--count", str(participants), "--database", database).stdout.split()
    server = serve("--study", str(study_dir), "--database", database)
    joined = [server.join(t) for t in tokens]
    return server, [auth for _, _, auth in joined], [pid for pid, _, _ in joined]


def exported(server_bin, database, tmp_path) -> list[dict]:
    out = tmp_path / f"export-{uuid.uuid4().hex}"
    run_staff(server_bin, "export", "--format", "json", "--out", str(out), "--database", database)
    return json.loads((out / "results.json").read_text())


def test_a_replay_is_acknowledged_and_other_content_under_a_stored_id_is_409(serve, server_bin, study_dir, database, tmp_path):
    server, (auth, _), _ = start_with_participants(serve, server_bin, study_dir, database)
    first, second = task_item(value=4), task_item(value=5)
    assert server.request("POST", "/results", {"items": [first, second]}, {"Authorization": auth}).status == 200
    replay = server.request("POST", "/results", {"items": [second, first]}, {"Authorization": auth})
    assert replay.status == 200 and [i.lower() for i in replay.json()["stored"]] == [second["id"], first["id"]]

    rewrite = copy.deepcopy(first)
    rewrite["payload"]["stepHistory"][0]["value"] = 1
    new = task_item()
    refused = server.request("POST", "/results", {"items": [new, rewrite]}, {"Authorization": auth})
    assert refused.status == 409, refused.body
    assert refused.json()["error"] == "conflict" and refused.json()["field"] == "items[1].id"
    assert "never rewritten" in refused.json()["message"]
    values = sorted(e["taskResult"]["stepHistory"][0]["value"] for e in exported(server_bin, database, tmp_path))
    assert values == [4, 5], "the first answer stays, and nothing of the refused batch was stored"

    twice = task_item()
    changed = copy.deepcopy(twice)
    changed["metadata"]["finishReason"] = "discarded"
    in_one_batch = server.request("POST", "/results", {"items": [twice, changed]}, {"Authorization": auth})
    assert in_one_batch.status == 409 and in_one_batch.json()["field"] == "items[1].id"
    assert server.request("POST", "/results", {"items": [twice, twice]}, {"Authorization": auth}).status == 200


def test_a_run_uuid_belongs_to_the_participant_who_stored_under_it_first(serve, server_bin, study_dir, database, tmp_path):
    server, (a_auth, b_auth), (a_id, b_id) = start_with_participants(serve, server_bin, study_dir, database)
    a_item = task_item()
    run = a_item["metadata"]["taskRunUUID"]
    assert server.request("POST", "/results", {"items": [a_item, observation(run)]}, {"Authorization": a_auth}).status == 200

    b_own = task_item()
    for theft in (task_item(run=run), task_item(run=run.lower()), observation(run)):
        refused = server.request("POST", "/results", {"items": [b_own, theft]}, {"Authorization": b_auth})
        assert refused.status == 409, refused.body
        assert refused.json()["field"] == "items[1].metadata.taskRunUUID" and "another participant" in refused.json()["message"]
    assert server.request("POST", "/results", {"items": [b_own]}, {"Authorization": b_auth}).status == 200
    assert server.request("POST", "/results", {"items": [observation(run)]}, {"Authorization": a_auth}).status == 200

    runs = sorted((e["metadata"]["taskRunUUID"].lower(), e["metadata"]["participantId"]) for e in exported(server_bin, database, tmp_path))
    assert runs == sorted([(run.lower(), a_id), (b_own["metadata"]["taskRunUUID"].lower(), b_id)])


def test_a_task_result_must_carry_its_metadatas_run(serve, server_bin, study_dir, database):
    server, (auth, _), _ = start_with_participants(serve, server_bin, study_dir, database)
    item = task_item()
    item["payload"]["taskRunUUID"] = str(uuid.uuid4())
    refused = server.request("POST", "/results", {"items": [item]}, {"Authorization": auth})
    assert refused.status == 400 and refused.json()["field"] == "items[0].payload.taskRunUUID"
