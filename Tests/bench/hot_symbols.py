#!/usr/bin/env python3
"""Write Sources/studyterm/hot-symbols.order: the functions a release studyterm runs before its
first screen and while a participant types, moves in a list and tabs, in the order they first
run. A release build links them first and side by side (Package.swift passes the file to lld's
--symbol-ordering-file), so a key press touches a few dozen pages of code instead of a few
hundred scattered over a 20 MB text segment: fewer TLB and cache misses after the idle time
between keys, and a faster start.

    STUDYTERM_TUNED=1 swift build -c release --product studyterm
    .build/venv/bin/python Tests/bench/hot_symbols.py      # needs valgrind (apt-get install valgrind)
    STUDYTERM_TUNED=1 swift build -c release --product studyterm   # links again with the new order

The list only orders code; a stale or missing name changes nothing but speed. Names defined in
objects whose code is one large section (GRDB, SQLite, parts of Foundation) are left out:
ordering one would drag that whole section into the hot region.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests/e2e"))
try:
    from harness import Term
except ImportError as err:  # pyte missing: not the venv's python
    sys.exit(f"{err}: run with .build/venv/bin/python (Tests/run-all creates it)")

BINARY = ROOT / ".build/release/studyterm"
ORDER = ROOT / "Sources/studyterm/hot-symbols.order"
FIXTURES = ROOT / "Tests/bench/fixtures"
BIG_SECTION = 64 * 1024   # an object's single code section larger than this is not moved
# (task file, groups of keys after the first screen). Functions are ordered by group: all
# sessions' first group, then their second, and so on, start-up last. So what one typed
# character runs sits together, then list moves, then the rarer keys.
SESSIONS = [
    ("text-question.json", [list("abcdefghij"), ["Backspace", "Left", "Right", "Home", "End"], ["Tab", "Tab"]]),
    ("list-20.json", [["Down"] * 6 + ["Up"], ["PageDown", "Home", "Space"], ["Tab"]]),
]


def profile(task: Path, groups: list[list[str]], out: Path) -> list[Path]:
    """Runs one session under callgrind; returns its dumps: start-up, then one per key group."""
    argv = ["valgrind", "--tool=callgrind", "--demangle=no", "--dump-instr=no",
            f"--callgrind-out-file={out}", str(BINARY), "run", str(task)]
    t = Term(argv, cols=80, rows=24, cwd=tempfile.mkdtemp())
    try:
        t.wait_quiet(1500, timeout=120, after_output=True)
        subprocess.run(["callgrind_control", "--dump=startup", str(t.proc.pid)], capture_output=True, check=True)
        for number, keys in enumerate(groups, 1):
            for key in keys:
                t.type(key) if len(key) == 1 else t.send(key)
                t.wait_quiet(300, timeout=30)
            subprocess.run(["callgrind_control", f"--dump=keys{number}", str(t.proc.pid)],
                           capture_output=True, check=True)
        time.sleep(1)
    finally:
        t.proc.kill()
        t.close()
    return [Path(f"{out}.{number}") for number in range(1, len(groups) + 2)]


def functions(dump: Path) -> list[str]:
    """The functions that ran in a callgrind dump, in the order the dump names them."""
    names: dict[str, str] = {}
    ran = []
    for line in dump.read_text(errors="replace").splitlines():
        m = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line)
        if not m:
            continue
        if m.group(3):
            names[m.group(2)] = m.group(3).strip()
        if m.group(1) == "fn":
            ran.append(re.sub(r"'\d+$", "", names[m.group(2)]))
    return ran


def big_unsectioned_symbols() -> set[str]:
    """Functions that live in an object's one large `.text` section rather than a section of
    their own: in the build's objects (GRDB) and the static libraries a release links (SQLite,
    parts of the Swift runtime and Foundation). Naming one would move the whole section."""
    files = [*(ROOT / ".build/release").glob("*.build/**/*.o"),
             *Path("/usr/lib/x86_64-linux-gnu").glob("lib*.a")]
    swiftc = shutil.which("swiftc")
    if swiftc:
        files += Path(swiftc).resolve().parents[1].glob("lib/swift_static/linux/*.a")
    found: set[str] = set()
    for path in files:
        listing = subprocess.run(["readelf", "-S", "-s", "--wide", str(path)], capture_output=True, text=True, errors="replace").stdout
        big_text = None                             # index of this member's large .text, if any
        for line in listing.splitlines():
            if line.startswith("File: "):
                big_text = None
            section = re.match(r"\s*\[\s*(\d+)\]\s+\.text\s+PROGBITS\s+\S+\s+\S+\s+([0-9a-f]+)", line)
            if section and int(section.group(2), 16) > BIG_SECTION:
                big_text = section.group(1)
            symbol = re.match(r"\s*\d+:\s+\S+\s+\d+\s+FUNC\s+\S+\s+\S+\s+(\d+)\s+(\S+)", line)
            if symbol and big_text is not None and symbol.group(1) == big_text:
                found.add(symbol.group(2))
    return found


def main() -> int:
    for tool in ("valgrind", "callgrind_control", "readelf", "nm"):
        if not shutil.which(tool):
            sys.exit(f"{tool} not found (apt-get install valgrind binutils)")
    if not BINARY.exists():
        sys.exit(f"{BINARY} not found: STUDYTERM_TUNED=1 swift build -c release --product studyterm first")
    work = Path(tempfile.mkdtemp())
    startup, by_group = [], []
    for name, groups in SESSIONS:
        first, *rest = profile(FIXTURES / name, groups, work / name)
        startup += functions(first)
        for number, dump in enumerate(rest):
            if number == len(by_group):
                by_group.append([])
            by_group[number] += functions(dump)
    keys = [name for group in by_group for name in group]
    skip = big_unsectioned_symbols()
    order, seen = [], set()
    for name in keys + startup:                    # what runs per key first, then start-up
        if name in seen or name in skip or " " in name or name.startswith(("(", "0x")):
            continue
        seen.add(name)
        order.append(name)
    ORDER.write_text("\n".join(order) + "\n")
    BINARY.unlink()      # the build does not track the order file: make the next build link again
    print(f"{ORDER.relative_to(ROOT)}: {len(order)} functions ({len(set(keys))} run per key), "
          f"{len(skip)} names in large unsectioned objects left out")
    return 0


if __name__ == "__main__":
    sys.exit(main())
