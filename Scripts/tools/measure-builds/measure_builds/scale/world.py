"""Writes the simulated app into the scratch directory: networking copies, feature copies, naive variants, apps.

Layout (under `<scratch>/scale`):
  Packages/HTTPClient                      the abstraction, copied as is
  Packages/<Networking><k>                 copy k of each networking package: its library targets and the
                                           system libraries they use (each module map renamed), nothing else
  Packages/Questions<i>Feature             feature copy i: QuestionsFeature with every module renamed
  Packages/Questions<i>FeatureNaiveK<k>    its naive variant: the API module also depends on (and imports)
                                           every library of the first k copies of every networking package
  Apps/<variant>                           the app (composition root), isolated or naive, rewritten in place
                                           for each N (growing), as a team adds features to its manifest
"""

import re
from dataclasses import dataclass, field
from pathlib import Path

from .. import naive
from ..edits import concrete_type
from ..graph import non_empty_lines
from ..packages import ABSTRACTION_PRODUCT
from . import names, sources

TEST_SUPPORT_SUFFIX = "TestSupport"
SYSTEM_LIBRARY_KIND = "system-target"


@dataclass
class SystemLibrary:
    """A system library target of a networking package (`CCurl`): its folder, copied whole (module map, headers),
    and the pkg-config name its manifest declares, if any."""

    target: object  # Target
    pkg_config: str = None


@dataclass
class NetworkingSource:
    """One networking package of the repository, as the copies need it."""

    name: str
    path: Path
    libraries: list  # [Target] without test support
    types: dict  # {module: a concrete public type or None}
    lines: int  # non-empty lines of the library sources (one copy)
    system_libraries: list = field(default_factory=list)  # [SystemLibrary] the libraries depend on

    def copy_modules(self, index):
        return [names.networking_copy(target.name, index) for target in self.libraries]

    def copy_mapping(self, index):
        """{module: its name in copy `index`} for every library and system library of the package."""
        modules = [target.name for target in self.libraries] + [system.target.name for system in self.system_libraries]
        return {name: names.networking_copy(name, index) for name in modules}


@dataclass
class World:
    root: Path
    workspace: object  # the Workspace every file is written through
    networking: list  # [NetworkingSource]
    feature: object  # the described model feature Package
    feature_types: dict = field(default_factory=dict)  # {original module: type}
    types: dict = field(default_factory=lambda: {ABSTRACTION_PRODUCT: "HTTPResponse"})  # {copied module: type}

    @property
    def packages(self):
        return self.root / "Packages"

    def networking_lines(self, factor):
        return factor * sum(source.lines for source in self.networking)

    def feature_package(self, index):
        return names.feature_copy(self.feature.name, names.feature_stem(self.feature.name), index)

    def feature_module(self, module, index):
        return names.feature_copy(module, names.feature_stem(self.feature.name), index)

    def feature_modules(self, count):
        """Every non-test module of feature copies 1...count."""
        return {self.feature_module(module, index) for index in range(1, count + 1)
                for module in self.feature.module_names}

    def model_test_target(self):
        """The test target of the feature's model module (`QuestionsFeatureTests`)."""
        model, api = self.feature.model_target().name, self.feature.api_target().name
        tests = [target for target in self.feature.targets if target.kind == "test"]
        named = [target for target in tests if target.name == f"{model}Tests"]
        return (named or [target for target in tests if api not in target.target_dependencies] or [None])[0]

    def model_tests(self, index):
        target = self.model_test_target()
        return self.feature_module(target.name, index) if target else None

    def networking_products(self, factor):
        """[(product, package)] of every library of the first `factor` copies of every networking package."""
        return [(names.networking_copy(target.name, index), names.networking_copy(source.name, index))
                for index in range(1, factor + 1) for source in self.networking for target in source.libraries]

    def naive_path(self, index, factor):
        return self.packages / names.naive_package(self.feature_package(index), factor)

    def app_path(self, variant):
        return self.root / "Apps" / variant


def networking_source(package, read):
    libraries = [target for target in package.libraries if not target.name.endswith(TEST_SUPPORT_SUFFIX)]
    types = {target.name: concrete_type(read(path) for path in sorted(target.sources)) for target in libraries}
    lines = sum(non_empty_lines(path) for target in libraries for path in target.sources)
    used = {name for target in libraries for name in target.target_dependencies}
    systems = [target for target in package.targets if target.kind == SYSTEM_LIBRARY_KIND and target.name in used]
    manifest = read(package.path / "Package.swift") if systems else ""
    system_libraries = [SystemLibrary(target, pkg_config(manifest, target.name)) for target in systems]
    return NetworkingSource(package.name, package.path, libraries, types, lines, system_libraries)


def pkg_config(manifest, name):
    """The `pkgConfig:` name of the system library `name` in `manifest`, or None when it declares none."""
    declaration = re.search(r'\.systemLibrary\(\s*name:\s*"' + re.escape(name) + r'"(?P<arguments>[^()]*)', manifest)
    found = declaration and re.search(r'pkgConfig:\s*"([^"]+)"', declaration["arguments"])
    return found[1] if found else None


# The packages the model feature's tests name by path that the simulation does not replicate: the replay trait
# and the archive package it builds on, copied as they are so that each feature copy still resolves.
TEST_SUPPORT_PACKAGES = ("HTTPArchive", "HTTPReplay")


