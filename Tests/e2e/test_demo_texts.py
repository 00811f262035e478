"""The demo study is where authors start (the README says to copy it), and a copy may be served by
a study server: its participant texts must stay true there (issue 26, point 11). They said "this
demo sends them nowhere", a false consent once the copy is served."""
from __future__ import annotations

import json
from pathlib import Path

DEMO = Path(__file__).resolve().parents[2] / "Resources" / "demo-study"
LOCAL_ONLY = ["nowhere", "no server", "nothing is sent", "never sent", "not sent", "stay on this computer"]


def texts() -> list[str]:
    study = json.loads((DEMO / "study.json").read_text())
    notices = [n["text"] if isinstance(n, dict) else n for n in study.get("notices", [])]
    return notices + [study["purpose"], study.get("finishText", ""), (DEMO / study["consent"]["file"]).read_text()]


def test_the_demo_consent_makes_no_claim_that_a_served_copy_breaks() -> None:
    for text in texts():
        flat = " ".join(text.lower().split())
        claims = [c for c in LOCAL_ONLY if c in flat]
        assert not claims, (claims, text)


def test_the_demo_consent_says_where_answers_go_in_both_cases() -> None:
    consent = " ".join((DEMO / "consent.md").read_text().split())
    assert "sent to that server" in consent and "nothing leaves this computer" in consent, consent
