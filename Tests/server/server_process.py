"""A studyterm-server process on a loopback port, and a small HTTP client for it (stdlib only)."""
from __future__ import annotations

import base64
import json
import re
import signal
import ssl
import subprocess
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

LISTENING = re.compile(r"listening on (https?)://127\.0\.0\.1:(\d+)")


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body) if self.body else None


class ServerProcess:
    """`studyterm-server ARGS --port 0 --host 127.0.0.1`, its port read from its first line."""

    def __init__(self, process: subprocess.Popen, scheme: str, port: int, binary: Path | None = None,
                 args: list[str] | None = None, env: dict[str, str] | None = None):
        self.process = process
        self.scheme = scheme
        self.port = port
        self.binary, self.args, self.env = binary, list(args or []), env  # what restart_server starts again
        self.stderr_lines: list[str] = []
        self._reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._reader.start()

    @classmethod
    def start(cls, binary: Path, args: list[str], env: dict[str, str] | None = None, timeout: float = 60,
              port: int = 0) -> "ServerProcess":
        process = subprocess.Popen([str(binary), "serve", *args, "--host", "127.0.0.1", "--port", str(port)],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        deadline = time.monotonic() + timeout
        assert process.stdout is not None
        while time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                err = process.stderr.read() if process.stderr else ""
                raise RuntimeError(f"studyterm-server exited with {process.wait()} before listening: {err}")
            match = LISTENING.search(line)
            if match:
                return cls(process, match.group(1), int(match.group(2)), binary, args, env)
        process.kill()
        raise RuntimeError("studyterm-server did not listen in time")

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.stderr_lines.append(line)

    @property
    def url(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self.port}"

    @property
    def log(self) -> str:
        return "".join(self.stderr_lines)

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._reader.join(timeout=5)
        for pipe in (self.process.stdout, self.process.stderr):
            if pipe is not None and not (pipe is self.process.stderr and self._reader.is_alive()):
                pipe.close()
        return self.process.returncode

    def request(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
                context: ssl.SSLContext | None = None) -> Reply:
        data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=dict(headers or {}))
        if data is not None and "Content-Type" not in request.headers:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=30, context=context) as response:
                return Reply(response.status, {k.lower(): v for k, v in response.headers.items()}, response.read())
        except urllib.error.HTTPError as error:
            return Reply(error.code, {k.lower(): v for k, v in error.headers.items()}, error.read())

    def register(self, token: str, consent_sha256: str, consent_version: str, device: str = "station") -> tuple[str, str, str]:
        """Registers with `token`; returns (participant id, key, Authorization header)."""
        reply = self.request("POST", "/registration", {"consent": {"version": consent_version, "textSHA256": consent_sha256},
                                                       "device": device},
                             {"StudyTerm-Registration-Token": token})
        assert reply.status == 201, reply.body
        credentials = reply.json()
        auth = "Basic " + base64.b64encode(f"{credentials['participantId']}:{credentials['apiKey']}".encode()).decode()
        return credentials["participantId"], credentials["apiKey"], auth

    def join(self, token: str, device: str = "station") -> tuple[str, str, str]:
        """GET /registration then POST it with the consent shown: what the app does."""
        info = self.request("GET", "/registration", headers={"StudyTerm-Registration-Token": token})
        assert info.status == 200, info.body
        consent = info.json()["consent"]
        return self.register(token, consent["textShownSHA256"], consent["version"], device)


def restart_server(server: ServerProcess, sig: signal.Signals = signal.SIGKILL, timeout: float = 5) -> ServerProcess:
    """Ends `server` with `sig` (SIGKILL: no graceful shutdown, as a crash or an OOM kill) and starts
    it again with the same arguments (so on the same database), on the same port when it can be had
    within `timeout` seconds, else on a new one: compare the port and retarget a proxy if it moved."""
    assert server.binary is not None, "a ServerProcess made by ServerProcess.start"
    if server.process.poll() is None:
        server.process.send_signal(sig)
    server.stop()
    deadline = time.monotonic() + timeout
    while True:
        try:
            return ServerProcess.start(server.binary, server.args, env=server.env, port=server.port)
        except RuntimeError:
            if time.monotonic() > deadline:
                return ServerProcess.start(server.binary, server.args, env=server.env)
            time.sleep(0.1)


def run_staff(binary: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    result = subprocess.run([str(binary), *args], capture_output=True, text=True, timeout=120)
    if check and result.returncode != 0:
        raise AssertionError(f"studyterm-server {' '.join(args)} exited {result.returncode}: {result.stderr}")
    return result
