"""nginx and Caddy in front of a real `todo serve`, terminating TLS with a certificate made
for the test, configured from the very files people copy (docs/deploy/nginx.conf and
docs/deploy/Caddyfile) with only their placeholders replaced.

    certificate = Certificate.make(directory)               # openssl req -x509, for localhost
    proxy = Nginx(directory, certificate, port, upstream_port).start()
    proxy.url                                                # https://localhost:PORT
    proxy.stop()

Each proxy runs in a temporary directory of its own (its configuration, pid file, logs,
temporary files, Caddy's storage): nothing is read from or written to /etc, /var or $HOME,
and a system nginx or Caddy (ports 80, 443, Caddy's admin port 2019) is neither needed nor
touched. Readiness is a TLS handshake that succeeds on the proxy's port (waited for, never
slept); a proxy that exits first fails with its logs.
"""

import os
import re
import shutil
import socket
import ssl
import subprocess
from pathlib import Path

from httpkit import WebSocket
from todoserve import ROOT, wait_for

DEPLOY = ROOT / "docs" / "deploy"

# The placeholders of the files in docs/deploy/.
PUBLIC_NAME = "todo.example.org"
UPSTREAM = "127.0.0.1:8080"
CERTIFICATE = "/etc/ssl/todo/fullchain.pem"
KEY = "/etc/ssl/todo/privkey.pem"


def executable(name):
    """The path of a proxy's executable: on PATH, or in the sbin directories (Debian's nginx
    is /usr/sbin/nginx, outside a normal user's PATH); None when it is not installed."""
    return shutil.which(name) or shutil.which(name, path="/usr/local/sbin:/usr/sbin:/sbin")


def free_port():
    """A TCP port free on the loopback addresses right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def has_ipv6_loopback():
    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
        return True
    except OSError:
        return False


def render(text, replacements, source):
    """`text` with each (pattern, value) replaced; a pattern (a regular expression, matched
    per line) that is not in the text fails, so that the test never silently runs a
    configuration other than the documented one."""
    for pattern, value in replacements:
        # A value may name the pattern's groups (\g<1>); an empty one removes the match.
        text, count = re.subn(pattern, lambda match, value=value: match.expand(value), text,
                              flags=re.MULTILINE)
        if count == 0:
            raise AssertionError(f"{source}: no {pattern!r} to replace; the tests replace "
                                 "only the documented placeholders")
    return text


# MARK: - The certificate


class Certificate:
    """A self-signed certificate (and its key) for localhost, 127.0.0.1 and ::1, made with
    `openssl req -x509`: the one certificate a test client trusts."""

    def __init__(self, cert, key):
        self.cert = str(cert)
        self.key = str(key)

    @classmethod
    def make(cls, directory):
        directory = Path(directory)
        cert, key = directory / "cert.pem", directory / "key.pem"
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
             "-nodes", "-days", "2", "-subj", "/CN=localhost",
             "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1",
             "-keyout", str(key), "-out", str(cert)],
            check=True, capture_output=True, timeout=30)
        return cls(cert, key)

    def context(self, alpn=("http/1.1",)):
        """A client TLS context that trusts this certificate only, and checks the name."""
        context = ssl.create_default_context(cafile=self.cert)
        if alpn:
            context.set_alpn_protocols(list(alpn))
        return context


# MARK: - The proxies


class ProxyError(RuntimeError):
    pass


class Proxy:
    """A reverse proxy process on `port` (all loopback addresses) in front of
    127.0.0.1:`upstream_port`, configured from docs/deploy/; `url` is its public URL."""

    name = "proxy"

    def __init__(self, directory, certificate, port, upstream_port):
        self.directory = Path(directory)
        self.certificate = certificate
        self.port = port
        self.upstream_port = upstream_port
        self.process = None
        self.output_path = self.directory / "output.log"
        self.ipv6 = has_ipv6_loopback()

    @property
    def url(self):
        return f"https://localhost:{self.port}"

    def command(self):
        raise NotImplementedError

    def environment(self):
        return None

    def write_configuration(self):
        raise NotImplementedError

    def start(self, timeout=30):
        self.directory.mkdir(parents=True, exist_ok=True)
        self.write_configuration()
        with open(self.output_path, "ab") as output:
            self.process = subprocess.Popen(
                self.command(), cwd=self.directory, env=self.environment(),
                stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT)
        try:
            wait_for(self._ready, f"{self.name} never completed a TLS handshake on port "
                     f"{self.port}", timeout, interval=0.05, details=self.logs)
        except BaseException:
            self.stop()
            raise
        return self

    def _ready(self):
        if self.process.poll() is not None:
            raise ProxyError(f"{self.name} exited with {self.process.returncode}; "
                             f"{self.logs()}")
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as raw:
                with self.certificate.context().wrap_socket(raw, server_hostname="localhost"):
                    return True
        except (OSError, ssl.SSLError):
            return False

    def stop(self, timeout=10):
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def close(self):
        self.stop()
        shutil.rmtree(self.directory, ignore_errors=True)

    def logs(self, tail=3000):
        text = []
        for path in sorted(self.directory.glob("*.log")):
            try:
                data = path.read_bytes()[-tail:].decode("utf-8", "replace")
            except OSError:
                continue
            text.append(f"--- {path.name}:\n{data}")
        return "\n".join(text) or "(no logs)"


class Nginx(Proxy):
    """nginx (`nginx -c CONF -p PREFIX -g 'daemon off;'`): docs/deploy/nginx.conf, rendered,
    included in the http block of a minimal main configuration of the test's own, which
    keeps the pid file, logs and temporary files in the proxy's directory. As root its
    workers run as nginx's default user (nobody), which reads the temporary directories."""

    name = "nginx"

    def write_configuration(self):
        source = DEPLOY / "nginx.conf"
        http_port = free_port()
        replacements = [
            (re.escape(PUBLIC_NAME), "localhost"),
            (r"^(\s*listen\s+)443(\s.*)$", rf"\g<1>127.0.0.1:{self.port}\g<2>"),
            (r"^(\s*listen\s+)80;", rf"\g<1>127.0.0.1:{http_port};"),
            (re.escape(UPSTREAM), f"127.0.0.1:{self.upstream_port}"),
            (re.escape(CERTIFICATE), self.certificate.cert),
            (re.escape(KEY), self.certificate.key),
        ]
        # The IPv6 listeners: on ::1, or left out on a machine without IPv6.
        replacements += [
            (r"^(\s*listen\s+)\[::\]:443(\s.*)$",
             rf"\g<1>[::1]:{self.port}\g<2>" if self.ipv6 else ""),
            (r"^(\s*listen\s+)\[::\]:80;", rf"\g<1>[::1]:{http_port};" if self.ipv6 else ""),
        ]
        text = render(source.read_text(), replacements, source)
        self.http_port = http_port
        (self.directory / "todo.conf").write_text(text)
        d = self.directory
        (d / "nginx.conf").write_text(f"""# Tests/proxy's main configuration around {source}
pid {d}/nginx.pid;
error_log {d}/error.log info;
worker_processes 1;
events {{ worker_connections 256; }}
http {{
    access_log {d}/access.log;
    client_body_temp_path {d}/client_body;
    proxy_temp_path {d}/proxy_temp;
    fastcgi_temp_path {d}/fastcgi_temp;
    uwsgi_temp_path {d}/uwsgi_temp;
    scgi_temp_path {d}/scgi_temp;
    include {d}/todo.conf;
}}
""")
        # nginx's workers (nobody, when started as root) reach the temporary directories.
        os.chmod(d, 0o755)

    def command(self):
        d = str(self.directory)
        return [executable("nginx"), "-c", f"{d}/nginx.conf", "-p", f"{d}/", "-g", "daemon off;"]


