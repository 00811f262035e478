"""TLS through NIOSSL with a certificate and key given as files."""
from __future__ import annotations

import ssl
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from harness import Term  # noqa: E402
from test_client_journey import ask_to_join  # noqa: E402
from test_journey_tasks import finish_checkin  # noqa: E402


def test_tls_with_certificate_and_key_files(serve, study_dir: Path, tmp_path: Path):
    cert, key = self_signed(tmp_path)
    server = serve("--study", str(study_dir), "--tls-cert", str(cert), "--tls-key", str(key))
    assert server.scheme == "https"
    context = ssl.create_default_context(cafile=str(cert))
    assert server.request("GET", "/health", context=context).json() == {"status": "ok"}
    with pytest.raises((urllib.error.URLError, ConnectionError)):
        urllib.request.urlopen(server.url.replace("https://", "http://") + "/health", timeout=10).read()


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and its key."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    return cert, key


def test_the_app_joins_over_tls_only_with_a_trusted_certificate(serve, server_bin, studyterm_bin, study_dir, tmp_path):
    """The participant's app over https: a self-signed certificate is refused (nothing joins),
    unless the station names it in STUDYTERM_CA_FILE; then sign-up and sending work over TLS. A
    certificate file that cannot be used is named on the screen."""
    cert, key = self_signed(tmp_path)
    token = subprocess.run([str(server_bin), "tokens", "--count", "1", "--study", str(study_dir)],
                           capture_output=True, text=True, check=True, timeout=60).stdout.split()[0]
    server = serve("--study", str(study_dir), "--tls-cert", str(cert), "--tls-key", str(key))
    url = f"https://127.0.0.1:{server.port}"

    def try_join(data: Path, env: dict) -> Term:
        t = Term([str(studyterm_bin), "--data-dir", str(data)], env=env)
        ask_to_join(t, url, token)
        return t

    with try_join(tmp_path / "untrusted", {}) as t:
        t.wait_for("secure connection failed", timeout=20)
        assert not t.find("[ I agree ]")
    missing = tmp_path / "no-such-ca.pem"
    with try_join(tmp_path / "missing", {"STUDYTERM_CA_FILE": str(missing)}) as t:
        t.wait_for("(STUDYTERM_CA_FILE) cannot be read", timeout=20)
        assert "no-such-ca.pem" in t.text()
    with try_join(tmp_path / "trusted", {"STUDYTERM_CA_FILE": str(cert)}) as t:
        t.wait_for("[ I agree ]", timeout=20)
        t.send("Space", "Tab", "Space", "Tab", "Enter")
        t.wait_for("Your tasks", timeout=20)
        t.send("Enter")
        finish_checkin(t)
        t.wait_for("Results stored: 1 (1 completed) · not yet sent: 0", timeout=20)   # sent in the background, over TLS
    status = subprocess.run([str(server_bin), "status", "--study", str(study_dir)],
                            capture_output=True, text=True, check=True, timeout=60).stdout
    assert "Participants: 1 (0 withdrawn)" in status, status
