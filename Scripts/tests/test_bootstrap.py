"""Tests of Scripts/bootstrap's decisions, with a fake PATH: stand-ins for uname, id, pkg-config, sudo and
apt-get record what they were asked, so nothing is ever installed."""

import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
BOOTSTRAP = ROOT / "Scripts" / "bootstrap"
REAL_TOOLS = ("bash", "env", "mktemp", "rm", "sed", "dirname", "cmp", "cp", "tr")


class BootstrapTests(unittest.TestCase):
    def setUp(self):
        self.directory = Path(tempfile.mkdtemp(prefix="bootstrap-test-"))
        self.addCleanup(shutil.rmtree, self.directory)
        self.bin = self.directory / "bin"
        self.bin.mkdir()
        self.calls = self.directory / "calls.log"
        for tool in REAL_TOOLS:
            (self.bin / tool).symlink_to(shutil.which(tool))
        self.fake("uname", 'echo "${FAKE_UNAME:-Linux}"')
        self.fake("id", 'echo "${FAKE_UID:-0}"')
        self.fake("apt-get", 'echo "apt-get $*" >> "$CALLS"; exit "${FAKE_APT_STATUS:-0}"')

    def fake(self, name, body):
        path = self.bin / name
        path.write_text(f"#!/bin/bash\n{body}\n")
        path.chmod(0o755)

    def with_libcurl(self):
        """pkg-config that finds libcurl's and zlib's headers, and nothing else."""
        self.fake("pkg-config", '[ "$1 $2" = "--exists libcurl" ] || [ "$1 $2" = "--exists zlib" ]')

    def with_browser(self):
        self.fake("chromium", "exit 0")

    def run_bootstrap(self, *arguments, **environment):
        env = {"PATH": str(self.bin), "CALLS": str(self.calls), "TMPDIR": str(self.directory), **environment}
        return subprocess.run([str(BOOTSTRAP), *arguments], capture_output=True, text=True, env=env, timeout=60)

    def apt_calls(self):
        return self.calls.read_text().splitlines() if self.calls.exists() else []

    def test_everything_present_prints_nothing_and_installs_nothing(self):
        self.with_libcurl()
        self.with_browser()
        result = self.run_bootstrap()
        self.assertEqual((result.returncode, result.stdout, result.stderr), (0, "", ""))
        self.assertEqual(self.apt_calls(), [])

    def test_missing_libcurl_headers_are_installed_and_named(self):
        self.fake("pkg-config", "exit 1")
        self.with_browser()
        result = self.run_bootstrap()
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("installing libcurl4-openssl-dev zlib1g-dev (apt-get)", result.stdout)
        self.assertIn("apt-get update -qq", self.apt_calls())
        self.assertTrue(any("install" in call and "libcurl4-openssl-dev" in call for call in self.apt_calls()))

    def test_missing_pkg_config_is_installed_with_the_headers(self):
        self.with_browser()
        result = self.run_bootstrap("--dry-run")
        self.assertEqual(result.stdout, "bootstrap: would install pkg-config libcurl4-openssl-dev zlib1g-dev (apt-get)\n")

    def test_dry_run_says_what_it_would_install_and_calls_nothing(self):
        self.fake("pkg-config", "exit 1")
        result = self.run_bootstrap("--dry-run", "--bench")
        self.assertEqual(result.returncode, 0)
        self.assertIn("would install libcurl4-openssl-dev zlib1g-dev nginx (apt-get)", result.stdout)
        self.assertIn("would install chromium (apt-get, optional)", result.stdout)
        self.assertEqual(self.apt_calls(), [])

    def test_build_only_skips_the_browser(self):
        self.with_libcurl()
        result = self.run_bootstrap("--build", "--dry-run")
        self.assertEqual((result.returncode, result.stdout), (0, ""))

    def test_not_root_without_sudo_fails_in_one_line(self):
        self.fake("pkg-config", "exit 1")
        self.with_browser()
        result = self.run_bootstrap(FAKE_UID="1000")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(len(result.stderr.splitlines()), 1, result.stderr)
        self.assertIn("not root and no passwordless sudo", result.stderr)
        self.assertEqual(self.apt_calls(), [])

    def test_passwordless_sudo_is_used_when_not_root(self):
        self.fake("pkg-config", "exit 1")
        self.with_browser()
        self.fake("sudo", 'echo "sudo $*" >> "$CALLS"; [ "$1" = "-n" ] && shift; "$@"')
        result = self.run_bootstrap(FAKE_UID="1000")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(any(call.startswith("sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install")
                            for call in self.apt_calls()), self.apt_calls())

    def test_no_apt_get_fails_in_one_line(self):
        self.fake("pkg-config", "exit 1")
        (self.bin / "apt-get").unlink()
        result = self.run_bootstrap()
        self.assertEqual(result.returncode, 1)
        self.assertEqual(len(result.stderr.splitlines()), 1, result.stderr)
        self.assertIn("cannot install libcurl4-openssl-dev", result.stderr)
        self.assertIn("no apt-get", result.stderr)

    def test_a_failed_required_install_fails(self):
        self.fake("pkg-config", "exit 1")
        self.with_browser()
        result = self.run_bootstrap(FAKE_APT_STATUS="100")
        self.assertEqual(result.returncode, 1)
        self.assertIn("failed (log:", result.stderr)

    def test_a_failed_browser_install_only_warns(self):
        self.with_libcurl()
        self.fake("apt-get", 'echo "apt-get $*" >> "$CALLS"; [ "$1" = "install" ] && exit 100; exit 0')
        result = self.run_bootstrap()
        self.assertEqual(result.returncode, 0)
        self.assertIn("warning: bootstrap: could not install chromium", result.stderr)

    def test_no_apt_get_with_only_the_browser_missing_warns_and_goes_on(self):
        self.with_libcurl()
        (self.bin / "apt-get").unlink()
        result = self.run_bootstrap()
        self.assertEqual(result.returncode, 0)
        self.assertIn("browser test will be skipped", result.stderr)

    def test_macos_needs_nothing_for_the_build(self):
        result = self.run_bootstrap("--build", FAKE_UNAME="Darwin")
        self.assertEqual((result.returncode, result.stdout, result.stderr), (0, "", ""))

    def test_an_unknown_argument_is_refused(self):
        result = self.run_bootstrap("--frobnicate")
        self.assertEqual(result.returncode, 64)

    def test_python_packages_that_cannot_be_installed_only_warn_and_leave_no_environment(self):
        self.with_libcurl()
        self.with_browser()
        venv = self.directory / "venv"
        self.fake("python3", 'mkdir -p "$3/bin"; exit 1')  # `python3 -m venv DIR` starts the folder, then fails
        self.bin.joinpath("mkdir").symlink_to(shutil.which("mkdir"))
        result = self.run_bootstrap("--python-tests", PYTHON_TEST_VENV=str(venv))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("installing opentelemetry-proto protobuf tuspyserver uvicorn (pip, into .build-python)",
                      result.stdout)
        self.assertIn("the tests that need them will be skipped", result.stderr)
        self.assertFalse(venv.exists())

    def test_python_packages_in_a_dry_run_are_named_and_not_installed(self):
        self.with_libcurl()
        self.with_browser()
        venv = self.directory / "venv"
        result = self.run_bootstrap("--python-tests", "--dry-run", PYTHON_TEST_VENV=str(venv))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("would install opentelemetry-proto protobuf tuspyserver uvicorn (pip", result.stdout)
        self.assertFalse(venv.exists())


if __name__ == "__main__":
    unittest.main()
