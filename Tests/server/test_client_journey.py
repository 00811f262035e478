"""The participant's app against a real study server on loopback, on a real pseudo-terminal, once
with SQLite and once with PostgreSQL: two participants sign up by URL and token, agree, complete
a task and see it sent; the server's export holds exactly their answers, as the apps' exports do;
a new study version reaches a participant by reload; a message reaches the inbox; leaving records
the withdrawal on the server."""
from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

E2E = Path(__file__).resolve().parents[1] / "e2e"
sys.path.insert(0, str(E2E))

from harness import Term  # noqa: E402
from journey_steps import rows  # noqa: E402
from test_journey_tasks import finish_checkin  # noqa: E402


def run(*argv: object, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run([str(a) for a in argv], capture_output=True, text=True, timeout=120)
    if check:
        assert done.returncode == 0, f"{argv}: {done.returncode} {done.stderr}"
    return done


def ask_to_join(t: Term, url: str, token: str) -> None:
    """From the welcome screen: the server's address and a token, sent."""
    t.wait_for("Welcome to StudyTerm")
    t.send("Enter")
    t.type(url)
    t.send("Enter")
    t.type(token.lower())
    t.send("Enter")


def join_by_url(t: Term, url: str, token: str) -> None:
    """From the welcome screen: the server's address and a token, both notices, agree."""
    ask_to_join(t, url, token)
    t.wait_for("[ I agree ]", timeout=20)
    t.send("Space", "Tab", "Space", "Tab", "Enter")
    t.wait_for("Your tasks", timeout=20)


def answers(csv_text: str) -> set[tuple[str, str, str, str]]:
    """(participant, run, step, value) of every answer row."""
    table = list(csv.DictReader(io.StringIO(csv_text, newline="")))
    return {(r["participant"], r["run"], r["step"], r["value"]) for r in table}


def publish_version_two(study: Path) -> None:
    """Version 2 of the study adds a task."""
    definition = json.loads((study / "study.json").read_text(encoding="utf-8"))
    definition["version"] = "2"
    definition["tasks"].append({"identifier": "evening", "title": "Evening reflection", "summary": "A second check-in.",
                                "source": "tasks/branching-survey.json", "schedule": {"type": "daily", "time": "00:00", "hours": 24}})
    (study / "study.json").write_text(json.dumps(definition, indent=2), encoding="utf-8")


def test_two_participants_sign_up_send_reload_read_messages_and_leave(serve, server_bin, studyterm_bin, study_dir, database, tmp_path):
    db = ["--database", database]
    tokens = run(server_bin, "tokens", "--count", "2", *db).stdout.split()
    server = serve("--study", str(study_dir), *db)
    url = f"http://127.0.0.1:{server.port}"
    terms: list[Term] = []
    try:
        datas = []
        for n, token in enumerate(tokens):
            data = tmp_path / f"app-{n}"
            t = Term([str(studyterm_bin), "--data-dir", str(data)])
            terms.append(t)
            datas.append(data)
            join_by_url(t, url, token)
            t.wait_for("not yet sent: 0")
            t.send("Enter")                                    # the daily check-in
            finish_checkin(t)
            t.wait_for("Results stored: 1 (1 completed) · not yet sent: 0", timeout=20)   # sent in the background
        ids = [rows(d, "SELECT participantID FROM enrollment")[0][0] for d in datas]
        assert len(set(ids)) == 2
        status = run(server_bin, "status", *db).stdout
        assert "Tokens: 0 open, 2 used. Participants: 2 (0 withdrawn)." in status, status

        # The server's export holds exactly the participants' answers, as each app exports them.
        out = tmp_path / "server-export"
        run(server_bin, "export", "--format", "csv", "--out", out, *db)
        on_server = answers((out / "answers.csv").read_text(encoding="utf-8"))
        in_apps: set = set()
        for n, data in enumerate(datas):
            app_out = tmp_path / f"app-export-{n}"
            run(studyterm_bin, "export", "--format", "csv", "--data-dir", data, "--out", app_out)
            in_apps |= answers((app_out / "answers.csv").read_text(encoding="utf-8"))
        assert on_server == in_apps and len({r[1] for r in on_server}) == 2, (on_server ^ in_apps)

        a = terms[0]
        # A new version on the server: a reload shows the new task.
        publish_version_two(study_dir)
        run(server_bin, "publish", "--study", study_dir, *db)
        a.send("s")
        a.wait_for("Study details")
        a.send("Down", "Enter")
        a.wait_for("Updated from version 1 to 2", timeout=20)
        a.send("Esc")
        a.wait_for("Your tasks")
        assert a.find("Evening reflection"), a.dump()
        assert rows(datas[0], "SELECT studyVersion FROM enrollment") == [("2",)]

        # A message from the team reaches the inbox ("send now" also fetches messages).
        assert run(server_bin, "message", "--to", ids[0], "Please", "do", "the", "evening", "task.", *db).stdout.strip() == "Sent to 1 participant."
        a.send("s")
        a.wait_for("Study details")
        a.send("Down*3", "Enter")
        a.wait_for("Everything is sent.", timeout=20)
        a.send("Esc")
        a.wait_for("Your tasks")
        a.send("m")
        a.wait_for("Please do the evening task.")
        a.send("Esc")
        a.wait_for("Your tasks")

        # Leaving records the withdrawal on the server, and the app says it was told.
        a.send("s")
        a.wait_for("Study details")
        a.send("Down*4", "Enter")
        a.wait_for("Leave StudyTerm demo study?")
        a.send("Down", "Enter")
        a.wait_for("You left StudyTerm demo study.", timeout=20)
        assert "next reaches the server" not in a.text(), a.dump()
        assert "Participants: 2 (1 withdrawn)." in run(server_bin, "status", *db).stdout
        assert rows(datas[0], "SELECT COUNT(*) FROM outbox WHERE acceptedAt IS NULL") == [(0,)]
        for t in terms:
            t.send("C-c")
    finally:
        for t in terms:
            t.close()
