"""Learn more on the real binary: a page beside the task shows its text; a video, a missing page
or a web address says what the terminal can do. Never a bare file name."""
from __future__ import annotations

import json

STEPS = [
    {"identifier": "sex", "type": "instruction", "title": "About you", "text": "We ask about your sex.",
     "actions": {"learnMore": {"type": "webView", "title": "Why are we asking about your sex?", "url": "why.html",
                               "buttonTitle": "Why are we asking this?"}}},
    {"identifier": "cat", "type": "instruction", "title": "Watch this",
     "actions": {"learnMore": {"type": "videoView", "buttonTitle": "Learn more", "url": "Silver_Cat_01_Videvo.mov"}}},
    {"identifier": "gone", "type": "instruction", "title": "Missing page",
     "actions": {"learnMore": {"type": "webView", "buttonTitle": "Learn more", "url": "Demographics_questions.html"}}},
]


def focus_button(t, label: str) -> None:
    """Tab to the button whose label the help line names ("Enter learn more")."""
    for _ in range(6):
        t.wait_quiet()
        if any(t.screen()[-1].strip().lower().startswith(f"enter {name.lower()}") for name in label.split("|")):
            return
        t.send("Tab")
    raise AssertionError(f"no button {label!r}: {t.screen()[-1]}")


def open_learn_more(t, title: str, button: str = "learn more") -> str:
    """On the step titled `title`: press its Learn more button, return the screen with the box, close
    it and go on to the next step."""
    t.wait_for(title)
    focus_button(t, button)
    t.send("Enter")
    t.wait_for("Press any key to close")
    box = "\n".join(t.screen())
    t.send("Space")
    t.wait_gone("Press any key to close")
    focus_button(t, "next|done")
    t.send("Enter")
    t.wait_gone(title)
    return box


def test_learn_more_shows_the_page_text_or_says_what_is_not_available(term, studyterm_bin, tmp_path) -> None:
    (tmp_path / "why.html").write_text("<html><body><p>Resting heart rate differs between <b>men</b> &amp; women.</p></body></html>")
    task = tmp_path / "task.json"
    task.write_text(json.dumps({"identifier": "lm", "title": "Learn more test", "steps": STEPS}))
    t = term([studyterm_bin, "run", task, "--out", tmp_path / "out.json"], cwd=str(tmp_path))
    page = open_learn_more(t, "About you", "why are we asking this?")
    assert "Why are we asking about your sex?" in page and "Resting heart rate differs between men & women." in page, page
    video = open_learn_more(t, "Watch this")
    assert "videos cannot be played in the terminal" in video and ".mov" not in video, video
    missing = open_learn_more(t, "Missing page")
    assert "not available in the terminal" in missing and ".html" not in missing, missing
    assert t.wait_exit() == 0
