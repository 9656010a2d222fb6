"""Runs the `--scale` measurements: builds the simulated app in the scratch directory and fills a ScaleReport."""

import sys
import time

from .. import edits, naive, scenarios
from ..measure import Measurer, View
from ..packages import ABSTRACTION_PRODUCT, Package, package_directories
from . import sources, world as worlds
from .plan import VARIANTS
from .results import CleanBuild, FeatureLoop, InterfaceChange

MODEL_FEATURE = "QuestionsFeature"


class Steps:
    """Progress on stderr: `[elapsed] step i/n: what`."""

    def __init__(self, total):
        self.total, self.done, self.started = total, 0, time.monotonic()

    def note(self, message):
        print(f"[{time.monotonic() - self.started:7.1f}s] {message}", file=sys.stderr, flush=True)

    def advance(self, message):
        self.done += 1
        self.note(f"step {self.done}/{self.total}: {message}")


class _SteppedMeasurer(Measurer):
    """The plain run's Measurer, reporting each measured build as a step."""

    def __init__(self, swiftpm, workspace, runs, steps):
        super().__init__(swiftpm, workspace, runs)
        self.steps = steps

    def progress(self, message):
        self.steps.advance(message)


# Packages that no app ships: test support for the features' own tests, never part of the networking replicated.
TEST_ONLY_PACKAGES = {"HTTPReplay"}


def networking_names(root):
    """Every package under Packages/ except the abstraction, the features and the test-only ones, sorted."""
    return [name for name in package_directories(root)
            if name != ABSTRACTION_PRODUCT and not name.endswith(worlds.names.FEATURE_SUFFIX)
            and name not in TEST_ONLY_PACKAGES]


def build_world(swiftpm, workspace, plan, steps):
    """Describes the repository's packages and writes every copy, naive variant and app the plan needs."""
    directories = package_directories(workspace.root)
    for needed in (ABSTRACTION_PRODUCT, MODEL_FEATURE):
        if needed not in directories:
            raise FileNotFoundError(f"Packages/{needed} is missing: the scale model copies it")

    def describe(name, path):
        return Package.from_description(name, path, swiftpm.describe(path, workspace.new_scratch(f"describe-{name}")))

    steps.note(f"describing {', '.join(networking_names(workspace.root))}, {MODEL_FEATURE}")
    networking = [worlds.networking_source(describe(name, directories[name]), workspace.read)
                  for name in networking_names(workspace.root)]
    abstraction = describe(ABSTRACTION_PRODUCT, directories[ABSTRACTION_PRODUCT])
    world = worlds.create(workspace, abstraction, networking, describe(MODEL_FEATURE, directories[MODEL_FEATURE]))
    steps.note(f"writing {plan.max_factor} copies of the networking and {plan.max_features} features in {world.root}")
    for source in networking:
        for index in range(1, plan.max_factor + 1):
            worlds.write_networking_copy(workspace, world, source, index)
    for index in range(1, plan.max_features + 1):
        worlds.write_feature_copy(workspace, world, index)
    naive_variants = {(1, factor) for factor in plan.factors}
    naive_variants |= {(index, plan.app_factor) for index in range(1, plan.max_features + 1)}
    for index, factor in sorted(naive_variants):
        worlds.write_naive_variant(workspace, world, index, factor)
    first = world.packages / world.feature_package(1)
    return world, describe(first.name, first)


def measure_clean_builds(swiftpm, workspace, plan, world, steps):
    """[CleanBuild] per K: feature copy 1 alone, isolated and naive, each build in a fresh scratch path.

    The isolated feature does not see the networking, so it is the same build at every K: built once per run,
    before the naive variants of that run, and shared by every K.
    """
    results = {factor: CleanBuild(factor, world.networking_lines(factor)) for factor in plan.factors}
    isolated = world.packages / world.feature_package(1)
    for run in range(plan.runs):
        label = f"clean build {run + 1}/{plan.runs}, isolated, every K"
        timed = _clean_build(swiftpm, workspace, isolated, steps, label)
        for result in results.values():
            _record(result, "isolated", timed)
        for factor in plan.factors:
            timed = _clean_build(swiftpm, workspace, world.naive_path(1, factor), steps,
                                 f"clean build {run + 1}/{plan.runs}, naive, K={factor}")
            _record(results[factor], "naive", timed)
    return [results[factor] for factor in plan.factors]


def _clean_build(swiftpm, workspace, path, steps, label):
    scratch = workspace.new_scratch(f"clean-{path.name}")
    timed = swiftpm.build(path, scratch)
    workspace.remove(scratch)
    steps.advance(f"{label} ({path.name}): {timed.seconds:.2f} s, {len(timed.log.modules)} modules")
    return timed


