"""A module's public API as sorted text lines, from its symbol graph: the baseline a reviewer reads.

One line per public declaration, 'Path.to.symbol: declaration', and one per conformance a type declares,
'Type: conforms to Protocol' (with its `where` clause when it is conditional).
"""

import json
from pathlib import Path

IMPLICIT = {"Copyable", "Escapable", "SendableMetatype"}


class Listing:
    """The lines of one module's public API, and which of them are protocol requirements without a default."""

    def __init__(self, lines, requirements):
        self.lines = sorted(lines)
        self.requirements = frozenset(requirements)


def read(symbol_graph_dir):
    """The listing of every symbol graph (`*.symbols.json`) in the directory."""
    lines, requirements = set(), set()
    for path in sorted(Path(symbol_graph_dir).glob("*.symbols.json")):
        graph = json.loads(path.read_text())
        symbols = {symbol["identifier"]["precise"]: symbol for symbol in graph["symbols"]}
        lines.update(declaration_line(symbol) for symbol in symbols.values() if not is_extension(symbol))
        relationships = graph.get("relationships", [])
        lines.update(conformance_line(relation, symbols) for relation in relationships
                     if relation["kind"] == "conformsTo" and protocol_name(relation, symbols) not in IMPLICIT)
        defaulted = {relation["target"] for relation in relationships if relation["kind"] == "defaultImplementationOf"}
        requirements.update(declaration_line(symbols[relation["source"]]) for relation in relationships
                            if relation["kind"] == "requirementOf" and relation["source"] in symbols
                            and relation["source"] not in defaulted)
    return Listing(lines, requirements)


def declarations(symbol_graph_dir):
    """The sorted lines of the directory's symbol graphs."""
    return read(symbol_graph_dir).lines


def path_of(line):
    """The symbol path a line is about: 'HTTPHeaders.count' for 'HTTPHeaders.count: var count: Int { get }'."""
    return line.split(": ", 1)[0]


def is_extension(symbol):
    return symbol["kind"]["identifier"] == "swift.extension"


def declaration_line(symbol):
    declaration = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
    return f"{'.'.join(symbol['pathComponents'])}: {' '.join(declaration.split())}"


def protocol_name(relation, symbols):
    target = symbols.get(relation["target"])
    if target is not None:
        return ".".join(target["pathComponents"])
    return relation.get("targetFallback", relation["target"]).rsplit(".", 1)[-1]


def conformance_line(relation, symbols):
    source = symbols[relation["source"]]
    constraints = [f"{constraint['lhs']} : {constraint['rhs']}" for constraint in relation.get("swiftConstraints", [])
                   if constraint["rhs"] not in IMPLICIT]
    where = f" where {', '.join(constraints)}" if constraints else ""
    return f"{'.'.join(source['pathComponents'])}: conforms to {protocol_name(relation, symbols)}{where}"
