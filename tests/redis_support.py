"""A real `redis-server` for the tests of the multi-host lobby (never a fake): Debian's, which
`make test` installs when missing. Started on a free port with no persistence, so a restart
brings it back empty (the worst case a lobby must survive)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import redis
from wire_support import WAIT, free_port, wait_for


class RedisServer:
    def __init__(self, workdir: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise AssertionError("redis-server is not installed: `make redis` installs Debian's")
        self.binary = binary
        self.dir = workdir
        self.dir.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.popen: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start it (again, on the same port) and wait until it answers PING."""
        self.starts += 1
        out = open(self.dir / f"redis-{self.starts}.out", "wb")  # noqa: SIM115 - the child's
        self.popen = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.dir)],
            stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        )  # fmt: skip
        out.close()
        wait_for(self.answers, what=f"redis-server on port {self.port}")

    def answers(self) -> bool:
        try:
            return bool(redis.Redis(port=self.port, socket_timeout=1).ping())
        except redis.RedisError:
            if self.popen is not None and self.popen.poll() is not None:
                log = (self.dir / f"redis-{self.starts}.out").read_text(errors="replace")
                raise AssertionError(f"redis-server exited: {log}") from None
            return False

    def stop(self) -> None:
        """Stop it, losing everything it held."""
        if self.popen is not None and self.popen.poll() is None:
            self.popen.terminate()
            self.popen.wait(WAIT)
        self.popen = None

    def client(self) -> redis.Redis:
        return redis.Redis(port=self.port, decode_responses=True, socket_timeout=5)
