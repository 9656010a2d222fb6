"""Command line of Scripts/measure-builds: copy the repo, measure, print markdown, clean up."""

import argparse
import os
import shlex
import signal
import sys
import time
from datetime import datetime
from pathlib import Path

from . import scenarios
from .measure import Measurer
from .plan import make_plan
from .report import render
from .results import FeatureResult, Report, ScenarioResult
from .scale.cli import DEFAULT_JSON, scale_main
from .swiftpm import BuildFailed, SwiftPM, find_swift
from .workspace import run_in_scratch_copy

REPO = Path(__file__).resolve().parents[4]


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog="Scripts/measure-builds",
        description="Measures clean, incremental and naive-baseline build times of every package and the App "
                    "in a scratch copy of the repository, then prints a markdown report.")
    parser.add_argument("--quick", action="store_true", help="one run of each measurement (CI); default: median of 3")
    parser.add_argument("--runs", type=int, default=3, help="runs of each measurement without --quick (default 3)")
    parser.add_argument("--output", type=Path, help="also write the markdown report to this file")
    parser.add_argument("--only", action="append", default=[], metavar="PACKAGE",
                        help="measure only this package under Packages/ (repeatable); the App is still measured")
    parser.add_argument("--no-app", action="store_true", help="skip the App (root package)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch copy (its path goes to stderr)")
    parser.add_argument("--root", type=Path, default=REPO, help="the repository to copy (default: this one)")
    parser.add_argument("--swift", help="the swift executable (default: PATH, then /opt/swift/usr/bin/swift)")
    scale = parser.add_argument_group(
        "--scale: the app-scale simulation (see Scripts/tools/measure-builds/measure-builds-scale.md)")
    scale.add_argument("--scale", action="store_true",
                       help="simulate an app: the networking replicated K times, N copies of QuestionsFeature")
    scale.add_argument("--json", type=Path, nargs="?", const=DEFAULT_JSON, metavar="FILE",
                       help="write the --scale results as JSON to FILE (default: the committed "
                            f"{DEFAULT_JSON.relative_to(REPO)})")
    scale.add_argument("--factors", type=_counts, metavar="K,K", help="networking factors K (default 1,2,4,8)")
    scale.add_argument("--features", type=_counts, metavar="N,N", help="feature counts N (default 2,8,24)")
    scale.add_argument("--app-factor", type=_count, metavar="K",
                       help="networking copies in the whole-app measurements (default 4)")
    scale.add_argument("--smoke", action="store_true",
                       help="measure nothing: write the world, build feature copy 1 alone with its tests and resolve "
                            "each app's package graph (the check Scripts/test runs; writes no file)")
    scale.add_argument("--charts-dir", type=Path, metavar="DIR", help="write the SVG charts to DIR")
    scale.add_argument("--report", type=Path, metavar="FILE", help="write the markdown report to FILE")
    scale.add_argument("--publish", action="store_true",
                       help="write the committed JSON, charts and report and the README's summary from this run "
                            "(what a full run without --json, --charts-dir, --report does)")
    arguments = parser.parse_args(argv)
    if arguments.runs < 1:
        parser.error("--runs must be at least 1")
    scale_only = [name for name in ("json", "factors", "features", "app_factor", "charts_dir", "report", "publish",
                                    "smoke")
                  if getattr(arguments, name)]
    if scale_only and not arguments.scale:
        parser.error(f"--{scale_only[0].replace('_', '-')} needs --scale")
    return arguments


def _count(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"needs a number of at least 1: {text!r}")
    return value


def _counts(text):
    try:
        values = tuple(sorted({int(part) for part in text.split(",") if part.strip()}))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of numbers: {text!r}") from None
    if not values or values[0] < 1:
        raise argparse.ArgumentTypeError(f"needs numbers of at least 1: {text!r}")
    return values


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    arguments = parse_arguments(argv)
    signal.signal(signal.SIGTERM, _terminated)
    if arguments.scale:
        return scale_main(argv, arguments)
    started = time.monotonic()
    report = _new_report(argv, arguments)
    status = run_in_scratch_copy(arguments.root, arguments.keep,
                                 lambda workspace: measure(arguments, workspace, report),
                                 failures=(BuildFailed,))
    if status is not None:
        return status
    report.elapsed_seconds = time.monotonic() - started
    report.load_average_end = _load_average()
    markdown = render(report)
    print(markdown, end="")
    if arguments.output:
        arguments.output.write_text(markdown, encoding="utf-8")
    return 0


