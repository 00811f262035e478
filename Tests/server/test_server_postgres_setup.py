"""The PostgreSQL steps of the Running a study article on a fresh cluster that asks for passwords (scram-sha-256, not the
trust of the shared test cluster): `createuser --pwprompt study` (typed on a terminal) and
`createdb --owner study studyterm`, then the server and a staff command reach the database with the
password kept off their command lines: PGPASSWORD, ~/.pgpass (0600 only, as libpq), a URL in a
0600 file (--database-url-file) or in STUDYTERM_DATABASE_URL. Skips without a PostgreSQL server."""
from __future__ import annotations

import os
import pty
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Iterator

import pytest

from server_process import ServerProcess

REPO = Path(__file__).resolve().parents[2]
SUPERUSER_PASSWORD = "super-Pa55"
STUDY_PASSWORD = "st:udy\\Pa55"  # a colon and a backslash: escaped in .pgpass, percent-encoded in a URL
STUDY_PASSWORD_IN_URL = "st%3Audy%5CPa55"


def pg_bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
    return found[-1].parent if found else None


@pytest.fixture(scope="module")
def cluster() -> Iterator[tuple[Path, int]]:
    """A fresh password-only cluster: (its bin folder, its port)."""
    binaries = pg_bin()
    if binaries is None:
        pytest.skip("no PostgreSQL server in /usr/lib/postgresql/*/bin")
    parent = Path(tempfile.mkdtemp(prefix="studyterm-pgpw-"))
    os.chmod(parent, 0o755)  # the cluster runs as `postgres` when we are root: it must reach its files
    pwfile = parent / "superuser-password"
    pwfile.write_text(SUPERUSER_PASSWORD + "\n")
    os.chmod(pwfile, 0o644)
    try:
        url = subprocess.run([str(REPO / "Tests/server/pg-cluster"), "start", str(parent / "cluster"), "fast"], capture_output=True,
                             text=True, check=True, env={**os.environ, "PG_CLUSTER_PASSWORD_FILE": str(pwfile)}).stdout.strip()
        yield binaries, int(url.split("@127.0.0.1:")[1].split("/")[0])
    finally:
        subprocess.run([str(REPO / "Tests/server/pg-cluster"), "stop", str(parent / "cluster")], check=False)
        shutil.rmtree(parent, ignore_errors=True)


def on_terminal(argv: list[str], env: dict[str, str], answers: list[str], timeout: float = 30) -> tuple[int, str]:
    """Runs argv on a pseudo-terminal, typing each answer after a prompt ending in ': '."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(argv[0], argv, env)
    output, pending, deadline = b"", list(answers), time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            try:
                chunk = os.read(fd, 1024)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
            if pending and output.rstrip(b" ").endswith(b":"):
                os.write(fd, (pending.pop(0) + "\n").encode())
    finally:
        os.close(fd)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), output.decode(errors="replace")


@pytest.fixture(scope="module")
def study_database(cluster) -> tuple[int, str]:
    """The article's two steps as the database's superuser: a login role with a password typed at a
    prompt, and a database it owns. Returns (port, URL without a password)."""
    binaries, port = cluster
    env = {**os.environ, "PGPASSWORD": SUPERUSER_PASSWORD, "PGHOST": "127.0.0.1", "PGPORT": str(port), "PGUSER": "postgres"}
    code, output = on_terminal([str(binaries / "createuser"), "--pwprompt", "study"], env, [STUDY_PASSWORD, STUDY_PASSWORD])
    assert code == 0, output
    subprocess.run([str(binaries / "createdb"), "--owner", "study", "studyterm"], env=env, check=True, capture_output=True)
    return port, f"postgres://study@127.0.0.1:{port}/studyterm?sslmode=disable"


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG") and k != "STUDYTERM_DATABASE_URL"}
    env.update(extra)
    return env


def staff(server_bin: Path, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([str(server_bin), *args], capture_output=True, text=True, timeout=60, env=env)


def test_the_readme_steps_on_a_fresh_cluster_and_PGPASSWORD_reach_the_database(serve, server_bin, study_dir, study_database):
    _, url = study_database
    refused = staff(server_bin, "status", "--database", url, env=clean_env())
    assert refused.returncode == 5, "without a password the cluster refuses"
    server = serve("--study", str(study_dir), "--database", url, env=clean_env(PGPASSWORD=STUDY_PASSWORD))
    assert server.request("GET", "/health").json() == {"status": "ok"}
    command_line = Path(f"/proc/{server.process.pid}/cmdline").read_bytes().decode()
    assert "Pa55" not in command_line and "studyterm" in command_line  # nothing for `ps` to show
    tokens = staff(server_bin, "tokens", "--count", "2", "--database", url, env=clean_env(PGPASSWORD=STUDY_PASSWORD))
    assert tokens.returncode == 0 and len(tokens.stdout.split()) == 2, tokens.stderr


def test_a_pgpass_file_is_used_only_when_it_is_private(server_bin, study_dir, study_database, tmp_path):
    port, url = study_database
    home = tmp_path / "home"
    home.mkdir()
    pgpass = home / ".pgpass"
    escaped = STUDY_PASSWORD.replace("\\", "\\\\").replace(":", "\\:")
    pgpass.write_text(f"# studyterm\n127.0.0.1:{port}:studyterm:nobody:wrong\n127.0.0.1:*:studyterm:study:{escaped}\n")
    os.chmod(pgpass, 0o600)
    published = staff(server_bin, "publish", "--study", str(study_dir), "--database", url, env=clean_env(HOME=str(home)))
    assert published.returncode == 0, published.stderr
    os.chmod(pgpass, 0o644)
    ignored = staff(server_bin, "status", "--database", url, env=clean_env(HOME=str(home)))
    assert ignored.returncode == 5 and f"{pgpass} has group or world access (mode 644); it is ignored" in ignored.stderr
    other = tmp_path / "elsewhere.pgpass"
    shutil.copy(pgpass, other)
    os.chmod(other, 0o600)
    assert staff(server_bin, "status", "--database", url, env=clean_env(HOME=str(home), PGPASSFILE=str(other))).returncode == 0


def test_a_url_from_a_private_file_or_the_environment(serve, server_bin, study_dir, study_database, tmp_path):
    port, _ = study_database
    full = f"postgres://study:{STUDY_PASSWORD_IN_URL}@127.0.0.1:{port}/studyterm?sslmode=disable"
    url_file = tmp_path / "database-url"
    url_file.write_text(full + "\n")
    os.chmod(url_file, 0o600)
    server = serve("--study", str(study_dir), "--database-url-file", str(url_file), env=clean_env())
    assert server.request("GET", "/health").status == 200
    assert "Pa55" not in Path(f"/proc/{server.process.pid}/cmdline").read_bytes().decode()
    os.chmod(url_file, 0o640)
    refused = staff(server_bin, "status", "--database-url-file", str(url_file), env=clean_env())
    assert refused.returncode == 5 and f"{url_file} is open to other users (mode 640)" in refused.stderr
    from_env = staff(server_bin, "status", env=clean_env(STUDYTERM_DATABASE_URL=full))
    assert from_env.returncode == 0 and "Study studyterm-demo" in from_env.stdout, from_env.stderr
