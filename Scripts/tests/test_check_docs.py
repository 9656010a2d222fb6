"""Shows that Scripts/check-docs fails, naming the line, when a doc disagrees with a constant or a report
narrates history, and passes on the repository itself."""

import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CHECKER = REPO / "Scripts" / "check-docs"

SOURCE = """extension StreamClient {
    /// The most bytes that wait for a slow reader: 512 KiB.
    public static let bufferLimit = 512 * 1024
    /// The buffer of one read, a quarter of the limit.
    static let readSize = bufferLimit / 4
    /// How long a transfer may stall: 30 s.
    public static let stallTimeout: Duration = .seconds(30)
}
"""


class CheckDocsTests(unittest.TestCase):
    def setUp(self):
        self.root = Path(tempfile.mkdtemp(prefix="check-docs-"))
        self.addCleanup(shutil.rmtree, self.root)
        self.write("Packages/Stream/Sources/Stream/StreamClient+Tuning.swift", SOURCE)
        self.write("Packages/Stream/README.md", "A slow reader holds at most `StreamClient.bufferLimit` bytes.\n")
        self.write("Scripts/tools/bench/bench.md", "The slow reader holds 512 KiB in this run.\n")

    def write(self, relative, text):
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")

    def run_checker(self):
        return subprocess.run([str(CHECKER), "--root", str(self.root)], capture_output=True, text=True)

    def test_passes_when_every_figure_matches_its_constant(self):
        self.write("Packages/Stream/README.md",
                   "A slow reader holds at most `StreamClient.bufferLimit` (512 KiB) and stalls for\n"
                   "``StreamClient/stallTimeout`` (30 seconds) at most.\n")
        result = self.run_checker()
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("no disagreement", result.stdout)

    def test_fails_naming_the_line_of_a_readme_that_restates_another_figure(self):
        self.write("Packages/Stream/README.md", "Intro.\n\nA slow reader holds `StreamClient.bufferLimit`, 256 KiB.\n")
        result = self.run_checker()
        self.assertEqual(result.returncode, 1)
        self.assertIn("Packages/Stream/README.md:3: states 262144 bytes beside StreamClient.bufferLimit = 524288",
                      result.stdout)

    def test_fails_when_a_constants_own_comment_disagrees_with_its_value(self):
        self.write("Packages/Stream/Sources/Stream/StreamClient+Tuning.swift",
                   SOURCE.replace("slow reader: 512 KiB", "slow reader: 1 MiB"))
        result = self.run_checker()
        self.assertEqual(result.returncode, 1)
        self.assertIn("StreamClient+Tuning.swift:3: states 1.04858e+06 bytes beside StreamClient.bufferLimit",
                      result.stdout)

    def test_fails_when_a_duration_disagrees_in_a_docc_article(self):
        self.write("Packages/Stream/Sources/Stream/Stream.docc/Stalls.md",
                   "# Stalls\n\nA transfer fails after ``StreamClient/stallTimeout``, 60 s of silence.\n")
        result = self.run_checker()
        self.assertEqual(result.returncode, 1)
        self.assertIn("Stalls.md:3: states 60 s beside StreamClient.stallTimeout = 30", result.stdout)

    def test_reads_a_constant_defined_by_another(self):
        self.write("Packages/Stream/README.md", "Each read takes `StreamClient.readSize` (128 KiB).\n")
        self.assertEqual(self.run_checker().returncode, 0)
        self.write("Packages/Stream/README.md", "Each read takes `StreamClient.readSize` (64 KiB).\n")
        self.assertEqual(self.run_checker().returncode, 1)

    def test_fails_on_a_report_that_narrates_history(self):
        self.write("Scripts/tools/bench/bench.md", "The chain adds 1.1 µs (it was 10.6 µs).\n\nThe cache now answers at once.\n")
        result = self.run_checker()
        self.assertEqual(result.returncode, 1)
        self.assertIn("Scripts/tools/bench/bench.md:1: narrates history ('was 1')", result.stdout)
        self.assertIn("Scripts/tools/bench/bench.md:3: narrates history ('now')", result.stdout)

    def test_the_repository_agrees_with_itself(self):
        result = subprocess.run([str(CHECKER)], capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)


if __name__ == "__main__":
    unittest.main()
