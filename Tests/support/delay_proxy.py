"""A TCP proxy on loopback that delays every byte by a fixed time each way, as a connection
from another continent would: what the page does at 200 ms from its server.

    with DelayProxy(target_port, delay=0.2) as proxy:
        driver.get(f"http://127.0.0.1:{proxy.port}/")

Besides the delay, a test can hold a direction (bytes are kept, in order, until released),
see how many bytes are held, and drop every connection (held bytes are lost with them), to
make "the event never arrived" and "the answer never came back" happen on purpose.
"""

import asyncio
import socket
import threading
import time


class DelayProxy:
    def __init__(self, target_port, delay=0.2, port=0):
        self.target_port = target_port
        self.delay = delay
        self.port = port or self.free_port()
        self.loop = asyncio.new_event_loop()
        self.connections = []
        self.held = {"up": False, "down": False}
        self.waiting = {"up": 0, "down": 0}
        self.released = {"up": None, "down": None}
        self.connected = 0
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    @staticmethod
    def free_port():
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            return s.getsockname()[1]

    def __enter__(self):
        self.thread.start()
        ready = asyncio.run_coroutine_threadsafe(self._start(), self.loop)
        ready.result(10)
        return self

    def __exit__(self, *_):
        asyncio.run_coroutine_threadsafe(self._stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)

    async def _start(self):
        self.released = {"up": asyncio.Event(), "down": asyncio.Event()}
        for event in self.released.values():
            event.set()
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)

    async def _stop(self):
        self.server.close()
        self._drop()

    def _call(self, function):
        async def run():
            return function()
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    # MARK: - Control

    def hold(self, direction):
        """Keeps the bytes going `up` (browser to server) or `down` until `release`."""
        def hold():
            self.held[direction] = True
            self.released[direction].clear()
        self._call(hold)

    def release(self, direction):
        def release():
            self.held[direction] = False
            self.released[direction].set()
        self._call(release)

    def held_bytes(self, direction):
        """How many bytes wait in `direction` (held, or still in their delay)."""
        return self._call(lambda: self.waiting[direction])

    def drop(self):
        """Closes every connection; the bytes they held are lost."""
        self._call(self._drop)

    def connection_count(self):
        """How many connections the proxy has accepted so far."""
        return self._call(lambda: self.connected)

    def _drop(self):
        for writer, tasks in list(self.connections):
            for task in tasks:
                task.cancel()
            writer.transport.abort()
        self.connections.clear()
        self.waiting = {"up": 0, "down": 0}

    # MARK: - Forwarding

    async def _serve(self, client_reader, client_writer):
        self.connected += 1
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            client_writer.transport.abort()
            return
        tasks = []
        entry = (client_writer, tasks)
        self.connections.append(entry)
        for reader, writer, direction in ((client_reader, server_writer, "up"),
                                          (server_reader, client_writer, "down")):
            queue = asyncio.Queue()
            tasks.append(asyncio.ensure_future(self._read(reader, queue, direction)))
            tasks.append(asyncio.ensure_future(self._write(writer, queue, direction)))
        # The server's side closes with the browser's.
        original = client_writer.transport.abort

        def abort():
            server_writer.transport.abort()
            original()
        client_writer.transport.abort = abort

    async def _read(self, reader, queue, direction):
        while True:
            data = await reader.read(65536)
            if not data:
                await queue.put((time.monotonic() + self.delay, None))
                return
            self.waiting[direction] += len(data)
            await queue.put((time.monotonic() + self.delay, data))

    async def _write(self, writer, queue, direction):
        while True:
            due, data = await queue.get()
            wait = due - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            await self.released[direction].wait()
            if data is None:
                if writer.can_write_eof():
                    writer.write_eof()
                return
            self.waiting[direction] -= len(data)
            writer.write(data)
            await writer.drain()
