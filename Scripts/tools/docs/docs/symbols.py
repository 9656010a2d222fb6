"""Symbol graphs from the built modules (swift-symbolgraph-extract) and the check that every public symbol
declared in our sources has a documentation comment."""

import json
import subprocess
from pathlib import Path


class BuildFailed(Exception):
    """`swift build` failed; the message ends with the build's last lines."""


def build(package):
    """Builds the package (a no-op when Scripts/test already built it) and returns its modules directory."""
    result = subprocess.run(["swift", "build", "--package-path", str(package), "--build-tests", "-Xswiftc",
                             "-warnings-as-errors"], capture_output=True, text=True)
    if result.returncode != 0:
        tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-30:])
        raise BuildFailed(f"swift build --package-path {package} failed (exit {result.returncode}):\n{tail}")
    bin_path = subprocess.run(["swift", "build", "--package-path", str(package), "--show-bin-path"],
                              check=True, capture_output=True, text=True).stdout.strip()
    modules = Path(bin_path) / "Modules"
    return modules if modules.is_dir() else Path(bin_path)


ROOT = Path(__file__).resolve().parents[4]


def system_module_includes():
    """`-I DIR` for the module map of every system library target (such as CurlInfrastructure's CCurl): a module
    that imports one needs it found again when its interface is read."""
    includes = []
    for module_map in sorted(ROOT.glob("Packages/*/Sources/*/module.modulemap")):
        includes += ["-I", str(module_map.parent)]
    return includes


def target_triple():
    info = subprocess.run(["swift", "-print-target-info"], check=True, capture_output=True, text=True).stdout
    return json.loads(info)["target"]["triple"]


def extract(module, modules_dir, output_dir, triple):
    """Writes MODULE.symbols.json (and MODULE@Other.symbols.json for extensions) of the public API."""
    output_dir.mkdir(parents=True, exist_ok=True)
    subprocess.run(["swift-symbolgraph-extract", "-module-name", module, "-target", triple,
                    "-I", str(modules_dir), *system_module_includes(), "-output-dir", str(output_dir),
                    "-minimum-access-level", "public", "-skip-synthesized-members", "-emit-extension-block-symbols"], check=True)


def undocumented(symbol_graph_dir, sources):
    """Public symbols declared under `sources` without a documentation comment, as 'file:line: name'."""
    sources = Path(sources).resolve()
    missing = []
    for path in sorted(Path(symbol_graph_dir).glob("*.symbols.json")):
        for symbol in json.loads(path.read_text())["symbols"]:
            location = symbol.get("location")
            if not location or symbol.get("docComment") or symbol["kind"]["identifier"] == "swift.extension":
                continue
            file = Path(location["uri"].removeprefix("file://"))
            if sources not in file.parents:
                continue
            line = location.get("position", {}).get("line", 0) + 1
            name = ".".join(symbol["pathComponents"])
            missing.append(f"{file}:{line}: public {symbol['kind']['displayName'].lower()} '{name}' "
                           "has no /// documentation comment")
    return missing
