"""The journey in line mode on the real binary: TERM=dumb, --accessible, ACCESSIBLE=1, or no
terminal. Welcome, the consent with its full text, the dashboard, a task asked as line prompts,
the inbox, settings and leaving, all stored in the same database as the full screen."""
from __future__ import annotations

from harness import run_piped
from journey_steps import DEMO, rows

# What to type at each prompt of the demo's check-in in line mode, by a word of the prompt.
CHECKIN_LINES = ["", "1", "4", "4", "1, 3", "yes", "", "Fine", ""]


def consent_paragraphs() -> list[str]:
    """The demo consent's paragraphs and items as line mode prints them: whole, markup gone."""
    text = (DEMO / "consent.md").read_text()
    blocks = [" ".join(block.split()) for block in text.replace("\n- ", "\n\n- ").split("\n\n")]
    plain = [b.lstrip("#- ").replace("**", "").replace("*", "") for b in blocks if b]
    return [p.replace("[the project page](https://example.org/studyterm)", "the project page (https://example.org/studyterm)") for p in plain]


def all_text(t) -> str:
    """Everything the program wrote so far (line mode writes plain text)."""
    return t.raw_bytes.decode("utf-8", "replace").replace("\r", "")


def wait_text(t, needle: str) -> None:
    """Waits until the program has written `needle` (it may have scrolled off the screen since)."""
    t.wait_until(lambda _t: needle in all_text(t), timeout=10, what=repr(needle))


def answer(t, text: str) -> None:
    """Waits for the prompt, then types `text` and Enter."""
    t.wait_until(lambda _t: all_text(t).rstrip().endswith(">"), timeout=10)
    mark = len(t.raw_bytes)
    t.type(text + "\r")
    t.wait_until(lambda _t: len(t.raw_bytes) > mark + len(text) + 1 or t.proc.poll() is not None, timeout=10)


def test_the_journey_in_line_mode_on_a_dumb_terminal(term, studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    t = term([studyterm_bin, "--data-dir", data], env={"TERM": "dumb"}, cwd=str(tmp_path))
    wait_text(t, "2. Join the demo study")
    assert b"\x1b[" not in t.raw_bytes, "no cursor addressing on a dumb terminal"
    answer(t, "2")
    wait_text(t, "Statement 1 of 2")
    shown = " ".join(all_text(t).split())                # wrapped between words at the terminal's width
    for paragraph in consent_paragraphs():                # the full text, every paragraph whole
        assert paragraph in shown, paragraph
    answer(t, "y")
    wait_text(t, "Statement 2 of 2")
    answer(t, "y")
    wait_text(t, "Do you agree to take part")
    answer(t, "1")
    wait_text(t, "Your consent was recorded.")
    wait_text(t, "1. Daily check-in: all day, open now")
    assert rows(data, "SELECT COUNT(*) FROM consent") == [(1,)]
    answer(t, "1")                                      # the check-in, asked as line prompts
    wait_text(t, "Press Enter for Next.")
    for reply in CHECKIN_LINES:
        answer(t, reply)
    wait_text(t, "Thank you! Your answers to Daily check-in are stored.")
    wait_text(t, "Results stored: 1 (1 completed), not yet sent: 1.")
    assert rows(data, "SELECT status FROM taskRun") == [("completed",)]
    answer(t, "m")
    wait_text(t, "Messages, newest first:")
    answer(t, "1")
    wait_text(t, "Thank you for joining.")
    assert rows(data, "SELECT COUNT(*) FROM notification WHERE title = 'Welcome to the demo study' AND readAt IS NOT NULL") == [(1,)]
    answer(t, "b")
    answer(t, "s")
    wait_text(t, "Settings for StudyTerm demo study:")
    answer(t, "1")
    wait_text(t, "Consent (version 1)")
    answer(t, "5")
    wait_text(t, "1 result has not been sent to the study team yet")
    answer(t, "1")                                      # export first, then leave
    wait_text(t, "Press Enter for " + str(tmp_path))
    answer(t, "")
    wait_text(t, "You left StudyTerm demo study.")
    wait_text(t, "Thank you for trying the StudyTerm demo study.")
    assert ("Exported1resultto" + str(tmp_path)) in "".join(all_text(t).split()), "the whole path"
    t.wait_until(lambda _t: all_text(t).count("Welcome to StudyTerm. What would you like to do?") == 2)
    answer(t, "q")
    assert t.wait_exit() == 0
    [(withdrawn,)] = rows(data, "SELECT withdrawnAt FROM enrollment")
    assert withdrawn is not None


def test_accessible_flag_and_variable_choose_line_mode_on_a_real_terminal(term, studyterm_bin, tmp_path) -> None:
    for argv, env in (([studyterm_bin, "--accessible"], None), ([studyterm_bin], {"ACCESSIBLE": "1"})):
        t = term(argv + ["--data-dir", tmp_path / "data"], env=env)
        wait_text(t, "2. Join the demo study")
        answer(t, "q")
        assert t.wait_exit() == 0, argv
        assert b"\x1b[?1049h" not in t.raw_bytes, "no full screen"


def test_without_a_terminal_the_journey_is_asked_in_lines(studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    ran = run_piped([str(studyterm_bin), "--data-dir", str(data)], input_text="2\ny\ny\n1\nq\n")
    assert ran.code == 0, ran.stderr
    assert "Welcome to StudyTerm demo study. Your consent was recorded." in ran.stdout
    assert "1. Daily check-in" in ran.stdout
    assert rows(data, "SELECT studyID FROM enrollment") == [("studyterm-demo",)]
    ended = run_piped([str(studyterm_bin), "--data-dir", str(data)], input_text="")
    assert ended.code == 0 and "Your tasks:" in ended.stdout, "the end of input quits"


def test_declining_in_line_mode_stores_nothing(studyterm_bin, tmp_path) -> None:
    data = tmp_path / "data"
    ran = run_piped([str(studyterm_bin), "--data-dir", str(data)], input_text="2\ny\nn\nq\n")
    assert "You did not join StudyTerm demo study. Nothing was stored." in ran.stdout
    assert rows(data, "SELECT COUNT(*) FROM consent") == [(0,)]
    assert rows(data, "SELECT COUNT(*) FROM enrollment") == [(0,)]


def test_line_mode_wraps_between_words_at_the_terminal_width(term, studyterm_bin, tmp_path) -> None:
    t = term([studyterm_bin, "--data-dir", tmp_path / "data"], cols=40, rows=24, env={"TERM": "dumb"})
    wait_text(t, "2. Join the demo study")
    answer(t, "2")
    wait_text(t, "Statement 1 of 2")
    lines = all_text(t).split("\n")
    assert all(len(line) <= 40 for line in lines), [line for line in lines if len(line) > 40]
    words = set(" ".join(all_text(t).split()).split(" "))
    assert "Statement" in words and "voluntary" in words, "no word is cut in two"
    assert not any(line.endswith(("volun", "stat")) for line in lines)


def test_an_empty_address_in_line_mode_gives_line_mode_advice(studyterm_bin, tmp_path) -> None:
    done = run_piped([studyterm_bin, "--data-dir", str(tmp_path / "data")], "1\n\n\n3\n")
    text = " ".join(done.stdout.split())
    assert "Type the study address you were given" in text, text
    assert "For the demo study, choose 2 below." in text
    assert "Esc" not in text, "line mode has no Esc key to press"
