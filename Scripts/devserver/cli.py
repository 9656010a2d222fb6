"""Command line: parse options, serve on 127.0.0.1, print the ready line, stop on SIGTERM/SIGINT."""

import argparse
import signal
import sys
import threading

from .app import App
from .fault_injection import KINDS, FaultConfig, parse_kinds
from .handler import Handler
from .server import DevServer

STOP_SIGNALS = {signal.SIGTERM, signal.SIGINT}


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


def parse_options(argv):
    parser = argparse.ArgumentParser(
        prog="dev-server", description="Local backend: token API, Stack Exchange 2.3 stand-in, CDN, faults.")
    parser.add_argument("--port", type=int, default=3000,
                        help="default 3000 (the app's default token URL); 0 picks a free port")
    parser.add_argument("--token-lifetime", type=_lifetime, default=300.0, metavar="SECONDS")
    parser.add_argument("--fault-rate", type=_rate, default=0.0, metavar="R")
    parser.add_argument("--fault-kinds", type=_kinds, default=KINDS, metavar="K1,K2",
                        help=f"any of {','.join(KINDS)}")
    parser.add_argument("--fault-seed", type=int, default=None, metavar="S")
    parser.add_argument("--verbose", action="store_true", help="log every request to stderr")
    return parser.parse_args(argv)


def main(argv=None):
    options = parse_options(argv)
    # Block the stop signals in every thread; the main thread collects them with sigwait.
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        server = DevServer(("127.0.0.1", options.port), Handler)
    except OSError as error:
        print(f"dev-server: cannot listen on 127.0.0.1:{options.port}: {error}", file=sys.stderr)
        return 1
    port = server.server_address[1]
    url = f"http://127.0.0.1:{port}"
    faults = FaultConfig(rate=options.fault_rate, kinds=options.fault_kinds, seed=options.fault_seed)
    server.app = App(url, options.token_lifetime, faults, verbose=options.verbose)
    serving = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1},
                               name="serve_forever", daemon=True)
    serving.start()
    try:
        print(f"dev-server ready port={port} url={url}", flush=True)
    except OSError:
        pass  # nobody reads stdout; keep serving
    received = signal.sigwait(STOP_SIGNALS)
    if options.verbose:
        print(f"dev-server: stopping on {signal.Signals(received).name}", file=sys.stderr)
    server.shutdown()
    serving.join()
    server.close_connections()
    server.server_close()
    return 0
