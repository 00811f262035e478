"""The `studyterm kiosk` commands on the real binary: check-config's exit 78, set-pin only on a
terminal and without echo, verify-audit on a log written here by the documented format, doctor's
PASS and FAIL lines, and the group in help, the manual page and the bash completion."""
from __future__ import annotations

import hashlib
import json
import os
import pty
import select
import subprocess
import time
from pathlib import Path


def run(binary: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(binary), *args], input=stdin, capture_output=True, text=True, timeout=120, check=False)


def test_check_config_summarizes_the_example_and_exits_78_with_one_line_for_a_bad_file(studyterm_bin, kiosk_resources, tmp_path) -> None:
    good = run(studyterm_bin, "kiosk", "check-config", str(kiosk_resources / "station.example.json"))
    assert good.returncode == 0, good.stderr
    assert good.stdout.startswith("station waiting-room-1: valid\n")
    assert "participant id: typed by the participant, check damm" in good.stdout
    assert "consent: the study's consent in each session, after identification" in good.stdout
    bad = tmp_path / "station.json"
    config = json.loads((kiosk_resources / "station.example.json").read_text())
    config["timeouts"]["warningSeconds"] = 5
    bad.write_text(json.dumps(config))
    result = run(studyterm_bin, "kiosk", "check-config", str(bad))
    assert result.returncode == 78 and result.stdout == ""
    assert result.stderr == f"studyterm: {bad}: timeouts.warningSeconds: must be at least 20 (WCAG 2.2.1), found 5\n"


def test_set_pin_refuses_a_pipe(studyterm_bin, tmp_path) -> None:
    result = run(studyterm_bin, "kiosk", "set-pin", "--file", str(tmp_path / "pin.json"), stdin="123456\n123456\n")
    assert result.returncode == 64, result.stderr
    assert "terminal" in result.stderr and not (tmp_path / "pin.json").exists()


def read_until(fd: int, text: bytes, seen: bytearray, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while text not in seen:
        assert time.monotonic() < deadline, f"waited for {text!r}; saw {bytes(seen)!r}"
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                seen.extend(os.read(fd, 4096))
            except OSError:
                break


def test_set_pin_on_a_terminal_asks_twice_without_echo_and_writes_a_0600_hash(studyterm_bin, tmp_path) -> None:
    pin_file = tmp_path / "pin.json"
    primary, secondary = pty.openpty()
    process = subprocess.Popen([str(studyterm_bin), "kiosk", "set-pin", "--file", str(pin_file)],
                               stdin=secondary, stdout=secondary, stderr=secondary, close_fds=True)
    os.close(secondary)
    seen = bytearray()
    try:
        read_until(primary, b"PIN (6 to 16 digits): ", seen)
        os.write(primary, b"40271938\r")
        read_until(primary, b"again: ", seen)
        os.write(primary, b"40271938\r")
        read_until(primary, b"mode 0600", seen, timeout=120)
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
        os.close(primary)
    assert b"40271938" not in seen
    assert pin_file.stat().st_mode & 0o777 == 0o600
    stored = json.loads(pin_file.read_text())
    assert stored["algorithm"] == "PBKDF2-HMAC-SHA256" and stored["rounds"] >= 600_000 and "40271938" not in pin_file.read_text()


def audit_log(records: list[tuple[str, dict]]) -> list[str]:
    """Lines in the format StudyStations documents, chained with SHA-256 here, independently of the app."""
    lines, previous = [], "0" * 64
    for seq, (event, fields) in enumerate(records, start=1):
        record = {"event": event, "fields": fields, "prev": previous, "seq": seq, "time": "2026-11-28T13:00:00.000Z"}
        line = json.dumps(record, sort_keys=True, separators=(",", ":"))
        lines.append(line)
        previous = hashlib.sha256(line.encode()).hexdigest()
    return lines


def test_verify_audit_accepts_a_documented_chain_and_names_an_edited_line(studyterm_bin, tmp_path) -> None:
    lines = audit_log([("station-started", {"appVersion": "0.1.0", "configuration": "a" * 64}),
                       ("sync-succeeded", {"sent": 2}), ("station-stopped", {})])
    log = tmp_path / "audit.log"
    log.write_text("".join(line + "\n" for line in lines))
    ok = run(studyterm_bin, "kiosk", "verify-audit", str(log))
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.startswith(f"{log}: intact, 3 record(s)")
    log.write_text("".join(line + "\n" for line in [lines[0], lines[1].replace('"sent":2', '"sent":0'), lines[2]]))
    edited = run(studyterm_bin, "kiosk", "verify-audit", str(log))
    assert edited.returncode == 1
    assert edited.stderr == f"studyterm: {log}: line 2: edited: its hash is not the one line 3 records\n"
    log.write_text("".join(line + "\n" for line in [lines[0], lines[2]]))
    deleted = run(studyterm_bin, "kiosk", "verify-audit", str(log))
    assert deleted.returncode == 1 and ": line 2: record 3 where record 2 belongs" in deleted.stderr


def test_doctor_prints_one_pass_or_fail_line_per_check_and_exits_1_on_a_failure(studyterm_bin, tmp_path) -> None:
    config = tmp_path / "station.json"
    config.write_text(json.dumps({"stationID": "t", "study": {"folder": "study"}, "sessionPlan": [{"task": "a"}],
                                  "dataDirectory": str(tmp_path / "missing-data")}))
    result = run(studyterm_bin, "kiosk", "doctor", "--config", str(config))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 12 and all(line.startswith(("PASS ", "FAIL ")) for line in lines)
    assert all("(hint: " in line for line in lines if line.startswith("FAIL "))
    assert any(line.startswith("FAIL data-folder: ") for line in lines) and any(line.startswith("FAIL pin-file: ") for line in lines)
    assert result.stderr.startswith("studyterm: kiosk doctor: ")


def test_the_kiosk_group_is_in_help_the_manual_page_and_the_completion(studyterm_bin, tmp_path) -> None:
    top = run(studyterm_bin, "--help").stdout
    assert "\n  kiosk " in top and "set-pin" not in top
    group = run(studyterm_bin, "help", "kiosk")
    assert group.returncode == 0 and all(f"\n  {word} " in group.stdout for word in ("check-config", "register", "set-pin", "verify-audit", "doctor", "reset-pin-lockout"))
    assert run(studyterm_bin, "kiosk").stdout == group.stdout
    assert "--keymap <keymap>" in run(studyterm_bin, "help", "kiosk", "doctor").stdout
    manual = run(studyterm_bin, "help", "--man").stdout
    assert all(f"kiosk {word}" in manual for word in ("check-config", "register", "set-pin", "verify-audit", "doctor", "reset-pin-lockout"))
    script = f"""
        source <("{studyterm_bin}" help --completion bash) || exit 1
        COMP_WORDS=(studyterm kiosk ''); COMP_CWORD=2; _studyterm; printf '%s\\n' "${{COMPREPLY[@]}}"
        COMP_WORDS=(studyterm kiosk doctor --); COMP_CWORD=3; _studyterm; printf '%s\\n' "${{COMPREPLY[@]}}"
    """
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=30, check=False, cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.split() == ["check-config", "register", "set-pin", "verify-audit", "doctor", "reset-pin-lockout", "--config", "--keymap", "--help"]
