"""The short summary of a `--scale` run that the root README shows between two markers, kept true on each run."""

import re
from pathlib import Path

from ..stats import median, ratio
from .report import LABELS
from .targets import CLEAN_RATIO, INTERFACE_RATIO, LOOP_RATIO, ratio_text

START, END = "<!-- measure-builds --scale: start -->", "<!-- measure-builds --scale: end -->"


TOOL = "Scripts/tools/measure-builds"


def summary(report, checks, charts_prefix=f"{TOOL}/charts", report_link=f"{TOOL}/measure-builds-scale.md"):
    """Two charts, a three-row table (largest K, largest N) and the link to the full report, which holds the date."""
    clean = max(report.clean_build, key=lambda item: item.networking_factor)
    change = max(report.interface_change, key=lambda item: item.features)
    loop = report.feature_loop
    verdicts = [LABELS[check.met] for check in checks]
    load = " ".join(f"{value:.1f}" for value in report.load_average_start)
    rows = [
        f"| clean build of one feature, networking × {clean.networking_factor} ({clean.networking_lines} lines) "
        f"| {median(clean.isolated):.1f} s | {median(clean.naive):.1f} s "
        f"| {_times(median(clean.isolated), median(clean.naive), CLEAN_RATIO)} (≤ {CLEAN_RATIO}×: {verdicts[0]}) |",
        f"| networking interface change, app with {change.features} features "
        f"| {len(change.isolated_recompiled)} feature modules, {median(change.isolated):.1f} s "
        f"| {len(change.naive_recompiled)} feature modules, {median(change.naive):.1f} s "
        f"| {_times(median(change.isolated), median(change.naive), INTERFACE_RATIO)} "
        f"(≤ {INTERFACE_RATIO}×: {verdicts[2]}) |",
        f"| one-line feature change + its tests: own package vs whole app (N = {loop.features}) "
        f"| {loop.own_package_s:.1f} s | {loop.whole_app_s:.1f} s "
        f"| {_times(loop.own_package_s, loop.whole_app_s, LOOP_RATIO)} (≤ {LOOP_RATIO}×: {verdicts[4]}) |",
    ]
    return "\n".join([
        START,
        f"![clean build vs networking size]({charts_prefix}/scale-clean-build.svg)",
        f"![rebuild seconds vs features]({charts_prefix}/scale-rebuild-seconds.svg)",
        "",
        f"| simulation, {report.machine.get('cores')} cores, load {load} | isolated | naive | ratio |",
        "| --- | ---: | ---: | --- |",
        *rows,
        "",
        f"Method, every number and the targets: [{report_link}]({report_link}).",
        END,
    ])


def update(readme, block):
    """Replaces the marked block of `readme` (a path) with `block`; False when the markers are absent."""
    path = Path(readme)
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    pattern = re.compile(re.escape(START) + r".*?" + re.escape(END), re.DOTALL)
    if not pattern.search(text):
        return False
    path.write_text(pattern.sub(lambda _: block, text, count=1), encoding="utf-8")
    return True


def _times(numerator, denominator, threshold):
    return ratio_text(ratio(numerator, denominator), threshold)
