"""check_api's listing and comparison (Scripts/check-api), on hand-written symbol graphs: no build needed."""

import json
import tempfile
import unittest
from pathlib import Path

from check_api import compare, listing


def symbol(precise, path, declaration, kind="swift.property"):
    return {"identifier": {"precise": precise}, "pathComponents": path, "kind": {"identifier": kind},
            "declarationFragments": [{"spelling": declaration}]}


def graph(symbols, relationships=()):
    return {"symbols": symbols, "relationships": list(relationships)}


PROTOCOL = symbol("p", ["Request"], "protocol Request : Sendable", kind="swift.protocol")
PATH = symbol("p.path", ["Request", "path"], "var path:  String { get }")
MODEL = symbol("m", ["Model"], "struct Model", kind="swift.struct")
SENDABLE = {"kind": "conformsTo", "source": "m", "target": "s:s8SendableP", "targetFallback": "Swift.Sendable"}
COPYABLE = {"kind": "conformsTo", "source": "m", "target": "s:s8CopyableP", "targetFallback": "Swift.Copyable"}
PATH_REQUIRED = {"kind": "requirementOf", "source": "p.path", "target": "p"}


def read(*graphs):
    with tempfile.TemporaryDirectory() as directory:
        for index, value in enumerate(graphs):
            (Path(directory) / f"Module{index}.symbols.json").write_text(json.dumps(value))
        return listing.read(directory)


class ListingTests(unittest.TestCase):
    def test_lists_declarations_and_declared_conformances_sorted_without_implicit_ones(self):
        extension = symbol("e", ["URL"], "extension URL", kind="swift.extension")

        lines = read(graph([PROTOCOL, PATH, MODEL, extension], [SENDABLE, COPYABLE, PATH_REQUIRED])).lines

        self.assertEqual(lines, ["Model: conforms to Sendable", "Model: struct Model",
                                 "Request.path: var path: String { get }", "Request: protocol Request : Sendable"])

    def test_a_conditional_conformance_keeps_its_where_clause(self):
        box = symbol("b", ["Box"], "final class Box<Value>", kind="swift.class")
        conditional = {"kind": "conformsTo", "source": "b", "target": "s:s8SendableP",
                       "targetFallback": "Swift.Sendable",
                       "swiftConstraints": [{"kind": "conformance", "lhs": "Value", "rhs": "Copyable"},
                                            {"kind": "conformance", "lhs": "Value", "rhs": "Sendable"}]}

        self.assertIn("Box: conforms to Sendable where Value : Sendable", read(graph([box], [conditional])).lines)

    def test_requirements_with_a_default_implementation_are_not_required(self):
        default = symbol("p.path.default", ["Request", "path"], "var path: String { get }")
        implements = {"kind": "defaultImplementationOf", "source": "p.path.default", "target": "p.path"}

        self.assertEqual(read(graph([PROTOCOL, PATH], [PATH_REQUIRED])).requirements,
                         {"Request.path: var path: String { get }"})
        self.assertEqual(read(graph([PROTOCOL, PATH, default], [PATH_REQUIRED, implements])).requirements, set())


class CompareTests(unittest.TestCase):
    BASELINE = ["Model: conforms to Sendable", "Model: struct Model", "Request: protocol Request : Sendable"]

    def test_the_same_api_has_no_breaks_and_no_additions(self):
        difference = compare.compare(self.BASELINE, read(graph([PROTOCOL, MODEL], [SENDABLE])))

        self.assertEqual((difference.breaks, difference.additions), ([], []))

    def test_a_removed_conformance_or_declaration_is_a_break(self):
        difference = compare.compare(self.BASELINE, read(graph([PROTOCOL])))

        self.assertEqual(difference.breaks, ["removed: Model: conforms to Sendable", "removed: Model: struct Model"])

    def test_a_new_requirement_without_a_default_breaks_and_with_one_is_an_addition(self):
        required = compare.compare(self.BASELINE, read(graph([PROTOCOL, MODEL, PATH], [SENDABLE, PATH_REQUIRED])))
        self.assertEqual(required.breaks,
                         ["new protocol requirement without a default: Request.path: var path: String { get }"])
        self.assertEqual(required.additions, [])

        default = symbol("p.path.default", ["Request", "path"], "var path: String { get }")
        implements = {"kind": "defaultImplementationOf", "source": "p.path.default", "target": "p.path"}
        defaulted = compare.compare(self.BASELINE, read(graph([PROTOCOL, MODEL, PATH, default],
                                                              [SENDABLE, PATH_REQUIRED, implements])))
        self.assertEqual(defaulted.breaks, [])
        self.assertEqual(defaulted.additions, ["Request.path: var path: String { get }"])

    def test_a_requirement_of_a_new_protocol_is_an_addition(self):
        difference = compare.compare(["Model: struct Model"], read(graph([MODEL, PROTOCOL, PATH], [PATH_REQUIRED])))

        self.assertEqual(difference.breaks, [])
        self.assertEqual(difference.additions,
                         ["Request.path: var path: String { get }", "Request: protocol Request : Sendable"])

    def test_a_changed_declaration_names_the_old_and_the_new_line(self):
        difference = compare.compare(["Model.count: var count: Int { get }"],
                                     read(graph([symbol("c", ["Model", "count"], "var count: Int? { get }")])))

        self.assertEqual(difference.breaks, ["changed: Model.count: var count: Int { get }\n"
                                             "      now: Model.count: var count: Int? { get }"])
        self.assertEqual(difference.additions, [])


if __name__ == "__main__":
    unittest.main()
