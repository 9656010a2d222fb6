"""Scripts/docs: documentation of every library target, built with the toolchain's docc alone.

For the root package and each Packages/*/Package.swift, every target behind a library product needs a catalog at
<sources>/<Target>.docc. The package is built, each target's public symbol graph extracted, every public symbol
declared in our sources must have a documentation comment, and `docc convert --warnings-as-errors` must print no
warning. The static site goes to .build/docs/<Target>/, with .build/docs/index.html linking every package.
"""

import argparse
import shutil
import sys
import time
from pathlib import Path

from . import convert, packages, serve, site, symbols

ROOT = Path(__file__).resolve().parents[4]


def main(argv=None):
    parser = argparse.ArgumentParser(prog="Scripts/docs", description="Builds the DocC site into .build/docs.")
    parser.add_argument("--serve", action="store_true", help="then serve .build/docs on 127.0.0.1 and print the URL")
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (default 8000)")
    parser.add_argument("--only", action="append", metavar="TARGET", help="build only these targets")
    arguments = parser.parse_args(argv)
    started = time.monotonic()
    output = ROOT / ".build" / "docs"
    problems, built = build_site(output, arguments.only)
    if problems:
        print("\n\n".join(problems), file=sys.stderr)
        print(f"\ndocs: FAILED, {len(problems)} problem(s); fix them and run Scripts/docs again", file=sys.stderr)
        return 1
    print(f"docs: {len(built)} targets documented with no warning in {time.monotonic() - started:.0f} s: {output}")
    if arguments.serve:
        server = serve.make(output, arguments.port)
        print(f"docs: serving http://127.0.0.1:{server.server_port}/ (Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    return 0


def build_site(output, only=None):
    """Builds every target's documentation into `output`; returns (problems, [(package, [(target, abstract)])])."""
    work = ROOT / ".build" / "docs-symbolgraphs"
    shutil.rmtree(work, ignore_errors=True)
    output.mkdir(parents=True, exist_ok=True)
    triple = symbols.target_triple()
    problems, listing = [], []
    for package in packages.package_directories(ROOT):
        targets = [target for target in packages.library_targets(package) if not only or target.name in only]
        if not targets:
            continue
        name = "App (root package)" if package == ROOT else package.name
        print(f"docs: {name}: {', '.join(target.name for target in targets)}", flush=True)
        try:
            modules = symbols.build(package)
        except symbols.BuildFailed as failure:
            problems.append(str(failure))
            continue
        entries = []
        for target in targets:
            page = target.catalog / f"{target.name}.md"
            if not page.is_file():
                problems.append(f"{target.sources.relative_to(ROOT)}: library target {target.name} has no "
                                f"catalog landing page at {page.relative_to(ROOT)}")
                continue
            graphs = work / target.name
            symbols.extract(target.name, modules, graphs, triple)
            problems += symbols.undocumented(graphs, target.sources)
            destination = output / target.name
            shutil.rmtree(destination, ignore_errors=True)
            status, diagnostics = convert.convert(target.catalog, graphs, destination, target.name)
            if status != 0 or diagnostics:
                problems.append(f"{target.name}: docc convert exited {status}\n{diagnostics}")
            entries.append((target.name, site.abstract(page.read_text())))
        listing.append((name, entries))
    if only:
        print("docs: --only: index.html left as it was")
    else:
        (output / "index.html").write_text(site.index_html(listing))
    return problems, [entry for _, entries in listing for entry in entries]
