"""The deployment files in Resources/kiosk, checked by the tools that read them: systemd-analyze
verify on the units, sshd -t and -T on a server configuration that includes the ForceCommand
snippet. Each test skips, saying why, where its tool is missing (CI installs systemd and
openssh-server: .ci/run)."""
from __future__ import annotations

import configparser
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

GETTY_TEMPLATES = (Path("/lib/systemd/system/getty@.service"), Path("/usr/lib/systemd/system/getty@.service"))


def tool(name: str, *extra_dirs: str) -> str:
    found = shutil.which(name) or next((f"{d}/{name}" for d in extra_dirs if os.access(f"{d}/{name}", os.X_OK)), None)
    if found is None:
        pytest.skip(f"{name} is not installed (Debian: apt-get install {'openssh-server' if name == 'sshd' else 'systemd'})")
    return found


def verify(unit: Path) -> str:
    """systemd-analyze verify's output for `unit`; fails the test on a non-zero exit or any warning."""
    done = subprocess.run([tool("systemd-analyze"), "verify", str(unit)], capture_output=True, text=True, timeout=60, check=False)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    for warning in ("Unknown key", "Unknown section", "ignoring", "is not executable", "Failed to parse", "Invalid"):
        assert warning not in output, output
    return output


def test_the_kiosk_unit_verifies_as_an_instance_on_tty2(kiosk_resources, studyterm_bin, tmp_path) -> None:
    text = (kiosk_resources / "studyterm-kiosk@.service").read_text()
    assert "ExecStart=/usr/local/bin/studyterm kiosk --config " in text
    for line in ("TTYPath=/dev/%I", "StandardInput=tty", "Restart=always", "RestartPreventExitStatus=78", "LimitCORE=0",
                 "Conflicts=getty@%i.service autovt@%i.service", "DefaultInstance=tty2", "StandardError=journal"):
        assert f"\n{line}\n" in text, line
    # verify checks that ExecStart's program exists: point it at the binary under test.
    unit = tmp_path / "studyterm-kiosk@tty2.service"
    unit.write_text(text.replace("/usr/local/bin/studyterm", str(studyterm_bin)))
    verify(unit)


def test_a_unit_with_a_mistake_fails_the_same_check(kiosk_resources, tmp_path) -> None:
    """The check can fail: a misspelt key and a missing program are both caught."""
    unit = tmp_path / "studyterm-kiosk@tty2.service"
    unit.write_text((kiosk_resources / "studyterm-kiosk@.service").read_text().replace("TTYPath=", "TTYPth="))
    with pytest.raises(AssertionError):
        verify(unit)


def test_the_getty_autologin_drop_in_verifies_over_the_distributions_getty(kiosk_resources, tmp_path) -> None:
    template = next((t for t in GETTY_TEMPLATES if t.exists()), None)
    if template is None:
        pytest.skip("no getty@.service on this machine (Debian: apt-get install systemd)")
    tool("systemd-analyze")
    drop_in = (kiosk_resources / "getty-autologin.conf").read_text()
    assert "\nExecStart=\n" in drop_in and "--autologin kiosk" in drop_in
    # A drop-in's lines come after the unit's own: the same file, appended, is what systemd loads.
    unit = tmp_path / "getty@tty2.service"
    unit.write_text(template.read_text() + "\n" + drop_in)
    verify(unit)


def read_ini(path: Path) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=True, interpolation=None)
    parser.optionxform = str
    parser.read_string(path.read_text())
    return parser


def test_the_logind_and_manager_drop_ins_set_what_doctor_checks(kiosk_resources) -> None:
    logind = read_ini(kiosk_resources / "studyterm-kiosk-logind.conf")
    assert dict(logind["Login"]) == {"NAutoVTs": "0", "ReserveVT": "0"}
    manager = read_ini(kiosk_resources / "studyterm-kiosk-system.conf")
    assert dict(manager["Manager"]) == {"CtrlAltDelBurstAction": "none"}
    logind_bin = next((p for p in ("/lib/systemd/systemd-logind", "/usr/lib/systemd/systemd-logind") if os.path.exists(p)), None)
    if logind_bin:
        # The option names are the daemon's own (strings in its binary), not typos.
        data = Path(logind_bin).read_bytes()
        assert b"NAutoVTs" in data and b"ReserveVT" in data


