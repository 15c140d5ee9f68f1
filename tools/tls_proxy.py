"""A TLS reverse proxy on loopback in front of ``nardy serve``, as a server on the internet
has one: Debian's nginx with a self-signed certificate, the game under a path of its own
(``PREFIX``). What ``tools/browser_check.py --behind-nginx`` shares (outside CI).

The proxy's ``location`` is the nginx example of ``docs/browser.md``, word for word but for
the port the game listens on; the rest (where nginx keeps its files) is only what running it
from a temporary folder takes.

    apt-get install nginx openssl
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from browser_driver import Unexpected

NGINX = Path("/usr/sbin/nginx")
PREFIX = "/nardy/"
"""The path the game is served under, behind the proxy."""

LOCATION = """\
    location /nardy/ {
        proxy_pass http://127.0.0.1:%(upstream)d/;
        proxy_http_version 1.1;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection "upgrade";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
"""
"""The example of ``docs/browser.md``: the game's websocket passed on (HTTP/1.1, Upgrade and
Connection), ``/nardy/`` taken off the path, the visitor's Host kept and their address
forwarded (the server believes it with ``--proxy-address 127.0.0.1``)."""

CONFIGURATION = """\
daemon off;
worker_processes 1;
pid %(folder)s/nginx.pid;
error_log %(folder)s/error.log;
events { worker_connections 256; }
http {
    access_log %(folder)s/access.log;
    client_body_temp_path %(folder)s/body;
    proxy_temp_path %(folder)s/proxy;
    fastcgi_temp_path %(folder)s/fastcgi;
    uwsgi_temp_path %(folder)s/uwsgi;
    scgi_temp_path %(folder)s/scgi;
    server {
        listen 127.0.0.1:%(port)d ssl;
        ssl_certificate %(folder)s/certificate.pem;
        ssl_certificate_key %(folder)s/key.pem;
%(location)s    }
}
"""

READY_SECONDS = 10.0
"""How long nginx may take to listen, at most."""
POLL_SECONDS = 0.02


def tls_proxy_missing() -> str | None:
    """One line saying what to install when nginx or openssl is not, else None."""
    if not NGINX.exists() or shutil.which("openssl") is None:
        return "the check behind a proxy needs nginx and openssl: apt-get install nginx openssl"
    return None


def free_port() -> int:
    """A loopback port nothing listens on now (the proxy's, known before the game starts,
    which must be told its public address)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass(frozen=True)
class Proxy:
    """nginx running: the address visitors use, and its access log."""

    public_url: str
    access_log: Path


@contextmanager
def nginx_in_front(port: int, upstream: int, folder: Path) -> Iterator[Proxy]:
    """nginx with TLS at ``https://127.0.0.1:port/nardy/``, passing it on to the game at
    ``http://127.0.0.1:upstream/``, its files in ``folder``; stopped at the end."""
    folder.chmod(0o755)  # nginx's workers, not root, keep their temporary files here
    _self_signed(folder)
    configuration = folder / "nginx.conf"
    configuration.write_text(
        CONFIGURATION
        % {"folder": folder, "port": port, "location": LOCATION % {"upstream": upstream}}
    )
    nginx = subprocess.Popen(
        [str(NGINX), "-p", str(folder), "-e", str(folder / "error.log"), "-c", str(configuration)]
    )
    try:
        _wait_until_listening(port, nginx)
        yield Proxy(f"https://127.0.0.1:{port}{PREFIX}", folder / "access.log")
    finally:
        nginx.terminate()
        nginx.wait(READY_SECONDS)


def _self_signed(folder: Path) -> None:
    """A certificate for 127.0.0.1, good for a day, and its key."""
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-keyout", str(folder / "key.pem"), "-out", str(folder / "certificate.pem")),
            *("-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"),
        ],
        check=True,
        capture_output=True,
    )


def _wait_until_listening(port: int, nginx: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + READY_SECONDS
    while True:
        if nginx.poll() is not None:
            raise Unexpected(f"nginx ended at once (status {nginx.returncode})")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError as refused:
            if time.monotonic() > deadline:
                raise Unexpected(f"nginx not listening on port {port}: {refused}") from None
            time.sleep(POLL_SECONDS)
