"""Renders a Report as markdown: header, clean builds, isolated vs naive, incremental matrices, targets."""

from .stats import ratio
from .targets import RETEST_TARGET_SECONDS, cpu_cost_fit, evaluate

KIND_SUFFIX = {"package": "", "naive": " (naive baseline)", "app": " (root package)"}


def markdown_table(headers, rows, numeric=()):
    """A markdown table; columns whose index is in `numeric` are right-aligned."""
    def cells(values):
        return "| " + " | ".join(str(value).replace("|", "\\|") for value in values) + " |"
    rule = ["---:" if index in numeric else "---" for index in range(len(headers))]
    return "\n".join([cells(headers), cells(rule), *(cells(row) for row in rows)])


def seconds(value):
    return "n/a" if value is None else f"{value:.2f}"


def times(value):
    return "n/a" if value is None else f"{value:.2f}×"


def runs_cell(result):
    """The median, with the min–max range when there was more than one run."""
    if not result.seconds:
        return "n/a"
    if len(result.seconds) == 1:
        return seconds(result.median)
    return f"{seconds(result.median)} ({min(result.seconds):.2f}–{max(result.seconds):.2f})"


def rebuild_cell(rebuild):
    if rebuild is None:
        return "n/a"
    names = f" ({', '.join(rebuild.modules)})" if rebuild.modules else ""
    return f"{len(rebuild.modules)}{names} · {rebuild.seconds:.2f} s"


def render(report):
    sections = [_header(report), _clean(report), _graphs(report), _naive(report)]
    sections += [_incremental(feature, report) for feature in report.features]
    sections += [_changes(report), _retest(report), _targets(report)]
    return "\n\n".join(section for section in sections if section) + "\n"


def _header(report):
    mode = ("--quick: one run of each measurement" if report.runs == 1 else
            f"median of {report.runs} runs (min–max in parentheses)")
    lines = [
        "### Build times measured by `Scripts/measure-builds`",
        "",
        f"- date: {report.date}",
        f"- command: `{report.command}`",
        f"- machine: {report.cores} cores (os.cpu_count()); load average {report.load_average} at the start, "
        f"{report.load_average_end or 'n/a'} at the end (other work on the machine makes wall times noisy)",
        f"- toolchain: {report.swift_version}; debug configuration; every clean build in its own fresh scratch path",
        f"- runs: {mode}; wall-clock seconds of the `swift` command",
        f"- the measurement took {report.elapsed_seconds / 60:.1f} min",
    ]
    lines += [f"- note: {note}" for note in report.notes]
    return "\n".join(lines)


def _clean(report):
    build_tests = {result.name: result for result in report.build_tests}
    rows = []
    for result in report.cleans:
        test = build_tests.get(result.name)
        test_cell = "—" if test is None else runs_cell(test) + ("" if test.tests_passed else " (tests failed)")
        graph = result.graph
        rows.append([result.name + KIND_SUFFIX[result.kind], runs_cell(result), seconds(result.cpu_median),
                     len(graph.modules), graph.files, graph.lines, test_cell])
    headers = ["Package", "clean build (s)", "CPU (s)", "modules", "Swift files", "lines", "clean build+test (s)"]
    table = "#### Clean builds\n\n" + markdown_table(headers, rows, numeric=(1, 2, 3, 4, 5, 6))
    fit = cpu_cost_fit(report)
    if fit:
        table += (f"\n\nCPU time of these clean builds ≈ {fit[0]:.1f} s + {fit[1]:.2f} s × Swift files "
                  f"(least squares over the {len(report.cleans)} builds).")
    return table


def _graphs(report):
    lines = ["Modules compiled by each clean `swift build` (Swift files, non-empty lines), counted from the build "
             "itself: the modules its `Compiling`/`Emitting module` lines name, each module's source list from "
             "`<scratch>/debug/description.json`, and the non-empty lines of those files:", ""]
    for result in report.cleans:
        modules = ", ".join(f"{module.name} ({module.files}, {module.lines})" for module in result.graph.modules)
        lines.append(f"- {result.name}: {modules or 'none'}")
    return "\n".join(lines)


def _naive(report):
    rows = []
    for feature in report.features:
        isolated, baseline = report.clean(feature.name), report.clean(feature.naive_name)
        if not (isolated and baseline):
            continue
        rows.append([feature.name, seconds(isolated.median), seconds(baseline.median),
                     times(ratio(isolated.median, baseline.median)),
                     times(ratio(isolated.cpu_median, baseline.cpu_median)),
                     f"{len(isolated.graph.modules)} / {len(baseline.graph.modules)}",
                     f"{isolated.graph.files} / {baseline.graph.files}",
                     f"{isolated.graph.lines} / {baseline.graph.lines}"])
    if not rows:
        return ""
    headers = ["Feature", "isolated clean (s)", "naive clean (s)", "ratio isolated/naive", "CPU ratio",
               "modules", "Swift files", "lines"]
    return "#### Isolated vs naive clean builds\n\n" + markdown_table(headers, rows, numeric=(1, 2, 3, 4))


def _incremental(feature, report):
    headers = ["Change", f"from {feature.name}", f"from {feature.naive_name}", "ratio isolated/naive", "from App"]
    rows = []
    for scenario in feature.scenarios:
        time_ratio = ratio(scenario.isolated and scenario.isolated.seconds, scenario.naive and scenario.naive.seconds)
        rows.append([f"({scenario.letter}) {scenario.label}", rebuild_cell(scenario.isolated),
                     rebuild_cell(scenario.naive), times(time_ratio), rebuild_cell(scenario.app)])
    return "\n".join([
        f"#### Incremental rebuilds seen from {feature.name}",
        "",
        "Each cell: modules recompiled (names) · seconds of the `swift build` after the change, from a warm build.",
        "",
        markdown_table(headers, rows, numeric=(3,)),
    ])


def _changes(report):
    if not report.edits:
        return ""
    lines = ["Changes the incremental scenarios make (in the scratch copy; reverted, then rebuilt untimed, "
             "after each):", ""]
    lines += [f"- {label}: {description}" for label, description in report.edits]
    return "\n".join(lines)


def _retest(report):
    rows = []
    for feature in report.features:
        retest = feature.retest
        if retest is None:
            continue
        rows.append([feature.name, retest.description, seconds(retest.build_seconds), seconds(retest.test_seconds),
                     seconds(retest.seconds), "yes" if retest.seconds < RETEST_TARGET_SECONDS else "no",
                     "passed" if retest.tests_passed else "FAILED"])
    if not rows:
        return ""
    headers = ["Feature", "one-line change", "build --build-tests (s)", "test --skip-build (s)", "total (s)",
               f"< {RETEST_TARGET_SECONDS:g} s", "tests"]
    return ("#### One-line change: rebuild + retest from a warm build\n\n"
            + markdown_table(headers, rows, numeric=(2, 3, 4)))


def _targets(report):
    checks = evaluate(report)
    if not checks:
        return "#### Targets\n\nnot measured: no feature package is present yet"
    labels = {True: "met", False: "MISSED", None: "not measured"}
    lines = ["#### Targets", ""]
    lines += [f"- **{labels[check.met]}** — {check.feature}: {check.target}. {check.detail}." for check in checks]
    return "\n".join(lines)
