#!/usr/bin/env python3
"""Compare studyterm's terminal costs with dialog's and whiptail's. A benchmark, not a test.

    STUDYTERM_TUNED=1 swift build -c release --product studyterm
    .build/venv/bin/python Tests/bench/ttybench_compare.py \\
        --studyterm-text ".build/release/studyterm run Resources/<a text question>.json" \\
        --studyterm-list ".build/release/studyterm run Resources/<a 20-option list>.json"

(.build/venv is made by Tests/run-all.) Without --studyterm-* only dialog and whiptail are
measured. Each screen may need keys to reach the field or list (--studyterm-text-keys "Enter
Tab", not timed) and a marker text that shows the first paint is complete.

Everything runs on a pty at 80x24, TERM=xterm-256color, through Tests/e2e/harness.py. Each
program runs N times in a row (each starts warm from its own previous run); with --interleave,
N rounds run each program once in turn instead (a drifting machine weighs on all alike, and each
start follows the other programs: colder, which costs a large static binary the most); with
--interleave-keys, each round opens every program's text field at once and the typed characters
go to them in turn, each key to the programs in a shuffled order (so a key-to-paint figure is
never measured in a quieter minute than another program's):
  startup     spawn -> last byte before 200 ms of silence (first paint settled), text screen
  key->paint  write of a key -> last byte of the repaint (50 ms quiet): 20 typed characters, and
              19 Down keys in a 20-option list
  bytes/char  bytes written per typed character, mean over the 20
  list move   bytes written per Down key in a 20-option list, mean over 19 moves
dialog and whiptail show an inputbox and a 20-item menu. A missing program is reported
(apt-get install dialog whiptail); this script installs nothing.
"""
from __future__ import annotations

import argparse
import random
import shlex
import shutil
import subprocess
import statistics
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
try:
    from harness import Term
except ImportError as err:  # pyte missing: not the venv's python
    sys.exit(f"{err}: run with .build/venv/bin/python (Tests/run-all creates it)")

COLS, ROWS = 80, 24
TYPED = "abcdefghijklmnopqrst"
LIST_MOVES = 19
OPTIONS = [word for n in range(1, 21) for word in (str(n), f"Option {n}")]


@dataclass
class Screen:
    """One program showing one screen: how to start it, reach it, and know it is painted."""

    argv: list[str]
    keys: list[str] = field(default_factory=list)
    marker: Optional[str] = None


@dataclass
class Tool:
    name: str
    text: Optional[Screen]
    menu: Optional[Screen]
    missing: Optional[str] = None


@dataclass
class Figures:
    startup_ms: list[float] = field(default_factory=list)
    key_ms: list[float] = field(default_factory=list)
    move_ms: list[float] = field(default_factory=list)
    char_bytes: list[int] = field(default_factory=list)
    move_bytes: list[int] = field(default_factory=list)


def open_screen(screen: Screen) -> tuple[Term, float]:
    """Start the program, wait for the settled first paint, send the keys that reach the
    screen; returns the terminal and the startup time in ms."""
    # In a scratch folder (a program closed mid-task may leave a snapshot where it runs), so the
    # paths given relative to here are made absolute.
    argv = [str(Path(a).resolve()) if not a.startswith("-") and Path(a).exists() else a for a in screen.argv]
    t = Term(argv, cols=COLS, rows=ROWS, cwd=tempfile.mkdtemp(prefix="ttybench-"))
    settled = t.wait_quiet(200, timeout=15, marker=screen.marker, after_output=True).last
    if screen.keys:
        t.send(*screen.keys)
        t.wait_quiet(200, timeout=15)
    if t.proc.poll() is not None or settled is None:
        t.close()
        sys.exit(f"{shlex.join(screen.argv)} ended (exit {t.proc.returncode}) instead of waiting "
                 f"for keys; its screen:\n{t.dump()}")
    return t, (settled - t.started_at) * 1000


def type_key(t: Term, char: str, figures: Figures) -> None:
    """Types `char` and adds the repaint's bytes and its key-to-paint time to `figures`."""
    sent = t.type(char)
    burst = t.wait_quiet(50)
    figures.char_bytes.append(burst.nbytes)
    if burst.last is not None:
        figures.key_ms.append((burst.last - sent) * 1000)


