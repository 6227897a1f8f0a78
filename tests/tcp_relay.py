"""A TCP relay on loopback in front of a database server: closing it is the database stopping
for whoever connects through it, while the real server goes on serving the other tests."""

from __future__ import annotations

import contextlib
import socket
import threading
from urllib.parse import urlsplit, urlunsplit


class Relay:
    """Accepts on a free loopback port and passes every byte on to `host:port` and back."""

    def __init__(self, host: str, port: int) -> None:
        """Listen now; relay each connection on threads of its own until `stop`."""
        self.target = (host, port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.sockets: list[socket.socket] = []
        self.lock = threading.Lock()
        self.stopped = False
        threading.Thread(target=self._accept, name="relay", daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _address = self.listener.accept()
            except OSError:
                return  # stopped
            with self.lock:
                if self.stopped:  # accepted as `stop` ran: the database is gone for it too
                    client.close()
                    return
                server = socket.create_connection(self.target)
                self.sockets += [client, server]
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)

    def url(self, database_url: str) -> str:
        """`database_url` with its host and port replaced by the relay's."""
        parts = urlsplit(database_url)
        user = parts.netloc.rsplit("@", 1)[0] + "@" if "@" in parts.netloc else ""
        return urlunsplit(parts._replace(netloc=f"{user}127.0.0.1:{self.port}"))

    def stop(self) -> None:
        """The database stops: no new connection is taken, and every open one is cut. Closing
        the listener alone does not wake a thread blocked in `accept` on Linux, which would then
        take one more connection: its shutdown does, and `stopped` turns away what it took."""
        with self.lock:
            self.stopped = True
            with contextlib.suppress(OSError):
                self.listener.shutdown(socket.SHUT_RDWR)
            self.listener.close()
            for end in self.sockets:
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
                end.close()


def relay_to(database_url: str) -> Relay:
    """A relay in front of the PostgreSQL server that `database_url` names."""
    parts = urlsplit(database_url)
    return Relay(parts.hostname or "127.0.0.1", parts.port or 5432)
