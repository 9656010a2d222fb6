"""Unit tests of the pure parts of `Scripts/measure-builds --scale`: names, generated text, plan, targets, JSON,
charts and report (no Swift builds)."""

import json
import shutil
import tempfile
import unittest
from pathlib import Path
import xml.etree.ElementTree as ElementTree

from measure_builds.packages import Package
from measure_builds.scale import charts, names, readme, sources, svg, world
from measure_builds.cli import parse_arguments
from measure_builds.scale import cli as scale_cli
from measure_builds.scale import measure as scale_measure
from measure_builds.scale.plan import ScalePlan
from measure_builds.scale.report import render
from measure_builds.scale.results import CleanBuild, FeatureLoop, InterfaceChange, ScaleReport
from measure_builds.scale.targets import evaluate
from measure_builds.workspace import Workspace

SVG = "{http://www.w3.org/2000/svg}"


def make_report(factors=(1, 8), counts=(2, 24), load=0.5):
    report = ScaleReport(date="2026-11-23 06:00 UTC", command="Scripts/measure-builds --scale",
                         machine={"cores": 2, "memory_gib": 23.5, "swift": "Swift 6.3.1", "system": "Linux"},
                         load_average_start=[load, load, load], load_average_end=[load, load, load],
                         plan={"networking_factors": list(factors), "feature_counts": list(counts), "runs": 3,
                               "app_networking_factor": 4},
                         networking_packages=["HTTPClientDecorators", "URLSessionInfrastructure"],
                         model_feature="QuestionsFeature")
    for factor in factors:
        report.clean_build.append(CleanBuild(factor, 1900 * factor, [8.0, 9.0, 10.0], [10.0 + 5 * factor] * 3,
                                             [12.0] * 3, [14.0 + 6 * factor] * 3, 4, 4 + 2 * factor))
    for count in counts:
        change = InterfaceChange(count, [2.0] * 3, [2.0 + 0.5 * count] * 3, [],
                                 [f"Questions{index}FeatureAPI" for index in range(1, count + 1)],
                                 ["URLSessionInfrastructure", "ScaleApp"], ["URLSessionInfrastructure"])
        change.no_change_s = 1.0
        report.interface_change.append(change)
        report.feature_loops.append(FeatureLoop(count, 2.0, 2.5 + count * 0.5, 1.2, 0.8, 2.0, 0.5 + count * 0.5))
    return report


class NamesTests(unittest.TestCase):
    def test_copy_one_keeps_the_name_and_later_copies_are_numbered(self):
        self.assertEqual([names.networking_copy("URLSessionInfrastructure", index) for index in (1, 2, 8)],
                         ["URLSessionInfrastructure", "URLSessionInfrastructure2", "URLSessionInfrastructure8"])

    def test_feature_copies_number_the_stem_of_every_module(self):
        stem = names.feature_stem("QuestionsFeature")
        self.assertEqual([names.feature_copy(name, stem, 3) for name in
                          ("QuestionsFeature", "QuestionsFeatureAPI", "QuestionsPreview", "Other")],
                         ["Questions3Feature", "Questions3FeatureAPI", "Questions3Preview", "Other3"])
        self.assertEqual(names.naive_package("Questions3Feature", 4), "Questions3FeatureNaiveK4")

    def test_rename_replaces_whole_words_only_and_prefers_the_longest_name(self):
        mapping = {"QuestionsFeature": "Questions2Feature", "QuestionsFeatureAPI": "Questions2FeatureAPI"}
        text = "import QuestionsFeatureAPI\nimport QuestionsFeature\n// QuestionsFeatureTests stays\n"
        self.assertEqual(names.rename_text(text, mapping),
                         "import Questions2FeatureAPI\nimport Questions2Feature\n// QuestionsFeatureTests stays\n")
        self.assertEqual(names.rename_text("x", {}), "x")