def _record(result, variant, timed):
    getattr(result, variant).append(timed.seconds)
    getattr(result, f"{variant}_cpu").append(timed.cpu_seconds)
    setattr(result, f"{variant}_modules", len(timed.log.modules))


def loop_edit(feature_package, read):
    """The one-line change of the feature loop: a body line in the feature's model module."""
    return scenarios.body_edit("feature-loop", feature_package, feature_package.model_target(), read)


def warm_own_package(swiftpm, workspace, feature_package, steps):
    """A scratch path with feature copy 1 built with its tests, for the loop from the feature's own package."""
    scratch = workspace.new_scratch("loop-own")
    timed = swiftpm.build(feature_package.path, scratch, build_tests=True)
    steps.advance(f"warm build --build-tests of {feature_package.name}: {timed.seconds:.2f} s")
    return scratch


def measure_own_loop(swiftpm, plan, world, feature_package, edit, scratch, steps):
    """The feature loop from the feature's own package (a Retest), measured beside the whole app's at each N so
    that both see the same load on the machine."""
    return _SteppedMeasurer(swiftpm, world.workspace, plan.runs, steps).retest(
        edit, View(feature_package.name, "package", feature_package.path), scratch, world.model_tests(1))


def interface_site(world):
    """(path in the world, type name) of the public-interface change: copy 1 of URLSessionInfrastructure (else of
    the first networking package)."""
    source = next((item for item in world.networking if item.name == naive.INFRASTRUCTURE), world.networking[0])
    target = next((target for target in source.libraries if target.name == source.name), source.libraries[0])
    path, type_name = scenarios.interface_site(target, lambda path: path.read_text(encoding="utf-8"))
    return world.packages / source.name / "Sources" / target.name / path.relative_to(target.path), type_name


def measure_app(swiftpm, plan, world, count, loop, scratches, steps):
    """(InterfaceChange, Retest from the whole app) for the apps with `count` features.

    Each variant's app lives in one directory with one scratch path, and grows in place with N (its manifest
    rewritten, as a team adds features): the app with N features starts from the build of the app with fewer,
    so each feature copy is compiled once per variant.
    """
    result = InterfaceChange(count)
    paths = {variant: worlds.write_app(world.workspace, world, variant, count, plan.app_factor) for variant in VARIANTS}
    for variant in VARIANTS:
        timed = swiftpm.build(paths[variant], scratches[variant], build_tests=variant == "isolated")
        setattr(result, f"warm_up_{variant}_s", timed.seconds)
        steps.advance(f"N={count}: build of the {variant} app before the change: {timed.seconds:.2f} s, "
                      f"{len(timed.log.modules)} modules compiled")
    result.no_change_s = swiftpm.build(paths["isolated"], scratches["isolated"]).seconds
    steps.advance(f"N={count}: no-change build of the isolated app: {result.no_change_s:.2f} s")
    feature_modules = world.feature_modules(count)
    path, type_name = interface_site(world)
    original = text = world.workspace.read(path)
    try:
        for run in range(plan.runs):
            text = edits.append_interface_probe(text, type_name, f"{edits.INTERFACE_PROBE}{run + 1}")
            world.workspace.write(path, text)
            for variant in VARIANTS:
                timed = swiftpm.build(paths[variant], scratches[variant])
                getattr(result, variant).append(timed.seconds)
                recompiled = [module for module in timed.log.modules if module in feature_modules]
                _merge(getattr(result, f"{variant}_modules"), timed.log.modules)
                _merge(getattr(result, f"{variant}_recompiled"), recompiled)
                steps.advance(f"N={count}: interface change {run + 1}/{plan.runs} from the {variant} app: "
                              f"{timed.seconds:.2f} s, {len(timed.log.modules)} modules, "
                              f"{len(recompiled)} of them feature modules")
    finally:
        world.workspace.write(path, original)
    swiftpm.build(paths["isolated"], scratches["isolated"], build_tests=True)
    steps.advance(f"N={count}: isolated app rebuilt after the interface change was reverted")
    measurer = _SteppedMeasurer(swiftpm, world.workspace, plan.runs, steps)
    retest = measurer.retest(loop, View(f"app-{count}", "app", paths["isolated"]), scratches["isolated"],
                             sources.APP_MODEL_TESTS)
    return result, retest


def feature_loop(count, own, app):
    return FeatureLoop(count, own.seconds, app.seconds, own.build_seconds, own.test_seconds, app.build_seconds,
                       app.test_seconds, own.tests_passed and app.tests_passed)


def _merge(into, names):
    into += [name for name in names if name not in into]

