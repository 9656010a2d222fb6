"""Helpers for the Files API tests: multipart bodies built with the standard library, authorised calls."""

import json
import uuid


def multipart(parts, boundary=None):
    """(body bytes, Content-Type) for `parts`: (field name, filename or None, bytes) triples."""
    boundary = boundary or f"test-{uuid.uuid4().hex}"
    chunks = []
    for name, filename, data in parts:
        disposition = f'form-data; name="{name}"'
        if filename is not None:
            disposition += f'; filename="{filename}"'
        chunks.append(f"--{boundary}\r\nContent-Disposition: {disposition}\r\n".encode())
        if filename is not None:
            chunks.append(b"Content-Type: application/octet-stream\r\n")
        chunks.append(b"\r\n" + data + b"\r\n")
    chunks.append(f"--{boundary}--\r\n".encode())
    return b"".join(chunks), f"multipart/form-data; boundary={boundary}"


def pattern(size, seed=0):
    """`size` deterministic bytes that differ per `seed`."""
    block = bytes((index * 7 + seed) % 256 for index in range(4096))
    return (block * (size // len(block) + 1))[:size]


class FilesClient:
    """Calls the Files API of `server` (a harness DevServer) with a fresh bearer access token."""

    def __init__(self, server):
        self.server = server
        self.token = server.access_token()

    def auth(self, extra=None):
        return {"Authorization": f"Bearer {self.token}", **(extra or {})}

    def call(self, method, path, body=None, headers=None):
        return self.server.call(method, path, body, self.auth(headers))

    def upload(self, parts):
        body, content_type = multipart(parts)
        status, headers, data = self.call("POST", "/v1/files", body, {"Content-Type": content_type})
        return status, json.loads(data)

    def listing(self):
        status, _, data = self.call("GET", "/v1/files")
        assert status == 200, status
        return json.loads(data)["files"]


def peak_rss_kib(pid):
    """The process's peak resident set size (VmHWM) in KiB, or None where /proc does not say."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def reset_peak_rss(pid):
    """Resets VmHWM to the current RSS (Linux: write 5 to clear_refs); False where that is not possible."""
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as refs:
            refs.write("5")
        return True
    except OSError:
        return False