class GeneratedSourcesTests(unittest.TestCase):
    def test_library_manifest_declares_only_libraries_on_the_abstraction(self):
        manifest = sources.library_manifest("Decorators2", [("Decorators2", [], ["HTTPClient"]),
                                                            ("Extra2", ["Decorators2"], [])])
        self.assertIn('name: "Decorators2"', manifest)
        self.assertIn('.library(name: "Extra2", targets: ["Extra2"])', manifest)
        self.assertIn('.target(name: "Extra2", dependencies: ["Decorators2"])', manifest)
        self.assertIn('.product(name: "HTTPClient", package: "HTTPClient")', manifest)
        self.assertIn('dependencies: [.package(path: "../HTTPClient")]', manifest)
        self.assertNotIn("testTarget", manifest)
        self.assertNotIn("executable", manifest)

    def test_library_manifest_declares_system_libraries_with_their_pkg_config(self):
        manifest = sources.library_manifest("Curl2", [("Curl2", ["CCurl2"], ["HTTPClient"])],
                                            system_libraries=[("CCurl2", "libcurl"), ("CZ2", None)])
        self.assertIn('.systemLibrary(name: "CCurl2", pkgConfig: "libcurl")', manifest)
        self.assertIn('.systemLibrary(name: "CZ2")', manifest)
        self.assertIn('.target(name: "Curl2", dependencies: ["CCurl2", ', manifest)
        self.assertNotIn('.library(name: "CCurl2"', manifest)

    def test_a_use_file_imports_one_module_and_references_its_type(self):
        text = sources.module_use_file("URLSessionInfrastructure2", "URLSessionClient")
        self.assertIn("import URLSessionInfrastructure2\n", text)
        self.assertIn("func usesURLSessionInfrastructure2() -> Any.Type {\n    URLSessionClient.self\n}", text)
        self.assertIn("Void.self", sources.module_use_file("Empty", None))

    def test_app_manifest_lists_every_package_and_the_test_targets(self):
        manifest = sources.app_manifest(["../../Packages/HTTPClient", "../../Packages/Questions1Feature"],
                                        [("HTTPClient", "HTTPClient")], [("Questions1Feature", "Questions1Feature")],
                                        [])
        self.assertIn('.package(path: "../../Packages/Questions1Feature")', manifest)
        self.assertIn(f'.testTarget(name: "{sources.APP_TESTS}"', manifest)
        self.assertNotIn(sources.APP_MODEL_TESTS, manifest)
        self.assertIn("usesHTTPClient(),", sources.app_main(["HTTPClient"]))


