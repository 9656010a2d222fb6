"""Runs the toolchain's `docc convert` for one target and collects its warnings."""

import re
import subprocess

DIAGNOSTIC = re.compile(r"^(warning|error): ", re.MULTILINE)


def convert(catalog, symbol_graph_dir, output_dir, hosting_base_path):
    """Converts `catalog` with the symbol graphs into a static site; returns (exit status, diagnostics text)."""
    output_dir.parent.mkdir(parents=True, exist_ok=True)
    result = subprocess.run(
        ["docc", "convert", str(catalog), "--additional-symbol-graph-dir", str(symbol_graph_dir),
         "--transform-for-static-hosting", "--hosting-base-path", hosting_base_path,
         "--output-path", str(output_dir), "--warnings-as-errors"],
        capture_output=True, text=True)
    output = result.stdout + result.stderr
    found = diagnostics(output)
    if result.returncode != 0 and not found:
        found = "\n".join(output.strip().splitlines()[-20:])
    return result.returncode, found


def diagnostics(output):
    """The warning and error blocks of docc's output (each with its source excerpt), or "" when clean."""
    blocks = re.split(r"\n(?=(?:warning|error): )", output)
    return "\n".join(block.strip() for block in blocks if DIAGNOSTIC.match(block.strip() + "\n")).strip()