def _terminated(*_):
    raise KeyboardInterrupt("SIGTERM")


def _new_report(argv, arguments):
    return Report(
        date=datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
        command=" ".join(["Scripts/measure-builds", *map(shlex.quote, argv)]),
        cores=os.cpu_count(),
        swift_version="",
        runs=1 if arguments.quick else arguments.runs,
        load_average=_load_average(),
    )


def _load_average():
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def measure(arguments, workspace, report):
    """Runs every phase in `workspace` and fills `report`."""
    swiftpm = SwiftPM(find_swift(arguments.swift))
    report.swift_version = swiftpm.version()
    measurer = Measurer(swiftpm, workspace, report.runs)
    measurer.progress(f"scratch copy at {workspace.root}; describing packages")
    plan = make_plan(swiftpm, workspace, only=set(arguments.only), include_app=not arguments.no_app)
    report.notes += [f"packages measured: {', '.join(view.name for view in plan.measured) or 'none'}", *plan.notes]
    report.edits = [(scenarios.edit_label(edit.key), edit.description) for edit in _wanted_edits(plan)]
    rebuilds = _clean_and_incremental(measurer, plan, report)
    # --quick builds and tests only the features (their warm test builds serve the one-line retest)
    test_views = [view for view in plan.measured if view.name in plan.features] if report.runs == 1 else plan.measured
    build_tests, warm_tests = measurer.clean_build_tests(test_views)
    report.build_tests = list(build_tests.values())
    report.features = [_feature_result(plan, name, rebuilds) for name in plan.features]
    for feature in report.features:
        edit = plan.retest_edits.get(feature.name)
        if edit:
            view = next(view for view in plan.measured if view.name == feature.name)
            feature.retest = measurer.retest(edit, view, warm_tests[feature.name])
    if report.runs == 1:
        report.notes.append("--quick: clean build+test measured for the features only")


def _clean_and_incremental(measurer, plan, report):
    """Clean builds of every view, then the incremental scenarios from the warm scratch paths they leave."""
    naive_views = [plan.naive[name] for name in plan.features if name in plan.naive]
    app = [plan.app] if plan.app else []
    cleans, warm = measurer.clean_builds(plan.measured + naive_views + app)
    report.cleans = list(cleans.values())
    feature_views = [view for view in plan.measured if view.name in plan.features]
    rebuilds = {}
    if feature_views:
        rebuilds = measurer.incremental(_wanted_edits(plan), feature_views + naive_views + app, warm)
    for scratch in warm.values():
        measurer.workspace.remove(scratch)
    return rebuilds


def _wanted_edits(plan):
    """The edits the measured features' scenarios need, in a stable order."""
    all_features = [name for name, package in plan.packages.items() if package.is_feature]
    keys = {key for name in plan.features for key in scenarios.scenario_keys(name, all_features).values() if key}
    return [edit for key, edit in plan.edits.items() if key in keys]


def _feature_result(plan, name, rebuilds):
    all_features = [feature for feature, package in plan.packages.items() if package.is_feature]
    naive_name = plan.naive[name].name if name in plan.naive else f"{name}Naive"
    keys = scenarios.scenario_keys(name, all_features)
    result = FeatureResult(name, naive_name, plan.packages[name].module_names)
    for letter, label in scenarios.SCENARIOS:
        key = keys[letter]
        edit = plan.edits.get(key)
        if letter == "d" and key:
            label = f"{label} ({key.split(':', 1)[1]})"
        result.scenarios.append(ScenarioResult(
            letter, label, edit.description if edit else "",
            rebuilds.get((key, name)), rebuilds.get((key, naive_name)), rebuilds.get((key, "App"))))
    return result
