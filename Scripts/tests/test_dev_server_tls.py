"""The dev server over HTTPS: its local CA, made once in a private folder, and the TLS options tests use."""

import http.client
import json
import os
import re
import select
import signal
import ssl
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

SERVER_SCRIPT = Path(__file__).resolve().parents[1] / "dev-server"
READY = re.compile(r"dev-server ready port=(\d+) url=(https?)://127\.0\.0\.1:(\d+)(?: ca=(\S+))?\n")


class TLSServer:
    """Scripts/dev-server with HTTPS options; `ca` is the path the ready line names, if any."""

    def __init__(self, *args, env=None):
        self.process = subprocess.Popen([sys.executable, str(SERVER_SCRIPT), "--port", "0", *args],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        ready, _, _ = select.select([self.process.stdout], [], [], 20)
        line = self.process.stdout.readline().decode() if ready else ""
        match = READY.fullmatch(line)
        if not match:
            self.process.kill()
            _, errors = self.process.communicate()
            raise RuntimeError(f"no ready line, got {line!r}: {errors.decode()}")
        self.port, self.scheme, self.ca = int(match[1]), match[2], match[4]

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=10)
        with self.process.stdout, self.process.stderr:
            return self.process.stderr.read().decode()

    def get(self, path, context):
        connection = http.client.HTTPSConnection("127.0.0.1", self.port, context=context, timeout=10)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def counter(self, key, context):
        status, body = self.get(f"/_admin/counters/{key}", context)
        return json.loads(body)["count"]


def client_context(cafile, minimum=None, certificate=None, key=None):
    context = ssl.create_default_context(cafile=cafile)
    if minimum is not None:
        context.minimum_version = minimum
    if certificate is not None:
        context.load_cert_chain(certificate, key)
    return context


def openssl(*arguments):
    subprocess.run(["openssl", *arguments], check=True, capture_output=True)


def make_ca(folder, name):
    """A root in `folder`: (certificate, key)."""
    certificate, key = os.path.join(folder, f"{name}.pem"), os.path.join(folder, f"{name}-key.pem")
    openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
            "-subj", f"/CN={name}", "-addext", "basicConstraints=critical,CA:TRUE", "-keyout", key, "-out", certificate)
    return certificate, key


def issue(folder, name, ca, extension):
    certificate, key = os.path.join(folder, f"{name}.pem"), os.path.join(folder, f"{name}-key.pem")
    request, extfile = os.path.join(folder, f"{name}.csr"), os.path.join(folder, f"{name}.ext")
    with open(extfile, "w", encoding="ascii") as file:
        file.write(extension + "\n")
    openssl("req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-subj",
            f"/CN={name}", "-keyout", key, "-out", request)
    openssl("x509", "-req", "-in", request, "-CA", ca[0], "-CAkey", ca[1], "-set_serial", "7", "-days", "2",
            "-extfile", extfile, "-out", certificate)
    return certificate, key


