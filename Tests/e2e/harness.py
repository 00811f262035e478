"""Drive a terminal program end to end: a pseudo-terminal, a pyte screen, named keys.

    with Term(["studyterm", "run", "study.json"]) as t:
        t.wait_for("Welcome")
        t.send("Down", "Enter")
        t.type("Ada")
        assert t.attrs_at(*t.find("Ada")).reverse
        t.resize(60, 20)
        assert t.wait_exit() == 0

The program gets the pty as its controlling terminal (so SIGWINCH and /dev/tty work),
TERM=xterm-256color, LANG=LC_ALL=C.UTF-8, and no LINES/COLUMNS (ncurses would trust
them over the window size).  NO_COLOR, ACCESSIBLE, COLORTERM and TMUX are removed too,
so a developer's shell cannot change what tests see; pass them in `env` to test them
(a value of None removes a variable).

Output is read only inside the wait_* calls; `screen()`, `raw_bytes` etc. show what
has been read so far.  `run_piped` runs a program without any terminal (line mode).
"""
from __future__ import annotations

import errno
import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import termios
import time
from dataclasses import dataclass
from typing import Callable, Mapping, Optional, Sequence, Union

from keys import encode_key
from vt import Screen, Stream

TERM = "xterm-256color"
LOCALE = "C.UTF-8"
# Every wait is for an event and ends as soon as it happens: its bound only says how long a
# failure takes to report. On a 2-core machine busy with other builds a program can take far
# longer than on a quiet one, so each bound a test names is stretched by this factor
# (STUDYTERM_TEST_TIMEOUT_SCALE, default 4), never a reason for a test to fail.
TIMEOUT_SCALE = max(1.0, float(os.environ.get("STUDYTERM_TEST_TIMEOUT_SCALE", "4")))


def bound(timeout: float) -> float:
    """The real bound of a wait a test names as `timeout` seconds (see TIMEOUT_SCALE)."""
    return timeout * TIMEOUT_SCALE
_SCRUBBED = ("LINES", "COLUMNS", "NO_COLOR", "ACCESSIBLE", "COLORTERM", "TMUX")

Needle = Union[str, "re.Pattern[str]"]


class WaitTimeout(AssertionError):
    """A wait_* call gave up; the message holds a dump of the screen."""


@dataclass(frozen=True)
class CellAttrs:
    """What one screen cell shows. Colours are pyte's names ('red', 'default') or hex 'rrggbb'."""

    char: str
    fg: str
    bg: str
    bold: bool
    reverse: bool
    underline: bool


@dataclass
class Burst:
    """The output one wait_quiet() call read. Times are time.perf_counter() values."""

    started: float
    first: Optional[float] = None
    last: Optional[float] = None
    marker_at: Optional[float] = None
    nbytes: int = 0


@dataclass(frozen=True)
class Piped:
    """Result of run_piped."""

    stdout: str
    stderr: str
    code: int


