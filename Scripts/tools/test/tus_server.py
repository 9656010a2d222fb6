"""An independent tus 1.0 server for interop tests: PyPI's tuspyserver (a FastAPI router) served by uvicorn on
127.0.0.1.

Usage: python3 tus_server.py --files-dir DIR [--port PORT]

Serves the tus creation endpoint at /files/ and stores each upload in DIR under its id (with an `.info` file
beside it). Prints `tus-server ready port=PORT` once it listens (with --port 0, the default, on a free port) and
runs until it is terminated. Needs the packages of Scripts/tools/bootstrap/python-test-requirements.txt.
"""

import argparse
import socket
import sys

import uvicorn
from fastapi import FastAPI
from tuspyserver import create_tus_router


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files-dir", required=True, help="the folder uploads are stored in")
    parser.add_argument("--port", type=int, default=0, help="the port to listen on (0: a free one)")
    arguments = parser.parse_args()

    app = FastAPI()
    app.include_router(create_tus_router(prefix="files", files_dir=arguments.files_dir))

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", arguments.port))
    listener.listen(64)
    # Connections wait in the listen queue until uvicorn accepts them, so the port is usable from here on.
    print(f"tus-server ready port={listener.getsockname()[1]}", flush=True)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False))
    server.run(sockets=[listener])
    return 0


if __name__ == "__main__":
    sys.exit(main())