class LocalCATests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory(prefix="dev-server-tls-test-")
        self.addCleanup(self.folder.cleanup)
        self.tls_dir = os.path.join(self.folder.name, "tls")

    def start(self, *args, env=None):
        server = TLSServer(*args, env=env)
        self.addCleanup(lambda: server.process.poll() is None and server.stop())
        return server

    def test_tls_makes_a_private_ca_once_and_serves_https_it_signed(self):
        first = self.start("--tls", "--tls-dir", self.tls_dir)
        self.assertEqual(first.scheme, "https")
        self.assertEqual(first.ca, os.path.join(self.tls_dir, "ca", "ca.pem"))
        self.assertEqual(os.stat(self.tls_dir).st_mode & 0o777, 0o700)
        self.assertEqual(first.get("/echo/hello", client_context(first.ca))[0], 200)
        ca_bytes = Path(first.ca).read_bytes()
        self.assertIn("--cacert " + first.ca, first.stop())

        second = self.start("--tls", "--tls-dir", self.tls_dir)
        self.assertEqual(Path(second.ca).read_bytes(), ca_bytes, "the CA is made once and reused")
        self.assertEqual(second.get("/echo/again", client_context(second.ca))[0], 200)

    def test_the_folder_comes_from_the_environment_when_no_flag_names_it(self):
        env = dict(os.environ, DEV_SERVER_TLS_DIR=self.tls_dir)
        server = self.start("--tls", env=env)
        self.assertEqual(server.ca, os.path.join(self.tls_dir, "ca", "ca.pem"))

    def test_a_client_without_the_ca_is_refused_as_an_unknown_issuer(self):
        server = self.start("--tls", "--tls-dir", self.tls_dir)
        with self.assertRaises(ssl.SSLCertVerificationError) as caught:
            server.get("/echo/x", ssl.create_default_context(cafile=make_ca(self.folder.name, "other")[0]))
        self.assertEqual(caught.exception.verify_code, 20)  # unable to get local issuer certificate

    def test_a_folder_others_can_read_is_refused(self):
        os.makedirs(self.tls_dir, mode=0o755)
        os.chmod(self.tls_dir, 0o755)
        process = subprocess.run([sys.executable, str(SERVER_SCRIPT), "--port", "0", "--tls", "--tls-dir",
                                  self.tls_dir], capture_output=True, timeout=20)
        self.assertEqual(process.returncode, 1)
        self.assertIn(b"chmod 700", process.stderr)

    def test_plain_http_without_tls(self):
        server = self.start()
        self.assertEqual(server.scheme, "http")
        self.assertIsNone(server.ca)


class TLSOptionTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory(prefix="dev-server-tls-test-")
        self.addCleanup(self.folder.cleanup)
        self.ca = make_ca(self.folder.name, "root")
        self.leaf = issue(self.folder.name, "server", self.ca, "subjectAltName=IP:127.0.0.1")

    def start(self, *args):
        server = TLSServer("--tls-cert", self.leaf[0], "--tls-key", self.leaf[1], *args)
        self.addCleanup(lambda: server.process.poll() is None and server.stop())
        return server

    def test_a_given_certificate_is_served_and_no_local_ca_is_named(self):
        server = self.start()
        self.assertIsNone(server.ca)
        self.assertEqual(server.get("/echo/x", client_context(self.ca[0]))[0], 200)

    def test_a_client_ca_makes_a_certificate_required(self):
        client_ca = make_ca(self.folder.name, "client-root")
        client = issue(self.folder.name, "client", client_ca, "extendedKeyUsage=clientAuth")
        stranger = issue(self.folder.name, "stranger", self.ca, "extendedKeyUsage=clientAuth")
        server = self.start("--tls-client-ca", client_ca[0])

        status, _ = server.get("/echo/in", client_context(self.ca[0], certificate=client[0], key=client[1]))
        self.assertEqual(status, 200)
        for context in (client_context(self.ca[0]), client_context(self.ca[0], None, *stranger)):
            with self.assertRaises((ssl.SSLError, ConnectionError)):
                server.get("/echo/out", context)
        trusted = client_context(self.ca[0], certificate=client[0], key=client[1])
        status, _ = server.get("/_admin/wait?counter=tls.handshake-failed&at_least=2&timeout_ms=20000", trusted)
        self.assertEqual(status, 200, "the server refused both handshakes")
        self.assertEqual(server.counter("route:GET%20/echo/out", trusted), 0)

    def test_a_maximum_version_refuses_a_client_that_wants_newer(self):
        server = self.start("--tls-max-version", "1.2")
        self.assertEqual(server.get("/echo/x", client_context(self.ca[0]))[0], 200)
        with self.assertRaises(ssl.SSLError):
            server.get("/echo/x", client_context(self.ca[0], minimum=ssl.TLSVersion.TLSv1_3))

    def test_cert_without_key_is_a_usage_error(self):
        process = subprocess.run([sys.executable, str(SERVER_SCRIPT), "--port", "0", "--tls-cert", self.leaf[0]],
                                 capture_output=True, timeout=20)
        self.assertEqual(process.returncode, 2)
        self.assertIn(b"--tls-cert and --tls-key go together", process.stderr)


if __name__ == "__main__":
    unittest.main()
