"""TLS through NIOSSL with a certificate and key given as files."""
from __future__ import annotations

import ssl
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest


def test_tls_with_certificate_and_key_files(serve, study_dir: Path, tmp_path: Path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    server = serve("--study", str(study_dir), "--tls-cert", str(cert), "--tls-key", str(key))
    assert server.scheme == "https"
    context = ssl.create_default_context(cafile=str(cert))
    assert server.request("GET", "/health", context=context).json() == {"status": "ok"}
    with pytest.raises((urllib.error.URLError, ConnectionError)):
        urllib.request.urlopen(server.url.replace("https://", "http://") + "/health", timeout=10).read()
