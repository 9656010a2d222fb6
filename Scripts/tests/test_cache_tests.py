"""Scripts/cache-tests without a checkout of http-tests/cache-tests (as in CI): it skips with --if-available, fails
otherwise, and refuses a directory that is not a checkout. None of these cases builds or starts anything."""

import os
import subprocess
import tempfile
import unittest
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "cache-tests"
SKIPPED = ("cache-tests: skipped: no checkout of http-tests/cache-tests "
           "(pass --suite DIR or set CACHE_TESTS_SUITE)\n")


def run(*arguments, suite=None):
    environment = {key: value for key, value in os.environ.items() if key != "CACHE_TESTS_SUITE"}
    if suite is not None:
        environment["CACHE_TESTS_SUITE"] = suite
    return subprocess.run([str(SCRIPT), *arguments], env=environment, capture_output=True, text=True, timeout=60)


class CacheTestsScriptTests(unittest.TestCase):
    def test_if_available_without_a_checkout_prints_the_skip_line_and_passes(self):
        result = run("--if-available")

        self.assertEqual((result.returncode, result.stdout, result.stderr), (0, SKIPPED, ""))

    def test_without_a_checkout_fails_with_exit_2_and_says_why(self):
        result = run()

        self.assertEqual((result.returncode, result.stdout, result.stderr), (2, "", SKIPPED))

    def test_a_directory_that_is_not_a_checkout_is_refused_from_the_option_or_the_environment(self):
        with tempfile.TemporaryDirectory() as directory:
            for result in (run("--suite", directory, "--if-available"), run("--if-available", suite=directory)):
                self.assertEqual(result.returncode, 2)
                self.assertIn("is not a checkout of http-tests/cache-tests (no tests/index.mjs)", result.stderr)

    def test_an_unknown_argument_is_a_usage_error(self):
        result = run("--bogus")

        self.assertEqual(result.returncode, 64)
        self.assertIn("usage: Scripts/cache-tests [--suite DIR] [--if-available]", result.stderr)


if __name__ == "__main__":
    unittest.main()