def create(workspace, abstraction, networking, feature):
    """An empty World in the workspace with HTTPClient and the features' test support copied; `networking` are
    NetworkingSources."""
    root = workspace.temp / "scale"
    world = World(root, workspace, networking, feature)
    workspace.copy_package(abstraction.path, world.packages / abstraction.name)
    for name in TEST_SUPPORT_PACKAGES:
        source = abstraction.path.parent / name
        if (source / "Package.swift").exists():
            workspace.copy_package(source, world.packages / name)
    for target in feature.libraries:
        world.feature_types[target.name] = concrete_type(workspace.read(path) for path in sorted(target.sources))
    return world


def write_networking_copy(workspace, world, source, index):
    """Packages/<name><index>: the library targets of `source` and their system libraries, every module renamed
    (sources in subfolders keep their folder)."""
    mapping = source.copy_mapping(index)
    package = names.networking_copy(source.name, index)
    systems = []
    for system in source.system_libraries:
        module = mapping[system.target.name]
        for path in sorted(item for item in system.target.path.rglob("*") if item.is_file()):
            relative = path.relative_to(system.target.path)
            text = names.rename_text(workspace.read(path), mapping)
            workspace.write(world.packages / package / "Sources" / module / relative, text)
        systems.append((module, system.pkg_config))
    libraries = []
    for target in source.libraries:
        module = mapping[target.name]
        for path in target.sources:
            relative = path.relative_to(target.path)
            text = names.rename_text(workspace.read(path), mapping)
            workspace.write(world.packages / package / "Sources" / module / relative, text)
        dependencies = [mapping[name] for name in target.target_dependencies if name in mapping]
        libraries.append((module, dependencies, target.product_dependencies))
        if source.types.get(target.name):
            world.types[module] = names.rename_text(source.types[target.name], mapping)
    manifest = sources.library_manifest(package, libraries, system_libraries=systems)
    workspace.write(world.packages / package / "Package.swift", manifest)


def write_feature_copy(workspace, world, index):
    """Packages/Questions<index>Feature: the whole model feature (previews and tests too), renamed."""
    feature = world.feature
    stem = names.feature_stem(feature.name)
    mapping = {name: names.feature_copy(name, stem, index) for name in [feature.name, *(target.name for target in feature.targets)]}
    destination = world.packages / mapping[feature.name]
    workspace.copy_package(feature.path, destination)
    for folder in ("Sources", "Tests"):
        for directory in sorted((destination / folder).glob("*")):
            if directory.name in mapping:
                directory.rename(directory.with_name(mapping[directory.name]))
    for path in [destination / "Package.swift", *sorted(destination.glob("*/**/*.swift"))]:
        workspace.write(path, names.rename_text(workspace.read(path), mapping))
    for original, type_name in world.feature_types.items():
        world.types[mapping[original]] = type_name and names.rename_text(type_name, mapping)


def write_naive_variant(workspace, world, index, factor):
    """The naive variant of feature copy `index`: its API module depends on and imports `factor` networking
    copies (every library of every networking package)."""
    api = world.feature.api_target()
    api_module = world.feature_module(api.name, index)
    path = world.naive_path(index, factor)
    workspace.copy_package(world.packages / world.feature_package(index), path)
    products = world.networking_products(factor)
    manifest = naive.naive_manifest(workspace.read(path / "Package.swift"), path.name, api_module, products)
    workspace.write(path / "Package.swift", manifest)
    for module, _ in products:
        text = sources.module_use_file(module, world.types.get(module))
        workspace.write(path / "Sources" / api_module / f"Naive{module}.swift", text)


def write_app(workspace, world, variant, count, factor):
    """Apps/<variant> with `count` features: an executable that uses every module, and a test target with one test
    per feature (files of a smaller app are overwritten or kept: the counts only grow)."""
    path = world.app_path(variant)
    networking = world.networking_products(factor)
    abstraction = [(ABSTRACTION_PRODUCT, ABSTRACTION_PRODUCT)]
    feature_products, test_products, packages = [], [], [ABSTRACTION_PRODUCT]
    packages += list(dict.fromkeys(package for _, package in networking))
    model = world.feature.model_target().name
    for index in range(1, count + 1):
        package = world.feature_package(index) if variant == "isolated" else world.naive_path(index, factor).name
        packages.append(package)
        modules = [world.feature_module(target.name, index) for target in world.feature.libraries]
        feature_products += [(module, package) for module in modules]
        test_products.append((world.feature_module(model, index), package))
        workspace.write(path / "Tests" / sources.APP_TESTS / f"Feature{index}Tests.swift",
                        sources.app_test_file(world.feature_module(model, index), index))
    products = abstraction + networking + feature_products
    for module, _ in products:
        workspace.write(path / "Sources" / sources.APP / f"Uses{module}.swift",
                        sources.module_use_file(module, world.types.get(module)))
    workspace.write(path / "Sources" / sources.APP / "main.swift", sources.app_main([module for module, _ in products]))
    model_tests = _write_model_tests(workspace, world, path) if variant == "isolated" else []
    manifest = sources.app_manifest([f"../../Packages/{package}" for package in packages], products, test_products,
                                    model_tests)
    workspace.write(path / "Package.swift", manifest)
    return path


def _write_model_tests(workspace, world, app):
    """Copies feature 1's model tests into the app's test target; returns the products they use ([] when the
    feature has no model tests: the app then has no such target)."""
    target = world.model_test_target()
    if target is None:
        return []
    copied = world.packages / world.feature_package(1) / "Tests" / world.model_tests(1)
    for path in sorted(copied.rglob("*.swift")):
        workspace.write(app / "Tests" / sources.APP_MODEL_TESTS / path.relative_to(copied), workspace.read(path))
    products = [(world.feature_module(name, 1), world.feature_package(1)) for name in target.target_dependencies]
    return products + [(name, ABSTRACTION_PRODUCT) for name in target.product_dependencies]