def move_down(t: Term, figures: Figures) -> None:
    """Presses Down in a list and adds the repaint's bytes and its key-to-paint time to `figures`."""
    sent = t.send("Down")
    burst = t.wait_quiet(50)
    figures.move_bytes.append(burst.nbytes)
    if burst.last is not None:
        figures.move_ms.append((burst.last - sent) * 1000)


def measure(tool: Tool, figures: Figures) -> None:
    """One run of `tool`: its text screen, then its list, added to `figures`."""
    if tool.text:
        t, startup = open_screen(tool.text)
        with t:
            figures.startup_ms.append(startup)
            for char in TYPED:
                type_key(t, char, figures)
    if tool.menu:
        t, _ = open_screen(tool.menu)
        with t:
            for _ in range(LIST_MOVES):
                move_down(t, figures)


def measure_by_key(tools: list[Tool], results: dict[str, Figures], shuffle: random.Random) -> None:
    """One round of --interleave-keys: every text screen open at once, each typed character sent
    to every program in a shuffled order; then every list open at once, each Down key likewise."""
    opened = []
    for tool in shuffle.sample(tools, len(tools)):
        if tool.text:
            t, startup = open_screen(tool.text)
            results[tool.name].startup_ms.append(startup)
            opened.append((tool, t))
    try:
        for char in TYPED:
            for tool, t in shuffle.sample(opened, len(opened)):
                type_key(t, char, results[tool.name])
    finally:
        for _, t in opened:
            t.close()
    opened = [(tool, open_screen(tool.menu)[0]) for tool in shuffle.sample(tools, len(tools)) if tool.menu]
    try:
        for _ in range(LIST_MOVES):
            for tool, t in shuffle.sample(opened, len(opened)):
                move_down(t, results[tool.name])
    finally:
        for _, t in opened:
            t.close()


def median_p95(values: list[float]) -> Optional[tuple[float, float]]:
    if not values:
        return None
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def ratio_interval(ours: list[float], theirs: list[float], resamples: int = 2000) -> tuple[float, float, float]:
    """Our median over theirs, with a 95% bootstrap interval (keys resampled with replacement,
    fixed seed): whether a difference in medians is larger than the noise of the run."""
    rng = random.Random(0)
    ratios = sorted(statistics.median(rng.choices(ours, k=len(ours)))
                    / statistics.median(rng.choices(theirs, k=len(theirs))) for _ in range(resamples))
    return (statistics.median(ours) / statistics.median(theirs),
            ratios[int(0.025 * resamples)], ratios[int(0.975 * resamples) - 1])


def mean(values: list[int]) -> Optional[float]:
    return statistics.fmean(values) if values else None


def fmt_ms(pair: Optional[tuple[float, float]]) -> str:
    return "–" if pair is None else f"{pair[0]:.2f} ({pair[1]:.2f})"


def fmt_key_ms(pair: Optional[tuple[float, float]]) -> str:
    """Key-to-paint times are a fraction of a millisecond: three decimals."""
    return "–" if pair is None else f"{pair[0]:.3f} ({pair[1]:.3f})"


def fmt_bytes(value: Optional[float]) -> str:
    return "–" if value is None else f"{value:.1f}"


def baseline_tools() -> list[Tool]:
    tools = []
    for name in ("dialog", "whiptail"):
        text = Screen([name, "--inputbox", "Name:", "8", "40"])
        menu = Screen([name, "--menu", "Pick one", "20", "50", "14", *OPTIONS])
        missing = None if shutil.which(name) else f"not installed (apt-get install {name})"
        tools.append(Tool(name, None if missing else text, None if missing else menu, missing))
    return tools


def swift_floor_tool() -> Tool:
    """Tests/bench/baseline_ncurses.swift, compiled once into .build/bench-baseline."""
    root = Path(__file__).resolve().parents[2]
    source = root / "Tests/bench/baseline_ncurses.swift"
    binary = root / ".build/bench-baseline/baseline_ncurses"
    if not binary.exists() or binary.stat().st_mtime < source.stat().st_mtime:
        binary.parent.mkdir(parents=True, exist_ok=True)
        built = subprocess.run(["swiftc", "-O", "-static-stdlib", "-I", str(root / "Sources/CNcursesw"),
                                str(source), "-o", str(binary)], capture_output=True, text=True)
        if built.returncode != 0:
            return Tool("swift floor", None, None, f"cannot build: {built.stderr.strip()[-300:]}")
    return Tool("swift floor", Screen([str(binary)], marker="F1 help"), None)