class Caddy(Proxy):
    """Caddy (`caddy run --config Caddyfile --adapter caddyfile`): docs/deploy/Caddyfile,
    rendered, after a global options block of the test's own: no admin endpoint, no
    redirect listener on port 80, no certificate authority installed anywhere, its storage
    and $HOME in the proxy's directory, listening on loopback only."""

    name = "caddy"

    def write_configuration(self):
        source = DEPLOY / "Caddyfile"
        d = self.directory
        text = render(source.read_text(), [
            (r"^" + re.escape(PUBLIC_NAME) + r" \{", f"https://localhost:{self.port} {{"),
            (re.escape(UPSTREAM), f"127.0.0.1:{self.upstream_port}"),
            (re.escape(CERTIFICATE), self.certificate.cert),
            (re.escape(KEY), self.certificate.key),
        ], source)
        binds = "127.0.0.1 ::1" if self.ipv6 else "127.0.0.1"
        (d / "Caddyfile").write_text(f"""# Tests/proxy's global options, then {source}
{{
	admin off
	auto_https disable_redirects
	skip_install_trust
	default_bind {binds}
	storage file_system {d}/storage
}}

{text}""")

    def environment(self):
        d = self.directory
        return {**os.environ, "HOME": str(d), "XDG_DATA_HOME": str(d / "data"),
                "XDG_CONFIG_HOME": str(d / "config")}

    def command(self):
        return [executable("caddy"), "run", "--config", str(self.directory / "Caddyfile"),
                "--adapter", "caddyfile"]


PROXIES = {"nginx": Nginx, "caddy": Caddy}


# MARK: - A WebSocket over TLS


def wss_handshake(proxy, path="/live", origin=None, headers=(), timeout=5.0):
    """Opens a TLS connection to the proxy (the certificate checked, HTTP/1.1) and sends a
    WebSocket upgrade of `path`; returns (httpkit.WebSocket or None, the handshake's
    httpkit.Response), as httpkit.WebSocket.handshake does over a plain socket."""
    raw = socket.create_connection(("127.0.0.1", proxy.port), timeout=timeout)
    try:
        sock = proxy.certificate.context().wrap_socket(raw, server_hostname="localhost")
    except BaseException:
        raw.close()
        raise
    return WebSocket.handshake_on(sock, f"localhost:{proxy.port}", origin, path, timeout,
                                  headers)
