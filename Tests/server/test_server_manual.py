"""`studyterm-server help --man`: the real server's page renders without a warning and names every
command and option of its table; its bash completion loads."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
from manual_check import render  # noqa: E402


def run(binary: Path, *words: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(binary), *words], capture_output=True, text=True, timeout=30, check=False)


def test_the_server_manual_page_renders_and_names_every_command_and_option(server_bin, tmp_path) -> None:
    result = run(server_bin, "help", "--man")
    assert result.returncode == 0, result.stderr
    page = tmp_path / "studyterm-server.1"
    page.write_text(result.stdout)
    text = render(page)
    for heading in ("NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "EXIT STATUS"):
        assert f"\n{heading}\n" in text, heading
    usage = run(server_bin, "--help").stdout
    commands = re.findall(r"studyterm-server \[?([a-z]+)\]?", usage)
    assert {"serve", "publish", "tokens", "status", "export", "message", "help"} <= set(commands)
    for command in commands:
        assert f"studyterm-server {command}" in text, command
    for option in set(re.findall(r"--[a-z][a-z-]*", usage)):
        assert option in text, option


def test_the_server_bash_completion_loads_and_completes_a_command_and_an_option(server_bin) -> None:
    script = f"""
        source <("{server_bin}" help --completion bash) || exit 1
        complete -p studyterm-server
        COMP_WORDS=(studyterm-server tok); COMP_CWORD=1; _studyterm_server; echo "${{COMPREPLY[*]}}"
        COMP_WORDS=(studyterm-server tokens --co); COMP_CWORD=2; _studyterm_server; echo "${{COMPREPLY[*]}}"
    """
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.splitlines() == ["complete -F _studyterm_server studyterm-server", "tokens", "--count"]
