"""Scripts/cache-tests up to the point where it would build and run anything: where it finds the suite (--suite,
CACHE_TESTS_SUITE, else ../shared/cache-tests beside the project's folder), and how it skips, saying so, without a
checkout or without node. Each test runs a copy of the script in a temporary project folder, so the checkout beside
the real project is never used."""

import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "cache-tests"
SKIPPED = ("cache-tests: skipped: no checkout of http-tests/cache-tests "
           "(pass --suite DIR, set CACHE_TESTS_SUITE or put one at ../shared/cache-tests)\n")
CHECKOUT_FILES = ("tests/index.mjs", "test-engine/client/runner.mjs", "test-engine/lib/results.mjs",
                  "test-engine/server/server.mjs")


class CacheTestsScriptTests(unittest.TestCase):
    def setUp(self):
        directory = tempfile.TemporaryDirectory()
        self.addCleanup(directory.cleanup)
        self.root = Path(directory.name)
        (self.root / "project" / "Scripts").mkdir(parents=True)
        self.script = self.root / "project" / "Scripts" / "cache-tests"
        shutil.copy2(SCRIPT, self.script)

    def run_script(self, *arguments, suite=None, path=None):
        environment = {key: value for key, value in os.environ.items() if key != "CACHE_TESTS_SUITE"}
        if suite is not None:
            environment["CACHE_TESTS_SUITE"] = suite
        if path is not None:
            environment["PATH"] = path
        return subprocess.run([str(self.script), *arguments], env=environment, capture_output=True, text=True,
                              timeout=60)

    def make_checkout(self, folder):
        """A folder with the files the script checks for (empty: nothing past the node check reads them)."""
        for relative in CHECKOUT_FILES:
            (folder / relative).parent.mkdir(parents=True, exist_ok=True)
            (folder / relative).write_text("")
        return folder

    def path_without_node(self):
        """A PATH holding only what the script runs before it needs node."""
        folder = self.root / "bin"
        folder.mkdir()
        for tool in ("bash", "dirname"):
            (folder / tool).symlink_to(shutil.which(tool))
        return str(folder)

    def test_if_available_without_a_checkout_prints_the_skip_line_and_passes(self):
        result = self.run_script("--if-available")

        self.assertEqual((result.returncode, result.stdout, result.stderr), (0, SKIPPED, ""))

    def test_without_a_checkout_fails_with_exit_2_and_says_why(self):
        result = self.run_script()

        self.assertEqual((result.returncode, result.stdout, result.stderr), (2, "", SKIPPED))

    def test_a_directory_that_is_not_a_checkout_is_refused_from_the_option_or_the_environment(self):
        with tempfile.TemporaryDirectory() as directory:
            for result in (self.run_script("--suite", directory, "--if-available"),
                           self.run_script("--if-available", suite=directory)):
                self.assertEqual(result.returncode, 2)
                self.assertIn(f"cache-tests: {directory} is not a checkout of http-tests/cache-tests "
                              "(no tests/index.mjs)", result.stderr)

    def test_without_suite_or_environment_it_takes_the_folder_beside_the_project(self):
        (self.root / "shared" / "cache-tests").mkdir(parents=True)

        result = self.run_script("--if-available")

        self.assertEqual(result.returncode, 2)
        self.assertIn("cache-tests: ../shared/cache-tests is not a checkout of http-tests/cache-tests",
                      result.stderr)

    def test_the_option_comes_before_the_folder_beside_the_project(self):
        (self.root / "shared" / "cache-tests").mkdir(parents=True)
        with tempfile.TemporaryDirectory() as directory:
            result = self.run_script("--suite", directory)

            self.assertEqual(result.returncode, 2)
            self.assertIn(f"cache-tests: {directory} is not a checkout", result.stderr)

    def test_without_node_it_skips_with_if_available_and_fails_with_exit_2_otherwise(self):
        suite = self.make_checkout(self.root / "shared" / "cache-tests").resolve()
        path = self.path_without_node()

        skipped = self.run_script("--if-available", path=path)
        failed = self.run_script(path=path)

        line = (f"cache-tests: skipped: node is needed to run http-tests/cache-tests from {suite} (Node.js 18 or "
                "later, for its built-in fetch; Debian: apt-get install nodejs)\n")
        self.assertEqual((skipped.returncode, skipped.stdout, skipped.stderr), (0, line, ""))
        self.assertEqual((failed.returncode, failed.stdout, failed.stderr), (2, "", line))

    def test_an_unknown_argument_is_a_usage_error(self):
        result = self.run_script("--bogus")

        self.assertEqual(result.returncode, 64)
        self.assertIn("usage: Scripts/cache-tests [--suite DIR] [--if-available]", result.stderr)


if __name__ == "__main__":
    unittest.main()
