"""Scripts/docs' parts: package discovery, the undocumented-symbol check, docc's warnings, the index page."""

import json
import shutil
import tempfile
import unittest
from pathlib import Path

from docs import convert, packages, site, symbols

MANIFEST = {
    "products": [
        {"name": "Lib", "type": {"library": ["automatic"]}, "targets": ["Lib", "LibSupport"]},
        {"name": "tool", "type": {"executable": None}, "targets": ["tool"]},
    ],
    "targets": [{"name": "Lib", "path": None}, {"name": "LibSupport", "path": "Custom/Support"},
                {"name": "tool", "path": None}, {"name": "LibTests", "path": None}],
}


def symbol(name, kind="swift.func", doc=True, uri=None):
    value = {"kind": {"identifier": kind, "displayName": "Function"}, "pathComponents": [name]}
    if doc:
        value["docComment"] = {"lines": [{"text": "Does it."}]}
    if uri:
        value["location"] = {"uri": uri, "position": {"line": 4, "character": 0}}
    return value


class DocsiteTests(unittest.TestCase):
    def setUp(self):
        directory = tempfile.TemporaryDirectory()
        self.addCleanup(directory.cleanup)
        self.scratch = Path(directory.name)

    def test_documents_the_targets_behind_library_products_only(self):
        targets = packages.library_targets(Path("/repo/Packages/Lib"), MANIFEST)

        self.assertEqual([target.name for target in targets], ["Lib", "LibSupport"])
        self.assertEqual(targets[0].catalog, Path("/repo/Packages/Lib/Sources/Lib/Lib.docc"))
        self.assertEqual(targets[1].sources, Path("/repo/Packages/Lib/Custom/Support"))

    def test_finds_every_package_and_the_root(self):
        for name in ("B", "A"):
            (self.scratch / "Packages" / name).mkdir(parents=True)
            (self.scratch / "Packages" / name / "Package.swift").write_text("")
        (self.scratch / "Packages" / "NotAPackage").mkdir()

        found = packages.package_directories(self.scratch)

        self.assertEqual(found, [self.scratch / "Packages" / "A", self.scratch / "Packages" / "B", self.scratch])

    def test_reports_public_symbols_of_our_sources_without_documentation(self):
        sources = self.scratch / "Sources" / "Lib"
        sources.mkdir(parents=True)
        graph = {"symbols": [
            symbol("documented", uri=f"file://{sources}/A.swift"),
            symbol("bare", doc=False, uri=f"file://{sources}/A.swift"),
            symbol("synthesized", doc=False),
            symbol("elsewhere", doc=False, uri="file:///other/B.swift"),
            symbol("HTTPClient", kind="swift.extension", doc=False, uri=f"file://{sources}/A.swift"),
        ]}
        (self.scratch / "Lib.symbols.json").write_text(json.dumps(graph))

        missing = symbols.undocumented(self.scratch, sources)

        self.assertEqual(len(missing), 1)
        self.assertIn("A.swift:5: public function 'bare' has no /// documentation comment", missing[0])

    def test_keeps_docc_warnings_and_errors_with_their_excerpts(self):
        output = ("Some progress line\nwarning: 'Thing' doesn't exist at '/Lib'\n --> A.swift:3:5-3:10\n"
                  "3 + /// ``Thing``\n\nerror: bad\nFinished building\n")

        found = convert.diagnostics(output)

        self.assertIn("warning: 'Thing' doesn't exist at '/Lib'", found)
        self.assertIn("3 + /// ``Thing``", found)
        self.assertIn("error: bad", found)
        self.assertEqual(convert.diagnostics("Finished building\n"), "")

    @unittest.skipUnless(shutil.which("docc"), "docc is not installed")
    def test_a_broken_link_in_a_catalog_fails_the_conversion(self):
        catalog = self.scratch / "Guide.docc"
        catalog.mkdir()
        (catalog / "Guide.md").write_text("# Guide\n\nSee <doc:NoSuchArticle>.\n")
        (self.scratch / "empty").mkdir()

        status, found = convert.convert(catalog, self.scratch / "empty", self.scratch / "out", "Guide")

        self.assertNotEqual(status, 0)
        self.assertIn("NoSuchArticle", found)

    @unittest.skipUnless(shutil.which("docc"), "docc is not installed")
    def test_a_failure_without_diagnostics_still_says_what_docc_printed(self):
        status, found = convert.convert(self.scratch / "Missing.docc", self.scratch, self.scratch / "out", "Missing")

        self.assertNotEqual(status, 0)
        self.assertIn("Missing.docc", found)

    def test_the_index_links_each_landing_page_with_its_abstract(self):
        page = "# ``Lib``\n\nSends ``HTTPRequest`` values and `decodes` *them*.\n\n## Overview\n"
        summary = site.abstract(page)
        index = site.index_html([("Lib", [("Lib", summary)])])

        self.assertEqual(summary, "Sends HTTPRequest values and decodes them.")
        self.assertIn('<a href="Lib/documentation/lib/">Lib</a> — Sends HTTPRequest values and decodes them.', index)


if __name__ == "__main__":
    unittest.main()
