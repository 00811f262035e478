"""A SQLite database or PostgreSQL schema written before first-write-wins (no run owners) is upgraded on
open: each item learns its run from its metadata, and each run belongs to the participant whose
item under it arrived first, so a run that two participants had stored stays with the first."""
from __future__ import annotations

import os
import sqlite3
import subprocess
import uuid
from pathlib import Path

import pytest

from conftest import postgres_url
from server_process import run_staff

V1 = """
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO grdb_migrations VALUES ('v1');
CREATE TABLE study_version (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, study_id TEXT NOT NULL, version TEXT NOT NULL,
    consent_version TEXT NOT NULL, consent_sha256 TEXT NOT NULL, registration_info BLOB NOT NULL,
    document BLOB NOT NULL, etag TEXT NOT NULL, published_at DATETIME NOT NULL);
CREATE TABLE registration_token (
    token_sha256 TEXT PRIMARY KEY, created_at DATETIME NOT NULL, redeemed_at DATETIME, participant_id TEXT);
CREATE TABLE participant (
    id TEXT PRIMARY KEY, key_sha256 TEXT NOT NULL, registered_at DATETIME NOT NULL, study_version TEXT NOT NULL,
    consent_version TEXT NOT NULL, consent_sha256 TEXT NOT NULL, consent_agreed_at DATETIME,
    device TEXT NOT NULL, withdrawn_at DATETIME, last_contact_at DATETIME);
CREATE TABLE result_item (
    participant_id TEXT NOT NULL REFERENCES participant(id), item_id TEXT NOT NULL, kind TEXT NOT NULL,
    payload TEXT NOT NULL, metadata TEXT NOT NULL, received_at DATETIME NOT NULL, updated_at DATETIME NOT NULL,
    PRIMARY KEY (participant_id, item_id)) WITHOUT ROWID;
CREATE TABLE message (
    id TEXT PRIMARY KEY, participant_id TEXT NOT NULL REFERENCES participant(id), text TEXT NOT NULL,
    sent_at DATETIME NOT NULL, acknowledged_at DATETIME);
CREATE INDEX message_inbox ON message(participant_id, sent_at) WHERE acknowledged_at IS NULL;
"""
SHARED = "0F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9"
OWN = "11111111-2222-4333-8444-555555555555"


def test_a_v1_database_gets_run_owners_and_the_first_participant_keeps_a_shared_run(server_bin, tmp_path):
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as db:
        db.executescript(V1)
        for pid in ("P-AAAAAAAA", "P-BBBBBBBB"):
            db.execute("INSERT INTO participant VALUES (?, 'k', '2026-03-01 10:00:00.000', '1', 'c1', ?, NULL, 'd', NULL, NULL)",
                       (pid, "c" * 64))
        rows = [("P-BBBBBBBB", "a0000000-0000-4000-8000-000000000001", SHARED, "2026-03-02 10:00:00.000"),
                ("P-AAAAAAAA", "a0000000-0000-4000-8000-000000000002", SHARED, "2026-03-01 12:00:00.000"),
                ("P-BBBBBBBB", "a0000000-0000-4000-8000-000000000003", OWN, "2026-03-03 10:00:00.000")]
        for pid, item, run, at in rows:
            db.execute("INSERT INTO result_item VALUES (?, ?, 'observation', '{}', ?, ?, ?)",
                       (pid, item, f'{{"taskRunUUID":"{run}","taskId":"t"}}', at, at))
    os.chmod(path, 0o600)
    status = run_staff(server_bin, "status", "--database", str(path))
    assert "Participants: 2" in status.stdout
    with sqlite3.connect(path) as db:
        owners = dict(db.execute("SELECT run_uuid, participant_id FROM task_run").fetchall())
        runs = db.execute("SELECT item_id, run_uuid FROM result_item ORDER BY item_id").fetchall()
        migrations = [m for (m,) in db.execute("SELECT identifier FROM grdb_migrations ORDER BY identifier")]
    assert owners == {SHARED.lower(): "P-AAAAAAAA", OWN.lower(): "P-BBBBBBBB"}
    assert [r for _, r in runs] == [SHARED.lower(), SHARED.lower(), OWN.lower()]
    assert migrations == ["v1", "v2-run-owners"]


PG_V1 = """
CREATE SCHEMA {schema};
SET search_path = {schema};
CREATE TABLE participant (
    id TEXT PRIMARY KEY, key_sha256 TEXT NOT NULL, registered_at TIMESTAMPTZ NOT NULL, study_version TEXT NOT NULL,
    consent_version TEXT NOT NULL, consent_sha256 TEXT NOT NULL, consent_agreed_at TIMESTAMPTZ,
    device TEXT NOT NULL, withdrawn_at TIMESTAMPTZ, last_contact_at TIMESTAMPTZ);
CREATE TABLE result_item (
    participant_id TEXT NOT NULL REFERENCES participant(id), item_id UUID NOT NULL, kind TEXT NOT NULL,
    payload TEXT NOT NULL, metadata TEXT NOT NULL, received_at TIMESTAMPTZ NOT NULL, updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (participant_id, item_id));
INSERT INTO participant VALUES ('P-AAAAAAAA', 'k', '2026-03-01 10:00Z', '1', 'c1', 'c', NULL, 'd', NULL, NULL),
                               ('P-BBBBBBBB', 'k', '2026-03-01 10:00Z', '1', 'c1', 'c', NULL, 'd', NULL, NULL);
INSERT INTO result_item VALUES
    ('P-BBBBBBBB', 'a0000000-0000-4000-8000-000000000001', 'observation', '{{}}', '{{"taskRunUUID":"{shared}"}}', '2026-03-02 10:00Z', '2026-03-02 10:00Z'),
    ('P-AAAAAAAA', 'a0000000-0000-4000-8000-000000000002', 'observation', '{{}}', '{{"taskRunUUID":"{shared}"}}', '2026-03-01 12:00Z', '2026-03-01 12:00Z'),
    ('P-BBBBBBBB', 'a0000000-0000-4000-8000-000000000003', 'observation', '{{}}', '{{"taskRunUUID":"{own}"}}', '2026-03-03 10:00Z', '2026-03-03 10:00Z');
"""


def test_a_postgres_schema_from_before_gets_run_owners_once(server_bin):
    url = postgres_url()
    psql = sorted(Path("/usr/lib/postgresql").glob("*/bin/psql"))
    if not url or not psql:
        pytest.skip("no PostgreSQL: set STUDYTERM_TEST_POSTGRES_URL (Tests/run-all starts a cluster and does)")
    schema = "py_" + uuid.uuid4().hex

    def sql(text: str) -> str:
        return subprocess.run([str(psql[-1]), url.split("?")[0], "-v", "ON_ERROR_STOP=1", "-tAc", text], capture_output=True,
                              text=True, check=True).stdout.strip()
    sql(PG_V1.format(schema=schema, shared=SHARED, own=OWN))
    database = url + ("&" if "?" in url else "?") + f"schema={schema}"
    for _ in range(2):  # the second start finds the column and leaves the owners alone
        assert "Participants: 2" in run_staff(server_bin, "status", "--database", database).stdout
    owners = sql(f"SELECT run_uuid || '=' || participant_id FROM {schema}.task_run ORDER BY run_uuid").split()
    assert sorted(owners) == sorted([f"{SHARED.lower()}=P-AAAAAAAA", f"{OWN.lower()}=P-BBBBBBBB"])
    assert sql(f"SELECT COUNT(*) FROM {schema}.result_item WHERE run_uuid IS NULL") == "0"
