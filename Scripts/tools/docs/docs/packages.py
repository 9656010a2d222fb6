"""Finds the packages and library targets to document: every Packages/*/Package.swift plus the root package."""

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Target:
    """One library target: its package directory, name and sources directory."""

    package: Path
    name: str
    sources: Path

    @property
    def catalog(self):
        return self.sources / f"{self.name}.docc"


def package_directories(root):
    """The root package and every package under Packages/, in a stable order."""
    root = Path(root)
    found = sorted(path.parent for path in root.glob("Packages/*/Package.swift"))
    return found + [root]


def library_targets(package, manifest=None):
    """The targets behind the package's library products, read from `swift package dump-package`."""
    package = Path(package)
    if manifest is None:
        manifest = dump_package(package)
    names = []
    for product in manifest.get("products", []):
        if "library" in product.get("type", {}):
            names += [name for name in product.get("targets", []) if name not in names]
    paths = {target["name"]: target.get("path") for target in manifest.get("targets", [])}
    return [Target(package, name, package / (paths.get(name) or f"Sources/{name}")) for name in names]


def dump_package(package):
    result = subprocess.run(
        ["swift", "package", "--package-path", str(package), "dump-package"],
        check=True, capture_output=True, text=True)
    return json.loads(result.stdout)
