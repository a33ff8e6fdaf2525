"""A TCP proxy between a player's owsqt and the homeserver that cuts connections (issue 40,
faults): each block of bytes that passes, either way, may be the last of its connection
(`chance`), cut at a random byte of it, as a network that fails does; the cuts are counted.
It runs on the test's asyncio loop."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from urllib.parse import urlsplit


@dataclass
class CutProxy:
    """Forwards 127.0.0.1:`port` to `upstream`, cutting connections at random."""

    upstream: str
    rng: random.Random
    chance: float = 0.05
    cuts: int = 0
    port: int = 0
    _server: asyncio.Server | None = field(default=None, repr=False)

    async def start(self) -> str:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{self.port}"

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        target = urlsplit(self.upstream)
        try:
            up_reader, up_writer = await asyncio.open_connection(target.hostname, target.port)
        except OSError:
            writer.close()
            return
        cut = asyncio.Event()
        await asyncio.gather(self._pipe(reader, up_writer, cut), self._pipe(up_reader, writer, cut))

    async def _pipe(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, cut: asyncio.Event
    ) -> None:
        try:
            while not cut.is_set() and (data := await reader.read(4096)):
                if cut.is_set():
                    break
                if self.rng.random() < self.chance:
                    writer.write(data[: self.rng.randrange(len(data))])
                    await writer.drain()
                    self.cuts += 1
                    cut.set()
                    break
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()
