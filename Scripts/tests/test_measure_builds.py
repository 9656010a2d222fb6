"""Unit tests of the pure parts of Scripts/measure-builds (no Swift builds: they run in well under a second)."""

import unittest
from pathlib import Path

from measure_builds import edits, naive, scenarios
from measure_builds.buildlog import parse_build_log
from measure_builds.graph import Graph, ModuleSize
from measure_builds.measure import failure_lines
from measure_builds.report import markdown_table, rebuild_cell, render, runs_cell
from measure_builds.results import CleanResult, FeatureResult, Rebuild, Report, Retest, ScenarioResult
from measure_builds.stats import linear_fit, median, ratio
from measure_builds.targets import evaluate

BUILD_OUTPUT = """\
Building for debugging...
[0/3] Write sources
[4/10] Emitting module HTTPClient
[5/16] Compiling HTTPClient HTTPResponse+StatusClass.swift
[6/16] Compiling HTTPClient HTTPResponse.swift
\x1b[1m[7/16] Compiling HTTPClient HTTPResponse.swift\x1b[0m
[18/22] Emitting module HTTPClientTestSupport
[19/25] Compiling HTTPClientTestSupport Gate.swift, Reply.swift
[20/25] Compiling plugin GenerateManual
/src/A.swift:3:5: warning: Compiling HTTPClient is not a step
[24/25] Linking QuestionsPreview
Build complete! (8.46s)
"""

FEATURE_MANIFEST = """\
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "QuestionsFeature",
    products: [.library(name: "QuestionsFeatureAPI", targets: ["QuestionsFeatureAPI"])],
    dependencies: [.package(path: "../HTTPClient")],
    targets: [
        .target(name: "QuestionsFeature", path: "Sources/Odd (name)"),
        .target(
            name: "QuestionsFeatureAPI",
            dependencies: ["QuestionsFeature", .product(name: "HTTPClient", package: "HTTPClient")]
        ),
        .testTarget(name: "QuestionsFeatureAPITests", dependencies: ["QuestionsFeatureAPI"]),
    ]
)
"""

SWIFT_SOURCE = """\
public struct Mapper {
    static func map(_ data: Data) throws -> Question {
        let dto = try decode(data)
        return dto.question
    }

    static func implicit(_ value: Int) -> Int {
        value + 1
    }

    @inlinable public func inlined() {
        work()
    }

    public func run(_ handler: () -> Int) {
        handler()
    }

    init?(text: String) {
        guard !text.isEmpty else { return nil }
    }
}

protocol Loader {
    func load() async throws
}
"""


class BuildLogTests(unittest.TestCase):
    def test_lists_the_modules_the_compiler_ran_for_in_order(self):
        log = parse_build_log(BUILD_OUTPUT)
        self.assertEqual(log.modules, ["HTTPClient", "HTTPClientTestSupport"])

    def test_lists_the_files_of_each_module_once_including_batched_ones(self):
        log = parse_build_log(BUILD_OUTPUT)
        self.assertEqual(log.files["HTTPClient"], ["HTTPResponse+StatusClass.swift", "HTTPResponse.swift"])
        self.assertEqual(log.files["HTTPClientTestSupport"], ["Gate.swift", "Reply.swift"])
        self.assertEqual(log.compiled_file_count, 4)

    def test_a_no_op_build_compiled_nothing(self):
        log = parse_build_log("[0/1] Planning build\nBuilding for debugging...\nBuild complete! (0.11s)\n")
        self.assertEqual((log.modules, log.compiled_file_count), ([], 0))


class FailureLinesTests(unittest.TestCase):
    def test_a_failed_run_names_its_failing_tests_and_nothing_else(self):
        output = "\n".join([
            "◇ Test \"a\" started.",
            "✔ Test \"a\" passed after 0.1 seconds.",
            "✘ Test \"b\" recorded an issue at B.swift:3:5: Expectation failed: 1 == 2",
            "/src/C.swift:9: error: -[CTests.CTests test_c] : XCTAssertEqual failed",
            "Test Suite 'All tests' passed at 2026-01-01",
        ])
        self.assertEqual(failure_lines(output), [
            "✘ Test \"b\" recorded an issue at B.swift:3:5: Expectation failed: 1 == 2",
            "/src/C.swift:9: error: -[CTests.CTests test_c] : XCTAssertEqual failed",
        ])

    def test_at_most_the_limit_of_lines(self):
        output = "\n".join(f"✘ Test \"t{index}\" failed after 0.1 seconds" for index in range(20))
        self.assertEqual(len(failure_lines(output, limit=3)), 3)


