"""The three charts of the scale model, written as SVG files (see svg.py)."""

from pathlib import Path

from ..stats import median
from .svg import Series, line_chart

ISOLATED, NAIVE = "#1f5fa8", "#d0461c"
OWN, APP = "#2a8a3e", "#7b3fa0"
FILES = {"clean": "scale-clean-build.svg", "recompiled": "scale-recompiled-features.svg",
         "rebuild": "scale-rebuild-seconds.svg"}


def subtitle(report):
    machine = report.machine
    return (f"simulation · {report.date} · {machine.get('cores')} cores · load "
            f"{' '.join(map(str, report.load_average_start))} · median of {report.plan['runs']} run(s)")


def clean_chart(report):
    rows = report.clean_build
    return line_chart(
        "Clean build of one feature vs networking size (simulation)", subtitle(report),
        "lines of networking code (the repository's networking packages × K)", "seconds (wall clock)",
        [Series("naive: the feature depends on all networking", [(r.networking_lines, median(r.naive)) for r in rows],
                NAIVE, dashed=True),
         Series("isolated: the feature depends on HTTPClient only",
                [(r.networking_lines, median(r.isolated)) for r in rows], ISOLATED)])


def recompiled_chart(report):
    rows = report.interface_change
    return line_chart(
        "Feature modules recompiled by a networking interface change (simulation)", subtitle(report),
        "features in the app (N)", "feature modules recompiled",
        [Series("naive", [(r.features, len(r.naive_recompiled)) for r in rows], NAIVE, dashed=True),
         Series("isolated", [(r.features, len(r.isolated_recompiled)) for r in rows], ISOLATED)],
        value_format="{:.0f}")


def rebuild_chart(report):
    changes, loops = report.interface_change, report.feature_loops
    return line_chart(
        "Rebuild seconds vs number of features (simulation)", subtitle(report),
        "features in the app (N)", "seconds (wall clock)",
        [Series("networking interface change, naive app", [(r.features, median(r.naive)) for r in changes], NAIVE,
                dashed=True),
         Series("networking interface change, isolated app", [(r.features, median(r.isolated)) for r in changes],
                ISOLATED),
         Series("one-line feature change + tests, whole app", [(r.features, r.whole_app_s) for r in loops], APP,
                dashed=True),
         Series("one-line feature change + tests, own package", [(r.features, r.own_package_s) for r in loops],
                OWN)])


def write_all(report, directory):
    """Writes the charts into `directory`; returns {key: path}."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    written = {}
    for key, render in (("clean", clean_chart), ("recompiled", recompiled_chart), ("rebuild", rebuild_chart)):
        path = directory / FILES[key]
        path.write_text(render(report), encoding="utf-8")
        written[key] = path
    return written
