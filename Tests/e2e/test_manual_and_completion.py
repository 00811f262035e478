"""`studyterm help --man` and `help --completion`: the real binary's page renders without a warning
and names every command and option its --help lists; the bash completion loads and completes."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from harness import run_piped
from manual_check import help_words, render


def test_help_is_a_command_that_the_help_lists(studyterm_bin) -> None:
    result = run_piped([str(studyterm_bin), "--help"])
    assert result.code == 0, result.stderr
    commands, options = help_words(studyterm_bin)
    assert commands[-1] == "help" and {"journey", "run", "check", "export", "sync", "fhirpath"} <= set(commands)
    assert {"--man", "--completion", "--help"} <= set(options["help"])


def test_the_manual_page_renders_without_warnings_and_names_every_command_and_option(studyterm_bin, tmp_path) -> None:
    result = run_piped([str(studyterm_bin), "help", "--man"])
    assert result.code == 0, result.stderr
    page = tmp_path / "studyterm.1"
    page.write_text(result.stdout)
    text = render(page)
    for heading in ("NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "EXIT STATUS", "ENVIRONMENT"):
        assert f"\n{heading}\n" in text, heading
    commands, options = help_words(studyterm_bin)
    for command in commands:
        assert f"studyterm {command}" in text, command
        for option in options[command]:
            assert option in text, (command, option)
    assert "64" in text.split("EXIT STATUS")[1] and "XDG_DATA_HOME" in text.split("ENVIRONMENT")[1]


def complete(studyterm_bin: Path, cwd: Path, *words: str) -> list[str]:
    """What bash offers for the command line `words` (the last word is the one being completed)."""
    script = f"""
        source <("{studyterm_bin}" help --completion bash) || exit 1
        COMP_WORDS=({" ".join(f"'{w}'" for w in words)})
        COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))
        COMP_LINE="${{COMP_WORDS[*]}}"
        COMP_POINT=${{#COMP_LINE}}
        COMPREPLY=()
        _studyterm
        printf '%s\\n' "${{COMPREPLY[@]}}"
    """
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, cwd=cwd, timeout=30, check=False)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return [line for line in done.stdout.splitlines() if line]


def test_the_bash_completion_loads_and_completes_commands_options_values_and_paths(studyterm_bin, tmp_path) -> None:
    loaded = subprocess.run(["bash", "-c", f'source <("{studyterm_bin}" help --completion bash); complete -p studyterm'],
                            capture_output=True, text=True, timeout=30, check=False)
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.strip() == "complete -F _studyterm studyterm"
    (tmp_path / "answers.json").write_text("{}")
    (tmp_path / "out-folder").mkdir()
    assert complete(studyterm_bin, tmp_path, "studyterm", "ru") == ["run"]
    assert complete(studyterm_bin, tmp_path, "studyterm", "he") == ["help"]
    assert complete(studyterm_bin, tmp_path, "studyterm", "run", "task.json", "--ou") == ["--out", "--output-dir"]
    assert complete(studyterm_bin, tmp_path, "studyterm", "check", "--format", "") == ["text", "json"]
    assert complete(studyterm_bin, tmp_path, "studyterm", "check", "--format", "=", "j") == ["json"]
    assert sorted(complete(studyterm_bin, tmp_path, "studyterm", "run", "--prefill", "")) == ["answers.json", "out-folder"]
    assert complete(studyterm_bin, tmp_path, "studyterm", "run", "--output-dir", "") == ["out-folder"]
    assert complete(studyterm_bin, tmp_path, "studyterm", "--data-dir", "o") == ["out-folder"]
    assert complete(studyterm_bin, tmp_path, "studyterm", "help", "--completion", "") == ["bash", "zsh"]
    assert "fhirpath" in complete(studyterm_bin, tmp_path, "studyterm", "help", "")
    assert complete(studyterm_bin, tmp_path, "studyterm", "ki") == ["kiosk"]
    assert complete(studyterm_bin, tmp_path, "studyterm", "kiosk", "v") == ["verify-audit"]
    assert complete(studyterm_bin, tmp_path, "studyterm", "kiosk", "set-pin", "--f") == ["--file"]
    assert "--accessible" in complete(studyterm_bin, tmp_path, "studyterm", "--")  # the default command's


def test_the_zsh_completion_names_every_command_and_option(studyterm_bin) -> None:
    result = run_piped([str(studyterm_bin), "help", "--completion", "zsh"])
    assert result.code == 0, result.stderr
    assert result.stdout.startswith("#compdef studyterm\n")
    commands, options = help_words(studyterm_bin)
    for command in commands:
        assert f"'{command}:" in result.stdout, command
        for option in options[command]:
            assert option in result.stdout, (command, option)
    zsh = shutil.which("zsh")
    if zsh:
        checked = subprocess.run([zsh, "-n"], input=result.stdout, capture_output=True, text=True, timeout=30, check=False)
        assert checked.returncode == 0, checked.stderr


def test_an_unknown_shell_or_command_is_a_usage_error(studyterm_bin) -> None:
    for words, message in ((["help", "--completion", "fish"], "the value 'fish' is invalid for '--completion <completion>'"),
                           (["help", "frobnicate"], "unknown command 'frobnicate'")):
        result = run_piped([str(studyterm_bin), *words])
        assert result.code == 64, (words, result.stderr)
        assert f"Error: {message}" in result.stderr, result.stderr


def test_the_zsh_completion_completes_in_a_real_zsh(term, studyterm_bin, tmp_path) -> None:
    """Skipped without zsh (CI does not install it): the script in a real interactive zsh."""
    zsh = shutil.which("zsh")
    if zsh is None:
        pytest.skip("zsh is not installed")
    script = run_piped([str(studyterm_bin), "help", "--completion", "zsh"])
    assert script.code == 0, script.stderr
    (tmp_path / "_studyterm").write_text(script.stdout)
    env = {"PATH": f"{studyterm_bin.parent}:{os.environ.get('PATH', '/usr/bin:/bin')}", "HOME": str(tmp_path),
           "ZDOTDIR": str(tmp_path)}
    t = term([zsh, "-f", "-i"], cols=100, env=env, cwd=str(tmp_path))
    t.type(f"fpath=({tmp_path} $fpath); autoload -Uz compinit; compinit -u -D; PS1='ready> '\n")
    t.wait_for("ready> ", timeout=20)
    for typed, shown in (("studyterm ru\t", "ready> studyterm run "),
                         ("studyterm run x.json --ou\t", "ready> studyterm run x.json --out"),
                         ("studyterm check x.json --format \t", re.compile(r"json +text")),
                         ("studyterm help --completion \t", re.compile(r"bash +zsh")),
                         ("studyterm kiosk ver\t", "ready> studyterm kiosk verify-audit "),
                         ("studyterm kiosk doctor --k\t", "ready> studyterm kiosk doctor --keymap")):
        t.type(typed)
        t.wait_for(shown, timeout=20)
        t.send("C-u")
        t.type("clear\n")
        t.wait_gone(shown if isinstance(shown, re.Pattern) else typed.rstrip("\t"), timeout=20)