class StatsTests(unittest.TestCase):
    def test_median_of_odd_and_even_counts(self):
        self.assertEqual(median([3.0, 1.0, 2.0]), 2.0)
        self.assertEqual(median([4.0, 1.0, 2.0, 3.0]), 2.5)

    def test_median_of_nothing_is_none(self):
        self.assertIsNone(median([]))
        self.assertEqual(median([None, 5.0]), 5.0)

    def test_ratio_is_none_when_unknown(self):
        self.assertEqual(ratio(1.0, 4.0), 0.25)
        self.assertIsNone(ratio(1.0, 0))
        self.assertIsNone(ratio(None, 2.0))


    def test_linear_fit(self):
        intercept, slope = linear_fit([(10, 7.0), (20, 9.0), (30, 11.0)])
        self.assertAlmostEqual(intercept, 5.0)
        self.assertAlmostEqual(slope, 0.2)
        self.assertIsNone(linear_fit([(10, 7.0), (10, 8.0)]))


class NaiveManifestTests(unittest.TestCase):
    def setUp(self):
        self.manifest = naive.naive_manifest(FEATURE_MANIFEST, "QuestionsFeatureNaive", "QuestionsFeatureAPI")

    def test_renames_the_package(self):
        self.assertIn('name: "QuestionsFeatureNaive",', self.manifest)
        self.assertEqual(self.manifest.count("QuestionsFeatureNaive"), 1)

    def test_depends_on_the_concrete_networking_packages(self):
        self.assertIn('dependencies: [.package(path: "../HTTPClient"), .package(path: "../URLSessionInfrastructure"), '
                      '.package(path: "../HTTPClientDecorators")]', self.manifest)

    def test_only_the_api_target_gets_the_products(self):
        self.assertEqual(self.manifest.count('.product(name: "URLSessionInfrastructure", package: '
                                             '"URLSessionInfrastructure")'), 1)
        self.assertIn('dependencies: [.product(name: "URLSessionInfrastructure", package: "URLSessionInfrastructure"), '
                      '.product(name: "HTTPClientDecorators", package: "HTTPClientDecorators"), "QuestionsFeature"',
                      self.manifest)

    def test_a_target_without_dependencies_gets_a_list(self):
        manifest = naive.naive_manifest(FEATURE_MANIFEST, "N", "QuestionsFeature")
        self.assertIn('.target(name: "QuestionsFeature", dependencies: [.product(name: "URLSessionInfrastructure", '
                      'package: "URLSessionInfrastructure"), .product(name: "HTTPClientDecorators", package: '
                      '"HTTPClientDecorators")], path: "Sources/Odd (name)")', manifest)

    def test_a_manifest_without_the_abstraction_is_rejected(self):
        with self.assertRaises(naive.ManifestError):
            naive.naive_manifest(FEATURE_MANIFEST.replace("../HTTPClient", "../Other"), "N", "QuestionsFeatureAPI")
        with self.assertRaises(naive.ManifestError):
            naive.naive_manifest(FEATURE_MANIFEST, "N", "Missing")

    def test_the_extra_file_imports_both_modules_and_references_a_type_of_each(self):
        source = naive.naive_source({"URLSessionInfrastructure": "URLSessionClient", "HTTPClientDecorators": None})
        self.assertIn("import HTTPClientDecorators\nimport URLSessionInfrastructure\n", source)
        self.assertIn("[URLSessionClient.self]", source)


