"""The tests of the scripts. Each tool's code lives in Scripts/tools/<tool>/ (a hyphenated folder, named like its
entry script), so every tool folder goes on the import path: its Python package (`dev_server`, `measure_builds`,
...) and modules (`benchstartup`) import by their own names, as the entry scripts import them."""

import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parent.parent / "tools"

for tool in sorted(TOOLS.iterdir(), reverse=True):
    if tool.is_dir() and str(tool) not in sys.path:
        sys.path.insert(0, str(tool))
