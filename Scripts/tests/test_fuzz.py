"""Unit tests of the pure parts of Scripts/fuzz (no builds, no fuzzing: they run in well under a second)."""

import importlib.machinery
import importlib.util
import datetime
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "fuzz"


def load_script():
    loader = importlib.machinery.SourceFileLoader("fuzz_script", str(SCRIPT))
    spec = importlib.util.spec_from_loader("fuzz_script", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


fuzz = load_script()

LOG = """\
INFO: Running with entropic power schedule (0xFF, 100).
INFO: Seed: 1234
#2	INITED cov: 120 ft: 130 corp: 4/1024b exec/s: 0 rss: 40Mb
#1024	pulse  cov: 300 ft: 700 corp: 40/12Kb lim: 4096 exec/s: 512 rss: 60Mb
#5000	NEW    cov: 310 ft: 720 corp: 41/2Mb lim: 4096 exec/s: 2500 rss: 61Mb L: 9/9 MS: 1 ChangeByte-
#6000	DONE   cov: 311 ft: 725 corp: 41/2Mb lim: 4096 exec/s: 3000 rss: 61Mb
Done 6000 runs in 2 second(s)
stat::number_of_executed_units: 6001
stat::average_exec_per_sec:     3000
"""


class ParseLogTests(unittest.TestCase):
    def test_takes_the_last_status_line_and_the_final_execution_count(self):
        figures = {"execs": 0}
        fuzz.parse_log(LOG, figures)
        self.assertEqual(figures["execs"], 6001)
        self.assertEqual((figures["cov"], figures["ft"]), (311, 725))
        self.assertEqual((figures["corpus_units"], figures["corpus_bytes"]), (41, 2 * 1024 * 1024))

    def test_adds_the_executions_of_several_runs(self):
        figures = {"execs": 0}
        fuzz.parse_log(LOG, figures)
        fuzz.parse_log("#10\tDONE   cov: 1 ft: 2 corp: 3/4b lim: 4 exec/s: 5 rss: 6Mb\n", figures)
        self.assertEqual(figures["execs"], 6011)
        self.assertEqual(figures["cov"], 1)

    def test_finds_the_saved_crashing_input(self):
        log = "==1== ERROR: libFuzzer: deadly signal\nartifact_prefix='x/'; Test unit written to x/crash-abc\n"
        self.assertEqual(fuzz.ARTIFACT.findall(log), ["x/crash-abc"])


    def test_quotes_the_log_from_its_first_error_line(self):
        log = "#5\tNEW cov: 1\nHarness/x.swift:9: Fatal error: property failed: a\n==7== ERROR: libFuzzer: deadly signal\n"
        self.assertEqual(fuzz.error_excerpt(log, lines=2).splitlines()[0],
                         "Harness/x.swift:9: Fatal error: property failed: a")
        self.assertEqual(fuzz.error_excerpt("no error here"), "no error here")


class TargetTests(unittest.TestCase):
    def test_links_a_module_before_the_modules_it_imports(self):
        self.assertEqual(fuzz.dependencies("QuestionsFeatureAPI"),
                         ["QuestionsFeatureAPI", "QuestionsFeature", "HTTPClient"])

    def test_every_target_has_a_harness_and_seeds(self):
        for target, (module, extra, _) in fuzz.TARGETS.items():
            self.assertIn(module, fuzz.MODULES)
            for name in [f"{target}.swift", *extra]:
                self.assertTrue((fuzz.HARNESSES / name).exists(), name)
            self.assertTrue(any((fuzz.FUZZING / "corpus" / target).iterdir()), target)

    def test_lists_the_targets(self):
        result = subprocess.run([sys.executable, str(SCRIPT), "--list"], capture_output=True, text=True, check=True)
        self.assertEqual([line.split()[0] for line in result.stdout.splitlines()], list(fuzz.TARGETS))

    def test_refuses_an_unknown_target(self):
        result = subprocess.run([sys.executable, str(SCRIPT), "no-such-target"], capture_output=True, text=True)
        self.assertEqual(result.returncode, 2)
        self.assertIn("unknown target", result.stderr)


class ReportTests(unittest.TestCase):
    def figures(self, target, crashes=0):
        return {"target": target, "finished": datetime.datetime(2026, 1, 2, 3, 4), "seconds": 600, "cpu_seconds": 500,
                "load": 1.5, "exec_per_sec": 1000, "execs": 600000, "cov": 10, "ft": 20, "corpus_units": 5,
                "corpus_bytes": 2048, "seeds": 3, "crashes": crashes}

    def run_info(self):
        moment = datetime.datetime(2026, 1, 2, 3, 4)
        return {"started": moment, "finished": moment, "seconds": 600, "minutes": 10, "build_seconds": 0,
                "niceness": 19, "load_before": "1", "load_after": "2", "toolchain": "Swift"}

    def test_a_run_of_some_targets_keeps_the_other_rows_and_adds_a_run_line(self):
        with tempfile.TemporaryDirectory() as directory:
            report = Path(directory) / "fuzz.md"
            results = [self.figures(target) for target in fuzz.TARGETS]
            fuzz.reportfile.write_results(report, "fuzz", fuzz.report_text(results, [], self.run_info(), {}, []))
            rows, runs = fuzz.previous_results(report)
            self.assertEqual(list(rows), list(fuzz.TARGETS))
            self.assertEqual(len(runs), 1)

            rerun = [self.figures("har", crashes=1)]
            crashing = [("har", ".build-fuzz/crashes/har/crash-1")]
            fuzz.reportfile.write_results(report, "fuzz", fuzz.report_text(rerun, crashing, self.run_info(), rows, runs))
            rows, runs = fuzz.previous_results(report)
            self.assertEqual(list(rows), list(fuzz.TARGETS))
            self.assertTrue(rows["har"].endswith("| 1 |"))
            self.assertTrue(rows["retry-after"].endswith("| 0 |"))
            self.assertEqual(len(runs), 2)
            self.assertIn("`har`", runs[1])
            self.assertIn("crash-1", runs[1])


if __name__ == "__main__":
    unittest.main()
