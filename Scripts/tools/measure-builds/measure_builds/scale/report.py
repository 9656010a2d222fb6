"""The markdown report of a `--scale` run: setup, one table per curve with its chart, the targets."""

import os
from pathlib import Path

from ..report import markdown_table, seconds, times
from ..stats import median, ratio

LABELS = {True: "met", False: "MISSED", None: "not measured"}


def render(report, checks, charts, report_path=None):
    """The markdown; `charts` is {key: path} of the SVGs written, linked relative to `report_path`."""
    def image(key, alt):
        if key not in charts:
            return ""
        base = Path(report_path).parent if report_path else Path.cwd()
        return f"![{alt}]({os.path.relpath(charts[key], base)})\n\n"

    sections = [
        _header(report),
        "## Clean build of one feature vs networking size\n\n"
        + image("clean", "clean build seconds vs networking lines, isolated vs naive") + clean_table(report),
        "## A public-interface change in one networking module, in the whole app\n\n"
        + image("recompiled", "feature modules recompiled vs N") + image("rebuild", "rebuild seconds vs N")
        + interface_table(report),
        "## A one-line change in one feature, rebuilt and retested\n\n" + loop_table(report),
        targets_section(checks),
    ]
    return "\n\n".join(section.rstrip() for section in sections) + "\n"


def _header(report):
    machine = report.machine
    plan = report.plan
    return "\n".join([
        "# Build times at app scale: a simulation (`Scripts/measure-builds --scale`)",
        "",
        "Simulated app: the repository's networking packages "
        f"({', '.join(report.networking_packages)}) replicated K times under renamed modules, and N renamed copies "
        f"of the real `{report.model_feature}` (models, presentation, API, preview), built in a scratch directory "
        "in two variants of the same code: *isolated* (each feature depends on `HTTPClient` only; the app sees "
        "everything) and *naive* (each feature's API module also depends on, and imports, every library of the "
        f"networking layer). The whole-app measurements use K = {plan['app_networking_factor']}.",
        "",
        f"- date: {report.date}",
        f"- command: `{report.command}`",
        f"- machine: {machine.get('cores')} cores, {machine.get('memory_gib')} GiB, {machine.get('system')}; "
        f"{machine.get('swift')}; debug builds",
        f"- load average (1, 5, 15 min): {_load(report.load_average_start)} at the start, "
        f"{_load(report.load_average_end)} at the end; other work on the machine makes wall times noisy",
        f"- runs: {'median of ' + str(plan['runs']) if plan['runs'] > 1 else 'one run (--quick)'}; "
        f"the run took {report.elapsed_seconds / 60:.1f} min",
        f"- interface change: {report.interface_edit}",
        f"- one-line change: {report.loop_edit}",
    ])


def clean_table(report):
    rows = [[item.networking_factor, item.networking_lines, seconds(median(item.isolated)),
             seconds(median(item.naive)), times(ratio(median(item.isolated), median(item.naive))),
             times(ratio(median(item.isolated_cpu), median(item.naive_cpu))),
             f"{item.isolated_modules} / {item.naive_modules}"]
            for item in report.clean_build]
    headers = ["K", "networking lines", "isolated (s)", "naive (s)", "isolated/naive", "CPU isolated/naive",
               "modules isolated / naive"]
    return markdown_table(headers, rows, numeric=(0, 1, 2, 3, 4, 5))


def interface_table(report):
    rows = [[item.features, f"{len(item.isolated_recompiled)} / {len(item.naive_recompiled)}",
             f"{len(item.isolated_modules)} / {len(item.naive_modules)}", seconds(median(item.isolated)),
             seconds(median(item.naive)), times(ratio(median(item.isolated), median(item.naive))),
             seconds(item.no_change_s)]
            for item in report.interface_change]
    headers = ["N", "feature modules recompiled isolated / naive", "all modules recompiled", "isolated (s)",
               "naive (s)", "isolated/naive", "no-change build of the isolated app (s)"]
    return markdown_table(headers, rows, numeric=(0, 3, 4, 5, 6))


def loop_table(report):
    rows = [[item.features, seconds(item.own_package_s), f"{seconds(item.own_build_s)} + {seconds(item.own_test_s)}",
             seconds(item.whole_app_s), f"{seconds(item.app_build_s)} + {seconds(item.app_test_s)}",
             times(ratio(item.own_package_s, item.whole_app_s)), "passed" if item.tests_passed else "FAILED"]
            for item in report.feature_loops]
    headers = ["N", "own package (s)", "build + test", "whole app (s)", "build + test", "own/whole app", "tests"]
    note = ("Both loops run the same tests, feature 1's model tests (`swift test --skip-build --filter`), after "
            "`swift build --build-tests`: in the feature's own package, and in the whole app, whose test targets hold "
            "those tests plus one test per feature, as a monolith's would. The feature's package never contains the "
            "other features; its loop is measured again at each N, right after the whole app's, so that both see the "
            "same load on the machine.\n\n")
    return note + markdown_table(headers, rows, numeric=(0, 1, 3, 5))


def targets_section(checks):
    lines = ["## Targets", ""]
    lines += [f"- **{LABELS[check.met]}**: {check.target}. {check.detail}." for check in checks]
    return "\n".join(lines)


def _load(values):
    return " ".join(f"{value:.2f}" for value in values) if values else "n/a"