def child_env(extra: Optional[Mapping[str, Optional[str]]] = None, term: Optional[str] = TERM) -> dict[str, str]:
    """The environment the harness gives programs: ours, scrubbed, UTF-8, plus `extra`."""
    env = {k: v for k, v in os.environ.items() if k not in _SCRUBBED}
    env.update(LANG=LOCALE, LC_ALL=LOCALE)
    if term is not None:
        env["TERM"] = term
    for key, value in (extra or {}).items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def _set_winsize(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def _take_controlling_tty() -> None:
    # Runs in the child after setsid(): stdin is the pty slave; make it our terminal.
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Term:
    """A program running on a pseudo-terminal of cols x rows, watched through pyte."""

    def __init__(self, argv: Sequence[str], cols: int = 80, rows: int = 24,
                 env: Optional[Mapping[str, Optional[str]]] = None, cwd: Optional[str] = None):
        self.argv = list(argv)
        self.cols, self.rows = cols, rows
        full_env = child_env(env)
        self.term = full_env.get("TERM", TERM)
        self._raw = bytearray()
        self._eof = False
        self._screen = Screen(cols, rows, reply=self._reply)
        self._stream = Stream(self._screen)
        master, slave = os.openpty()
        try:
            _set_winsize(slave, cols, rows)
            self.started_at = time.perf_counter()
            self.proc = subprocess.Popen(
                self.argv, stdin=slave, stdout=slave, stderr=slave, env=full_env, cwd=cwd,
                start_new_session=True, preexec_fn=_take_controlling_tty, close_fds=True)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self._fd: Optional[int] = master

    # -- input -------------------------------------------------------------------------------

    def send(self, *keys: str) -> float:
        """Send key names (Enter, Tab, BTab/Shift-Tab, Up, Down, Left, Right, PgUp, PgDn, Home,
        End, Backspace, Delete, Esc, Space, F1..F12, C-a..C-z, 'Down*3'); anything that is not
        a key name is sent as literal text. One write per argument. Returns the time of the
        last write (time.perf_counter())."""
        sent_at = time.perf_counter()
        for key in keys:
            data = encode_key(key, self.term)
            sent_at = self._write(key.encode() if data is None else data)
        return sent_at

    def type(self, text: str) -> float:
        """Send `text` literally (UTF-8) in one write; returns the time of the write."""
        return self._write(text.encode())

    def resize(self, cols: int, rows: int) -> None:
        """Change the window size; the kernel sends SIGWINCH to the program."""
        self.cols, self.rows = cols, rows
        self._screen.resize(rows, cols)
        _set_winsize(self._require_fd(), cols, rows)

    # -- waiting -----------------------------------------------------------------------------

    def wait_for(self, needle: Needle, timeout: float = 5.0) -> tuple[int, int]:
        """Wait until `needle` (text or compiled regex) is on the screen; returns its (row, col)."""
        found: list[tuple[int, int]] = []

        def on_screen(term: Term) -> bool:
            pos = term.find(needle)
            if pos is not None:
                found.append(pos)
            return pos is not None

        self.wait_until(on_screen, timeout, f"{_describe(needle)} on screen")
        return found[-1]

    def wait_gone(self, needle: Needle, timeout: float = 5.0) -> None:
        """Wait until `needle` is no longer on the screen."""
        self.wait_until(lambda term: term.find(needle) is None, timeout, f"{_describe(needle)} gone")

    def wait_until(self, condition: Callable[["Term"], bool], timeout: float = 5.0,
                   what: str = "condition") -> None:
        """Read output until condition(self) holds; raises WaitTimeout with a screen dump."""
        timeout = bound(timeout)
        deadline = time.perf_counter() + timeout
        while not condition(self):
            now = time.perf_counter()
            if self._eof:
                raise WaitTimeout(f"program ended before {what}\n{self.dump()}")
            if now >= deadline:
                raise WaitTimeout(f"no {what} after {timeout}s\n{self.dump()}")
            self._feed(self._read_burst(0.02, min(deadline, now + 0.1)))

    def wait_quiet(self, ms: float = 100, timeout: float = 5.0, marker: Optional[Needle] = None,
                   after_output: bool = False) -> Burst:
        """Read until the program has written nothing for `ms` milliseconds (and, with `marker`,
        that text is on screen). With `after_output`, silence before the first byte does not
        count. Chunks are timestamped as read and fed to pyte only in the quiet gaps, so timing
        is not skewed by emulation. Raises WaitTimeout if that does not happen within timeout."""
        burst = Burst(started=time.perf_counter())
        if marker is not None and self.find(marker) is not None:
            burst.marker_at = burst.started  # already there: only the quiet is awaited
        timeout = bound(timeout)
        deadline = burst.started + timeout
        quiet = ms / 1000
        while True:
            wait_first = after_output and burst.first is None
            chunks = self._read_burst(quiet, deadline, wait_first=wait_first)
            for at, data in chunks:
                self._feed([(at, data)])
                burst.first = burst.first or at
                burst.last = at
                burst.nbytes += len(data)
                if marker is not None and burst.marker_at is None and self.find(marker) is not None:
                    burst.marker_at = at
            timed_out = time.perf_counter() >= deadline
            settled = not timed_out or self._eof
            if settled and (marker is None or burst.marker_at is not None):
                return burst
            if self._eof or timed_out:
                if marker is not None:
                    what = f"{_describe(marker)} on screen"
                else:
                    what = "output" if burst.first is None else f"{ms} ms of quiet"
                ended = "program ended" if self._eof else f"{timeout}s passed"
                raise WaitTimeout(f"{ended} with no {what}\n{self.dump()}")

    def wait_exit(self, timeout: float = 5.0) -> int:
        """Wait for the program to end, reading its last output; returns its exit code
        (negative signal number if a signal ended it, as subprocess reports it)."""
        timeout = bound(timeout)
        deadline = time.perf_counter() + timeout
        while self.proc.poll() is None:
            now = time.perf_counter()
            if now >= deadline:
                raise WaitTimeout(f"program still running after {timeout}s\n{self.dump()}")
            self._feed(self._read_burst(0.02, min(deadline, now + 0.1)))
        self._feed(self._read_burst(0.05, time.perf_counter() + 0.5))
        return self.proc.returncode

    # -- what the screen shows ---------------------------------------------------------------

    def screen(self) -> list[str]:
        """The screen's rows as text (a wide character counts once), trailing blanks removed."""
        return [line.rstrip() for line in self._screen.display]

    def text(self) -> str:
        """The screen as one string, rows joined by newlines."""
        return "\n".join(self.screen())

    def find(self, needle: Needle) -> Optional[tuple[int, int]]:
        """(row, col) of the first match, col in cells (a wide character takes two)."""
        for row in range(self._screen.lines):
            line, cols = self._row(row)
            if isinstance(needle, str):
                index = line.find(needle)
            else:
                match = needle.search(line)
                index = match.start() if match else -1
            if index >= 0:
                return row, cols[index]
        return None

    def attrs_at(self, row: int, col: int) -> CellAttrs:
        """The character and attributes of one cell."""
        cell = self._screen.buffer[row][col]
        return CellAttrs(char=cell.data, fg=cell.fg, bg=cell.bg, bold=cell.bold,
                         reverse=cell.reverse, underline=cell.underscore)

    def cursor(self) -> tuple[int, int, bool]:
        """(row, col, visible) of the terminal cursor."""
        cur = self._screen.cursor
        return cur.y, cur.x, not cur.hidden

    @property
    def raw_bytes(self) -> bytes:
        """Everything the program wrote that has been read so far."""
        return bytes(self._raw)

    def mark(self) -> int:
        """A position in raw_bytes, for bytes_since()."""
        return len(self._raw)

    def bytes_since(self, mark: int) -> bytes:
        return bytes(self._raw[mark:])

    def dump(self) -> str:
        """The screen with row numbers, cursor and process state: for failure messages."""
        row, col, visible = self.cursor()
        state = "running" if self.proc.poll() is None else f"exited {self.proc.returncode}"
        rule = "+" + "-" * self.cols + "+"
        body = [f"{n:2} |{line}" for n, line in enumerate(self._screen.display)]
        return "\n".join([f"{' '.join(self.argv)} [{state}], {self.cols}x{self.rows}, "
                          f"cursor ({row}, {col}) {'shown' if visible else 'hidden'}",
                          "   " + rule, *body, "   " + rule])

    def png(self, path: str, font_size: int = 16) -> str:
        """Render the screen to a PNG file (needs Pillow; see render.py for fonts)."""
        from render import render_png  # Pillow is only needed here
        return render_png(self._screen, path, font_size=font_size)

    # -- ending ------------------------------------------------------------------------------

    def kill(self, sig: int = signal.SIGTERM) -> None:
        """Send a signal to the program (not its children)."""
        if self.proc.poll() is None:
            self.proc.send_signal(sig)

    def close(self) -> None:
        """End the program and its process group if still running; release the pty."""
        if self.proc.poll() is None:
            for sig, grace in ((signal.SIGTERM, 1.0), (signal.SIGKILL, 5.0)):
                try:
                    os.killpg(self.proc.pid, sig)
                    self.proc.wait(grace)
                    break
                except ProcessLookupError:
                    break
                except subprocess.TimeoutExpired:
                    continue
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> "Term":
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- plumbing ----------------------------------------------------------------------------

    def _require_fd(self) -> int:
        if self._fd is None:
            raise RuntimeError("terminal already closed")
        return self._fd

    def _write(self, data: bytes) -> float:
        fd = self._require_fd()
        at = time.perf_counter()
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        return at

    def _reply(self, data: bytes) -> None:
        try:
            self._write(data)
        except OSError:
            pass  # the program is gone: nobody to answer

    def _read_burst(self, quiet: float, deadline: float, wait_first: bool = False) -> list[tuple[float, bytes]]:
        """Read chunks until `quiet` seconds pass without output, the deadline, or EOF.
        With `wait_first`, wait up to the deadline for the first chunk."""
        chunks: list[tuple[float, bytes]] = []
        fd = self._require_fd()
        while not self._eof:
            limit = deadline - time.perf_counter()
            if not (wait_first and not chunks):
                limit = min(limit, quiet)
            if limit <= 0 or not select.select([fd], [], [], limit)[0]:
                break
            try:
                data = os.read(fd, 65536)
            except OSError as err:  # EIO: every slave fd is closed, the program is gone
                if err.errno != errno.EIO:
                    raise
                data = b""
            if not data:
                self._eof = True
                break
            chunks.append((time.perf_counter(), data))
            self._raw += data
        return chunks

    def _feed(self, chunks: list[tuple[float, bytes]]) -> None:
        for _at, data in chunks:
            self._stream.feed_bytes(data)

    def _row(self, row: int) -> tuple[str, list[int]]:
        """Row text plus, for each character of it, the cell column it starts in."""
        chars: list[str] = []
        cols: list[int] = []
        line = self._screen.buffer[row]
        for col in range(self._screen.columns):
            data = line[col].data
            chars.append(data)  # "" is the right half of a wide character
            cols.extend([col] * len(data))
        return "".join(chars), cols


def _describe(needle: Optional[Needle]) -> str:
    return repr(needle) if isinstance(needle, str) else f"/{getattr(needle, 'pattern', needle)}/"


def run_piped(argv: Sequence[str], input_text: str = "", env: Optional[Mapping[str, Optional[str]]] = None,
              cwd: Optional[str] = None, timeout: float = 10.0) -> Piped:
    """Run a program with pipes and no terminal at all (line mode), feeding `input_text`."""
    done = subprocess.run(list(argv), input=input_text, capture_output=True, text=True,
                          env=child_env(env, term=None), cwd=cwd, timeout=bound(timeout),
                          start_new_session=True, check=False)
    return Piped(done.stdout, done.stderr, done.returncode)
