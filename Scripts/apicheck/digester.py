"""The toolchain's swift-api-digester: dump a module's public API, diagnose breaking changes between two dumps."""

import subprocess

from docsite import symbols

SECTION = "/*"


def dump(module, modules_dir, triple, output):
    """Writes the module's public API (digester JSON, no file paths or tool arguments) to `output`."""
    subprocess.run(["swift-api-digester", "-dump-sdk", "-module", module, "-I", str(modules_dir),
                    *symbols.system_module_includes(), "-target", triple, "-o", str(output), "-avoid-location",
                    "-avoid-tool-args", "-swift-only"], check=True)


def breaking_changes(baseline, current, triple, report):
    """The API breakages from `baseline` to `current`, one line each (empty when compatible)."""
    subprocess.run(["swift-api-digester", "-diagnose-sdk", "-input-paths", str(baseline), "-input-paths",
                    str(current), "-target", triple, "-compiler-style-diags", "-o", str(report)], check=True)
    lines = report.read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.strip().startswith(SECTION)]
