"""The scratch copy of the repository: every build, edit and generated package lives there, never in the tree."""

import shutil
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

IGNORED = shutil.ignore_patterns(".build*", ".git", ".swiftpm", "__pycache__", ".index-build")


class Workspace:
    """A temporary copy of `source_root` plus fresh scratch paths; `close()` removes it all."""

    def __init__(self, source_root, keep=False):
        self.keep = keep
        self.temp = Path(tempfile.mkdtemp(prefix="measure-builds-"))
        self.root = self.temp / "repo"
        self._scratch_count = 0
        try:
            shutil.copytree(source_root, self.root, ignore=IGNORED, symlinks=True)
        except BaseException:
            shutil.rmtree(self.temp, ignore_errors=True)
            raise

    def new_scratch(self, label):
        """A path for a fresh scratch directory (SwiftPM creates it)."""
        self._scratch_count += 1
        return self.temp / "scratch" / f"{self._scratch_count:03d}-{label}"

    def remove(self, path):
        shutil.rmtree(self._inside(path), ignore_errors=True)

    def read(self, path):
        return self._inside(path).read_text(encoding="utf-8")

    def write(self, path, text):
        path = self._inside(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")

    def copy_package(self, source, destination):
        shutil.copytree(self._inside(source), self._inside(destination), ignore=IGNORED, symlinks=True)

    @contextmanager
    def edited(self, changes):
        """Applies {path: new text} for the duration of the block, then restores every original text."""
        originals = {path: self.read(path) for path in changes}
        try:
            for path, text in changes.items():
                self.write(path, text)
            yield
        finally:
            for path, text in originals.items():
                self.write(path, text)

    def close(self):
        for _ in range(3 if not self.keep else 0):
            shutil.rmtree(self.temp, ignore_errors=True)
            if not self.temp.exists():
                break
            time.sleep(1)  # a process that was just stopped may still be writing into the scratch path
        if not self.keep:
            self._remove_swiftpm_locks()

    def _remove_swiftpm_locks(self):
        """SwiftPM leaves one lock file per scratch path in the temporary directory, named after that path."""
        prefix = str(self.temp).replace("/", "_")
        for lock in Path(tempfile.gettempdir()).glob(f"{prefix}_*.lock"):
            lock.unlink(missing_ok=True)

    def _inside(self, path):
        """`path`, refusing anything outside the temporary directory (the working tree is never written)."""
        path = Path(path)
        if not path.resolve().is_relative_to(self.temp.resolve()):
            raise ValueError(f"refusing to touch {path}: outside the scratch copy {self.temp}")
        return path


def run_in_scratch_copy(source_root, keep, work, failures):
    """Runs `work(workspace)` in a new scratch copy of `source_root`, removed afterwards (kept with `keep`).

    Returns None when `work` finished, else the exit status: 1 after one of `failures` (its message goes to
    stderr), 130 after Ctrl-C, 143 after SIGTERM (raised as KeyboardInterrupt("SIGTERM")).
    """
    workspace = Workspace(source_root, keep=keep)
    try:
        work(workspace)
    except failures as failure:
        print(f"measure-builds: stopped, no report.\n{failure}", file=sys.stderr)
        return 1
    except KeyboardInterrupt as interruption:
        print("measure-builds: interrupted; scratch copy removed.", file=sys.stderr)
        return 143 if str(interruption) == "SIGTERM" else 130
    finally:
        workspace.close()
        if keep:
            print(f"measure-builds: scratch copy kept at {workspace.temp}", file=sys.stderr)
    return None
