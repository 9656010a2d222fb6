"""The built `networking` CLI exits while its transfers start, 500 times per transport, and never dies of a
signal: with `--timeout 0.001` (and `--no-cache`, so every run sends) the command's deadline ends it while libcurl
(CurlClient, or URLSession's FoundationNetworking) sets up and opens connections to Scripts/dev-server.

Runs only when NETWORKING_BINARY names the built tool (Scripts/test sets it after building the root package),
so a plain `unittest discover` skips it. NETWORKING_EXIT_RUNS overrides the number of runs per transport."""

import os
import subprocess
import tempfile
import unittest
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from tests.dev_server_harness import DevServer

BINARY = os.environ.get("NETWORKING_BINARY")
RUNS = int(os.environ.get("NETWORKING_EXIT_RUNS", "500"))
PARALLEL = 4  # runs at a time, so the 1,000 runs take about half a minute


@unittest.skipUnless(BINARY, "set NETWORKING_BINARY to the built networking tool to run it")
class ExitDuringTransfersTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = DevServer()
        # A cache of its own, unused (--no-cache): every run sends its request.
        cls.home = tempfile.TemporaryDirectory(prefix="exit-during-transfers-")
        cls.environment = dict(os.environ, NETWORKING_CACHE_DIR=cls.home.name, XDG_CACHE_HOME=cls.home.name)

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        cls.home.cleanup()

    def run_once(self, transport):
        return subprocess.run(
            [BINARY, "questions", "--no-cache", "--base-url", self.server.base_url, "--timeout", "0.001",
             "--transport", transport],
            env=self.environment, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            timeout=60)

    def run_many(self, transport):
        """Exit statuses of RUNS runs, PARALLEL at a time; a negative one is a signal."""
        statuses = Counter()
        with ThreadPoolExecutor(PARALLEL) as pool:
            for run in pool.map(lambda _: self.run_once(transport), range(RUNS)):
                statuses[run.returncode] += 1
                self.assertGreaterEqual(run.returncode, 0, f"{transport}: killed by signal {-run.returncode}: "
                                        f"{run.stderr.decode(errors='replace')[-2000:]}")
        print(f"\n{transport}: {RUNS} runs, exit statuses {dict(statuses)}, 0 signals")
        # Answered in time (0) or timed out (1); anything else is a different failure.
        self.assertLessEqual(set(statuses), {0, 1})

    def test_curl_transport_never_dies_of_a_signal(self):
        self.run_many("curl")

    def test_urlsession_transport_never_dies_of_a_signal(self):
        self.run_many("urlsession")


if __name__ == "__main__":
    unittest.main()
