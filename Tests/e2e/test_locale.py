"""A terminal whose locale is not UTF-8 (LANG=C) gets ASCII only: every byte StudyTerm writes, on
every journey screen and task step kind, in line mode and in messages, is below 0x80. Text that
has no ASCII form is shown as its nearest ASCII (é as e), or ?."""
from __future__ import annotations

import json

from harness import run_piped
from journey_steps import DEMO

C_LOCALE = {"LANG": "C", "LC_ALL": "C", "LC_CTYPE": None}
TASKS = DEMO / "tasks"


def non_ascii(data: bytes) -> list[str]:
    """The bytes of 0x80 and above, each with a little context."""
    return [repr(data[max(0, i - 12):i + 4]) for i, b in enumerate(data) if b >= 0x80][:5]


def optional_every_input(tmp_path):
    """every-input.json with every question optional, so a walk through it never blocks."""
    task = json.loads((TASKS / "every-input.json").read_text())
    for step in task["steps"]:
        step["optional"] = True
        for item in step.get("inputItems", []) + [step.get("inputItem", {})]:
            item.pop("regExValidator", None)                # typed é is a fine nickname here
    task["steps"][1]["title"] = "About you – café ★ 日本 ├─●█"      # text only a UTF-8 terminal shows
    path = tmp_path / "every-input.json"
    path.write_text(json.dumps(task, ensure_ascii=False))
    return path


def test_the_journey_writes_only_ascii_in_the_c_locale(term, studyterm_bin, tmp_path) -> None:
    t = term([studyterm_bin, "--data-dir", tmp_path / "data"], env=C_LOCALE)
    t.wait_for("Join a study")
    t.send("d")
    t.wait_for("[ I agree ]")
    t.send("Space", "Tab", "Space", "Tab", "Enter")
    t.wait_for("Your tasks")
    t.wait_for("Results stored")
    assert t.find("> Daily check-in"), t.dump()          # the pointer in ASCII
    t.send("m")
    t.wait_for("Thank you for joining.")
    t.send("Esc")
    t.wait_for("Your tasks")
    t.send("s")
    t.wait_for("Study details")
    t.send("PgDn")
    t.wait_quiet()
    t.send("Down*4", "Enter")
    t.wait_for("Export my data first, then leave")
    t.send("Esc")
    t.wait_quiet()
    t.send("Esc")
    t.wait_for("Your tasks")
    t.resize(30, 8)                                      # the too-small message (40x12)
    t.wait_for("Make the terminal at least")
    t.resize(80, 24)
    t.wait_for("Your tasks")
    t.send("Down*3", "Enter")                            # Paced breathing: countdown digits
    t.wait_quiet(300)
    t.send("C-c")
    t.wait_quiet()
    t.send("Down", "Enter")
    t.wait_quiet(300)
    t.send("q")
    t.wait_exit()
    assert non_ascii(t.raw_bytes) == []


def test_every_step_kind_writes_only_ascii_in_the_c_locale(term, studyterm_bin, tmp_path) -> None:
    task = optional_every_input(tmp_path)
    t = term([studyterm_bin, "run", task, "--out", tmp_path / "out.json"], env=C_LOCALE, cwd=str(tmp_path))
    t.wait_for("Every kind of answer")
    assert "├" not in "".join(t.screen())
    titles = []
    for _ in range(40):
        t.wait_quiet()
        titles.append(t.screen()[2].strip())
        if titles[-1] == "Thank you":                       # the completion step: stay on it
            break
        t.send("Down")
        t.wait_quiet()
        t.send("Right")
        t.wait_quiet()
        t.type("é")
        for _ in range(8):                               # Tab to the button that goes on, press it
            t.wait_quiet()
            if any(t.screen()[-1].strip().lower().startswith("enter " + word) for word in ("next", "done", "skip", "prefer")):
                break
            t.send("Tab")
        t.send("Enter")
    t.send("F1")
    t.wait_quiet()
    t.send("Esc")
    t.wait_quiet()
    t.send("C-c")
    t.wait_quiet()
    assert non_ascii(t.raw_bytes) == [], titles
    assert len(set(titles)) >= 10, titles                # the walk went through the step kinds
    assert any("About you - cafe * ?" in title for title in titles), titles


def test_line_mode_and_messages_write_only_ascii_in_the_c_locale(studyterm_bin, tmp_path) -> None:
    task = optional_every_input(tmp_path)
    ran = run_piped([str(studyterm_bin), "run", str(task), "--out", str(tmp_path / "out.json")],
                    input_text="\n" * 60, env=C_LOCALE)
    assert ran.stdout and non_ascii(ran.stdout.encode()) == [] and non_ascii(ran.stderr.encode()) == []
    assert "About you - cafe" in ran.stdout
    checked = run_piped([str(studyterm_bin), "check", str(DEMO)], env=C_LOCALE)
    assert checked.code == 0 and non_ascii((checked.stdout + checked.stderr).encode()) == []


def test_messages_on_a_terminal_are_ascii_in_the_c_locale_and_exact_through_a_pipe(term, studyterm_bin, tmp_path) -> None:
    missing = tmp_path / "tâche – ★.json"
    t = term([studyterm_bin, "check", missing], env=C_LOCALE)
    assert t.wait_exit() == 1
    assert non_ascii(t.raw_bytes) == []
    assert "tache - *.json" in "".join(t.screen())
    piped = run_piped([str(studyterm_bin), "check", str(missing)], env=C_LOCALE)
    assert str(missing) in piped.stderr, "a pipe gets the exact name"
