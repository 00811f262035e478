"""Helpers for the manual page and completion suites: render a page with man and groff, and read
the commands and options a program's own help lists."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest


def need(tool: str) -> str:
    """The path of `tool`; a skip without it, and a failure in CI (.ci/run installs it)."""
    path = shutil.which(tool)
    if path is None:
        message = f"{tool} is not installed (Debian: apt-get install groff-base man-db)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


def render(page: Path) -> str:
    """The page as `man -l` shows it, as plain text; fails on any warning of man or groff."""
    groff = subprocess.run([need("groff"), "-man", "-Tutf8", "-ww", "-z", str(page)],
                           capture_output=True, text=True, timeout=30, check=False)
    assert groff.returncode == 0 and groff.stderr == "", groff.stderr
    env = dict(os.environ, MANWIDTH="80", MAN_KEEP_FORMATTING="", LC_ALL="C.UTF-8", MANPAGER="cat", PAGER="cat")
    shown = subprocess.run([need("man"), "--warnings", "-l", str(page)], capture_output=True, text=True,
                           env=env, timeout=30, check=False)
    assert shown.returncode == 0 and shown.stderr == "", shown.stderr
    text = re.sub(r".\x08", "", shown.stdout)  # overstrike bold and underline
    return text.replace("\u2212", "-").replace("\u2010", "-")


def help_words(binary: Path) -> tuple[list[str], dict[str, list[str]]]:
    """The commands `binary --help` lists and, for each, the `--options` its `help COMMAND` lists."""
    top = subprocess.run([str(binary), "--help"], capture_output=True, text=True, timeout=30, check=True).stdout
    listed = top.split("SUBCOMMANDS:")[1]
    commands = [m.group(1) for m in re.finditer(r"^  ([a-z][a-z-]*)\b", listed, re.M)]
    options = {}
    for command in commands:
        page = subprocess.run([str(binary), "help", command], capture_output=True, text=True, timeout=30,
                              check=True).stdout
        section = page.split("OPTIONS:")[1].split("SUBCOMMANDS:")[0]
        options[command] = sorted(set(re.findall(r"^  (?:-h, )?(--[a-z][a-z-]*)", section, re.M)))
    return commands, options
