"""Command line: parse options, serve on a loopback address, print the ready line, stop on SIGTERM/SIGINT."""

import argparse
import ipaddress
import os
import socket
import signal
import sys
import threading

from .app import App
from .fault_injection import KINDS, FaultConfig, parse_kinds
from .file_store import FileStore
from .handler import Handler
from .server import DevServer
from .tls import VERSIONS, TLSSetupError, default_folder, local_context, server_context

STOP_SIGNALS = {signal.SIGTERM, signal.SIGINT}
EX_USAGE = 64


def _rate(value):
    rate = float(value)
    if not 0 <= rate <= 1:
        raise argparse.ArgumentTypeError("must be between 0 and 1")
    return rate


def _lifetime(value):
    seconds = float(value)
    if seconds <= 0:
        raise argparse.ArgumentTypeError("must be positive")
    return seconds


def _kinds(value):
    try:
        return parse_kinds(value)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def loopback_host(value):
    """The address to bind and its URL form, or None when `value` is not a loopback IP address."""
    try:
        address = ipaddress.ip_address(value)
    except ValueError:
        return None
    if not address.is_loopback:
        return None
    if address.version == 6:
        return socket.AF_INET6, str(address), f"[{address}]"
    return socket.AF_INET, str(address), str(address)


def parse_options(argv):
    parser = argparse.ArgumentParser(
        prog="dev-server", description="Local backend: token and Files APIs, Stack Exchange 2.3 stand-in, CDN, faults.")
    parser.add_argument("--host", default="127.0.0.1", metavar="ADDRESS",
                        help="loopback address to bind: 127.0.0.0/8 or ::1 (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=3000,
                        help="default 3000 (the app's default token URL); 0 picks a free port")
    parser.add_argument("--token-lifetime", type=_lifetime, default=300.0, metavar="SECONDS")
    parser.add_argument("--fault-rate", type=_rate, default=0.0, metavar="R")
    parser.add_argument("--fault-kinds", type=_kinds, default=KINDS, metavar="K1,K2",
                        help=f"any of {','.join(KINDS)}")
    parser.add_argument("--fault-seed", type=int, default=None, metavar="S")
    parser.add_argument("--files-dir", metavar="DIR",
                        help="folder the Files API serves and stores uploads in (default: a new temporary "
                             "folder, removed on exit)")
    parser.add_argument("--verbose", action="store_true", help="log every request to stderr")
    tls = parser.add_argument_group("HTTPS")
    tls.add_argument("--tls", action="store_true",
                     help="serve HTTPS with a certificate from a local CA made on first use in --tls-dir; the ready "
                          "line names the CA's certificate (ca=PATH) to trust, as in networking --cacert PATH")
    tls.add_argument("--tls-dir", metavar="DIR",
                     help="folder (mode 0700) of the local CA: default $DEV_SERVER_TLS_DIR, else "
                          "$XDG_CACHE_HOME/networking/dev-server-tls, else ~/.cache/networking/dev-server-tls")
    tls.add_argument("--tls-cert", metavar="FILE", help="serve this PEM certificate (chain) instead; needs --tls-key")
    tls.add_argument("--tls-key", metavar="FILE", help="the PEM private key of --tls-cert")
    tls.add_argument("--tls-client-ca", metavar="FILE",
                     help="require a client certificate issued by a CA in this PEM file")
    tls.add_argument("--tls-max-version", choices=sorted(VERSIONS), help="speak no TLS version newer than this")
    options = parser.parse_args(argv)
    if (options.tls_cert is None) != (options.tls_key is None):
        parser.error("--tls-cert and --tls-key go together")
    options.tls = options.tls or options.tls_cert is not None or options.tls_client_ca is not None \
        or options.tls_max_version is not None or options.tls_dir is not None
    return options


def tls_context(options, environ):
    """(context, CA certificate path or None) for the HTTPS options, or (None, None) for plain HTTP."""
    if not options.tls:
        return None, None
    if options.tls_cert is not None:
        context = server_context(options.tls_cert, options.tls_key, options.tls_client_ca, options.tls_max_version)
        return context, None
    folder = os.path.abspath(options.tls_dir or default_folder(environ))
    return local_context(folder, options.tls_client_ca, options.tls_max_version)


def main(argv=None):
    options = parse_options(argv)
    # Block the stop signals in every thread; the main thread collects them with sigwait.
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    host = loopback_host(options.host)
    if host is None:
        print(f"dev-server: --host must be a loopback address (127.0.0.0/8 or ::1), not {options.host!r}",
              file=sys.stderr)
        return EX_USAGE
    family, address, url_host = host
    if options.files_dir is not None and not os.path.isdir(options.files_dir):
        print(f"dev-server: --files-dir {options.files_dir!r} is not a folder", file=sys.stderr)
        return EX_USAGE
    try:
        context, ca_certificate = tls_context(options, os.environ)
    except TLSSetupError as error:
        print(f"dev-server: {error}", file=sys.stderr)
        return 1
    try:
        server = DevServer((address, options.port), Handler, family)
    except OSError as error:
        print(f"dev-server: cannot listen on {url_host}:{options.port}: {error}", file=sys.stderr)
        return 1
    server.ssl_context = context
    port = server.server_address[1]
    url = f"{'https' if context else 'http'}://{url_host}:{port}"
    faults = FaultConfig(rate=options.fault_rate, kinds=options.fault_kinds, seed=options.fault_seed)
    files = None if options.files_dir is None else FileStore(os.path.abspath(options.files_dir), owned=False)
    server.app = App(url, options.token_lifetime, faults, verbose=options.verbose, files=files)
    serving = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1},
                               name="serve_forever", daemon=True)
    serving.start()
    ready = f"dev-server ready port={port} url={url}" + (f" ca={ca_certificate}" if ca_certificate else "")
    if ca_certificate:
        print(f"dev-server: serving HTTPS; trust its local CA with --cacert {ca_certificate}", file=sys.stderr,
              flush=True)
    try:
        print(ready, flush=True)
    except OSError:
        pass  # nobody reads stdout; keep serving
    received = signal.sigwait(STOP_SIGNALS)
    if options.verbose:
        print(f"dev-server: stopping on {signal.Signals(received).name}", file=sys.stderr)
    server.shutdown()
    serving.join()
    server.close_connections()
    server.server_close()
    server.app.close()
    return 0
