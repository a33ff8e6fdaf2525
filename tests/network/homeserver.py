"""A real Matrix homeserver for the network tests (issue 40): Synapse, from the test extra,
with SQLite in a temporary folder, listening on 127.0.0.1 only, on a free port; users are
registered with its shared secret (the admin API's registration). Nothing here mocks the
server: the tests talk to it as a player's owsqt would."""

from __future__ import annotations

import hashlib
import hmac
import json
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

SERVER_NAME = "owsqt.test"
SECRET = "owsqt test registration secret"
UNLIMITED = {"per_second": 10000, "burst_count": 10000}
START_SECONDS = 60  # a busy 2-core machine starts it in a few seconds


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _config(folder: Path, port: int) -> str:
    """Synapse's configuration, as JSON (a subset of YAML): the client API on 127.0.0.1,
    no federation, no key servers, and no rate limits (the tests send fast)."""
    return json.dumps(
        {
            "server_name": SERVER_NAME,
            "pid_file": str(folder / "homeserver.pid"),
            "listeners": [
                {
                    "port": port,
                    "bind_addresses": ["127.0.0.1"],
                    "type": "http",
                    "tls": False,
                    "resources": [{"names": ["client"], "compress": False}],
                }
            ],
            "database": {"name": "sqlite3", "args": {"database": str(folder / "home.db")}},
            "media_store_path": str(folder / "media"),
            "registration_shared_secret": SECRET,
            "report_stats": False,
            "signing_key_path": str(folder / "signing.key"),
            "trusted_key_servers": [],
            "suppress_key_server_warning": True,
            "rc_message": UNLIMITED,
            "rc_registration": UNLIMITED,
            "rc_login": {"address": UNLIMITED, "account": UNLIMITED, "failed_attempts": UNLIMITED},
            "rc_joins": {"local": UNLIMITED, "remote": UNLIMITED},
            "rc_invites": {"per_room": UNLIMITED, "per_user": UNLIMITED},
        }
    )


@dataclass
class Homeserver:
    """A running Synapse: its address, and how to register a user on it."""

    url: str
    process: subprocess.Popen[bytes]
    log: Path

    @classmethod
    def start(cls, folder: Path) -> Homeserver:
        port = _free_port()
        config = folder / "homeserver.yaml"
        config.write_text(_config(folder, port), encoding="utf-8")
        command = [sys.executable, "-m", "synapse.app.homeserver", "-c", str(config)]
        subprocess.run([*command, "--generate-keys"], check=True, capture_output=True)
        log = folder / "homeserver.log"
        with log.open("wb") as out:
            process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        server = cls(f"http://127.0.0.1:{port}", process, log)
        server._wait()
        return server

    def _wait(self) -> None:
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"Synapse stopped: {self.log.read_text()[-2000:]}")
            try:
                urllib.request.urlopen(f"{self.url}/_matrix/client/versions", timeout=1)
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"Synapse did not answer in {START_SECONDS} s")

    def register(self, user: str, password: str) -> str:
        """Register `user` with the shared secret; his Matrix id."""
        url = f"{self.url}/_synapse/admin/v1/register"
        with urllib.request.urlopen(url, timeout=10) as answer:
            nonce = json.load(answer)["nonce"]
        mac = hmac.new(SECRET.encode(), digestmod=hashlib.sha1)
        mac.update(f"{nonce}\0{user}\0{password}\0notadmin".encode())
        body = {"nonce": nonce, "username": user, "password": password, "mac": mac.hexdigest()}
        request = urllib.request.Request(
            url, json.dumps(body).encode(), {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            return str(json.load(answer)["user_id"])

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
