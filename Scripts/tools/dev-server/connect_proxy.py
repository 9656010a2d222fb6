#!/usr/bin/env python3
"""A forward proxy for tests, on 127.0.0.1: it tunnels CONNECT and forwards absolute-form plain-HTTP requests.

It counts what it saw; `GET /counts` (origin form, sent to the proxy itself) answers them as JSON:
{"connect": ["host:port", ...], "forward": ["http://...", ...], "refused": N}. With `--credentials USER:PASSWORD`
it answers 407 to a request without that Proxy-Authorization. With `--origin-certificate` and `--origin-key` it
also serves a small HTTPS origin on another port: /missing is a 404, /moved a 302 to /target, anything else
200 "ok PATH". The first line on standard output is `connect-proxy ready port=P origin=O` (O is 0 without an
origin). Standard library only.
"""

import argparse
import base64
import http.client
import http.server
import json
import os
import select
import signal
import socket
import ssl
import sys
import threading
from urllib.parse import urlsplit

LOCK = threading.Lock()
COUNTS = {"connect": [], "forward": [], "refused": 0}


def record(kind, value):
    with LOCK:
        if kind == "refused":
            COUNTS["refused"] += 1
        else:
            COUNTS[kind].append(value)


class ProxyHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    credentials = None

    def log_message(self, format, *args):
        pass

    def authorized(self):
        if self.credentials is None:
            return True
        expected = "Basic " + base64.b64encode(self.credentials.encode()).decode()
        if self.headers.get("Proxy-Authorization") == expected:
            return True
        record("refused", None)
        body = b"proxy authentication required"
        self.send_response(407)
        self.send_header("Proxy-Authenticate", 'Basic realm="test"')
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        return False

    def do_CONNECT(self):
        if not self.authorized():
            return
        host, _, port = self.path.rpartition(":")
        try:
            upstream = socket.create_connection((host, int(port)), timeout=10)
        except OSError:
            self.send_error(502)
            return
        record("connect", self.path)
        # A header of the proxy's own, which must never reach the client's response.
        self.send_response(200, "Connection established")
        self.send_header("X-Connect-Proxy", "tunnel")
        self.end_headers()
        self.wfile.flush()
        self.close_connection = True
        tunnel(self.connection, upstream)

    def forward(self):
        if self.path == "/counts":
            with LOCK:
                body = json.dumps(COUNTS).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if not self.authorized():
            return
        target = urlsplit(self.path)
        if target.scheme != "http" or not target.hostname:
            self.send_error(400, "absolute-form http URL expected")
            return
        record("forward", self.path)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("proxy-authorization", "proxy-connection")}
        path = target.path or "/"
        if target.query:
            path += "?" + target.query
        connection = http.client.HTTPConnection(target.hostname, target.port or 80, timeout=30)
        try:
            connection.request(self.command, path, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read()
        except OSError:
            self.send_error(502)
            return
        finally:
            connection.close()
        self.send_response(response.status, response.reason)
        for name, value in response.getheaders():
            if name.lower() not in ("transfer-encoding", "connection", "content-length"):
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = do_PATCH = do_OPTIONS = forward


def tunnel(client, upstream):
    sockets = [client, upstream]
    try:
        while True:
            readable, _, broken = select.select(sockets, [], sockets, 60)
            if broken or not readable:
                return
            for source in readable:
                data = source.recv(65536)
                if not data:
                    return
                (upstream if source is client else client).sendall(data)
    except OSError:
        return
    finally:
        upstream.close()


class OriginHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        if self.path == "/missing":
            self.reply(404, b"missing")
        elif self.path == "/moved":
            self.reply(302, b"moved", [("Location", "/target")])
        else:
            self.reply(200, b"ok " + self.path.encode())

    def reply(self, status, body, headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--credentials", help="USER:PASSWORD the proxy requires")
    parser.add_argument("--origin-certificate", help="PEM certificate of the HTTPS origin")
    parser.add_argument("--origin-key", help="PEM key of the HTTPS origin")
    arguments = parser.parse_args()
    ProxyHandler.credentials = arguments.credentials
    # Block the stop signals in every thread; the main thread collects them with sigwait.
    stop_signals = {signal.SIGTERM, signal.SIGINT}
    signal.pthread_sigmask(signal.SIG_BLOCK, stop_signals)
    proxy = http.server.ThreadingHTTPServer(("127.0.0.1", arguments.port), ProxyHandler)
    proxy.daemon_threads = True
    origin_port = 0
    if arguments.origin_certificate and arguments.origin_key:
        origin = http.server.ThreadingHTTPServer(("127.0.0.1", 0), OriginHandler)
        origin.daemon_threads = True
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(arguments.origin_certificate, arguments.origin_key)
        origin.socket = context.wrap_socket(origin.socket, server_side=True)
        origin_port = origin.server_address[1]
        threading.Thread(target=origin.serve_forever, daemon=True).start()
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    print(f"connect-proxy ready port={proxy.server_address[1]} origin={origin_port}", flush=True)
    signal.sigwait(stop_signals)
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    sys.exit(main())
