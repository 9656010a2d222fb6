"""Runs the SwiftPM commands the measurements need and times them (wall clock)."""

import json
import os
import resource
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass

from .buildlog import parse_build_log

INTERRUPTED = {130, 143, -signal.SIGINT, -signal.SIGTERM}  # the command was stopped by Ctrl-C or SIGTERM


class BuildFailed(RuntimeError):
    """A `swift build` (or `swift package`) command exited non-zero."""

    def __init__(self, command, output):
        tail = "\n".join(output.splitlines()[-40:])
        super().__init__(f"`{' '.join(command)}` failed:\n{tail}")


@dataclass
class Timed:
    seconds: float  # wall clock
    cpu_seconds: float  # user + system time of the command and every process it waited for
    output: str
    returncode: int

    @property
    def log(self):
        return parse_build_log(self.output)


def _children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run_in_own_group(command):
    """(output, returncode) of `command`, run in its own process group so that Ctrl-C or SIGTERM here stops
    the whole build (SwiftPM cancels its compiler jobs on SIGINT) before the scratch copy is removed."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                               text=True, errors="replace", start_new_session=True)
    try:
        output, _ = process.communicate()
    except BaseException:
        _stop(process)
        raise
    return output, process.returncode


def _stop(process):
    for sig, grace in ((signal.SIGINT, 20), (signal.SIGKILL, 5)):
        try:
            os.killpg(process.pid, sig)
            process.wait(timeout=grace)
            return
        except (ProcessLookupError, subprocess.TimeoutExpired):
            continue


def find_swift(explicit=None):
    """The `swift` executable: `explicit`, then PATH, then /opt/swift."""
    for candidate in (explicit, shutil.which("swift"), "/opt/swift/usr/bin/swift"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise FileNotFoundError("no `swift` executable: pass --swift PATH")


class SwiftPM:
    def __init__(self, swift):
        self.swift = swift

    def run(self, *arguments):
        """Runs `swift <arguments>` with stdout and stderr merged; returns a Timed."""
        command = [self.swift, *map(str, arguments)]
        before, start = _children_cpu(), time.monotonic()
        output, returncode = _run_in_own_group(command)
        wall, cpu = time.monotonic() - start, _children_cpu() - before
        if returncode in INTERRUPTED:
            raise KeyboardInterrupt
        return Timed(wall, cpu, output, returncode)

    def build(self, package, scratch, build_tests=False):
        """`swift build` (debug); raises BuildFailed when it fails."""
        arguments = ["build", "--package-path", package, "--scratch-path", scratch]
        arguments += ["--build-tests"] if build_tests else []
        return self._checked(arguments)

    def test(self, package, scratch, test_filter=None):
        """`swift test --skip-build` (only tests matching `test_filter`, if given); a failing test is reported by
        the returncode, not raised."""
        extra = ["--filter", test_filter] if test_filter else []
        return self.run("test", "--package-path", package, "--scratch-path", scratch, "--skip-build", *extra)

    def describe(self, package, scratch):
        """The `swift package describe --type json` dictionary of `package`."""
        arguments = ["package", "--package-path", package, "--scratch-path", scratch, "describe", "--type", "json"]
        command = [self.swift, *map(str, arguments)]
        completed = subprocess.run(command, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        if completed.returncode != 0:
            raise BuildFailed(command, completed.stdout + completed.stderr)
        return json.loads(completed.stdout[completed.stdout.index("{"):])

    def version(self):
        first_line = self.run("--version").output.strip().splitlines()[:1]
        return first_line[0] if first_line else "unknown"

    def _checked(self, arguments):
        timed = self.run(*arguments)
        if timed.returncode != 0:
            raise BuildFailed([self.swift, *map(str, arguments)], timed.output)
        return timed
