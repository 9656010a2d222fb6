"""The `--scale` entry point: plan, scratch directory, measurements, outputs, clean-up."""

import dataclasses
import sys
import time
from pathlib import Path

from ..swiftpm import BuildFailed, SwiftPM, find_swift
from ..workspace import run_in_scratch_copy
from . import run
from .plan import ScalePlan

TOOL = Path(__file__).resolve().parents[2]  # Scripts/tools/measure-builds
DEFAULT_JSON = TOOL / "measure-builds-scale.json"
DEFAULT_REPORT = TOOL / "measure-builds-scale.md"
DEFAULT_CHARTS = TOOL / "charts"
README = TOOL.parents[2] / "README.md"


def scale_plan(arguments):
    plan = ScalePlan.make(arguments.quick, arguments.runs)
    if arguments.factors:
        plan = dataclasses.replace(plan, factors=arguments.factors)
    if arguments.features:
        plan = dataclasses.replace(plan, feature_counts=arguments.features)
    if arguments.app_factor:
        plan = dataclasses.replace(plan, app_factor=arguments.app_factor)
    return plan


def smoke_main(swiftpm, plan, arguments):
    """`--scale --smoke`: the world written, one feature built, the apps resolved; no measurement, no file."""
    started = time.monotonic()
    status = run_in_scratch_copy(arguments.root, arguments.keep,
                                 lambda workspace: run.smoke(swiftpm, workspace, plan),
                                 failures=(BuildFailed, FileNotFoundError))
    if status is None:
        print(f"measure-builds --scale --smoke: passed in {time.monotonic() - started:.0f} s", file=sys.stderr)
    return status or 0


def publishes(arguments):
    """True when the run regenerates the committed files and the README's summary: a full default run, or any run
    given --publish. Other runs write only what is asked for, so a --quick check never overwrites them."""
    return arguments.publish or not (
        arguments.quick or arguments.factors or arguments.features or arguments.app_factor or arguments.smoke)


def outputs(arguments):
    """(json, charts dir, report): what is asked for, else the committed files when the run publishes."""
    publish = publishes(arguments)
    return (arguments.json or (DEFAULT_JSON if publish else None),
            arguments.charts_dir or (DEFAULT_CHARTS if publish else None),
            arguments.report or (DEFAULT_REPORT if publish else None))


def scale_main(argv, arguments):
    started = time.monotonic()
    plan = scale_plan(arguments)
    swiftpm = SwiftPM(find_swift(arguments.swift))
    if arguments.smoke:
        return smoke_main(swiftpm, plan, arguments)
    report = run.new_report(argv, plan, run.swift_version_line(swiftpm))
    print(f"measure-builds --scale (a simulation): K = {list(plan.factors)}, N = {list(plan.feature_counts)}, "
          f"{plan.runs} run(s), {plan.step_count()} steps; load average {report.load_average_start}",
          file=sys.stderr, flush=True)
    status = run_in_scratch_copy(arguments.root, arguments.keep,
                                 lambda workspace: run.measure_all(swiftpm, workspace, plan, report),
                                 failures=(BuildFailed, FileNotFoundError))
    if status is not None:
        return status
    report.elapsed_seconds = time.monotonic() - started
    report.load_average_end = run.load_average()
    json_path, charts_dir, report_path = outputs(arguments)
    markdown = run.write_outputs(report, json_path, charts_dir, report_path)
    print(markdown, end="")
    if publishes(arguments) and run.update_readme(report, README):
        print(f"measure-builds --scale: summary updated in {README}", file=sys.stderr)
    for label, path in (("JSON", json_path), ("charts", charts_dir), ("report", report_path)):
        if path:
            print(f"measure-builds --scale: {label} written to {path}", file=sys.stderr)
    return 0
