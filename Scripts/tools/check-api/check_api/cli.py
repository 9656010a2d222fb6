"""Scripts/check-api: the public API of every library target under Packages/ against the listings in Tests/API/.

Tests/API/<Module>.txt lists each module's public declarations and declared conformances, one per line: the
baseline a reviewer reads in a diff. The current API is rendered the same way from the built module's symbol
graph (in a temporary folder) and compared with it. A removed, renamed or changed line, or a new protocol
requirement without a default, fails with the list of breaks; additions pass and are printed. `--update`
rewrites the listings: commit them in the same commit as the change that needs them.
"""

import argparse
import sys
import tempfile
from pathlib import Path

from docs import packages, symbols

from . import compare, listing

ROOT = Path(__file__).resolve().parents[4]
BASELINES = "Tests/API"


def main(argv=None):
    parser = argparse.ArgumentParser(prog="Scripts/check-api", description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="record the current API as the baseline")
    arguments = parser.parse_args(argv)
    baselines = ROOT / BASELINES
    baselines.mkdir(parents=True, exist_ok=True)
    triple = symbols.target_triple()
    breaks, added, modules, missing = {}, {}, [], []
    with tempfile.TemporaryDirectory() as scratch:
        for package in packages.package_directories(ROOT):
            if package == ROOT:
                continue
            try:
                modules_dir = symbols.build(package)
            except symbols.BuildFailed as failure:
                print(f"check-api: {failure}", file=sys.stderr)
                return 1
            for target in packages.library_targets(package):
                modules.append(target.name)
                graphs = Path(scratch) / target.name
                symbols.extract(target.name, modules_dir, graphs, triple)
                current = listing.read(graphs)
                baseline = baselines / f"{target.name}.txt"
                if arguments.update:
                    baseline.write_text("".join(f"{line}\n" for line in current.lines))
                elif not baseline.exists():
                    missing.append(target.name)
                else:
                    difference = compare.compare(baseline.read_text().splitlines(), current)
                    if difference.breaks:
                        breaks[target.name] = difference.breaks
                    if difference.additions:
                        added[target.name] = difference.additions
    stale = sorted(path for path in baselines.iterdir() if path.suffix != ".txt" or path.stem not in modules)
    if arguments.update:
        for path in stale:
            path.unlink()
        print(f"check-api: recorded the public API of {len(modules)} modules in {BASELINES}/; commit it with the "
              "change that needs it")
        return 0
    for path in stale:
        breaks[path.stem] = [f"{BASELINES}/{path.name} is not the listing of a library target (removed or renamed "
                             "module, or a file that does not belong there)"]
    return report(modules, breaks, added, missing)


def report(modules, breaks, added, missing):
    for module, lines in added.items():
        print(f"check-api: {module}: {len(lines)} addition(s), compatible:")
        print("\n".join(f"  + {line}" for line in lines))
    if missing:
        print(f"check-api: FAILED: no baseline for the library target(s) {', '.join(missing)}. Record their API with\n"
              f"`Scripts/check-api --update` and commit the new {BASELINES}/ files with the package.", file=sys.stderr)
    if not breaks:
        if missing:
            return 1
        note = " (run Scripts/check-api --update to record the additions)" if added else ""
        print(f"check-api: the public API of {len(modules)} modules is compatible with {BASELINES}/{note}")
        return 0
    for module, lines in breaks.items():
        print(f"check-api: {module}: BREAKING API CHANGE:", file=sys.stderr)
        print("\n".join(f"  - {line}" for line in lines), file=sys.stderr)
    print(f"\ncheck-api: FAILED: {sum(map(len, breaks.values()))} breaking change(s) in {', '.join(breaks)}.\n"
          "Every feature compiles against this API. If the break is on purpose, run `Scripts/check-api --update`\n"
          f"and commit the changed {BASELINES}/ files in the same commit, saying why; otherwise restore the API.",
          file=sys.stderr)
    return 1
