"""The four measurement phases: clean builds, clean build+test, incremental rebuilds, one-line retest."""

import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from .graph import build_graph
from .results import BuildTestResult, CleanResult, Rebuild, Retest
from .stats import median


@dataclass
class View:
    """A package built on its own: a package under Packages/, a naive variant, or the App (root package)."""

    name: str
    kind: str  # "package", "naive" or "app"
    path: Path


class Measurer:
    def __init__(self, swiftpm, workspace, runs):
        self.swiftpm = swiftpm
        self.workspace = workspace
        self.runs = runs
        self.started = time.monotonic()

    def progress(self, message):
        print(f"[{time.monotonic() - self.started:7.1f}s] {message}", file=sys.stderr, flush=True)

    def clean_builds(self, views):
        """{name: CleanResult} and {name: warm scratch} (the last run's), runs interleaved across views."""
        results = {view.name: CleanResult(view.name, view.kind) for view in views}
        warm = {}
        for run in range(self.runs):
            for view in views:
                scratch = self.workspace.new_scratch(f"{view.name}-clean")
                timed = self.swiftpm.build(view.path, scratch)
                results[view.name].seconds.append(timed.seconds)
                results[view.name].cpu_seconds.append(timed.cpu_seconds)
                if run == 0:
                    results[view.name].graph = build_graph(timed.log, scratch)
                self.progress(f"clean build {run + 1}/{self.runs} {view.name}: {timed.seconds:.2f} s "
                              f"(CPU {timed.cpu_seconds:.2f} s)")
                warm[view.name] = self._keep_last(scratch, warm.get(view.name))
        return results, warm

    def clean_build_tests(self, views):
        """{name: BuildTestResult} and {name: warm scratch}: `build --build-tests` + `test --skip-build`."""
        results = {view.name: BuildTestResult(view.name) for view in views}
        warm = {}
        for run in range(self.runs):
            for view in views:
                scratch = self.workspace.new_scratch(f"{view.name}-test")
                build = self.swiftpm.build(view.path, scratch, build_tests=True)
                test = self.swiftpm.test(view.path, scratch)
                results[view.name].seconds.append(build.seconds + test.seconds)
                results[view.name].tests_passed &= test.returncode == 0
                status = "" if test.returncode == 0 else " (tests FAILED)"
                self.progress(f"clean build+test {run + 1}/{self.runs} {view.name}: "
                              f"{build.seconds:.2f} + {test.seconds:.2f} s{status}")
                for line in [] if test.returncode == 0 else failure_lines(test.output):
                    self.progress(f"  {line}")
                warm[view.name] = self._keep_last(scratch, warm.get(view.name))
        return results, warm

    def incremental(self, edits, views, warm):
        """{(edit key, view name): Rebuild}: each edit applied and rebuilt from every warm view, `runs` times.

        After the edit is reverted, every view is rebuilt once (untimed) so the next edit starts warm.
        """
        samples, modules = defaultdict(list), defaultdict(list)
        for run in range(self.runs):
            for edit in edits:
                with self.workspace.edited(edit.changes):
                    for view in views:
                        timed = self.swiftpm.build(view.path, warm[view.name])
                        key, log = (edit.key, view.name), timed.log
                        samples[key].append(timed.seconds)
                        modules[key] += [module for module in log.modules if module not in modules[key]]
                        self.progress(f"{run + 1}/{self.runs} {edit.key} from {view.name}: {timed.seconds:.2f} s, "
                                      f"recompiled {', '.join(log.modules) or 'nothing'}")
                for view in views:
                    self.swiftpm.build(view.path, warm[view.name])
        return {key: Rebuild(median(samples[key]), modules[key]) for key in samples}

    def retest(self, edit, view, scratch, test_filter=None):
        """`build --build-tests` + `test --skip-build` after a one-line change, from a warm build+test in `scratch`
        (only the tests matching `test_filter`, if given)."""
        builds, tests, totals, passed, modules = [], [], [], True, []
        for run in range(self.runs):
            with self.workspace.edited(edit.changes):
                build = self.swiftpm.build(view.path, scratch, build_tests=True)
                test = self.swiftpm.test(view.path, scratch, test_filter)
            builds.append(build.seconds)
            tests.append(test.seconds)
            totals.append(build.seconds + test.seconds)
            passed &= test.returncode == 0
            modules += [module for module in build.log.modules if module not in modules]
            self.progress(f"{run + 1}/{self.runs} one-line change, build+test {view.name}: "
                          f"{build.seconds:.2f} + {test.seconds:.2f} s")
            if run + 1 < self.runs:
                self.swiftpm.build(view.path, scratch, build_tests=True)
        return Retest(edit.description, median(totals), median(builds), median(tests), passed, modules)

    def _keep_last(self, scratch, previous):
        """Keeps only the newest scratch path of a view (the warm state later phases start from)."""
        if previous is not None:
            self.workspace.remove(previous)
        return scratch


FAILURE_MARKERS = ("✘ ", "error:", "Fatal error", "failed after", "with issue")


def failure_lines(output, limit=8):
    """The first lines of a test run's output that say what failed (Swift Testing's ✘ lines, XCTest's and the
    runtime's errors), at most `limit`, so that a failed run names its tests in the progress lines."""
    lines = [line.strip() for line in output.splitlines() if any(marker in line for marker in FAILURE_MARKERS)]
    return [line[:300] for line in lines[:limit]]
