"""Terminal emulation for the harness: pyte, with the gaps that matter for ncurses closed.

pyte 0.8.2 pitfalls handled here (see shared reference terminal-ui.md §3):

* DEC line drawing (ACS): pyte's ByteStream decodes UTF-8 itself and then ignores
  ``ESC ( 0`` / SO / SI, so ncurses boxes come out as ``lqqqk``.  We decode UTF-8
  ourselves and feed a text Stream with ``use_utf8`` off, so charset switching works
  while UTF-8 text still arrives intact.
* REP (``CSI n b``, repeat the last printed character): in the xterm-256color
  terminfo entry that ncurses 6.4 uses, missing from pyte.
* Device status / attribute queries (DSR ``CSI 6n``, DA ``CSI c``): pyte composes the
  answer; we write it back to the program through a callback.
"""
from __future__ import annotations

import codecs
from typing import Callable, Optional

import pyte


class Screen(pyte.Screen):
    """A pyte screen that understands REP, SU and SD (ncurses scrolls with them) and sends query answers back."""

    def __init__(self, cols: int, rows: int, reply: Optional[Callable[[bytes], None]] = None):
        super().__init__(cols, rows)
        self._reply = reply
        self._last_drawn = ""

    def draw(self, data: str) -> None:
        super().draw(data)
        if data:
            self._last_drawn = data[-1]

    def repeat_last_character(self, count: int = 1, *_args, **_kwargs) -> None:
        """REP: draw the last printed graphic character `count` more times."""
        if self._last_drawn:
            self.draw(self._last_drawn * max(1, count))

    def scroll_up(self, count: int = 1, *_args, **_kwargs) -> None:
        """SU (CSI n S): move the lines of the scrolling region up; blank lines enter at the bottom."""
        top, bottom = self._region()
        for _ in range(max(1, count or 1)):
            for y in range(top, bottom):
                self.buffer[y] = self.buffer[y + 1]
            self.buffer.pop(bottom, None)
        self.dirty.update(range(self.lines))

    def scroll_down(self, count: int = 1, *_args, **_kwargs) -> None:
        """SD (CSI n T): move the lines of the scrolling region down; blank lines enter at the top."""
        top, bottom = self._region()
        for _ in range(max(1, count or 1)):
            for y in range(bottom, top, -1):
                self.buffer[y] = self.buffer[y - 1]
            self.buffer.pop(top, None)
        self.dirty.update(range(self.lines))

    def _region(self) -> tuple[int, int]:
        margins = self.margins
        return (margins.top, margins.bottom) if margins else (0, self.lines - 1)

    def write_process_input(self, data: str) -> None:
        if self._reply is not None:
            self._reply(data.encode())


class Stream(pyte.Stream):
    """A pyte stream fed with bytes; honours DEC charset switching in UTF-8 text."""

    csi = {**pyte.Stream.csi, "b": "repeat_last_character", "S": "scroll_up", "T": "scroll_down"}

    def __init__(self, screen: Screen):
        super().__init__(screen)
        self.use_utf8 = False  # lets ESC ( 0, SO and SI reach the screen
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def feed_bytes(self, data: bytes) -> None:
        self.feed(self._decoder.decode(data))
