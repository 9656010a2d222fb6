"""Reads SwiftPM's build output: which modules the compiler ran for and which files it compiled.

SwiftPM 6.3 prints one line per build step when its output is not a terminal, for example
`[5/16] Compiling HTTPClient HTTPResponse.swift` (batch mode may list `A.swift, B.swift`) and
`[4/10] Emitting module HTTPClient`. A module counts as (re)compiled when either line names it.
"""

import re
from dataclasses import dataclass, field

_ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_STEP = re.compile(
    r"^\[\d+/\d+\]\s+(?P<action>Compiling|Emitting module)\s+(?!plugin\s)(?P<module>[A-Za-z_]\w*)(?:\s+(?P<files>.+))?$"
)


@dataclass
class BuildLog:
    """The modules a build compiled, in the order first seen, and the file names compiled per module."""

    modules: list = field(default_factory=list)
    files: dict = field(default_factory=dict)

    @property
    def compiled_file_count(self):
        return sum(len(names) for names in self.files.values())


def parse_build_log(text):
    """Returns the BuildLog of a `swift build` output."""
    log = BuildLog()
    for raw in text.splitlines():
        match = _STEP.match(_ANSI_ESCAPE.sub("", raw).strip())
        if not match:
            continue
        module = match["module"]
        if module not in log.files:
            log.modules.append(module)
            log.files[module] = []
        if match["action"] == "Compiling" and match["files"]:
            for name in match["files"].split(","):
                name = name.strip()
                if name and name not in log.files[module]:
                    log.files[module].append(name)
    return log
