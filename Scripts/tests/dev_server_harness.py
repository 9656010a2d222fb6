"""Starts Scripts/dev-server for the Python tests and talks to it like curl does."""

import gzip
import http.client
import json
import re
import select
import signal
import subprocess
import sys
import unittest
from pathlib import Path
from urllib.parse import quote

SCRIPTS = Path(__file__).resolve().parents[1]
SERVER_SCRIPT = SCRIPTS / "dev-server"
FIXTURE = SCRIPTS / "tools" / "dev-server" / "fixtures" / "stackexchange" / "questions.json"
READY = re.compile(r"dev-server ready port=(\d+) url=http://(\[[0-9a-f:]+\]|[0-9.]+):(\d+)\n")


class DevServer:
    """The server as a subprocess; `stop` sends a signal and returns (exit code, stdout, stderr)."""

    def __init__(self, *args):
        self.process = subprocess.Popen(
            [sys.executable, str(SERVER_SCRIPT), "--port", "0", *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        ready, _, _ = select.select([self.process.stdout], [], [], 10)
        line = self.process.stdout.readline().decode() if ready else ""
        match = READY.fullmatch(line)
        if not match or match[1] != match[3]:
            self.process.kill()
            self.process.communicate()
            raise RuntimeError(f"no ready line, got {line!r}")
        self.ready_line = line
        self.port = int(match[1])
        self.host = match[2].strip("[]")
        self.base_url = f"http://{match[2]}:{self.port}"

    def stop(self, sig=signal.SIGTERM):
        self.process.send_signal(sig)
        try:
            code = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise
        with self.process.stdout, self.process.stderr:
            return code, self.process.stdout.read().decode(), self.process.stderr.read().decode()

    def connect(self):
        return http.client.HTTPConnection(self.host, self.port, timeout=5)

    def call(self, method, path, body=None, headers=None):
        """One request on a fresh connection: (status, headers, raw body bytes)."""
        connection = self.connect()
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.headers, response.read()
        finally:
            connection.close()

    def json(self, method, path, payload=None):
        body = json.dumps(payload).encode() if payload is not None else None
        status, headers, data = self.call(method, path, body)
        if headers.get("Content-Encoding") == "gzip":
            data = gzip.decompress(data)
        return status, json.loads(data)

    def counter(self, key):
        return self.json("GET", "/_admin/counters/" + quote(key, safe=""))[1]["count"]

    def access_token(self):
        return self.json("POST", "/v1/auth/token")[1]["access_token"]



SERVER = None


def start_server():
    """Starts the module's shared server (use as setUpModule)."""
    global SERVER
    SERVER = DevServer()


def stop_server():
    """Stops the shared server and checks it exited cleanly (use as tearDownModule)."""
    code, stdout, stderr = SERVER.stop()
    assert code == 0, f"exit code {code}"
    assert SERVER.process.poll() is not None, "server process still running"
    assert stdout == "", f"unexpected stdout after the ready line: {stdout!r}"
    assert "Traceback" not in stderr, stderr


class ServerTestCase(unittest.TestCase):
    def setUp(self):
        self.server = SERVER
        self.server.call("POST", "/_admin/reset")

    def se(self, path):
        """A Stack Exchange call: (status, decoded JSON), asserting the live API's encoding."""
        status, headers, data = self.server.call("GET", path)
        self.assertEqual(headers["Content-Encoding"], "gzip")
        self.assertEqual(headers["Content-Type"], "application/json; charset=utf-8")
        return status, json.loads(gzip.decompress(data))

    def assertSEError(self, path, error_id, error_name, message=None):
        status, body = self.se(path)
        self.assertEqual(status, 400)
        self.assertEqual((body["error_id"], body["error_name"]), (error_id, error_name))
        if message is not None:
            self.assertEqual(body["error_message"], message)
