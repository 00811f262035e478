"""Self-tests of the harness: the emulator fixes alone, then a real curses program on a pty."""
from __future__ import annotations

import re
import signal
import sys

import pytest

from harness import Term, WaitTimeout, run_piped
from keys import encode_key
from vt import Screen, Stream


def emulate(data: bytes, cols: int = 20, rows: int = 3) -> tuple[Screen, list[bytes]]:
    replies: list[bytes] = []
    screen = Screen(cols, rows, reply=replies.append)
    stream = Stream(screen)
    for byte in data:  # one byte at a time: split UTF-8 sequences must survive
        stream.feed_bytes(bytes([byte]))
    return screen, replies


# -- emulator -------------------------------------------------------------------------------

def test_dec_line_drawing_is_honoured_in_utf8_text() -> None:
    screen, _ = emulate("\x1b(0lqk\x1b(B 世界 \x0elqk\x0f ok".encode())
    assert screen.display[0].rstrip() == "┌─┐ 世界 ┌─┐ ok"


def test_rep_repeats_the_last_character() -> None:
    screen, _ = emulate(b"ab\x1b[3b|")
    assert screen.display[0].rstrip() == "abbbb|"


def test_cursor_position_and_device_queries_are_answered() -> None:
    _, replies = emulate(b"\x1b[2;5H\x1b[6n\x1b[c")
    assert replies[0] == b"\x1b[2;5R"
    assert replies[1].startswith(b"\x1b[?")


def test_key_names_come_from_terminfo() -> None:
    assert encode_key("Up") == b"\x1bOA"  # keypad mode, as ncurses sets it
    assert encode_key("Shift-Tab") == encode_key("BTab") == b"\x1b[Z"
    assert encode_key("F1") == b"\x1bOP"
    assert encode_key("C-c") == b"\x03"
    assert encode_key("Down*3") == b"\x1bOB" * 3
    assert encode_key("hello") is None


# -- a curses program on a pty ----------------------------------------------------------------

def start(term, mini_curses, *args: str, **kwargs) -> Term:
    t = term([*mini_curses, *args], **kwargs)
    t.wait_for("mini curses")
    return t


def test_first_screen_has_box_wide_text_and_window_size(term, mini_curses) -> None:
    t = start(term, mini_curses)
    lines = t.screen()
    assert lines[0] == "┌" + "─" * 78 + "┐" and lines[23] == "└" + "─" * 78 + "┘"
    assert "size: 80x24" in lines[1]
    assert t.find("世界") == (2, 8)
    assert t.find("wide") == (2, 13)  # each CJK character takes two cells
    assert t.attrs_at(2, 79).char == "│"  # the right border did not move
    assert t.find("=" * 40) == (3, 2)


def test_reverse_video_follows_the_selection(term, mini_curses) -> None:
    t = start(term, mini_curses)
    row, col = t.find("> Item 1")
    assert t.attrs_at(row, col).reverse and not t.attrs_at(row + 1, col).reverse
    t.send("Down*2")
    t.wait_gone("> Item 1")
    row, col = t.wait_for("> Item 3")
    assert t.attrs_at(row, col + 2).reverse
    assert not t.attrs_at(*t.find("Item 1")).reverse
    assert t.attrs_at(*t.find("mini curses")).bold


def test_typing_literal_wide_text_and_backspace(term, mini_curses) -> None:
    t = start(term, mini_curses)
    t.type("a張")
    t.send("x", "Backspace", "b")
    row, col = t.wait_for("input: a張b")
    assert t.attrs_at(row, col).underline
    assert t.cursor() == (row, col + len("input: a") + 2 + 1, True)


def test_special_keys_reach_the_program_by_name(term, mini_curses) -> None:
    t = start(term, mini_curses)
    for key, name in (("F1", "KEY_F(1)"), ("PgDn", "KEY_NPAGE"), ("Home", "KEY_HOME"), ("BTab", "KEY_BTAB")):
        t.send(key)
        t.wait_for(f"last key: {name}")


def test_resize_redraws_at_the_new_size(term, mini_curses) -> None:
    t = start(term, mini_curses)
    t.resize(60, 15)
    t.wait_for("size: 60x15  resizes: 1")
    assert t.screen()[14] == "└" + "─" * 58 + "┘"
    t.resize(100, 30)
    t.wait_for("size: 100x30  resizes: 2")


def test_terminal_queries_are_answered(term, mini_curses) -> None:
    t = start(term, mini_curses, "--ask-cursor")
    assert "cursor report: ESC[1;1R" in t.text()


@pytest.mark.parametrize("keys, args, code", [
    (("Enter",), (), 0),
    (("Enter",), ("--exit-code", "7"), 7),
    (("Esc",), (), 2),
    (("C-c",), (), 130),
])
def test_exit_codes(term, mini_curses, keys, args, code) -> None:
    t = start(term, mini_curses, *args)
    t.type("ok")
    t.send(*keys)
    assert t.wait_exit() == code
    if code in (0, 7):
        t.wait_for("submitted: ok")


def test_kill_ends_the_program(term, mini_curses) -> None:
    t = start(term, mini_curses)
    t.kill(signal.SIGKILL)
    assert t.wait_exit() == -signal.SIGKILL


def test_raw_bytes_and_bytes_since_mark(term, mini_curses) -> None:
    t = start(term, mini_curses)
    t.wait_quiet(50)
    assert b"\x1b(0" in t.raw_bytes  # ncurses drew the box in DEC line drawing
    mark = t.mark()
    t.type("z")
    burst = t.wait_quiet(50, after_output=True, marker="input: z")
    assert burst.nbytes == len(t.bytes_since(mark)) > 0
    assert b"z" in t.bytes_since(mark)
    assert burst.started <= burst.first <= burst.marker_at <= burst.last
    assert t.wait_quiet(50, marker="input: z").nbytes == 0  # marker already shown: quiet only


def test_wait_for_times_out_with_a_screen_dump(term, mini_curses) -> None:
    t = start(term, mini_curses)
    with pytest.raises(WaitTimeout, match=r"(?s)'never there'.*mini curses  size: 80x24"):
        t.wait_for("never there", timeout=0.3)
    assert t.wait_for(re.compile(r"Item \d")) == (5, 4)


def test_png_renders_the_screen(term, mini_curses, tmp_path) -> None:
    pytest.importorskip("PIL")
    from PIL import Image

    t = start(term, mini_curses, cols=40, rows=12)
    t.wait_quiet(50)
    path = t.png(str(tmp_path / "mini.png"))
    with Image.open(path) as image:
        (width, height), colours = image.size, image.getcolors(maxcolors=1 << 16)
    pad = 8
    assert (width - 2 * pad) % 40 == 0 and (height - 2 * pad) % 12 == 0  # a 40x12 grid of cells
    assert colours is not None and len(colours) > 2  # text was drawn, not a blank picture


def test_run_piped_has_no_terminal() -> None:
    script = "import sys; print(sys.stdin.read().upper(), sys.stdin.isatty()); sys.exit(3)"
    result = run_piped([sys.executable, "-c", script], "line one\n")
    assert result.stdout == "LINE ONE\n False\n"
    assert result.code == 3


def test_corpus_folder_reaches_the_suites(corpus_dir) -> None:
    # Tests/run-all exports STUDYTERM_CORPUS; without a corpus this test is reported as skipped
    assert any(corpus_dir.rglob("MANIFEST*")), f"{corpus_dir} has no MANIFEST file"
