"""A module's public declarations as sorted text lines, from its symbol graph: the baseline a reviewer reads."""

import json
from pathlib import Path


def declarations(symbol_graph_dir):
    """'Path.to.symbol: declaration' for every public symbol in the directory's symbol graphs, sorted."""
    lines = set()
    for path in sorted(Path(symbol_graph_dir).glob("*.symbols.json")):
        for symbol in json.loads(path.read_text())["symbols"]:
            if symbol["kind"]["identifier"] == "swift.extension":
                continue
            declaration = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
            declaration = " ".join(declaration.split())
            lines.add(f"{'.'.join(symbol['pathComponents'])}: {declaration}")
    return sorted(lines)
