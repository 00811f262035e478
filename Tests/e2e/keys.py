"""Key names -> the bytes a terminal sends for them.

Special keys come from terminfo for the program's TERM (ncurses turns on keypad mode,
so arrows are ``ESC O A`` for xterm-256color, not ``ESC [ A``).  Python's
``curses.setupterm`` works once per process, so the lookup runs in a short child
process, once per TERM.
"""
from __future__ import annotations

import functools
import json
import re
import subprocess
import sys

# key name -> terminfo capability
_TERMINFO_KEYS = {
    "Up": "kcuu1", "Down": "kcud1", "Left": "kcub1", "Right": "kcuf1",
    "Home": "khome", "End": "kend", "PgUp": "kpp", "PgDn": "knp",
    "BTab": "kcbt", "Backspace": "kbs", "Delete": "kdch1", "Insert": "kich1",
    **{f"F{n}": f"kf{n}" for n in range(1, 13)},
}

_FIXED_KEYS = {
    "Enter": b"\r", "Tab": b"\t", "Esc": b"\x1b", "Space": b" ",
    **{f"C-{c}": bytes([ord(c) - 96]) for c in "abcdefghijklmnopqrstuvwxyz"},
}

_ALIASES = {"Shift-Tab": "BTab", "PageUp": "PgUp", "PageDown": "PgDn", "Escape": "Esc", "Return": "Enter"}

# when terminfo lacks a capability (or has no entry for TERM): xterm's strings
_FALLBACK = {"BTab": b"\x1b[Z", "Backspace": b"\x7f", "Delete": b"\x1b[3~"}

_LOOKUP = """
import curses, json, os, sys
curses.setupterm(sys.argv[1], os.open(os.devnull, os.O_WRONLY))
caps = json.loads(sys.argv[2])
out = {name: (curses.tigetstr(cap) or b"").decode("latin-1") for name, cap in caps.items()}
print(json.dumps(out))
"""


@functools.lru_cache(maxsize=None)
def key_table(term: str = "xterm-256color") -> dict[str, bytes]:
    """All named keys for `term`; see module doc for the names."""
    table = dict(_FALLBACK)
    found = subprocess.run(
        [sys.executable, "-c", _LOOKUP, term, json.dumps(_TERMINFO_KEYS)],
        capture_output=True, text=True, check=False,
    )
    if found.returncode == 0:
        table.update({k: v.encode("latin-1") for k, v in json.loads(found.stdout).items() if v})
    table.update(_FIXED_KEYS)
    return table


_REPEAT = re.compile(r"^(?P<name>[A-Za-z0-9-]+)\*(?P<count>\d+)$")


def encode_key(spec: str, term: str = "xterm-256color") -> bytes | None:
    """Bytes for a key name such as ``Down``, ``C-c``, ``Shift-Tab`` or ``Down*3``;
    None when `spec` is not a key name (the caller then sends it as literal text)."""
    table = key_table(term)
    match = _REPEAT.match(spec)
    name, count = (match["name"], int(match["count"])) if match else (spec, 1)
    name = _ALIASES.get(name, name)
    if name not in table:
        return None
    return table[name] * count
