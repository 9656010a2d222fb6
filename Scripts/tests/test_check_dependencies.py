"""Shows that Scripts/check-dependencies fails, naming the line, for every rule broken in a scratch copy."""

import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CHECKER = REPO / "Scripts" / "check-dependencies"

MANIFEST = """// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "{name}",
    dependencies: [{dependencies}],
    targets: [.target(name: "{name}")]
)
"""


REPLAY_PRODUCT = '.product(name: "HTTPReplay", package: "HTTPReplay")'


class CheckDependenciesTests(unittest.TestCase):
    def setUp(self):
        self.root = Path(tempfile.mkdtemp(prefix="check-dependencies-"))
        self.addCleanup(shutil.rmtree, self.root)
        self.make_package("HTTPClient", dependencies="", source="import Foundation\npublic protocol HTTPClient {}\n")
        for name in ("URLSessionInfrastructure", "HTTPClientDecorators", "QuestionsFeature", "TokenFeature"):
            self.make_package(name, dependencies='.package(path: "../HTTPClient")', source="import HTTPClient\n")
        self.write("Packages/URLSessionInfrastructure/Sources/URLSessionInfrastructure/Client.swift",
                   "import Foundation\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n"
                   "let session = URLSession.shared\n")

    def make_package(self, name, dependencies, source):
        self.write(f"Packages/{name}/Package.swift", MANIFEST.format(name=name, dependencies=dependencies))
        self.write(f"Packages/{name}/Sources/{name}/{name}.swift", source)

    def write(self, relative, text):
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)

    def append(self, relative, text):
        path = self.root / relative
        path.write_text(path.read_text() + text)

    def check(self):
        return subprocess.run([str(CHECKER), "--root", str(self.root)], capture_output=True, text=True)

    def assert_violation(self, expected_location, expected_words):
        result = self.check()
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn(expected_location, result.stderr)
        self.assertIn(expected_words, result.stderr)

    def test_a_clean_tree_passes(self):
        result = self.check()
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("all rules hold", result.stdout)

    def make_curl_transport(self):
        self.make_package("CurlInfrastructure", dependencies='.package(path: "../HTTPClient")',
                          source="import CCurl\nimport Foundation\nimport HTTPClient\n")
        self.write("Packages/CurlInfrastructure/Sources/CCurl/module.modulemap", "module CCurl [system] {}\n")

    def test_a_second_transport_with_its_system_library_passes(self):
        self.make_curl_transport()
        result = self.check()
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_the_curl_transport_importing_the_urlsession_transport_fails(self):
        self.make_curl_transport()
        self.append("Packages/CurlInfrastructure/Sources/CurlInfrastructure/CurlInfrastructure.swift",
                    "import URLSessionInfrastructure\n")
        self.assert_violation("CurlInfrastructure.swift:4:", "must not import URLSessionInfrastructure")

    def test_the_curl_transport_depending_on_the_urlsession_transport_fails(self):
        self.make_package("CurlInfrastructure", dependencies='.package(path: "../URLSessionInfrastructure")',
                          source="")
        self.assert_violation("CurlInfrastructure/Package.swift:6:", "not ../URLSessionInfrastructure")

    def test_the_repository_itself_passes(self):
        result = subprocess.run([str(CHECKER)], capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stderr)

    def make_command_line_kit(self, source, dependencies=""):
        manifest = f'let package = Package(targets: [\n    .target(name: "CommandLineKit"{dependencies}),\n])\n'
        self.write("Package.swift", manifest)
        self.write("App/Sources/NetworkingApp/NetworkingApp.swift", "import CommandLineKit\n")
        self.write("App/Sources/CommandLineKit/Parser.swift", source)

    def test_the_command_line_library_importing_only_the_system_passes(self):
        self.make_command_line_kit("import Foundation\n#if canImport(Glibc)\nimport Glibc\n#endif\n")
        result = self.check()
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_the_command_line_library_importing_a_package_fails(self):
        self.make_command_line_kit("import Foundation\nimport HTTPClient\n")
        self.assert_violation("App/Sources/CommandLineKit/Parser.swift:2:", "CommandLineKit must not import HTTPClient")

    def test_the_command_line_library_importing_the_app_fails(self):
        self.make_command_line_kit("@testable import NetworkingApp\n")
        self.assert_violation("Parser.swift:1:", "CommandLineKit must not import NetworkingApp")

    def test_the_command_line_library_with_dependencies_in_the_manifest_fails(self):
        self.make_command_line_kit("import Foundation\n", dependencies=', dependencies: ["NetworkingApp"]')
        self.assert_violation("Package.swift:2:", "CommandLineKit must depend on nothing")

    def make_composition(self, source, dependencies=""):
        manifest = ("let package = Package(targets: [\n"
                    '    .target(name: "CommandLineKit"),\n'
                    f'    .target(\n        name: "NetworkingComposition",\n        dependencies: [{dependencies}],\n'
                    '        path: "App/Sources/NetworkingComposition"\n    ),\n'
                    '    .target(name: "NetworkingApp", dependencies: ["CommandLineKit", "NetworkingComposition"]),\n'
                    "])\n")
        self.write("Package.swift", manifest)
        self.write("App/Sources/CommandLineKit/Parser.swift", "import Foundation\n")
        self.write("App/Sources/NetworkingApp/NetworkingApp.swift", "import CommandLineKit\nimport NetworkingComposition\n")
        self.write("App/Sources/NetworkingComposition/Chains/Factory.swift", source)

    def test_a_composition_root_without_the_command_line_passes(self):
        self.make_composition("import Foundation\nimport HTTPClient\n", dependencies='"HTTPClient"')
        result = self.check()
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_the_composition_root_importing_the_command_line_library_fails(self):
        self.make_composition("import Foundation\n@testable import CommandLineKit\n")
        self.assert_violation("App/Sources/NetworkingComposition/Chains/Factory.swift:2:",
                              "NetworkingComposition must not import CommandLineKit")

    def test_the_composition_root_depending_on_the_command_line_library_fails(self):
        self.make_composition("import Foundation\n", dependencies='\n            "CommandLineKit",\n        ')
        self.assert_violation("Package.swift:6:", "NetworkingComposition must not depend on CommandLineKit")

    def test_the_composition_root_depending_on_the_command_line_product_fails(self):
        self.make_composition(
            "import Foundation\n", dependencies='.product(name: "CommandLineKit", package: "Networking")')
        self.assert_violation("Package.swift:5:", "NetworkingComposition must not depend on CommandLineKit")

    def test_the_cli_target_may_import_both(self):
        self.make_composition("import Foundation\n")
        self.append("App/Sources/NetworkingApp/NetworkingApp.swift", "import HTTPClient\n")
        self.assertEqual(self.check().returncode, 0)

    def test_a_feature_importing_the_infrastructure_fails(self):
        self.append("Packages/QuestionsFeature/Sources/QuestionsFeature/QuestionsFeature.swift",
                    "import URLSessionInfrastructure\n")
        self.assert_violation("QuestionsFeature.swift:2:", "must not import URLSessionInfrastructure")

    def test_a_feature_importing_another_feature_fails(self):
        self.append("Packages/TokenFeature/Sources/TokenFeature/TokenFeature.swift", "@testable import QuestionsFeature\n")
        self.assert_violation("TokenFeature.swift:2:", "must not import QuestionsFeature")

    def test_a_feature_mentioning_urlsession_fails(self):
        self.append("Packages/TokenFeature/Sources/TokenFeature/TokenFeature.swift", "let s = URLSession.shared\n")
        self.assert_violation("TokenFeature.swift:2:", "must not mention URLSession")

    def make_transfers(self):
        self.make_package("HTTPTransfers", dependencies='.package(path: "../HTTPClient")', source="import HTTPClient\n")
        transfers = '.package(path: "../HTTPClient"), .package(path: "../HTTPTransfers")'
        self.make_package("FilesFeature", dependencies=transfers, source="import HTTPClient\nimport HTTPTransfers\n")

    def test_the_files_feature_depending_on_and_importing_the_transfers_passes(self):
        self.make_transfers()
        result = self.check()
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_the_questions_feature_depending_on_the_transfers_fails(self):
        self.make_transfers()
        self.make_package(
            "QuestionsFeature", dependencies='.package(path: "../HTTPClient"), .package(path: "../HTTPTransfers")',
            source="import HTTPClient\n")
        self.assert_violation("QuestionsFeature/Package.swift:6:", "not ../HTTPTransfers")

    def test_the_token_feature_importing_the_transfers_fails(self):
        self.make_transfers()
        self.append("Packages/TokenFeature/Sources/TokenFeature/TokenFeature.swift", "import HTTPTransfers\n")
        self.assert_violation("TokenFeature.swift:2:", "must not import HTTPTransfers")

    def test_a_transport_importing_the_transfers_in_its_library_fails(self):
        self.make_transfers()
        self.append("Packages/URLSessionInfrastructure/Sources/URLSessionInfrastructure/URLSessionInfrastructure.swift",
                    "import HTTPTransfers\n")
        self.assert_violation("URLSessionInfrastructure.swift:2:", "must not import HTTPTransfers")

    def test_a_feature_manifest_depending_on_the_decorators_fails(self):
        self.make_package("TokenFeature", dependencies='.package(path: "../HTTPClientDecorators")', source="")
        self.assert_violation("TokenFeature/Package.swift:6:", "not ../HTTPClientDecorators")

    def test_the_abstraction_mentioning_urlsession_fails(self):
        self.append("Packages/HTTPClient/Sources/HTTPClient/HTTPClient.swift", "typealias Session = URLSession\n")
        self.assert_violation("HTTPClient.swift:3:", "must not mention URLSession")

    def test_the_abstraction_importing_anything_but_foundation_fails(self):
        self.append("Packages/HTTPClient/Sources/HTTPClient/HTTPClient.swift", "import FoundationNetworking\n")
        self.assert_violation("HTTPClient.swift:3:", "must not import FoundationNetworking")

    def test_decorators_depending_on_the_infrastructure_fail(self):
        self.make_package("HTTPClientDecorators", dependencies='.package(path: "../URLSessionInfrastructure")',
                          source="")
        self.assert_violation("HTTPClientDecorators/Package.swift:6:", "not ../URLSessionInfrastructure")

    def test_decorators_importing_the_infrastructure_fail(self):
        self.append("Packages/HTTPClientDecorators/Sources/HTTPClientDecorators/HTTPClientDecorators.swift",
                    "import URLSessionInfrastructure\n")
        self.assert_violation("HTTPClientDecorators.swift:2:", "must not import URLSessionInfrastructure")

    def test_a_remote_package_in_any_manifest_fails(self):
        self.make_package("HTTPClientDecorators",
                          dependencies='.package(url: "https://example.com/x.git", from: "1.0.0")', source="")
        self.assert_violation("HTTPClientDecorators/Package.swift:6:", "remote package")

    def test_a_new_layer_package_depending_on_another_layer_fails(self):
        self.make_package("HTTPCaching", dependencies='.package(path: "../HTTPClientDecorators")', source="")
        self.assert_violation("HTTPCaching/Package.swift:6:", "not ../HTTPClientDecorators")

    def test_a_new_layer_package_mentioning_urlsession_fails(self):
        self.make_package("HTTPArchive", dependencies='.package(path: "../HTTPClient")',
                          source="import HTTPClient\nlet session = URLSession.shared\n")
        self.assert_violation("HTTPArchive.swift:2:", "must not mention URLSession")

    def test_a_feature_importing_a_new_layer_package_fails(self):
        self.make_package("HTTPCaching", dependencies='.package(path: "../HTTPClient")', source="import HTTPClient\n")
        self.append("Packages/QuestionsFeature/Sources/QuestionsFeature/QuestionsFeature.swift", "import HTTPCaching\n")
        self.assert_violation("QuestionsFeature.swift:2:", "must not import HTTPCaching")

    def test_the_infrastructure_importing_another_layer_fails(self):
        self.make_package("HTTPArchive", dependencies='.package(path: "../HTTPClient")', source="import HTTPClient\n")
        self.append("Packages/URLSessionInfrastructure/Sources/URLSessionInfrastructure/Client.swift",
                    "import HTTPArchive\n")
        self.assert_violation("Client.swift:6:", "must not import HTTPArchive")

    def test_a_feature_importing_the_support_module_fails(self):
        self.append("Packages/QuestionsFeature/Sources/QuestionsFeature/QuestionsFeature.swift",
                    "import HTTPClientSupport\n")
        self.assert_violation("QuestionsFeature.swift:2:", "must not import HTTPClientSupport")

    def test_a_feature_test_importing_the_support_module_fails(self):
        self.write("Packages/TokenFeature/Tests/TokenFeatureTests/SnapshotTests.swift",
                   "import Testing\n@testable import HTTPClientSupport\n")
        self.assert_violation("SnapshotTests.swift:2:", "must not import HTTPClientSupport")

    def test_a_feature_manifest_naming_the_support_product_fails(self):
        self.write("Packages/TokenFeature/Package.swift", MANIFEST.format(
            name="TokenFeature", dependencies='.package(path: "../HTTPClient")').replace(
            '.target(name: "TokenFeature")',
            '.target(name: "TokenFeature", dependencies: [\n.product(name: "HTTPClientSupport", package: "HTTPClient")])'))
        self.assert_violation("TokenFeature/Package.swift:8:", "must not depend on HTTPClientSupport")

    def test_a_decorator_importing_the_support_module_passes(self):
        self.append("Packages/HTTPClientDecorators/Sources/HTTPClientDecorators/HTTPClientDecorators.swift",
                    "import HTTPClientSupport\n")
        self.assertEqual(self.check().returncode, 0)

    def make_replay(self):
        self.make_package("HTTPArchive", dependencies='.package(path: "../HTTPClient")', source="import HTTPClient\n")
        self.make_package("HTTPReplay",
                          dependencies='.package(path: "../HTTPClient"), .package(path: "../HTTPArchive")',
                          source="import HTTPArchive\nimport HTTPClient\nimport Testing\n")

    def make_feature_using_replay(self, library_dependencies="", test_dependencies=REPLAY_PRODUCT):
        manifest = MANIFEST.format(
            name="QuestionsFeature",
            dependencies='.package(path: "../HTTPClient"), .package(path: "../HTTPReplay")',
        ).replace(
            'targets: [.target(name: "QuestionsFeature")]',
            f'targets: [\n        .target(name: "QuestionsFeature"{library_dependencies}),\n'
            f'        .testTarget(\n            name: "QuestionsFeatureTests",\n'
            f'            dependencies: ["QuestionsFeature", {test_dependencies}]\n        ),\n    ]')
        self.write("Packages/QuestionsFeature/Package.swift", manifest)
        self.write("Packages/QuestionsFeature/Tests/QuestionsFeatureTests/ReplayTests.swift",
                   "import HTTPReplay\nimport Testing\n")

    def test_the_replay_package_on_the_archive_and_a_feature_test_target_on_replay_pass(self):
        self.make_replay()
        self.make_feature_using_replay()
        result = self.check()
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_a_feature_library_target_depending_on_replay_fails(self):
        self.make_replay()
        self.make_feature_using_replay(library_dependencies=f", dependencies: [{REPLAY_PRODUCT}]")
        self.assert_violation("QuestionsFeature/Package.swift:8:", "may use HTTPReplay in test targets only")

    def test_a_feature_source_importing_replay_fails(self):
        self.make_replay()
        self.make_feature_using_replay()
        self.append("Packages/QuestionsFeature/Sources/QuestionsFeature/QuestionsFeature.swift", "import HTTPReplay\n")
        self.assert_violation("QuestionsFeature.swift:2:", "must not import HTTPReplay")

    def test_the_replay_package_depending_on_a_transport_fails(self):
        self.make_replay()
        self.make_package("HTTPReplay", dependencies='.package(path: "../URLSessionInfrastructure")', source="")
        self.assert_violation("HTTPReplay/Package.swift:6:", "may depend on ../HTTPArchive, ../HTTPClient, not")

    def test_another_layer_importing_the_archive_fails(self):
        self.make_replay()
        self.append("Packages/HTTPClientDecorators/Sources/HTTPClientDecorators/HTTPClientDecorators.swift",
                    "import HTTPArchive\n")
        self.assert_violation("HTTPClientDecorators.swift:2:", "must not import HTTPArchive")

    def test_commented_out_lines_are_ignored(self):
        self.append("Packages/TokenFeature/Sources/TokenFeature/TokenFeature.swift", "// import URLSessionInfrastructure\n")
        self.assertEqual(self.check().returncode, 0)


if __name__ == "__main__":
    unittest.main()
