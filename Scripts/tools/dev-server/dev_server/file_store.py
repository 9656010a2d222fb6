"""The Files API's storage: one folder of files, uploads staged beside them and renamed into place."""

import hashlib
import os
import shutil
import stat
import tempfile
import threading

STAGING_PREFIX = ".upload-"
MAX_NAME_BYTES = 255
HASH_CHUNK = 1024 * 1024


def name_problem(name):
    """Why `name` cannot be a stored file's name, or None when it can."""
    if not name:
        return "the name is empty"
    if name.startswith("."):
        return "the name starts with a dot"
    if any(char in "/\\\0" or ord(char) < 0x20 or ord(char) == 0x7F for char in name):
        return "the name contains a slash, a backslash, NUL or a control character"
    if len(name.encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES:
        return f"the name is longer than {MAX_NAME_BYTES} bytes"
    return None


def listed_name(name):
    """`name` (from os.listdir) decoded as UTF-8, with each byte that does not decode written as `%XX`."""
    raw, text, index = os.fsencode(name), [], 0
    while index < len(raw):
        try:
            text.append(raw[index:].decode("utf-8"))
            break
        except UnicodeDecodeError as error:
            text.append(raw[index:index + error.start].decode("utf-8"))
            text.append("".join(f"%{byte:02X}" for byte in raw[index + error.start:index + error.end]))
            index += error.end
    return "".join(text)


class Staged:
    """An upload being written to a hidden file in the folder, hashed as it goes."""

    def __init__(self, folder):
        descriptor, self.path = tempfile.mkstemp(prefix=STAGING_PREFIX, dir=folder)
        self._file = os.fdopen(descriptor, "wb")
        self._hash = hashlib.sha256()
        self.size = 0

    def write(self, data):
        self._file.write(data)
        self._hash.update(data)
        self.size += len(data)

    @property
    def sha256(self):
        return self._hash.hexdigest()

    def close(self):
        self._file.close()

    def discard(self):
        self._file.close()
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass


class FileStore:
    """Files in `folder`; with `owned` the folder is the server's own: emptied on reset, removed on close.

    SHA-256 digests are cached per name and (inode, size, mtime), so a file is hashed at most once."""

    def __init__(self, folder, owned):
        self.folder = folder
        self.owned = owned
        self._lock = threading.Lock()
        self._digests = {}

    @classmethod
    def temporary(cls):
        return cls(tempfile.mkdtemp(prefix="dev-server-files-"), owned=True)

    def listing(self):
        """[{"name", "size", "sha256"}] for every regular, visible file, sorted by name.

        A name that is not UTF-8 (os.listdir gives its bytes as surrogate escapes) is listed with each such
        byte percent-encoded (`caf%E9.txt`), so the answer stays valid JSON in UTF-8."""
        result = []
        for name in sorted(os.listdir(self.folder)):
            if name_problem(name) is not None:
                continue
            opened = self.open(name)
            if opened is not None:
                file, info = opened
                file.close()
                entry = {key: info[key] for key in ("name", "size", "sha256")}
                entry["name"] = listed_name(name)
                result.append(entry)
        return result

    def open(self, name):
        """(open binary file, {"name", "size", "sha256", "mtime"}) or None when there is no such file."""
        try:
            file = open(os.path.join(self.folder, name), "rb")
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            return None
        status = os.fstat(file.fileno())
        if not stat.S_ISREG(status.st_mode):
            file.close()
            return None
        key = (status.st_ino, status.st_size, status.st_mtime_ns)
        with self._lock:
            cached = self._digests.get(name)
        digest = cached[1] if cached and cached[0] == key else self._hash(file, name, key)
        info = {"name": name, "size": status.st_size, "sha256": digest, "mtime": status.st_mtime}
        return file, info

    def stage(self):
        return Staged(self.folder)

    def commit(self, staged, name):
        """Renames a finished upload into place (replacing a file of that name); returns its listing entry."""
        staged.close()
        path = os.path.join(self.folder, name)
        os.replace(staged.path, path)
        status = os.stat(path)
        with self._lock:
            self._digests[name] = ((status.st_ino, status.st_size, status.st_mtime_ns), staged.sha256)
        return {"name": name, "size": staged.size, "sha256": staged.sha256}

    def delete(self, name):
        """True when the file existed and is gone."""
        path = os.path.join(self.folder, name)
        if not os.path.isfile(path) or os.path.islink(path):
            return False
        try:
            os.unlink(path)
        except FileNotFoundError:
            return False
        with self._lock:
            self._digests.pop(name, None)
        return True

    def reset(self):
        """Empties the folder when it is the server's own; a folder given with --files-dir is kept."""
        if not self.owned:
            return
        for name in os.listdir(self.folder):
            if not name.startswith(STAGING_PREFIX):
                self.delete(name)

    def close(self):
        if self.owned:
            shutil.rmtree(self.folder, ignore_errors=True)

    def _hash(self, file, name, key):
        digest = hashlib.sha256()
        while chunk := file.read(HASH_CHUNK):
            digest.update(chunk)
        file.seek(0)
        with self._lock:
            self._digests[name] = (key, digest.hexdigest())
        return digest.hexdigest()