def report(results: dict[str, Figures], tools: list[Tool], runs: int, mode: str = "") -> list[bool]:
    """Print the Markdown table; returns studyterm's verdicts (empty without studyterm)."""
    def cell(tool: Tool, value: str) -> str:
        return "missing" if tool.missing else ("not given" if tool.name == "studyterm" and tool.name not in results else value)

    def figure(name: str, pick):
        return pick(results[name]) if name in results else None

    startup = {t.name: figure(t.name, lambda f: median_p95(f.startup_ms)) for t in tools}
    keys = {t.name: figure(t.name, lambda f: median_p95(f.key_ms)) for t in tools}
    move_keys = {t.name: figure(t.name, lambda f: median_p95(f.move_ms)) for t in tools}
    chars = {t.name: figure(t.name, lambda f: mean(f.char_bytes)) for t in tools}
    moves = {t.name: figure(t.name, lambda f: mean(f.move_bytes)) for t in tools}

    rows = [
        ("startup to settled first paint, ms: median (p95)", startup, fmt_ms,
         "≤ 1.3 × dialog", lambda s: startup["dialog"] and s and s[0] <= 1.3 * startup["dialog"][0]),
        ("key to paint, typed character, ms: median (p95)", keys, fmt_key_ms,
         "median ≤ dialog's", lambda s: keys["dialog"] and s and s[0] <= keys["dialog"][0]),
        ("key to paint, list move, ms: median (p95)", move_keys, fmt_key_ms,
         "median ≤ dialog's", lambda s: move_keys["dialog"] and s and s[0] <= move_keys["dialog"][0]),
        (f"bytes per typed character (mean of {len(TYPED)})", chars, fmt_bytes,
         "≤ 10", lambda s: s is not None and s <= 10),
        (f"bytes per list move (mean of {LIST_MOVES} Down)", moves, fmt_bytes,
         "≤ whiptail's", lambda s: moves["whiptail"] is not None and s is not None and s <= moves["whiptail"]),
    ]
    print(f"\n{runs} runs each{f' ({mode})' if mode else ''}, {COLS}x{ROWS}, TERM=xterm-256color\n")
    print("| measure | " + " | ".join(t.name for t in tools) + " | target | studyterm meets it |")
    print("|---" * (len(tools) + 3) + "|")
    verdicts = []
    for label, values, fmt, target, meets in rows:
        cells = [cell(t, fmt(values.get(t.name))) for t in tools]
        verdict = "–"
        if "studyterm" in results and values.get("studyterm") is not None:
            ok = bool(meets(values["studyterm"]))
            verdicts.append(ok)
            verdict = "yes" if ok else "**no**"
        print(f"| {label} | " + " | ".join(cells) + f" | {target} | {verdict} |")
    if "studyterm" in results and "dialog" in results:
        print()
        for what, pick in (("typed character", lambda f: f.key_ms), ("list move", lambda f: f.move_ms)):
            ours, theirs = pick(results["studyterm"]), pick(results["dialog"])
            if ours and theirs:
                ratio, low, high = ratio_interval(ours, theirs)
                print(f"key to paint, {what}: studyterm's median ÷ dialog's = {ratio:.3f} "
                      f"(95% bootstrap interval {low:.3f} to {high:.3f})")
    for tool in tools:
        if tool.missing:
            print(f"\n{tool.name}: {tool.missing}")
    return verdicts


def studyterm_tool(args: argparse.Namespace) -> Tool:
    def screen(command: Optional[str], keys: str, marker: Optional[str]) -> Optional[Screen]:
        return Screen(shlex.split(command), keys.split(), marker) if command else None

    text = screen(args.studyterm_text, args.studyterm_text_keys, args.studyterm_text_marker)
    menu = screen(args.studyterm_list, args.studyterm_list_keys, args.studyterm_list_marker)
    for chosen in (text, menu):
        if chosen and "/debug/" in chosen.argv[0]:
            print(f"note: {chosen.argv[0]} is a debug build; compare a release build "
                  "(STUDYTERM_TUNED=1 swift build -c release --product studyterm)", file=sys.stderr)
    return Tool("studyterm", text, menu)


