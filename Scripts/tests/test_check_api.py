"""Scripts/check-api passes on the committed listings and fails, listing the break, when a public method is renamed.

Works on a scratch copy holding only Packages/HTTPClient (its tests replaced by empty files, to keep the
build short), the scripts and the HTTPClient package's listings.
"""

import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MODULES = ("HTTPClient", "HTTPClientSupport", "HTTPClientTestSupport", "DevServerSupport")


def run(checkout, *arguments):
    return subprocess.run([str(checkout / "Scripts" / "check-api"), *arguments], capture_output=True, text=True,
                          timeout=600)


class CheckAPITests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.scratch = tempfile.TemporaryDirectory()
        checkout = Path(cls.scratch.name)
        ignore = shutil.ignore_patterns(".build*", "__pycache__", "Tests")
        shutil.copytree(REPO / "Packages" / "HTTPClient", checkout / "Packages" / "HTTPClient", ignore=ignore)
        for target in ("HTTPClientTests", "HTTPClientSupportTests"):
            tests = checkout / "Packages" / "HTTPClient" / "Tests" / target
            tests.mkdir(parents=True)
            (tests / "Empty.swift").write_text("import HTTPClient\n")
        (checkout / "Scripts" / "tools").mkdir(parents=True)
        for name in ("check-api", "tools/check-api", "tools/docs"):
            source, destination = REPO / "Scripts" / name, checkout / "Scripts" / name
            if source.is_dir():
                shutil.copytree(source, destination, ignore=ignore)
            else:
                shutil.copy2(source, destination)
        (checkout / "Tests" / "API").mkdir(parents=True)
        for module in MODULES:
            shutil.copy2(REPO / "Tests" / "API" / f"{module}.txt", checkout / "Tests" / "API")
        cls.checkout = checkout

    @classmethod
    def tearDownClass(cls):
        cls.scratch.cleanup()

    def test_the_committed_api_passes_and_a_renamed_method_fails_with_the_way_to_accept_it(self):
        unchanged = run(self.checkout)
        self.assertEqual(unchanged.returncode, 0, unchanged.stdout + unchanged.stderr)
        self.assertIn("compatible", unchanged.stdout)

        source = self.checkout / "Packages" / "HTTPClient" / "Sources" / "HTTPClient" / "ModifiedRequest.swift"
        text = source.read_text()
        self.assertIn("public func settingQueryParameters(", text)
        source.write_text(text.replace("public func settingQueryParameters(", "public func addingQuery("))
        broken = run(self.checkout)

        self.assertEqual(broken.returncode, 1, broken.stdout + broken.stderr)
        self.assertIn("HTTPClient: BREAKING API CHANGE", broken.stderr)
        self.assertIn("  - removed: HTTPRequest.settingQueryParameters(_:): func settingQueryParameters(",
                      broken.stderr)
        self.assertIn("Scripts/check-api --update", broken.stderr)
        self.assertIn("same commit", broken.stderr)

        accepted = run(self.checkout, "--update")
        self.assertEqual(accepted.returncode, 0, accepted.stdout + accepted.stderr)
        self.assertIn("addingQuery(_:)", (self.checkout / "Tests" / "API" / "HTTPClient.txt").read_text())
        self.assertEqual(run(self.checkout).returncode, 0)

    def test_a_library_target_without_a_baseline_fails_saying_how_to_record_one(self):
        baseline = self.checkout / "Tests" / "API" / "HTTPClientTestSupport.txt"
        saved = baseline.read_bytes()
        self.addCleanup(baseline.write_bytes, saved)
        baseline.unlink()

        missing = run(self.checkout)

        self.assertEqual(missing.returncode, 1, missing.stdout + missing.stderr)
        self.assertIn("no baseline for the library target(s) HTTPClientTestSupport", missing.stderr)
        self.assertIn("Scripts/check-api --update", missing.stderr)

    def test_an_added_method_is_compatible_and_printed(self):
        source = self.checkout / "Packages" / "HTTPClient" / "Sources" / "HTTPClient" / "HTTPMethod.swift"
        original = source.read_text()
        self.addCleanup(source.write_text, original)
        source.write_text(original + "\nextension HTTPMethod {\n    /// Test.\n    public var isScratchProbe: Bool { true }\n}\n")

        added = run(self.checkout)

        self.assertEqual(added.returncode, 0, added.stdout + added.stderr)
        self.assertIn("+ HTTPMethod.isScratchProbe: var isScratchProbe: Bool { get }", added.stdout)

    def test_a_changed_declaration_fails_showing_the_old_and_the_new_line(self):
        source = self.checkout / "Packages" / "HTTPClient" / "Sources" / "HTTPClient" / "HTTPMethod.swift"
        original = source.read_text()
        self.addCleanup(source.write_text, original)
        self.assertIn("public var isIdempotent: Bool {", original)
        source.write_text(original.replace("public var isIdempotent: Bool {", "public var isIdempotent: Bool? {"))

        changed = run(self.checkout)

        self.assertEqual(changed.returncode, 1, changed.stdout + changed.stderr)
        self.assertIn("  - changed: HTTPMethod.isIdempotent: var isIdempotent: Bool { get }\n"
                      "      now: HTTPMethod.isIdempotent: var isIdempotent: Bool? { get }", changed.stderr)

    def test_a_file_that_is_not_a_listing_fails_and_update_removes_it(self):
        stray = self.checkout / "Tests" / "API" / "HTTPClient.json"
        stray.write_text("{}\n")
        self.addCleanup(stray.unlink, missing_ok=True)

        failed = run(self.checkout)
        self.assertEqual(failed.returncode, 1, failed.stdout + failed.stderr)
        self.assertIn("Tests/API/HTTPClient.json is not the listing of a library target", failed.stderr)

        updated = run(self.checkout, "--update")
        self.assertEqual(updated.returncode, 0, updated.stdout + updated.stderr)
        self.assertFalse(stray.exists())
        self.assertEqual(sorted(path.name for path in (self.checkout / "Tests" / "API").iterdir()),
                         sorted(f"{module}.txt" for module in MODULES))


if __name__ == "__main__":
    unittest.main()
