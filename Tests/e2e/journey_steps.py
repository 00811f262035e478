"""Steps and reads shared by the journey's end-to-end tests: joining, leaving, the database."""
from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "Resources" / "demo-study"


def rows(data: Path, sql: str) -> list[tuple]:
    """Rows of a query on the journey's database (read-only)."""
    db = data / "studyterm.sqlite"
    if not db.exists():
        return []
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            return conn.execute(sql).fetchall()
    except sqlite3.OperationalError as error:
        # A kill -9 mid-commit leaves a hot rollback journal that only a writer may roll back: do
        # what StudyTerm does at its next start, then read.
        if "readonly" not in str(error):
            raise
        with sqlite3.connect(db) as conn:
            return conn.execute(sql).fetchall()


def consent_text_shown(study: Path) -> str:
    """What the consent screen shows and hashes: the consent source, then each notice, blank-line separated."""
    definition = json.loads((study / "study.json").read_text(encoding="utf-8"))
    with open(study / definition["consent"]["file"], encoding="utf-8", newline="") as f:
        consent = f.read()
    return "\n\n".join([consent] + [n["text"] for n in definition["notices"]])


def unwrapped(t) -> str:
    """The screen as one line: rows padded to the width and joined, as the terminal wrapped a long message."""
    return " ".join("".join(line.ljust(t.cols) for line in t.screen()).split())


def join_demo(t) -> None:
    """From the welcome screen: D, tick both notices, agree; wait for the dashboard."""
    t.wait_for("Welcome to StudyTerm")
    t.send("d")
    t.wait_for("[ I agree ]")
    t.send("Space", "Tab", "Space", "Tab", "Enter")
    t.wait_for("Your tasks")
    t.wait_for("Results stored")


def join_by_address(t, study: Path) -> None:
    """From the welcome screen: type the study folder and a token, tick both notices, agree; wait
    for the dashboard."""
    t.wait_for("Welcome to StudyTerm")
    t.send("Enter")
    t.type(str(study))
    t.send("Enter")
    t.type("abcd-2345")
    t.send("Enter")
    t.wait_for("[ I agree ]")
    t.send("Space", "Tab", "Space", "Tab", "Enter")
    t.wait_for("Your tasks")
    t.wait_for("Results stored")


def leave_demo(t) -> None:
    """From the dashboard: settings, leave, confirm; read the farewell with the study's closing
    text, go on; wait for the welcome screen."""
    t.send("s")
    t.wait_for("Study details")
    t.send("Down*4", "Enter")
    t.wait_for("Leave StudyTerm demo study?")
    t.send("Down", "Enter")
    t.wait_for("You left StudyTerm demo study.")
    t.wait_for("Thank you for trying the StudyTerm demo study.")
    t.send("Enter")
    t.wait_for("Welcome to StudyTerm")


def copy_study(tmp_path: Path) -> Path:
    """A writable copy of the demo study folder (its task files are inside it)."""
    root = tmp_path / "resources"
    shutil.copytree(DEMO, root / "demo-study")
    return root / "demo-study"