class NetworkingCopyTests(unittest.TestCase):
    MANIFEST = ('''let package = Package(name: "Curl", targets: [
    .systemLibrary(
        name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .target(name: "Curl", dependencies: ["CCurl"]),
])
''')

    def setUp(self):
        source = Path(tempfile.mkdtemp(prefix="scale-copy-"))
        self.addCleanup(lambda: shutil.rmtree(source, ignore_errors=True))
        package = source / "Packages" / "Curl"
        files = {"Package.swift": self.MANIFEST,
                 "Sources/CCurl/module.modulemap": 'module CCurl [system] {\n    header "CCurlShim.h"\n}\n',
                 "Sources/CCurl/CCurlShim.h": "#include <curl/curl.h>\n",
                 "Sources/Curl/Transfer/Client.swift": "import CCurl\n\npublic struct Client {}\n",
                 "Sources/Curl/Curl.swift": "public enum Curl {}\n"}
        for relative, text in files.items():
            (package / relative).parent.mkdir(parents=True, exist_ok=True)
            (package / relative).write_text(text, encoding="utf-8")
        self.workspace = Workspace(source)
        self.addCleanup(self.workspace.close)
        copied = self.workspace.root / "Packages" / "Curl"
        description = {"targets": [
            {"name": "CCurl", "type": "system-target", "path": "Sources/CCurl", "sources": []},
            {"name": "Curl", "type": "library", "path": "Sources/Curl",
             "sources": ["Curl.swift", "Transfer/Client.swift"],
             "target_dependencies": ["CCurl"], "product_dependencies": ["HTTPClient"]}]}
        package = Package.from_description("Curl", copied, description)
        self.source = world.networking_source(package, self.workspace.read)
        self.world = world.World(self.workspace.temp / "scale", self.workspace, [self.source], feature=None)

    def test_the_system_library_and_its_pkg_config_are_found(self):
        self.assertEqual([(system.target.name, system.pkg_config) for system in self.source.system_libraries],
                         [("CCurl", "libcurl")])

    def test_a_copy_renames_the_system_library_and_keeps_subfolders(self):
        world.write_networking_copy(self.workspace, self.world, self.source, 2)
        package = self.world.packages / "Curl2"
        self.assertIn("module CCurl2 [system]", (package / "Sources/CCurl2/module.modulemap").read_text())
        self.assertIn('header "CCurlShim.h"', (package / "Sources/CCurl2/module.modulemap").read_text())
        self.assertTrue((package / "Sources/CCurl2/CCurlShim.h").is_file())
        self.assertEqual((package / "Sources/Curl2/Transfer/Client.swift").read_text(),
                         "import CCurl2\n\npublic struct Client {}\n")
        manifest = (package / "Package.swift").read_text()
        self.assertIn('.systemLibrary(name: "CCurl2", pkgConfig: "libcurl")', manifest)
        self.assertIn('.target(name: "Curl2", dependencies: ["CCurl2", ', manifest)


class OutputChoiceTests(unittest.TestCase):
    def test_the_networking_replicated_leaves_out_the_abstraction_the_features_and_test_support(self):
        root = Path(tempfile.mkdtemp(prefix="scale-names-"))
        self.addCleanup(shutil.rmtree, root)
        for name in ("HTTPClient", "HTTPCaching", "HTTPReplay", "HTTPTransfers", "TokenFeature"):
            (root / "Packages" / name).mkdir(parents=True)
            (root / "Packages" / name / "Package.swift").write_text("")
        self.assertEqual(scale_measure.networking_names(root), ["HTTPCaching", "HTTPTransfers"])

    def test_the_smoke_build_is_the_smallest_app_and_writes_nothing(self):
        arguments = parse_arguments(["--scale", "--quick", "--factors", "1", "--features", "2", "--app-factor", "1"])
        plan = scale_cli.scale_plan(arguments)
        self.assertEqual((plan.factors, plan.feature_counts, plan.app_factor, plan.runs), ((1,), (2,), 1, 1))
        self.assertEqual(plan.max_factor, 1)
        self.assertFalse(scale_cli.publishes(arguments))
        self.assertEqual(scale_cli.outputs(arguments), (None, None, None))

    def test_the_smoke_check_measures_nothing_and_writes_nothing(self):
        arguments = parse_arguments(["--scale", "--smoke", "--factors", "1", "--features", "2", "--app-factor", "1"])
        self.assertTrue(arguments.smoke)
        self.assertFalse(scale_cli.publishes(arguments))
        self.assertEqual(scale_cli.outputs(arguments), (None, None, None))
        with self.assertRaises(SystemExit):
            parse_arguments(["--smoke"])

    def test_an_app_factor_below_one_is_refused(self):
        with self.assertRaises(SystemExit):
            parse_arguments(["--scale", "--app-factor", "0"])

    def test_a_quick_run_writes_only_what_is_asked_for(self):
        self.assertEqual(scale_cli.outputs(parse_arguments(["--scale", "--quick"])), (None, None, None))
        json_only = parse_arguments(["--scale", "--quick", "--json"])
        self.assertEqual(scale_cli.outputs(json_only), (scale_cli.DEFAULT_JSON, None, None))
        self.assertFalse(scale_cli.publishes(json_only))
        named = parse_arguments(["--scale", "--quick", "--json", "/tmp/scale.json"])
        self.assertEqual(scale_cli.outputs(named)[0], Path("/tmp/scale.json"))

    def test_a_full_run_or_publish_writes_the_committed_files(self):
        committed = (scale_cli.DEFAULT_JSON, scale_cli.DEFAULT_CHARTS, scale_cli.DEFAULT_REPORT)
        for argv in (["--scale"], ["--scale", "--quick", "--publish"]):
            with self.subTest(argv=argv):
                arguments = parse_arguments(argv)
                self.assertTrue(scale_cli.publishes(arguments))
                self.assertEqual(scale_cli.outputs(arguments), committed)

    def test_the_committed_files_are_in_the_tools_folder(self):
        tool = Path(__file__).resolve().parents[1] / "tools" / "measure-builds"
        self.assertEqual(scale_cli.DEFAULT_REPORT, tool / "measure-builds-scale.md")
        self.assertTrue(scale_cli.DEFAULT_REPORT.is_file())
        self.assertTrue(scale_cli.README.is_file())