def variant_tools(args: argparse.Namespace) -> list[Tool]:
    """Other builds of studyterm, each run with the studyterm commands' arguments."""
    base = studyterm_tool(args)
    tools = []
    for spec in args.variant:
        name, _, binary = spec.partition("=")
        def swap(screen: Optional[Screen]) -> Optional[Screen]:
            return Screen([binary, *screen.argv[1:]], screen.keys, screen.marker) if screen else None
        tools.append(Tool(name, swap(base.text), swap(base.menu)))
    return tools


def report_variants(results: dict[str, Figures], tools: list[Tool]) -> None:
    """Each variant's medians beside studyterm's: the difference, and the ratio with its interval."""
    variants = [t.name for t in tools[1:] if t.name in results and t.name not in ("dialog", "whiptail", "swift floor")]
    if "studyterm" not in results or not variants:
        return
    print()
    for name in variants:
        for what, pick in (("startup", lambda f: f.startup_ms), ("typed character", lambda f: f.key_ms),
                           ("list move", lambda f: f.move_ms)):
            ours, theirs = pick(results[name]), pick(results["studyterm"])
            if ours and theirs:
                ratio, low, high = ratio_interval(ours, theirs)
                diff = statistics.median(ours) - statistics.median(theirs)
                print(f"{name} vs studyterm, {what}: median {statistics.median(ours):.3f} against "
                      f"{statistics.median(theirs):.3f} ms ({diff:+.3f} ms; ratio {ratio:.3f}, 95% interval {low:.3f} to {high:.3f})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=10)
    for kind, what in (("text", "a text field"), ("list", "a 20-option list")):
        parser.add_argument(f"--studyterm-{kind}", metavar="COMMAND", help=f"studyterm command line showing {what}")
        parser.add_argument(f"--studyterm-{kind}-keys", default="", metavar="KEYS",
                            help="key names, space separated, that reach it after startup (not timed)")
        parser.add_argument(f"--studyterm-{kind}-marker", metavar="TEXT", help="text on screen once it is painted")
    parser.add_argument("--strict", action="store_true", help="exit 1 if studyterm misses a target")
    parser.add_argument("--interleave", action="store_true",
                        help="run the programs in turn, round by round, instead of each N times in a row")
    parser.add_argument("--interleave-keys", action="store_true",
                        help="open all the programs' text fields at once and type into them in turn, key by key")
    parser.add_argument("--baseline", action="store_true",
                        help="also measure a minimal static Swift ncurses program (needs swiftc)")
    parser.add_argument("--variant", action="append", default=[], metavar="NAME=BINARY",
                        help="also measure another build of studyterm (an A/B: the studyterm commands with this "
                             "binary), in the same rounds; its medians are compared with studyterm's")
    args = parser.parse_args()

    tools = [studyterm_tool(args), *variant_tools(args), *baseline_tools()]
    if args.baseline:
        tools.append(swift_floor_tool())
    measured = [tool for tool in tools if not tool.missing and (tool.text or tool.menu)]
    results = {tool.name: Figures() for tool in measured}
    mode = ""
    if args.interleave_keys:
        mode = "interleaved key by key"
        print(f"measuring {', '.join(t.name for t in measured)}: {args.runs} rounds, key by key ...", file=sys.stderr)
        shuffle = random.Random(0)
        for _ in range(args.runs):
            measure_by_key(measured, results, shuffle)
    elif args.interleave:
        mode = "interleaved"
        print(f"measuring {', '.join(t.name for t in measured)}: {args.runs} interleaved rounds ...", file=sys.stderr)
        for _ in range(args.runs):
            for tool in measured:
                measure(tool, results[tool.name])
    else:
        for tool in measured:
            print(f"measuring {tool.name} ({args.runs} runs) ...", file=sys.stderr)
            for _ in range(args.runs):
                measure(tool, results[tool.name])
    verdicts = report(results, tools, args.runs, mode)
    report_variants(results, tools)
    return 1 if args.strict and not all(verdicts) else 0


if __name__ == "__main__":
    sys.exit(main())
