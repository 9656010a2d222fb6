"""Scripts/bench and Scripts/soak rewrite only the generated part of their report files."""

import tempfile
import unittest
from pathlib import Path

import reportfile


class WriteResultsTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.addCleanup(self.directory.cleanup)
        self.path = Path(self.directory.name) / "bench.md"

    def test_replaces_the_results_between_the_markers_and_keeps_the_prose(self):
        begin, end = reportfile.markers("bench")
        self.path.write_text(f"# Bench\n\nHow it works.\n\n{begin}\n\nold table\n\n{end}\n\n## Analysis\n")

        reportfile.write_results(self.path, "bench", "new table\n")

        self.assertEqual(self.path.read_text(),
                         f"# Bench\n\nHow it works.\n\n{begin}\n\nnew table\n\n{end}\n\n## Analysis\n")

    def test_creates_the_file_with_the_results(self):
        reportfile.write_results(self.path, "soak", "table")

        begin, end = reportfile.markers("soak")
        self.assertEqual(self.path.read_text(), f"{begin}\n\ntable\n\n{end}\n")

    def test_appends_the_results_to_a_file_without_markers(self):
        self.path.write_text("# Bench\n")

        reportfile.write_results(self.path, "bench", "table")

        self.assertTrue(self.path.read_text().startswith("# Bench\n\n<!-- Scripts/bench: generated results begin"))


if __name__ == "__main__":
    unittest.main()
