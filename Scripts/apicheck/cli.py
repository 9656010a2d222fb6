"""Scripts/check-api: the public API of every library target under Packages/ against the baseline in Tests/API/.

For each module, Tests/API/<Module>.json is swift-api-digester's dump (what breakages are computed from) and
Tests/API/<Module>.txt lists every public declaration, one per line (what a reviewer reads in a diff). A breaking
change (removed, renamed or changed declaration, new protocol requirement, ...) fails with the list of
breaks; additions pass and are printed. `--update` rewrites the baselines: commit them in the same commit
as the change that needs them.
"""

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from docsite import packages, symbols

from . import digester, listing

ROOT = Path(__file__).resolve().parents[2]
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
        scratch = Path(scratch)
        for package in packages.package_directories(ROOT):
            if package == ROOT:
                continue
            targets = packages.library_targets(package)
            try:
                modules_dir = symbols.build(package)
            except symbols.BuildFailed as failure:
                print(f"check-api: {failure}", file=sys.stderr)
                return 1
            for target in targets:
                modules.append(target.name)
                current_json = scratch / f"{target.name}.json"
                digester.dump(target.name, modules_dir, triple, current_json)
                symbols.extract(target.name, modules_dir, scratch / target.name, triple)
                current_lines = listing.declarations(scratch / target.name)
                baseline_json = baselines / f"{target.name}.json"
                baseline_txt = baselines / f"{target.name}.txt"
                if arguments.update:
                    shutil.copyfile(current_json, baseline_json)
                    baseline_txt.write_text("\n".join(current_lines) + "\n")
                    continue
                if not baseline_json.exists():
                    missing.append(target.name)
                    continue
                found = digester.breaking_changes(baseline_json, current_json, triple, scratch / "report.txt")
                if found:
                    breaks[target.name] = found
                recorded = set(baseline_txt.read_text().splitlines()) if baseline_txt.exists() else set()
                if new := [line for line in current_lines if line not in recorded]:
                    added[target.name] = new
    stale = sorted(path.stem for path in baselines.glob("*.json") if path.stem not in modules)
    return report(modules, breaks, added, stale, missing, arguments.update)


def report(modules, breaks, added, stale, missing, updated):
    for module, lines in added.items():
        print(f"check-api: {module}: {len(lines)} addition(s), compatible:")
        print("\n".join(f"  + {line}" for line in lines))
    if updated:
        print(f"check-api: recorded the public API of {len(modules)} modules in {BASELINES}/; commit it with the "
              "change that needs it")
        return 0
    for module in stale:
        breaks[module] = [f"module {module} has a baseline but is no longer a library target (removed or renamed)"]
    if missing:
        names = ", ".join(missing)
        print(f"check-api: FAILED: no baseline for the library target(s) {names}. Record their API with\n"
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
