"""What a build compiled: modules (from the build log), their Swift files and non-empty lines.

The files of each compiled module come from `<scratch>/debug/description.json`, where SwiftPM records the exact
source list it hands to swiftc for every module (`swiftCommands[*].sources`); when that file is missing, the file
names printed on the `Compiling` lines are used and their lines are not counted.
"""

import json
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class ModuleSize:
    name: str
    files: int
    lines: int


@dataclass
class Graph:
    modules: list = field(default_factory=list)

    @property
    def names(self):
        return [module.name for module in self.modules]

    @property
    def files(self):
        return sum(module.files for module in self.modules)

    @property
    def lines(self):
        return sum(module.lines for module in self.modules)


def module_sources(scratch):
    """{module name: [source paths]} from the build description in `scratch`, or {} when there is none."""
    for description in [Path(scratch) / "debug" / "description.json", *Path(scratch).glob("*/debug/description.json")]:
        if description.is_file():
            commands = json.loads(description.read_text(encoding="utf-8")).get("swiftCommands", {})
            return {command["moduleName"]: command.get("sources", []) for command in commands.values()
                    if "moduleName" in command}
    return {}


def non_empty_lines(path):
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return 0
    return sum(1 for line in text.splitlines() if line.strip())


def build_graph(log, scratch):
    """The Graph of the modules `log` shows compiled, sized from the build description in `scratch`."""
    sources = module_sources(scratch)
    modules = []
    for name in log.modules:
        paths = [path for path in sources.get(name, []) if path.endswith(".swift")]
        if paths:
            modules.append(ModuleSize(name, len(paths), sum(non_empty_lines(path) for path in paths)))
        else:
            modules.append(ModuleSize(name, len(log.files.get(name, [])), 0))
    return Graph(modules)
