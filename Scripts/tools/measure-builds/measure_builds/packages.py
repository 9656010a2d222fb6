"""The packages of the (copied) repository, as `swift package describe` sees them."""

import re
from dataclasses import dataclass, field
from pathlib import Path

FEATURE_SUFFIX = "Feature"
ABSTRACTION_PRODUCT = "HTTPClient"
_ROOT_PATH_DEPENDENCY = re.compile(r'\.package\(\s*(?:name:\s*"[^"]*"\s*,\s*)?path:\s*"([^"]+)"')


@dataclass
class Target:
    name: str
    kind: str
    path: Path
    sources: list
    product_dependencies: list = field(default_factory=list)
    target_dependencies: list = field(default_factory=list)


@dataclass
class Package:
    name: str
    path: Path
    targets: list

    @classmethod
    def from_description(cls, name, path, description):
        targets = [
            Target(item["name"], item.get("type", ""), Path(path) / item["path"],
                   [Path(path) / item["path"] / source for source in item.get("sources", [])],
                   list(item.get("product_dependencies", [])), list(item.get("target_dependencies", [])))
            for item in description.get("targets", [])
        ]
        return cls(name, Path(path), sorted(targets, key=lambda target: target.name))

    @property
    def is_feature(self):
        return self.name.endswith(FEATURE_SUFFIX)

    @property
    def module_names(self):
        """The modules of the package's non-test targets."""
        return [target.name for target in self.targets if target.kind != "test"]

    @property
    def libraries(self):
        return [target for target in self.targets if target.kind == "library"]

    def target(self, name):
        return next(target for target in self.targets if target.name == name)

    def api_target(self):
        """The library that depends on the HTTPClient abstraction (else the first library)."""
        with_client = [target for target in self.libraries if ABSTRACTION_PRODUCT in target.product_dependencies]
        return (with_client or self.libraries or [None])[0]

    def model_target(self):
        """A library that does not depend on the abstraction (models, presentation), else the API library."""
        without_client = [target for target in self.libraries if ABSTRACTION_PRODUCT not in target.product_dependencies]
        return (without_client or [self.api_target()])[0]

    def main_library(self):
        """The library named like the package, else the first library."""
        named = [target for target in self.libraries if target.name == self.name]
        return (named or self.libraries or [None])[0]


def package_directories(root):
    """{name: path} of every directory under root/Packages with a Package.swift, sorted by name."""
    found = sorted(path.parent for path in (Path(root) / "Packages").glob("*/Package.swift"))
    return {path.name: path for path in found}


def missing_root_dependencies(root):
    """The path dependencies of the root manifest that do not exist (yet)."""
    manifest = Path(root) / "Package.swift"
    if not manifest.is_file():
        return []
    paths = _ROOT_PATH_DEPENDENCY.findall(manifest.read_text(encoding="utf-8"))
    return [path for path in paths if not (Path(root) / path / "Package.swift").is_file()]