def test_the_sysctl_drop_in_names_keys_this_kernel_has(kiosk_resources) -> None:
    settings = {}
    for line in (kiosk_resources / "90-studyterm-kiosk.conf").read_text().splitlines():
        if line.strip() and not line.lstrip().startswith(("#", ";")):
            key, _, value = line.partition("=")
            settings[key.strip()] = value.strip()
    assert settings["kernel.sysrq"] == "0" and settings["fs.suid_dumpable"] == "0"
    assert all(re.fullmatch(r"[a-z_]+(\.[a-z_]+)+", key) for key in settings), settings
    missing = [key for key in settings if not (Path("/proc/sys") / key.replace(".", "/")).exists()]
    if missing and not Path("/proc/sys/kernel/sysrq").exists():
        pytest.skip(f"this kernel shows no {', '.join(missing)} in /proc/sys (a container's sandbox); the names cannot be checked here")
    assert not missing, f"not sysctls of this kernel: {missing}"


def sshd_config(kiosk_resources: Path, tmp_path: Path, extra: str = "") -> Path:
    tool("sshd", "/usr/sbin", "/sbin")
    keygen = tool("ssh-keygen")
    if not Path("/run/sshd").is_dir():
        if os.geteuid() != 0:
            pytest.skip("sshd -t needs its privilege separation directory /run/sshd, and only root can make it")
        Path("/run/sshd").mkdir(mode=0o755, parents=True, exist_ok=True)
    key = tmp_path / "host_ed25519"
    subprocess.run([keygen, "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True, timeout=60)
    config = tmp_path / "sshd_config"
    # The snippet ends with a Match block, so it comes last, as sshd_config.d files do after the main settings.
    config.write_text(f"HostKey {key}\nPidFile none\n{extra}"
                      f"Include {kiosk_resources / 'sshd-studyterm-kiosk.conf'}\n")
    return config


def sshd(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([tool("sshd", "/usr/sbin", "/sbin"), *args], capture_output=True, text=True, timeout=60, check=False)


def test_sshd_accepts_the_force_command_snippet_and_applies_it_to_the_kiosk_user_only(kiosk_resources, tmp_path) -> None:
    config = sshd_config(kiosk_resources, tmp_path)
    checked = sshd("-t", "-f", str(config))
    assert checked.returncode == 0, checked.stderr
    kiosk = sshd("-T", "-f", str(config), "-C", "user=kiosk,host=station,addr=127.0.0.1")
    assert kiosk.returncode == 0, kiosk.stderr
    settings = dict(line.split(" ", 1) for line in kiosk.stdout.splitlines() if " " in line)
    assert settings["forcecommand"].startswith("/usr/local/bin/studyterm kiosk --config ")
    assert settings["disableforwarding"] == "yes" and settings["maxsessions"] == "1" and settings["permittty"] == "yes"
    assert settings["authorizedkeysfile"] == "/etc/studyterm/kiosk_authorized_keys"
    other = sshd("-T", "-f", str(config), "-C", "user=staff,host=station,addr=127.0.0.1")
    assert dict(line.split(" ", 1) for line in other.stdout.splitlines() if " " in line)["forcecommand"] == "none"


def test_sshd_refuses_a_broken_snippet(kiosk_resources, tmp_path) -> None:
    """The check can fail: a directive sshd does not allow in a Match block is refused."""
    snippet = tmp_path / "snippet.conf"
    snippet.write_text((kiosk_resources / "sshd-studyterm-kiosk.conf").read_text() + "    Port 2222\n")
    config = sshd_config(kiosk_resources, tmp_path)
    config.write_text(config.read_text().replace(str(kiosk_resources / "sshd-studyterm-kiosk.conf"), str(snippet)))
    assert sshd("-t", "-f", str(config)).returncode != 0


# Recipe C tried for real: sshd on loopback with the shipped snippet (its user, command and key
# list pointed at this test's), and ssh on a pty as the participant.

def free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def kiosk_over_ssh(kiosk_resources, studyterm_bin, tmp_path):
    """An sshd on a free loopback port whose Match block is the shipped snippet's, applied to the
    user running the test; yields the ssh command line that logs in with the test's key."""
    import getpass
    import socket
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_kiosk_station import make_station
    ssh, keygen = tool("ssh"), tool("ssh-keygen")
    config = sshd_config(kiosk_resources, tmp_path)
    station = make_station(tmp_path, end="exit")
    user = getpass.getuser()
    client_key = tmp_path / "client_ed25519"
    subprocess.run([keygen, "-q", "-t", "ed25519", "-N", "", "-f", str(client_key)], check=True, timeout=60)
    keys = tmp_path / "kiosk_authorized_keys"
    keys.write_text((tmp_path / "client_ed25519.pub").read_text())
    keys.chmod(0o600)
    snippet = (kiosk_resources / "sshd-studyterm-kiosk.conf").read_text()
    snippet = snippet.replace("Match User kiosk", f"Match User {user}")
    snippet = snippet.replace("/usr/local/bin/studyterm kiosk --config /etc/studyterm/kiosk-ssh.json",
                              f"{studyterm_bin} kiosk --config {station}")
    snippet = snippet.replace("/etc/studyterm/kiosk_authorized_keys", str(keys))
    assert str(studyterm_bin) in snippet and str(keys) in snippet, "the snippet's lines changed: update this test"
    (tmp_path / "snippet.conf").write_text(snippet)
    port = free_port()
    # The test's own main settings: a loopback port, keys only, no PAM; StrictModes off because
    # the key list is in a temporary folder, not in a root-owned /etc.
    config.write_text(config.read_text().replace(str(kiosk_resources / "sshd-studyterm-kiosk.conf"), str(tmp_path / "snippet.conf"))
                      .replace("PidFile none\n", f"PidFile none\nPort {port}\nListenAddress 127.0.0.1\nPasswordAuthentication no\n"
                               "KbdInteractiveAuthentication no\nUsePAM no\nStrictModes no\nPermitRootLogin prohibit-password\n"))
    daemon = subprocess.Popen([tool("sshd", "/usr/sbin", "/sbin"), "-D", "-e", "-f", str(config)],
                              stdout=subprocess.DEVNULL, stderr=open(tmp_path / "sshd.log", "w"))
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if daemon.poll() is not None or time.monotonic() > deadline:
                daemon.kill()
                pytest.fail(f"sshd did not listen: {(tmp_path / 'sshd.log').read_text()}")
            time.sleep(0.1)
    command = [ssh, "-p", str(port), "-i", str(client_key), "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
               "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "-F", "/dev/null", f"{user}@127.0.0.1"]
    yield command, tmp_path
    daemon.terminate()
    daemon.wait(timeout=30)


def test_recipe_c_an_ssh_participant_gets_only_the_station_and_leaves_when_the_session_ends(kiosk_over_ssh):
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
    from harness import Term
    command, tmp = kiosk_over_ssh
    # A command asked for is not run: ForceCommand starts the station instead.
    with Term([*command, "-tt", "bash", "-i"]) as t:
        t.wait_for("Press Enter to begin", timeout=60)
        t.send("Enter")
        t.wait_for("Write one word", timeout=20)
        t.type("sshword")
        t.send("Enter")
        t.wait_for("Almost done", timeout=20)
        t.send("Enter")
        t.wait_for("Thank you!", timeout=20)
        # endOfSession: exit ends the connection with the session.
        assert t.wait_exit(timeout=60) == 0
    import sqlite3
    with sqlite3.connect(tmp / "data" / "studyterm.sqlite") as db:
        assert [r[0] for r in db.execute("SELECT endReason FROM kioskSession")] == ["completed"]


def test_recipe_c_forwarding_and_a_session_without_a_terminal_are_refused(kiosk_over_ssh):
    command, tmp = kiosk_over_ssh
    # The target listens (it is sshd itself), so only the policy can refuse the channel.
    port = command[command.index("-p") + 1]
    forward = subprocess.run([*command, "-W", f"127.0.0.1:{port}"], capture_output=True, text=True, timeout=120, check=False,
                             stdin=subprocess.DEVNULL)
    assert forward.returncode != 0 and "forwarding failed" in forward.stderr, forward.stderr
    assert "refused" in (tmp / "sshd.log").read_text(), (tmp / "sshd.log").read_text()
    no_tty = subprocess.run([*command, "-T"], capture_output=True, text=True, timeout=120, check=False, stdin=subprocess.DEVNULL)
    assert no_tty.returncode == 64, (no_tty.returncode, no_tty.stderr)
    assert "kiosk needs a terminal" in no_tty.stderr


def test_recipe_c_a_dropped_connection_ends_the_session_as_interrupted(kiosk_over_ssh):
    import sqlite3
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
    from harness import Term
    command, tmp = kiosk_over_ssh
    t = Term([*command, "-tt"])
    try:
        t.wait_for("Press Enter to begin", timeout=60)
        t.send("Enter")
        t.wait_for("Write one word", timeout=20)
        t.type("dropped")
        t.wait_for("dropped")
    finally:
        t.proc.kill()
        t.close()
    deadline = time.monotonic() + 120
    ends: list = []
    while time.monotonic() < deadline:
        with sqlite3.connect(tmp / "data" / "studyterm.sqlite") as db:
            ends = [r[0] for r in db.execute("SELECT endReason FROM kioskSession")]
        if ends == ["interrupted"]:
            break
        time.sleep(0.2)
    assert ends == ["interrupted"], "the hung-up station did not store its session as interrupted"


def run_on_a_pty(argv: list[str], env: dict[str, str], umask: int, tmp: Path):
    """`argv` on a pty with exactly `env` and `umask`, as systemd or login(1) would start it."""
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
    from harness import Term
    wrapper = tmp / "with-umask"
    wrapper.write_text(f"#!/bin/sh\numask {umask:03o}\nexec env -i {' '.join(f'{k}={v}' for k, v in env.items())} \"$@\"\n")
    wrapper.chmod(0o755)
    return Term([str(wrapper), *argv])


def assert_private(data: Path) -> None:
    for path in [data, *data.rglob("*")]:
        mode = path.stat().st_mode & 0o777
        assert mode & 0o077 == 0, f"{path} is {mode:o}: others may read it"


def test_recipe_a_the_units_command_line_under_its_environment_runs_the_station(kiosk_resources, studyterm_bin, tmp_path):
    """What systemd would run on the VT: ExecStart, Environment and UMask taken from the unit."""
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_kiosk_station import make_station
    unit = read_ini(kiosk_resources / "studyterm-kiosk@.service")["Service"]
    station = make_station(tmp_path)
    argv = unit["ExecStart"].replace("/usr/local/bin/studyterm", str(studyterm_bin)).replace("/etc/studyterm/kiosk.json", str(station)).split()
    assert argv[:2] == [str(studyterm_bin), "kiosk"] and argv[-1] == str(station), unit["ExecStart"]
    env = dict(pair.split("=", 1) for pair in unit["Environment"].split())
    assert env["TERM"] == "linux"
    t = run_on_a_pty(argv, env, int(unit["UMask"], 8), tmp_path)
    try:
        t.wait_for("Press Enter to begin", timeout=30)
        t.send("Enter")
        t.wait_for("Write one word", timeout=20)
        assert_private(tmp_path / "data")
        t.proc.send_signal(15)
        assert t.wait_exit(timeout=30) == 0
    finally:
        t.close()


def test_recipe_b_the_login_shell_becomes_the_station_and_ignores_what_it_is_asked_to_run(kiosk_resources, studyterm_bin, tmp_path):
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_kiosk_station import make_station
    shipped = kiosk_resources / "studyterm-kiosk-shell"
    assert os.access(shipped, os.X_OK), "the login shell must be executable as shipped"
    station = make_station(tmp_path)
    text = shipped.read_text()
    assert "exec /usr/local/bin/studyterm kiosk --config /etc/studyterm/kiosk.json\n" in text
    shell = tmp_path / "studyterm-kiosk-shell"
    shell.write_text(text.replace("/usr/local/bin/studyterm", str(studyterm_bin)).replace("/etc/studyterm/kiosk.json", str(station)))
    shell.chmod(0o755)
    # As login(1) or sshd would call a login shell: asked to run a command (here a shell).
    t = run_on_a_pty([str(shell), "-c", "exec /bin/sh -i"], {"TERM": "linux", "HOME": str(tmp_path)}, 0o022, tmp_path)
    try:
        t.wait_for("Press Enter to begin", timeout=30)
        t.send("Enter")
        t.wait_for("Write one word", timeout=20)
        # Private whatever umask the caller left (022 here): the station makes its files 0600 itself.
        assert_private(tmp_path / "data")
        t.proc.send_signal(1)
        assert t.wait_exit(timeout=30) == 0
    finally:
        t.close()
