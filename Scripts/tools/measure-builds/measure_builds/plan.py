"""What to measure in the scratch copy: the packages present, the naive variants, the App and the edits."""

from dataclasses import dataclass, field

from . import naive, scenarios
from .edits import concrete_type
from .measure import View
from .packages import Package, missing_root_dependencies, package_directories


@dataclass
class Plan:
    packages: dict = field(default_factory=dict)  # {name: Package}, every package present in the copy
    measured: list = field(default_factory=list)  # [View] of Packages/ measured on their own
    features: list = field(default_factory=list)  # [name]
    naive: dict = field(default_factory=dict)  # {feature name: View of its naive variant}
    app: View = None
    edits: dict = field(default_factory=dict)  # {key: Edit} for the incremental scenarios
    retest_edits: dict = field(default_factory=dict)  # {feature name: Edit} in the model module
    notes: list = field(default_factory=list)


def make_plan(swiftpm, workspace, only=(), include_app=True):
    """Describes every package of the copy, generates the naive variants and prepares the edits."""
    def describe(name, path):
        return Package.from_description(name, path, swiftpm.describe(path, workspace.new_scratch(f"describe-{name}")))

    plan = Plan()
    plan.packages = {name: describe(name, path) for name, path in package_directories(workspace.root).items()}
    selected = [name for name in plan.packages if not only or name in only]
    plan.notes += [f"--only {name}: no such package under Packages/" for name in sorted(set(only) - set(plan.packages))]
    plan.measured = [View(name, "package", plan.packages[name].path) for name in selected]
    plan.features = [name for name in selected if plan.packages[name].is_feature]
    _add_naive_variants(plan, workspace, describe)
    _add_app(plan, workspace, include_app)
    _add_edits(plan, workspace)
    return plan


def _add_naive_variants(plan, workspace, describe):
    infrastructure = plan.packages.get(naive.INFRASTRUCTURE)
    decorators = plan.packages.get(naive.DECORATORS)
    if not plan.features:
        return
    if not (infrastructure and decorators):
        plan.notes.append(f"naive baseline not measured: {naive.INFRASTRUCTURE} or {naive.DECORATORS} is missing")
        return
    types = {package.name: _concrete_type(package, workspace) for package in (infrastructure, decorators)}
    for name in plan.features:
        try:
            plan.naive[name] = _make_naive_variant(plan.packages[name], types, workspace, describe)
        except naive.ManifestError as error:
            plan.notes.append(f"no naive variant of {name}: {error}")


def _make_naive_variant(feature, types, workspace, describe):
    """Packages/<Feature>Naive in the copy: the feature, its API target also using the concrete networking."""
    api = feature.api_target()
    if api is None:
        raise naive.ManifestError("it has no library target")
    naive_name = feature.name + naive.NAIVE_SUFFIX
    path = feature.path.parent / naive_name
    manifest = feature.path / "Package.swift"
    rewritten = naive.naive_manifest(workspace.read(manifest), naive_name, api.name)
    workspace.copy_package(feature.path, path)
    workspace.write(path / "Package.swift", rewritten)
    workspace.write(path / api.path.relative_to(feature.path) / naive.NAIVE_FILE, naive.naive_source(types))
    describe(naive_name, path)  # validates the manifest and caches it, so clean builds compare like with like
    return View(naive_name, "naive", path)


def _concrete_type(package, workspace):
    """A public, non-generic, non-protocol type of the package's main library, or None."""
    library = package.main_library()
    return concrete_type(workspace.read(path) for path in sorted(library.sources if library else []))


def _add_app(plan, workspace, include_app):
    if not include_app:
        return
    missing = missing_root_dependencies(workspace.root)
    if missing:
        plan.notes.append(f"App not measured: the root manifest names missing packages {', '.join(missing)}")
        return
    plan.app = View("App", "app", workspace.root)


def _add_edits(plan, workspace):
    read = workspace.read
    infrastructure = plan.packages.get(naive.INFRASTRUCTURE)
    decorators = plan.packages.get(naive.DECORATORS)
    edits = []
    if infrastructure and infrastructure.main_library():
        library = infrastructure.main_library()
        edits.append(scenarios.body_edit(scenarios.INFRASTRUCTURE_BODY, infrastructure, library, read))
        edits.append(scenarios.interface_edit(scenarios.INFRASTRUCTURE_INTERFACE, infrastructure, library, read))
    if decorators and decorators.main_library():
        edits.append(scenarios.body_edit(scenarios.DECORATORS_BODY, decorators, decorators.main_library(), read))
    for key, (package_name, target_name), file_name in (
            (scenarios.ABSTRACTION_INTERFACE, scenarios.ABSTRACTION, None),
            (scenarios.TRANSFERS_INTERFACE, scenarios.TRANSFERS, scenarios.TRANSFERS_FILE),
            (scenarios.SUPPORT_INTERFACE, scenarios.SUPPORT, None)):
        package = plan.packages.get(package_name)
        target = next((t for t in package.targets if t.name == target_name), None) if package else None
        if target is not None:
            edits.append(scenarios.interface_edit(key, package, target, read, file_name))
    for name in [name for name, package in plan.packages.items() if package.is_feature]:
        feature = plan.packages[name]
        mirrors = [plan.naive[name].path] if name in plan.naive else []
        if feature.api_target():
            edits.append(scenarios.body_edit(scenarios.feature_key(name), feature, feature.api_target(), read, mirrors))
        if feature.model_target():
            plan.retest_edits[name] = scenarios.body_edit(f"retest:{name}", feature, feature.model_target(), read)
    plan.edits = {edit.key: edit for edit in edits if edit is not None}
    plan.retest_edits = {name: edit for name, edit in plan.retest_edits.items() if edit is not None}
