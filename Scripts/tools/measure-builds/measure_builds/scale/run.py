"""`Scripts/measure-builds --scale`: the simulation end to end, from the scratch directory to JSON, SVG and markdown."""

import json
import os
import platform
import shlex
import subprocess
from datetime import datetime, timezone
from pathlib import Path

from . import charts, measure, readme, report as reports
from . import world as worlds
from .plan import VARIANTS
from .results import ScaleReport
from .targets import evaluate


def machine(swift_version):
    return {"cores": os.cpu_count(), "memory_gib": _memory_gib(), "swift": swift_version,
            "system": f"{platform.system()} {platform.machine()}"}


def _memory_gib():
    try:
        pages, page_size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError):
        return None
    return round(pages * page_size / 2**30, 1)


def load_average():
    return [round(value, 2) for value in os.getloadavg()]


def new_report(argv, plan, swift_version):
    return ScaleReport(
        date=datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        command=" ".join(["Scripts/measure-builds", *map(shlex.quote, argv)]),
        machine=machine(swift_version), load_average_start=load_average(),
        plan={"networking_factors": list(plan.factors), "feature_counts": list(plan.feature_counts),
              "runs": plan.runs, "app_networking_factor": plan.app_factor})


def measure_all(swiftpm, workspace, plan, report):
    """Fills `report`: clean builds per K, then per N the interface change and the loop from the whole app."""
    steps = measure.Steps(plan.step_count())
    world, first_feature = measure.build_world(swiftpm, workspace, plan, steps)
    report.networking_packages = [source.name for source in world.networking]
    report.model_feature = measure.MODEL_FEATURE
    report.clean_build = measure.measure_clean_builds(swiftpm, workspace, plan, world, steps)
    edit = measure.loop_edit(first_feature, workspace.read)
    report.loop_edit = edit.description
    path, type_name = measure.interface_site(world)
    report.interface_edit = (f"`public func measureBuildsProbe<run>()` added to `{type_name or 'the module'}` "
                             f"({path.relative_to(world.packages)}), one more per run")
    own_scratch = measure.warm_own_package(swiftpm, workspace, first_feature, steps)
    scratches = {variant: workspace.new_scratch(f"app-{variant}") for variant in VARIANTS}
    for count in sorted(plan.feature_counts):
        change, app = measure.measure_app(swiftpm, plan, world, count, edit, scratches, steps)
        own = measure.measure_own_loop(swiftpm, plan, world, first_feature, edit, own_scratch, steps)
        report.interface_change.append(change)
        report.feature_loops.append(measure.feature_loop(count, own, app))
    workspace.remove(own_scratch)
    for scratch in scratches.values():
        workspace.remove(scratch)


def smoke(swiftpm, workspace, plan):
    """The simulation's smoke check, which measures nothing: the world is written, feature copy 1 builds alone
    with its tests, and the package graph of each app variant with the most features resolves (no build)."""
    steps = measure.Steps(2 + len(VARIANTS))
    world, first_feature = measure.build_world(swiftpm, workspace, plan, steps)
    scratch = workspace.new_scratch("smoke-feature")
    timed = swiftpm.build(first_feature.path, scratch, build_tests=True)
    workspace.remove(scratch)
    steps.advance(f"{first_feature.name} built alone with its tests: {timed.seconds:.2f} s, "
                  f"{len(timed.log.modules)} modules")
    count = max(plan.feature_counts)
    for variant in VARIANTS:
        path = worlds.write_app(workspace, world, variant, count, plan.app_factor)
        described = swiftpm.describe(path, workspace.new_scratch(f"smoke-app-{variant}"))
        steps.advance(f"the {variant} app with {count} features resolves: {len(described.get('targets', []))} targets")


def write_outputs(report, json_path, charts_dir, report_path):
    """Writes the JSON, the charts and the markdown report that are asked for; returns the markdown."""
    checks = evaluate(report)
    written = charts.write_all(report, charts_dir) if charts_dir else {}
    markdown = reports.render(report, checks, written, report_path)
    if json_path:
        Path(json_path).write_text(json.dumps(report.as_json(checks), indent=2) + "\n", encoding="utf-8")
    if report_path:
        Path(report_path).write_text(markdown, encoding="utf-8")
    return markdown


def swift_version_line(swiftpm):
    try:
        return swiftpm.version()
    except (OSError, subprocess.SubprocessError):
        return "unknown"



def update_readme(report, path):
    """Refreshes the summary between the README's markers from a publishing run; True when updated."""
    if not (report.clean_build and report.interface_change and report.feature_loop):
        return False
    return readme.update(path, readme.summary(report, evaluate(report)))
