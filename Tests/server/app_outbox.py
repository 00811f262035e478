"""The participant app's outbox, seen from outside: items put in as the app stores them (a real
task result, each with a run and an item id of its own) and counted. Shared by the sync fault test
and the client drain benchmark."""
from __future__ import annotations

import json
import sqlite3
import uuid
from pathlib import Path


def seed_outbox(data: Path, participant: str, result: dict, count: int, study: str = "studyterm-demo") -> list[str]:
    """Adds `count` finished check-ins to the outbox of the app's database in `data`; returns
    their item ids (upper case, as the app writes UUIDs)."""
    ids = []
    with sqlite3.connect(data / "studyterm.sqlite") as db:
        for n in range(count):
            item, run = str(uuid.uuid4()).upper(), str(uuid.uuid4()).upper()
            metadata = {"studyId": study, "studyVersion": "1", "participantId": participant, "taskId": "checkin",
                        "taskRunUUID": run, "startDate": result["startDate"], "endDate": result["endDate"],
                        "finishReason": "completed", "appVersion": "test"}
            created = f"2026-01-01 {n // 3600 % 24:02d}:{n // 60 % 60:02d}:{n % 60:02d}.{n // 86400:03d}"
            # Each item names its participant's enrollment, as the app stores it (sending reads that column).
            db.execute("INSERT INTO outbox (id, runID, kind, payload, metadata, createdAt, attempts, enrollmentID) "
                       "VALUES (?, NULL, 'taskResult', ?, ?, ?, 0, "
                       "(SELECT id FROM enrollment WHERE participantID = ? ORDER BY id DESC LIMIT 1))",
                       (item, json.dumps(dict(result, taskRunUUID=run)), json.dumps(metadata), created, participant))
            ids.append(item)
    return ids


def pending(data: Path) -> int:
    """Items no server has acknowledged (read as the app's next start would: a hot journal left by a
    kill -9 is rolled back first)."""
    with sqlite3.connect(data / "studyterm.sqlite") as db:
        return db.execute("SELECT COUNT(*) FROM outbox WHERE acceptedAt IS NULL").fetchone()[0]
