"""Tests of Scripts/new-feature: names, refusals (exit 64, nothing changed), and one real build + test of a
generated package in a scratch copy holding only Packages/HTTPClient and Scripts (the suite's only Swift build)."""

import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

from new_feature.generate import sort_imports
from new_feature.names import FeatureNameError, feature_names, singular

REPO = Path(__file__).resolve().parents[2]
IGNORED = shutil.ignore_patterns(".build*", "__pycache__", ".swiftpm")


def find_swift():
    for candidate in (shutil.which("swift"), "/opt/swift/usr/bin/swift"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def snapshot(root):
    """Every path under root with its size and modification time."""
    return {str(path.relative_to(root)): (path.stat().st_size, path.stat().st_mtime_ns)
            for path in sorted(Path(root).rglob("*"))}


class ScratchRepository:
    """A temporary directory with copies of Packages/HTTPClient and Scripts, as a fresh clone has them."""

    def __init__(self):
        self.root = Path(tempfile.mkdtemp(prefix="new-feature-test-"))
        shutil.copytree(REPO / "Packages" / "HTTPClient", self.root / "Packages" / "HTTPClient", ignore=IGNORED)
        shutil.copytree(REPO / "Scripts", self.root / "Scripts", ignore=IGNORED)
        shutil.copy(REPO / ".swift-format", self.root / ".swift-format")

    def run(self, *arguments, command="new-feature"):
        return subprocess.run([str(self.root / "Scripts" / command), *arguments], capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, cwd=self.root)

    def close(self):
        shutil.rmtree(self.root, ignore_errors=True)


class NamesTests(unittest.TestCase):
    def test_names_come_from_the_feature_name(self):
        names = feature_names("TopPlaces")
        self.assertEqual((names.package, names.item, names.words, names.path),
                         ("TopPlacesFeature", "TopPlace", "top places", "top-places"))

    def test_a_name_ending_in_feature_is_taken_without_the_suffix(self):
        names = feature_names("PlacesFeature")
        self.assertEqual(names.package, "PlacesFeature")
        self.assertIn("taking the feature name Places", names.note)

    def test_the_model_type_never_shadows_a_standard_type(self):
        self.assertEqual([singular(name) for name in ("Places", "Categories", "Weather", "Strings", "Status")],
                         ["Place", "Category", "WeatherItem", "StringsItem", "StatusItem"])

    def test_bad_names_are_refused_with_a_reason(self):
        for name, reason in (("", "empty"), ("places", "lowercase"), ("9Lives", "not a Swift identifier"),
                             ("Plä", "not a Swift identifier"), ("Self", "not a Swift identifier"),
                             ("Feature", "no feature name")):
            with self.subTest(name=name), self.assertRaises(FeatureNameError) as raised:
                feature_names(name)
            self.assertIn(reason, str(raised.exception))

    def test_import_runs_are_sorted_as_swift_format_wants(self):
        text = "import Testing\nimport WeatherFeature\nimport HTTPClient\n\nlet x = 1\nimport B\nimport A\n"
        self.assertEqual(sort_imports(text),
                         "import HTTPClient\nimport Testing\nimport WeatherFeature\n\nlet x = 1\nimport A\nimport B\n")


class NewFeatureScriptTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.repository = ScratchRepository()

    @classmethod
    def tearDownClass(cls):
        cls.repository.close()

    def test_refusals_exit_64_and_change_nothing(self):
        existing = self.repository.run("Existing")
        self.assertEqual(existing.returncode, 0, existing.stderr)
        before = snapshot(self.repository.root)
        for arguments in ([""], ["places"], ["Pla-ces"], ["9x"], ["Existing"], ["ExistingFeature"], [], ["A", "B"]):
            with self.subTest(arguments=arguments):
                completed = self.repository.run(*arguments)
                self.assertEqual(completed.returncode, 64)
                self.assertIn("new-feature:", completed.stderr)
                self.assertEqual(completed.stdout, "")
                self.assertEqual(snapshot(self.repository.root), before)

    def test_generated_package_has_the_feature_shape_and_passes_the_dependency_check(self):
        completed = self.repository.run("ParksFeature")
        self.assertEqual(completed.returncode, 0, completed.stderr)
        self.assertIn("taking the feature name Parks", completed.stdout)
        self.assertIn('.package(path: "Packages/ParksFeature")', completed.stdout)
        package = self.repository.root / "Packages" / "ParksFeature"
        for relative in ("Package.swift", "README.md", "Sources/ParksFeature/Park.swift",
                         "Sources/ParksFeature/ParksViewModel.swift", "Sources/ParksFeatureAPI/ParksAPI.swift",
                         "Sources/ParksFeatureAPI/ParksMapper.swift", "Sources/ParksPreview/main.swift",
                         "Sources/ParksFeature/ParksFeature.docc/ParksFeature.md",
                         "Sources/ParksFeatureAPI/ParksFeatureAPI.docc/ParksFeatureAPI.md",
                         "Tests/ParksFeatureTests/ParksViewModelTests.swift",
                         "Tests/ParksFeatureAPITests/ParksMapperTests.swift"):
            self.assertTrue((package / relative).is_file(), relative)
        leftovers = [path.name for path in (self.repository.root / "Packages").iterdir() if path.name.startswith(".")]
        self.assertEqual(leftovers, [])
        check = self.repository.run(command="check-dependencies")
        self.assertEqual(check.returncode, 0, check.stderr)

    @unittest.skipUnless(find_swift(), "no Swift toolchain")
    def test_generated_package_formats_builds_without_warnings_and_passes_its_tests(self):
        completed = self.repository.run("Places")
        self.assertEqual(completed.returncode, 0, completed.stderr)
        package = self.repository.root / "Packages" / "PlacesFeature"
        swift, scratch = find_swift(), self.repository.root / ".build-places"
        sources = sorted(str(path) for path in package.rglob("*.swift"))
        lint = subprocess.run([swift, "format", "lint", "--configuration", str(self.repository.root / ".swift-format"),
                               *sources], capture_output=True, text=True, stdin=subprocess.DEVNULL)
        self.assertEqual((lint.returncode, lint.stdout + lint.stderr), (0, ""))
        for arguments in (["build", "--build-tests", "-Xswiftc", "-warnings-as-errors"], ["test", "--skip-build"],
                          ["run", "--skip-build", "PlacesPreview"]):
            with self.subTest(command=arguments[0]):
                run = subprocess.run([swift, *arguments[:1], "--package-path", str(package), "--scratch-path",
                                      str(scratch), *arguments[1:]], capture_output=True, text=True,
                                     stdin=subprocess.DEVNULL)
                self.assertEqual(run.returncode, 0, run.stdout[-3000:] + run.stderr[-3000:])
        self.assertIn("Loading places…\nFirst sample\nSecond sample", run.stdout)


if __name__ == "__main__":
    unittest.main()
