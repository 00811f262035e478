"""Small disks for the fault tests: a tmpfs the test mounts (as root) and a filler that fills it."""
from __future__ import annotations

import os
import subprocess
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Optional


@contextmanager
def small_tmpfs(mount: Path, size: str) -> Iterator[Optional[str]]:
    """Mounts a tmpfs of `size` at `mount` (created); yields None when mounted, else why not
    (not root, or the machine allows no mount). Unmounted on the way out."""
    mount.mkdir(exist_ok=True)
    if os.geteuid() != 0:
        yield "mounting a small tmpfs needs root (CI runs as root)"
        return
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mount)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        yield f"cannot mount a small tmpfs here: {done.stderr.strip()}"
        return
    try:
        yield None
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(disk: Path) -> Path:
    """Fills the disk to the last byte; returns the filler to remove later."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        for size in (1 << 20, 65536, 4096, 512, 1):
            try:
                while True:
                    os.write(fd, b"\0" * size)
            except OSError:
                pass
    finally:
        os.close(fd)
    return filler
