"""HTTPS for the dev server: a local certificate authority made once in a private folder, a fresh server
certificate from it on every start, and the server's TLS context (optionally wanting client certificates, or
capped at a TLS version)."""

import os
import shutil
import ssl
import subprocess
import tempfile

CA_FOLDER = "ca"
CA_CERTIFICATE = "ca.pem"
CA_KEY = "ca-key.pem"
CA_DAYS = 3650
SERVER_DAYS = 30
SERVER_NAMES = "IP:127.0.0.1,IP:::1,DNS:localhost"
VERSIONS = {"1.2": ssl.TLSVersion.TLSv1_2, "1.3": ssl.TLSVersion.TLSv1_3}


class TLSSetupError(Exception):
    """The local CA or the server certificate could not be made or used; the message says which and why."""


def default_folder(environ):
    """The folder for the local CA: $DEV_SERVER_TLS_DIR, else $XDG_CACHE_HOME/networking/dev-server-tls, else
    ~/.cache/networking/dev-server-tls (the app's cache rules)."""
    explicit = environ.get("DEV_SERVER_TLS_DIR")
    if explicit:
        return explicit
    xdg = environ.get("XDG_CACHE_HOME", "")
    base = xdg if xdg.startswith("/") else os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "networking", "dev-server-tls")


def private_folder(path):
    """Creates `path` with mode 0700 when missing; refuses one that others can read, since it holds a CA key."""
    os.makedirs(path, mode=0o700, exist_ok=True)
    mode = os.stat(path).st_mode & 0o777
    if mode & 0o077:
        raise TLSSetupError(f"{path} is readable by others (mode {mode:o}); run chmod 700 {path} or pick another "
                            "folder with --tls-dir")
    return path


def local_ca(folder):
    """The local CA's certificate and key in `folder`, made on first use; returns (certificate, key) paths.

    The CA is made in a temporary folder beside its final place and renamed into it, so two servers starting at
    once never see half of one: the second rename fails and that server uses the first one's CA."""
    private_folder(folder)
    ca_folder = os.path.join(folder, CA_FOLDER)
    certificate, key = os.path.join(ca_folder, CA_CERTIFICATE), os.path.join(ca_folder, CA_KEY)
    if not os.path.exists(certificate):
        staging = tempfile.mkdtemp(prefix=".ca-", dir=folder)
        try:
            _openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                     "-days", str(CA_DAYS), "-subj", "/CN=networking dev-server local CA",
                     "-addext", "basicConstraints=critical,CA:TRUE",
                     "-addext", "keyUsage=critical,keyCertSign,cRLSign",
                     "-keyout", os.path.join(staging, CA_KEY), "-out", os.path.join(staging, CA_CERTIFICATE))
            os.rename(staging, ca_folder)
        except OSError:
            if not os.path.exists(certificate):
                raise
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    return certificate, key


def issue_server_certificate(ca_certificate, ca_key, folder):
    """A new server certificate for 127.0.0.1, ::1 and localhost, signed by the CA, written into `folder`;
    returns (certificate, key) paths."""
    certificate, key = os.path.join(folder, "server.pem"), os.path.join(folder, "server-key.pem")
    request, extensions = os.path.join(folder, "server.csr"), os.path.join(folder, "server.ext")
    with open(extensions, "w", encoding="ascii") as file:
        file.write(f"subjectAltName={SERVER_NAMES}\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n")
    _openssl("req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
             "-subj", "/CN=localhost", "-keyout", key, "-out", request)
    _openssl("x509", "-req", "-in", request, "-CA", ca_certificate, "-CAkey", ca_key,
             "-set_serial", str(int.from_bytes(os.urandom(8), "big")), "-days", str(SERVER_DAYS),
             "-extfile", extensions, "-out", certificate)
    return certificate, key


def server_context(certificate, key, client_ca=None, max_version=None):
    """The server's TLS context: `certificate` and `key`; with `client_ca`, a client certificate issued by it is
    required; with `max_version` ("1.2" or "1.3"), nothing newer is spoken."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(certificate, key)
        if client_ca is not None:
            context.verify_mode = ssl.CERT_REQUIRED
            context.load_verify_locations(cafile=client_ca)
    except (OSError, ssl.SSLError) as error:
        raise TLSSetupError(f"cannot load the TLS certificate, key or client CA: {error}") from None
    if max_version is not None:
        context.maximum_version = VERSIONS[max_version]
    return context


def local_context(folder, client_ca=None, max_version=None):
    """The context for a certificate from the local CA in `folder`; returns (context, CA certificate path).

    The server certificate lives in a temporary folder only until it is loaded."""
    try:
        ca_certificate, ca_key = local_ca(folder)
        with tempfile.TemporaryDirectory(prefix="dev-server-tls-") as scratch:
            certificate, key = issue_server_certificate(ca_certificate, ca_key, scratch)
            return server_context(certificate, key, client_ca, max_version), ca_certificate
    except OSError as error:
        raise TLSSetupError(f"cannot set up the local CA in {folder}: {error}") from None


def _openssl(*arguments):
    try:
        subprocess.run(["openssl", *arguments], check=True, capture_output=True)
    except FileNotFoundError:
        raise TLSSetupError("openssl is not installed; run Scripts/bootstrap") from None
    except subprocess.CalledProcessError as error:
        message = error.stderr.decode(errors="replace").strip()
        raise TLSSetupError(f"openssl {arguments[0]} failed: {message}") from None
