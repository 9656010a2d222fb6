"""Resumable uploads in progress, shared by the draft and tus routes: each one a staged file that grows by appends
and is renamed into the Files API's folder once complete.

A cut (`POST /_admin/uploads-cut`) makes the next non-empty resumable request body stop after N bytes: the bytes that
arrived are kept and the connection is closed without an answer, as when a network drops mid-upload. A stale offset
(`POST /_admin/uploads-stale-offset`) makes the next cuts leave their upload stating, to its next offset request, the
offset from before the cut: a server that still holds the cut append's lock, as tusd and tuspyserver do until they
notice the drop, so an append from that offset gets 409. A hold (`POST /_admin/files-upload-hold`) stops an append
once N of its body bytes are staged, until released."""

import secrets
import threading

from .body_stream import BodyError
from .files_hold import HOLD_MAX_SECONDS

MAX_SIZE = 1 << 40  # the largest upload either protocol accepts (`Upload-Limit: max-size`, `Tus-Max-Size`)
SETTLE_SECONDS = 10  # how long an offset query waits for an append still running on another connection


class ResumableUpload:
    """One upload: its protocol, target name, announced length (None when unknown) and staged bytes."""

    def __init__(self, protocol, name, length, staged):
        self.id = secrets.token_hex(16)
        self.protocol = protocol
        self.name = name
        self.length = length
        self.staged = staged
        self.entry = None  # the Files API listing entry once complete
        self.lock = threading.Lock()
        self.stale_offset = None  # the offset the next offset request states instead of the real one, once

    @property
    def offset(self):
        return self.staged.size

    def stated_offset(self, counters):
        """The offset an offset request states: once after a stale-offset cut, the one from before the cut."""
        stale, self.stale_offset = self.stale_offset, None
        if stale is None:
            return self.offset
        counters.increment("uploads.stale-offset")
        return stale

    @property
    def complete(self):
        return self.entry is not None


class UploadCut:
    """The pending cut: the next `count` resumable request bodies stop after `after_bytes` bytes."""

    def __init__(self):
        self._lock = threading.Lock()
        self._after_bytes, self._count = 0, 0

    def arm(self, after_bytes, count):
        with self._lock:
            self._after_bytes, self._count = after_bytes, count

    def take(self):
        """The byte count to stop after, or None; uses up one pending cut."""
        with self._lock:
            if self._count == 0:
                return None
            self._count -= 1
            return self._after_bytes

    def reset(self):
        self.arm(0, 0)


class StaleOffset:
    """How many of the next cuts leave their upload stating the offset from before the cut, once."""

    def __init__(self):
        self._lock = threading.Lock()
        self._count = 0

    def arm(self, count):
        with self._lock:
            self._count = count

    def take(self):
        """True when this cut leaves a stale offset; uses up one."""
        with self._lock:
            if self._count == 0:
                return False
            self._count -= 1
            return True

    def reset(self):
        self.arm(0)


class ResumableStore:
    """The uploads in progress or complete, by id; their bytes are staged in the Files API's folder."""

    def __init__(self, files, counters):
        self._files = files
        self._counters = counters
        self._lock = threading.Lock()
        self._uploads = {}
        self.cut = UploadCut()
        self.stale_offset = StaleOffset()

    def create(self, protocol, name, length):
        upload = ResumableUpload(protocol, name, length, self._files.stage())
        with self._lock:
            self._uploads[upload.id] = upload
        self._counters.increment("uploads.created")
        return upload

    def get(self, protocol, upload_id):
        with self._lock:
            upload = self._uploads.get(upload_id)
        return upload if upload is not None and upload.protocol == protocol else None

    def append(self, upload, stream, hold):
        """Appends the request body to `upload`; returns False when a cut stopped it (then the connection is
        to be dropped). Bytes that arrived before a broken body are kept; BodyError is raised after them. `hold`
        is the Files API's upload hold (`/_admin/files-upload-hold`), which appends obey too."""
        stop_after = None if stream.complete else self.cut.take()  # an empty body is never cut
        received, start = 0, upload.offset
        while True:
            limit = 65536 if stop_after is None else min(65536, stop_after - received)
            if limit <= 0:
                if self.stale_offset.take():
                    upload.stale_offset = start
                self._counters.increment("uploads.cut")
                return False
            data = stream.read(limit)
            if not data:
                return True
            if upload.length is not None and upload.offset + len(data) > upload.length:
                raise BodyError(400, "the body goes past the upload's length")
            if upload.offset + len(data) > MAX_SIZE:
                raise BodyError(413, f"the upload is larger than {MAX_SIZE} bytes")
            upload.staged.write(data)
            received += len(data)
            self._counters.increment("uploads.bytes", len(data))
            held = hold.take(received)
            if held is not None:
                self._counters.increment("files.upload.held")
                held.wait(HOLD_MAX_SECONDS)

    def finish(self, upload):
        """Renames the staged bytes into the Files API's folder; returns the listing entry."""
        upload.entry = self._files.commit(upload.staged, upload.name)
        self._counters.increment("uploads.completed")
        self._counters.increment("files.uploaded")
        return upload.entry

    def delete(self, upload):
        with self._lock:
            self._uploads.pop(upload.id, None)
        if not upload.complete:
            upload.staged.discard()
        self._counters.increment("uploads.deleted")

    def reset(self):
        with self._lock:
            uploads, self._uploads = list(self._uploads.values()), {}
        for upload in uploads:
            if not upload.complete:
                upload.staged.discard()
        self.cut.reset()
        self.stale_offset.reset()