class EditTests(unittest.TestCase):
    def declarations(self, text):
        return [text.splitlines()[site.line].strip() for site in edits.body_sites(text)]

    def test_finds_bodies_where_a_first_statement_is_safe(self):
        self.assertEqual(self.declarations(SWIFT_SOURCE), [
            "static func map(_ data: Data) throws -> Question {",
            "public func run(_ handler: () -> Int) {",
            "init?(text: String) {",
        ])

    def test_prefers_a_non_public_body_then_the_path(self):
        path, site = edits.best_body_site({Path("B.swift"): SWIFT_SOURCE, Path("A.swift"): "public func f() {\n}\n"})
        self.assertEqual((path, site.line, site.is_public), (Path("B.swift"), 1, False))
        self.assertIsNone(edits.best_body_site({Path("C.swift"): "protocol P {\n    func f()\n}\n"}))

    def test_inserts_the_probe_as_the_first_statement_with_the_body_indentation(self):
        site = edits.body_sites(SWIFT_SOURCE)[0]
        lines = edits.insert_body_probe(SWIFT_SOURCE, site).splitlines()
        self.assertEqual(lines[2], f"        {edits.BODY_PROBE}")
        self.assertEqual(lines[3], "        let dto = try decode(data)")
        self.assertEqual(len(lines), len(SWIFT_SOURCE.splitlines()) + 1)

    def test_finds_top_level_public_types(self):
        text = "public final class Client<T> {}\nstruct Hidden {}\n    public enum Nested {}\npublic protocol P {}\n"
        self.assertEqual(edits.public_types(text), [("Client", "class", True), ("P", "protocol", False)])

    def test_appends_a_public_method_to_a_type_or_a_public_function(self):
        self.assertTrue(edits.append_interface_probe("struct S {}", "S").endswith(
            "\nextension S {\n    public func measureBuildsProbe() {}\n}\n"))
        self.assertTrue(edits.append_interface_probe("", None).endswith("public func measureBuildsProbe() {}\n"))

    def test_edit_labels_name_the_scenarios(self):
        self.assertEqual(scenarios.edit_label(scenarios.DECORATORS_BODY), "(c) body change in HTTPClientDecorators")
        self.assertEqual(scenarios.edit_label("feature:TokenFeature"),
                         "(e) for TokenFeature, (d) for the other feature: body change in TokenFeature")

    def test_scenario_keys_point_d_at_the_other_feature(self):
        keys = scenarios.scenario_keys("QuestionsFeature", ["QuestionsFeature", "TokenFeature"])
        self.assertEqual(keys["d"], "feature:TokenFeature")
        self.assertEqual(keys["e"], "feature:QuestionsFeature")
        self.assertIsNone(scenarios.scenario_keys("TokenFeature", ["TokenFeature"])["d"])

    def test_scenarios_f_to_h_edit_the_shared_modules_for_every_feature(self):
        keys = scenarios.scenario_keys("TokenFeature", ["TokenFeature"])
        self.assertEqual((keys["f"], keys["g"], keys["h"]), (
            scenarios.ABSTRACTION_INTERFACE, scenarios.TRANSFERS_INTERFACE, scenarios.SUPPORT_INTERFACE))
        self.assertEqual(scenarios.edit_label(scenarios.TRANSFERS_INTERFACE),
                         "(g) public-interface change in HTTPTransfers (its uploadResumably file)")

    def test_the_transfer_scenario_adds_a_public_function_to_the_named_file(self):
        class Target:
            sources = [Path("/p/Sources/T/A.swift"), Path("/p/Sources/T/HTTPClient+ResumableUpload.swift")]

        class Package:
            name, path = "HTTPTransfers", Path("/p")

        texts = {path: "public struct A {}\n" for path in Target.sources}
        edit = scenarios.interface_edit("k", Package, Target, texts.__getitem__, scenarios.TRANSFERS_FILE)
        self.assertEqual(list(edit.changes), [Target.sources[1]])
        self.assertIn("public func", edit.changes[Target.sources[1]])
        self.assertIn("(HTTPTransfers/Sources/T/HTTPClient+ResumableUpload.swift)", edit.description)