class PlanTests(unittest.TestCase):
    def test_quick_and_full_plans(self):
        quick, full = ScalePlan.make(True, 3), ScalePlan.make(False, 3)
        self.assertEqual((quick.factors, quick.feature_counts, quick.runs), ((1, 4), (2, 8), 1))
        self.assertEqual((full.factors, full.feature_counts, full.runs), ((1, 2, 4, 8), (2, 8, 24), 3))
        self.assertEqual((full.max_factor, full.max_features), (8, 24))

    def test_step_count_counts_every_measured_build(self):
        # clean: 1 run × (isolated + 2 K); the own package's warm-up; per N: 2 + 1 + 2 + 1 + 2 (both loops)
        self.assertEqual(ScalePlan.make(True, 1).step_count(), 3 + 1 + 8 * 2)


class TargetsTests(unittest.TestCase):
    def test_targets_met(self):
        checks = evaluate(make_report())
        self.assertEqual([check.met for check in checks], [True, True, True, True, True])
        self.assertIn("9.00 s vs 50.00 s = 0.18×", checks[0].detail)

    def test_a_miss_gives_the_measured_reason_and_the_load(self):
        report = make_report(load=7.5)
        report.clean_build[-1].naive = [12.0] * 3
        check = evaluate(report)[0]
        self.assertFalse(check.met)
        self.assertIn("9.00 s vs 12.00 s = 0.75×", check.detail)
        self.assertIn("would need the naive one to take 25.7 s", check.detail)
        self.assertIn("load average 7.5 at the start, 7.5 at the end on 2 cores", check.detail)

    def test_the_runs_own_load_is_not_blamed_on_other_work(self):
        report = make_report(load=1.0)
        report.load_average_end = [2.9, 2.0, 1.5]
        report.clean_build[-1].naive = [12.0] * 3
        self.assertNotIn("load average", evaluate(report)[0].detail)

    def test_targets_outside_the_run_are_not_measured(self):
        checks = evaluate(make_report(factors=(1, 4), counts=(2, 8)))
        self.assertEqual([check.met for check in checks], [None, None, None, True, None])
        self.assertIn("largest N: 8", checks[1].detail)

    def test_a_ratio_on_the_threshold_shows_which_side_it_is(self):
        report = make_report()
        report.interface_change[-1].isolated = [2.68]
        report.interface_change[-1].naive = [13.37]
        check = evaluate(report)[2]
        self.assertFalse(check.met)
        self.assertIn("= 0.2004×", check.detail)
        report.interface_change[-1].isolated = [2.67]
        self.assertIn("= 0.1997×", evaluate(report)[2].detail)
        self.assertTrue(evaluate(report)[2].met)

    def test_isolated_recompilation_misses_the_target(self):
        report = make_report()
        report.interface_change[-1].isolated_recompiled = ["Questions1FeatureAPI"]
        self.assertFalse(evaluate(report)[1].met)


