"""The journey at the stated minimum, 40x12, on the real binary: every screen usable (scrolled, not
clipped; cut text ends with an ellipsis), the dashboard shows its tasks, the consent every notice
and both buttons."""
from __future__ import annotations

from journey_steps import rows, unwrapped


def test_the_whole_journey_works_at_40x12(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data], cols=40, rows=12, cwd=str(tmp_path))
    t.wait_for("Join a study")
    assert t.find("Press D to join the demo study"), t.dump()
    assert t.find("Q quit"), "how to quit is on the help line"
    t.send("d")
    t.wait_for("StudyTerm · Consent")
    seen = set()
    for _ in range(12):                                  # Tab through the controls, each brought into view
        t.send("Tab")
        t.wait_quiet()
        text = unwrapped(t).replace(" ↑", "").replace(" ↓", "")   # the scroll marks stand at a row's end
        for needle in ("taking part is voluntary", "stored on this computer", "[ I agree ]", "[ I do not agree ]"):
            if needle in text:
                seen.add(needle)
    assert seen == {"taking part is voluntary", "stored on this computer", "[ I agree ]", "[ I do not agree ]"}, seen
    t.send("Esc")                                        # declining at 40x12 works too: asked first,
    t.wait_for("Press Esc again to decline")
    t.send("Esc")                                        # then back to welcome
    t.wait_for("Join a study")
    t.send("d")
    t.wait_for("StudyTerm · Consent")
    t.send("Space")                                      # shows the first notice (nothing is ticked out of sight)
    t.wait_quiet()
    assert "[ ] I understand that taking part" in unwrapped(t)
    t.send("Space")                                      # ticks it
    t.wait_quiet()
    t.send("Tab", "Space")                               # ticks the second
    t.wait_quiet()
    t.send("Tab", "Enter")                               # agrees
    t.wait_for("Your tasks")
    t.wait_for("Results stored")
    screen = t.screen()
    task_rows = [line for line in screen if "open now" in line or "upcoming" in line or "missed" in line]
    assert len(task_rows) >= 3, "\n".join(screen)
    assert any(line.lstrip().startswith("› Daily check") for line in screen), "\n".join(screen)
    assert rows(data, "SELECT COUNT(*) FROM consent") == [(1,)]
    t.send("m")                                          # the inbox: a message's text shows
    t.wait_for("Thank you for joining.")
    t.send("Esc")
    t.wait_for("Your tasks")
    t.send("s")                                          # settings: a one-line menu and the details
    t.wait_for("Study details")
    t.send("Down*4")
    t.wait_for("Leave the study")
    t.send("Enter")
    t.wait_for("Export my data first, then leave")
    t.send("Down")
    t.wait_for("Leave now and keep my data")
    t.send("Enter")
    t.wait_for("You left StudyTerm demo")
    t.send("End")
    t.wait_until(lambda _t: "Thank you for trying the StudyTerm demo study." in unwrapped(t))
    t.send("Enter")
    t.wait_for("Join a study")
    t.send("q")
    assert t.wait_exit() == 0


def test_cut_text_ends_with_an_ellipsis_at_40x12(term, studyterm_bin, tmp_path) -> None:
    t = term([studyterm_bin, "--data-dir", tmp_path / "data"], cols=40, rows=12)
    t.wait_for("Join a study")
    t.send("d")
    t.wait_for("StudyTerm · Consent")
    t.send("Space", "Space", "Tab", "Space", "Tab", "Enter")
    t.wait_for("Results stored")
    header = t.screen()[0]
    assert "StudyTerm · StudyT…" in header, header    # the study title is cut, and says so
    assert any("Daily check-…" in line for line in t.screen()), t.dump()