def sample_report():
    def clean(name, kind, seconds, lines):
        return CleanResult(name, kind, seconds, [value * 1.5 for value in seconds], Graph([ModuleSize(name, 3, lines)]))

    feature = FeatureResult("TokenFeature", "TokenFeatureNaive", ["TokenFeature", "TokenFeatureAPI"])
    feature.scenarios = [
        ScenarioResult("a", "body-only change in URLSessionInfrastructure", "`_ = 0` added",
                       Rebuild(0.5, []), Rebuild(1.5, ["URLSessionInfrastructure"]), Rebuild(2.0, ["X"])),
        ScenarioResult("b", "public-interface change", "probe", Rebuild(0.5, []),
                       Rebuild(2.5, ["URLSessionInfrastructure", "TokenFeatureAPI"]), None),
    ]
    feature.retest = Retest("`_ = 0` added", 4.0, 2.5, 1.5, True, ["TokenFeature"])
    report = Report("2026-11-21 20:00 UTC", "Scripts/measure-builds --quick", 2, "Swift 6.3.1", 3, "0.1 0.1 0.1")
    report.cleans = [clean("TokenFeature", "package", [4.0, 5.0, 6.0], 100),
                     clean("TokenFeatureNaive", "naive", [10.0, 10.0, 10.0], 400)]
    report.features = [feature]
    report.edits = [("(a) body-only change in URLSessionInfrastructure", "`_ = 0` added to `f()`")]
    return report


class ReportTests(unittest.TestCase):
    def test_markdown_table_aligns_numbers_and_escapes_pipes(self):
        table = markdown_table(["name", "s"], [["a|b", 1.5]], numeric=(1,))
        self.assertEqual(table, "| name | s |\n| --- | ---: |\n| a\\|b | 1.5 |")

    def test_cells(self):
        self.assertEqual(rebuild_cell(Rebuild(1.234, ["A", "B"])), "2 (A, B) · 1.23 s")
        self.assertEqual(rebuild_cell(Rebuild(0.5, [])), "0 · 0.50 s")
        self.assertEqual(rebuild_cell(None), "n/a")
        self.assertEqual(runs_cell(CleanResult("x", "package", [3.0, 1.0, 2.0])), "2.00 (1.00–3.00)")

    def test_render_prints_cores_tables_and_targets(self):
        markdown = render(sample_report())
        self.assertIn("machine: 2 cores (os.cpu_count()); load average 0.1 0.1 0.1 at the start", markdown)
        self.assertIn("| TokenFeatureNaive (naive baseline) | 10.00 (10.00–10.00) | 15.00 | 1 | 3 | 400 | — |",
                      markdown)
        self.assertIn("| TokenFeature | 5.00 | 10.00 | 0.50× | 0.50× | 1 / 1 | 3 / 3 | 100 / 400 |", markdown)
        self.assertIn("| (a) body-only change in URLSessionInfrastructure | 0 · 0.50 s | "
                      "1 (URLSessionInfrastructure) · 1.50 s | 0.33× | 1 (X) · 2.00 s |", markdown)
        self.assertIn("- (a) body-only change in URLSessionInfrastructure: `_ = 0` added to `f()`", markdown)
        self.assertIn("- **met** — TokenFeature: zero feature modules recompiled for (a)–(d). none of "
                      "TokenFeature, TokenFeatureAPI recompiled, seen from TokenFeature's own build or the App's.",
                      markdown)