class OutputTests(unittest.TestCase):
    def test_json_has_the_issue_shape(self):
        report = make_report()
        data = json.loads(json.dumps(report.as_json(evaluate(report))))
        self.assertEqual(data["clean_build"][1], {**data["clean_build"][1], "networking_factor": 8,
                                                  "networking_lines": 15200, "isolated_s": 9.0, "naive_s": 50.0})
        self.assertEqual({key: data["interface_change"][1][key] for key in
                          ("features", "isolated_recompiled_features", "naive_recompiled_features", "isolated_s",
                           "naive_s")},
                         {"features": 24, "isolated_recompiled_features": 0, "naive_recompiled_features": 24,
                          "isolated_s": 2.0, "naive_s": 14.0})
        self.assertEqual({key: data["feature_loop"][key] for key in ("features", "own_package_s", "whole_app_s")},
                         {"features": 24, "own_package_s": 2.0, "whole_app_s": 14.5})
        self.assertTrue(data["simulation"])

    def test_charts_are_well_formed_svg_marked_simulation_with_a_legend(self):
        report = make_report()
        for render_chart, legend in ((charts.clean_chart, "isolated"), (charts.recompiled_chart, "naive"),
                                     (charts.rebuild_chart, "own package")):
            root = ElementTree.fromstring(render_chart(report))
            texts = [element.text or "" for element in root.iter(f"{SVG}text")]
            self.assertIn("(simulation)", texts[0])
            self.assertTrue(any(legend in text for text in texts), texts)
            self.assertGreaterEqual(len(list(root.iter(f"{SVG}polyline"))), 2)

    def test_ticks_are_round_and_cover_the_range(self):
        self.assertEqual(svg.nice_ticks(0, 47), [0, 10, 20, 30, 40, 50])
        self.assertEqual(svg.nice_ticks(0, 15200), [0, 5000, 10000, 15000, 20000])
        self.assertEqual(svg.tick_label(5000), "5k")

    def test_report_tables_and_targets(self):
        report = make_report()
        markdown = render(report, evaluate(report), {"clean": charts_path("scale-clean-build.svg")},
                          charts_path("report.md"))
        self.assertIn("![clean build seconds vs networking lines, isolated vs naive](scale-clean-build.svg)", markdown)
        self.assertIn("| 8 | 15200 | 9.00 | 50.00 | 0.18× |", markdown)
        self.assertIn("| 24 | 0 / 24 |", markdown)
        self.assertIn("- **met**: at N = 24, a networking interface change recompiles 0 feature modules", markdown)
        self.assertIn("load average (1, 5, 15 min): 0.50 0.50 0.50 at the start", markdown)

    def test_readme_summary_replaces_only_the_marked_block(self):
        report = make_report()
        block = readme.summary(report, evaluate(report))
        self.assertLessEqual(len(block.splitlines()), 14)
        self.assertNotIn(report.date, block)  # the README carries no dates; the report does
        self.assertIn("| networking interface change, app with 24 features | 0 feature modules, 2.0 s "
                      "| 24 feature modules, 14.0 s | 0.14× (≤ 0.2×: met) |", block)
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "README.md"
            path.write_text(f"# Title\n{readme.START}\nold\n{readme.END}\nrest\n", encoding="utf-8")
            self.assertTrue(readme.update(path, block))
            self.assertEqual(path.read_text(encoding="utf-8"), f"# Title\n{block}\nrest\n")
            path.write_text("no markers\n", encoding="utf-8")
            self.assertFalse(readme.update(path, block))
            self.assertEqual(path.read_text(encoding="utf-8"), "no markers\n")


def charts_path(name):
    return Path("/tmp/charts") / name


if __name__ == "__main__":
    unittest.main()
