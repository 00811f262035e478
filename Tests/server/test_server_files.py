"""The files a study server and its staff commands make are the owner's alone: the SQLite database
and its -wal and -shm files 0600, a folder made for them 0700, export files 0600; and a database
file that other users can open is refused at start, naming the file (exit 5)."""
from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

from server_process import run_staff


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_database_its_wal_and_shm_and_the_folder_made_for_them_are_private(serve, server_bin, study_dir, tmp_path):
    previous = os.umask(0o022)  # what a shell usually has: files 0644 unless the server says otherwise
    try:
        database = tmp_path / "made" / "here" / "server.sqlite"
        server = serve("--study", str(study_dir), "--database", str(database))
        run_staff(server_bin, "tokens", "--count", "2", "--database", str(database))  # a write beside the running server
        assert server.request("GET", "/health").status == 200
        files = [database, Path(f"{database}-wal"), Path(f"{database}-shm")]
        assert all(f.exists() for f in files), "WAL mode keeps -wal and -shm while the server runs"
        assert {str(f.name): oct(mode(f)) for f in files} == {f.name: "0o600" for f in files}
        assert oct(mode(tmp_path / "made")) == "0o700" and oct(mode(tmp_path / "made" / "here")) == "0o700"
    finally:
        os.umask(previous)


def test_staff_commands_make_private_files_too(server_bin, study_dir, tmp_path):
    previous = os.umask(0o022)
    try:
        database = tmp_path / "staff" / "server.sqlite"
        run_staff(server_bin, "publish", "--study", str(study_dir), "--database", str(database))
        run_staff(server_bin, "tokens", "--count", "1", "--database", str(database))
        assert oct(mode(database)) == "0o600" and oct(mode(database.parent)) == "0o700"
        out = tmp_path / "export"
        run_staff(server_bin, "export", "--out", str(out), "--database", str(database))
        assert oct(mode(out)) == "0o700" and all(oct(mode(f)) == "0o600" for f in out.iterdir())
    finally:
        os.umask(previous)


def serve_exit(server_bin: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(server_bin), "serve", *args, "--host", "127.0.0.1", "--port", "0"],
                          capture_output=True, text=True, timeout=60)


def test_a_database_file_others_can_read_is_refused_naming_it(server_bin, study_dir, tmp_path):
    database = tmp_path / "server.sqlite"
    run_staff(server_bin, "publish", "--study", str(study_dir), "--database", str(database))
    os.chmod(database, 0o644)
    refused = serve_exit(server_bin, "--database", str(database))
    assert refused.returncode == 5 and f"{database} is open to other users (mode 644)" in refused.stderr
    assert "listening" not in refused.stdout

    os.chmod(database, 0o600)
    wal = Path(f"{database}-wal")
    wal.write_bytes(b"")  # as an older version left it: 0644 beside a 0600 database
    os.chmod(wal, 0o640)
    refused = serve_exit(server_bin, "--database", str(database))
    assert refused.returncode == 5 and f"{wal} is open to other users (mode 640)" in refused.stderr

    refused = subprocess.run([str(server_bin), "status", "--database", str(database)], capture_output=True, text=True, timeout=60)
    assert refused.returncode == 5 and f"{wal}" in refused.stderr  # staff commands refuse it as well