class TargetTests(unittest.TestCase):
    def test_judges_each_target(self):
        checks = {check.target.split()[0]: check for check in evaluate(sample_report())}
        self.assertTrue(checks["clean"].met)
        self.assertTrue(checks["zero"].met)
        self.assertFalse(checks["one-line"].met)
        self.assertIn("4.00 s = build 2.50 s + test 1.50 s", checks["one-line"].detail)

    def test_a_missed_clean_ratio_names_the_share_of_code_the_feature_compiles_anyway(self):
        report = sample_report()
        report.clean("TokenFeature").graph = Graph([ModuleSize("HTTPClient", 3, 300),
                                                    ModuleSize("TokenFeature", 3, 50)])
        report.clean("TokenFeatureNaive").graph = Graph([
            ModuleSize("HTTPClient", 3, 300), ModuleSize("TokenFeature", 3, 50), ModuleSize("Networking", 3, 150)])
        report.clean("TokenFeature").seconds = [8.0]
        check = next(check for check in evaluate(report) if check.target.startswith("clean"))
        self.assertFalse(check.met)
        self.assertIn("could not go below 0.70×: the networking the isolated build skips (Networking: 150 lines)",
                      check.detail)

    def test_a_missed_clean_ratio_is_explained_by_a_fit_of_cpu_time_over_files(self):
        report = sample_report()
        report.cleans = [
            CleanResult("TokenFeature", "package", [7.0], [9.0], Graph([ModuleSize("TokenFeature", 20, 600)])),
            CleanResult("TokenFeatureNaive", "naive", [10.0], [14.0], Graph([ModuleSize("TokenFeature", 20, 600),
                                                                            ModuleSize("Networking", 25, 1500)])),
            CleanResult("App", "app", [12.0], [19.0], Graph([ModuleSize("App", 70, 5000)])),
        ]
        check = next(check for check in evaluate(report) if check.target.startswith("clean"))
        self.assertFalse(check.met)
        self.assertIn("fits 5.0 s per build + 0.20 s per Swift file, which predicts 0.64× for 20 vs 45 files",
                      check.detail)
        self.assertIn("≈ 5.0 s + 0.20 s × Swift files (least squares over the 3 builds)", render(report))

    def test_a_clean_build_that_got_less_than_a_core_is_flagged_as_contended(self):
        report = sample_report()
        report.clean("TokenFeature").seconds, report.clean("TokenFeature").cpu_seconds = [18.0], [14.0]
        check = next(check for check in evaluate(report) if check.target.startswith("clean"))
        self.assertFalse(check.met)
        self.assertIn("TokenFeature used 14.0 s of CPU in 18.0 s, less than one core on average", check.detail)
        self.assertNotIn("compile alongside", check.detail)

    def test_a_ratio_met_on_wall_time_but_not_on_cpu_time_says_so(self):
        report = sample_report()
        report.clean("TokenFeature").cpu_seconds = [12.0]
        check = next(check for check in evaluate(report) if check.target.startswith("clean"))
        self.assertTrue(check.met)
        self.assertIn("met on wall-clock time only: in CPU time the ratio is 0.80×", check.detail)

    def test_a_target_missed_in_a_single_run_asks_for_a_full_run(self):
        report = sample_report()
        report.runs = 1
        check = next(check for check in evaluate(report) if check.target.startswith("one-line"))
        self.assertTrue(check.detail.endswith("confirm with a full run (median of 3)"))

    def test_a_transfer_edit_that_reaches_only_the_files_feature_meets_its_target(self):
        report = sample_report()
        report.features[0].scenarios.append(ScenarioResult(
            "g", "transfers", "probe", Rebuild(0.5, []), None,
            Rebuild(3.0, ["HTTPTransfers", "FilesFeatureAPI", "NetworkingApp", "networking"])))
        check = next(check for check in evaluate(report) if check.target.startswith("(g)"))
        self.assertTrue(check.met)
        self.assertIn("recompiled HTTPTransfers, FilesFeatureAPI, NetworkingApp, networking", check.detail)

    def test_a_transfer_edit_that_reaches_a_transport_or_the_questions_feature_misses(self):
        report = sample_report()
        report.features[0].scenarios.append(ScenarioResult(
            "g", "transfers", "probe", Rebuild(0.5, []), None,
            Rebuild(3.0, ["HTTPTransfers", "CurlInfrastructure", "QuestionsFeatureAPI"])))
        check = next(check for check in evaluate(report) if check.target.startswith("(g)"))
        self.assertFalse(check.met)
        self.assertIn("CurlInfrastructure, QuestionsFeatureAPI do not use the transfers", check.detail)

    def test_a_feature_module_recompiled_by_an_outside_change_misses_isolation(self):
        report = sample_report()
        report.features[0].scenarios[1].isolated = Rebuild(1.0, ["TokenFeatureAPI"])
        check = next(check for check in evaluate(report) if check.target.startswith("zero"))
        self.assertFalse(check.met)
        self.assertIn("(b) from TokenFeature's own build: TokenFeatureAPI", check.detail)


if __name__ == "__main__":
    unittest.main()
