"""The layout of Scripts/ (tracked files): entry scripts at the top, each tool's code and reports in
Scripts/tools/<entry script>/, the tests in Scripts/tests/."""

import subprocess
import unittest
from pathlib import PurePosixPath

SHARED = {"reportfile.py"}  # a module several entry scripts import
FOLDERS = {"tests", "tools"}


def tracked():
    """The paths of the tracked files under Scripts/, relative to it."""
    listed = subprocess.run(["git", "ls-files", "-z", "--", "."], capture_output=True, text=True, check=True,
                            cwd=PurePosixPath(__file__).parents[1])
    return [PurePosixPath(name) for name in listed.stdout.split("\0") if name]


class ScriptsLayoutTests(unittest.TestCase):
    def setUp(self):
        self.paths = tracked()
        self.entry_scripts = {path.name for path in self.paths if len(path.parts) == 1} - SHARED

    def test_every_tool_folder_is_named_like_an_entry_script(self):
        tools = {path.parts[1] for path in self.paths if len(path.parts) > 2 and path.parts[0] == "tools"}
        self.assertTrue(tools)
        self.assertEqual(tools - self.entry_scripts, set())

    def test_the_top_level_holds_entry_scripts_and_no_other_folder(self):
        self.assertEqual({path.parts[0] for path in self.paths if len(path.parts) > 1}, FOLDERS)
        for name in self.entry_scripts:
            with self.subTest(script=name):
                self.assertEqual(PurePosixPath(name).suffix, "", f"{name}: an entry script has no extension")


if __name__ == "__main__":
    unittest.main()
