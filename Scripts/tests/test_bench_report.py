"""Scripts/bench's report: an --only run replaces its parts' rows in the generated block and keeps the rest, and
the rows of the transport, transfer and telemetry parts say met or missed with the measured reason."""

import importlib.machinery
import importlib.util
import unittest
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[1]


def load_bench():
    loader = importlib.machinery.SourceFileLoader("bench_script", str(SCRIPTS / "bench"))
    spec = importlib.util.spec_from_loader("bench_script", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


bench = load_bench()
transfers = bench.benchtransfers

OLD_BLOCK = "\n".join([
    "Scripts/bench — 2026-11-23 18:54 UTC — `Scripts/bench`",
    "machine: x86_64 Linux",
    "Scripts/bench --only files — 2026-11-24 10:00 UTC — machine: old note",
    "",
    bench.rows_table([
        ("1 in-process", "bare", "49 ns/req", "1.00", "", ""),
        ("2 loopback, sequential", "raw", "1,824 req/s", "1.00", "", ""),
        ("5 idle wait", "a | b", "0.973 CPU s/s", "", "≤ 0.05", "**missed**"),
        ("6 start-up", "floor", "7.9 ms", "1.00", "", ""),
        ("7 files, 2 GiB", "download", "old", "", "", "**missed**"),
    ]),
])


class ReportMergeTests(unittest.TestCase):
    def test_rows_round_trip_through_the_table_with_escaped_bars(self):
        rows = [("5 idle wait", "a | b", "x", "", "≤ 0.05", "met")]
        self.assertEqual(bench.parse_rows(bench.rows_table(rows)), [list(rows[0])])

    def test_an_only_run_replaces_its_parts_rows_and_keeps_the_others_in_part_order(self):
        new_rows = [("7 files, 32 MiB", "download", "new", "", "", "met"),
                     ("5 CLI wait", "questions", "0.03 CPU s", "", "≤ 0.2 CPU s", "met")]
        merged = bench.merged_report(OLD_BLOCK, ["files", "cli-wait"], new_rows,
                                     "Scripts/bench --only files,cli-wait — 2026-11-25 16:00 UTC — machine: now")
        rows = bench.parse_rows(merged)
        self.assertEqual([row[0] for row in rows], ["1 in-process", "2 loopback, sequential", "5 idle wait",
                                                    "5 CLI wait", "6 start-up", "7 files, 32 MiB"])
        self.assertEqual(rows[2][1], "a | b")
        self.assertNotIn("old", [row[2] for row in rows])
        self.assertIn("Scripts/bench --only files,cli-wait — 2026-11-25 16:00 UTC", merged)
        self.assertIn("Scripts/bench --only files — 2026-11-24 10:00 UTC", merged)

    def test_a_rerun_of_the_same_command_replaces_its_earlier_note(self):
        note = "Scripts/bench --only files — 2026-11-25 16:00 UTC — machine: now"
        merged = bench.merged_report(OLD_BLOCK, ["files"], [], note)
        self.assertNotIn("old note", merged)
        self.assertIn(note, merged)

    def test_idle_wait_does_not_take_the_cli_wait_rows(self):
        block = bench.rows_table([("5 idle wait", "x", "", "", "", ""), ("5 CLI wait", "y", "", "", "", "")])
        merged = bench.merged_report(block, ["idle-wait"], [], "Scripts/bench --only idle-wait — now")
        self.assertEqual([row[0] for row in bench.parse_rows(merged)], ["5 CLI wait"])


def loopback_row(side, own, transport=""):
    return {"mode": "sequential", "side": side, "transport": transport, "requests_per_second": 4000,
            "requests_per_second_by_round": [4000] * len(own), "cpu_us_per_request_by_round": [200] * len(own),
            "chain_us_per_request_by_round": own}


class VerdictTests(unittest.TestCase):
    def test_the_chain_cost_is_met_under_two_microseconds_per_request(self):
        transport = loopback_row("CurlClient alone (no decorators)", [0.5, 0.5, 0.5])
        chain = loopback_row("App tokenClient chain (full) over CurlClient", [1.7, 2.4, 2.9],
                             transport="CurlClient alone (no decorators)")
        self.assertEqual(bench.chain_cost_row(chain, transport, None)[5], "met")

    def test_a_chain_cost_that_straddles_the_target_is_missed_saying_so(self):
        transport = loopback_row("CurlClient alone (no decorators)", [1.0, 1.0, 1.0])
        chain = loopback_row("App tokenClient chain (full) over CurlClient", [2.5, 3.5, 4.0],
                             transport="CurlClient alone (no decorators)")
        verdict = bench.chain_cost_row(chain, transport, None)[5]
        self.assertEqual(verdict, "**missed**: the rounds straddle the target (+1.5 to +3.0 µs)")

    def test_curl_client_misses_with_the_measured_ratios(self):
        sides = {("64 in flight", "URLSessionClient alone (no decorators)"):
                 {"requests_per_second": 2000, "requests_per_second_by_round": [2000, 2000]},
                 ("64 in flight", "reference: curl"):
                 {"requests_per_second": 8000, "requests_per_second_by_round": [8000, 8000]}}
        row = {"requests_per_second": 4000, "requests_per_second_by_round": [4000, 4000], "failures": 0}
        target, verdict = bench.curl_client_verdict("64 in flight", row, sides)
        self.assertEqual(target, "≥ 1.5× URLSessionClient, ≥ 0.8× curl tool")
        self.assertEqual(verdict, "**missed**: 0.50× the curl tool (4,000 vs 8,000 req/s), under 0.8×")

    def test_a_failed_transfer_is_missed_with_its_exit_status(self):
        run = {"seconds": 1.0, "max_rss": 300 << 20, "code": 3, "stderr": "networking: too large",
               "sha256_equal": False}
        small = dict(run, code=0, max_rss=40 << 20, sha256_equal=True)
        rows = transfers.files_rows({"bytes": 2 << 30, "rows": [
            {"transport": "curl", "direction": "download", "large": run, "small": small, "growth": 260 << 20}]})
        self.assertEqual(rows[0][0], "7 files, 2 GiB")
        self.assertEqual(rows[0][5], "**missed**: exit 3: networking: too large; peak RSS grew 260 MiB")

    def test_a_slow_consumer_that_got_the_whole_body_at_once_says_so(self):
        result = {"max_buffered_bytes": 4 << 20, "bytes": 4 << 20, "expected_bytes": 4 << 20, "chunks": 1,
                  "largest_chunk": 4 << 20, "progress_reports": 1, "seconds": 0.1, "pause_us": 1000}
        verdict = transfers.slow_consumer_rows(result)[0][5]
        self.assertTrue(verdict.startswith("**missed**: the whole body was in memory"), verdict)
        streamed = dict(result, max_buffered_bytes=64 << 10, chunks=256, largest_chunk=16 << 10,
                        progress_reports=300)
        self.assertEqual(transfers.slow_consumer_rows(streamed)[0][5], "met")

    def curl_cost(self, client_cpu, curl_cpu, client_seconds, curl_seconds, log):
        def side(name, cpu, seconds):
            return {"side": name, "seconds_by_round": seconds, "cpu_seconds_by_round": cpu, "failures": 0,
                    "first_error": "", "context_switches_by_round": [2000] * len(cpu)}
        result = {"scenario": "concurrent", "count": 1000, "in_flight": 64, "bytes": 0, "rounds": 2,
                  "curl_startup_cpu_seconds_by_round": [0.01, 0.01],
                  "sides": [side("CurlClient", client_cpu, client_seconds), side("curl tool", curl_cpu, curl_seconds)],
                  "connections": bench.benchcurlcost.connection_counts(log)}
        rows = bench.benchcurlcost.rows({"concurrent": result})
        self.assertEqual([row[1] for row in rows if "did not run" in row[1]],
                         ["upload: (did not run)", "multipart: (did not run)", "sequential: (did not run)"])
        return [row for row in rows if "in flight" in row[1]]

    def test_connections_opened_after_the_warm_up_are_missed_by_round(self):
        log = "\n".join(["1 1 client w", "2 1 client w", "1 2 client 1", "3 1 client 2", "3 2 client 2",
                         "9 1 curl 1", "10 1 curl 1", "11 1 curl 2"])
        reference, row = self.curl_cost([0.05, 0.05], [0.06, 0.06], [0.1, 0.1], [0.1, 0.1], log)
        self.assertEqual(row[0], "15 against the curl tool")
        self.assertIn("1 new connections after the warm-up round (by round: 0, 1), which opened 2", row[2])
        self.assertIn("2 connections served the 3 requests", row[2])
        self.assertEqual(row[3], "1.00× req/s; CPU 1.00×")
        self.assertEqual(row[5], "**missed**: 1 new connections after warm-up")
        self.assertIn("opens 2 connections per run", reference[2])

    def test_a_slower_client_is_missed_with_the_measured_ratio(self):
        log = "1 1 client w\n1 2 client 1\n1 3 client 2"
        row = self.curl_cost([0.05, 0.05], [0.06, 0.06], [0.2, 0.2], [0.1, 0.1], log)[1]
        self.assertEqual(row[5], "**missed**: req/s 0.50× curl's, under 1.0×")


class TelemetryRowsTests(unittest.TestCase):
    CHAIN = "App tokenClient chain over CurlClient"
    CONTROL = f"{CHAIN}, constant traceparent, tracing off"
    BUSY = f"{CONTROL}, 3 µs of busy work a request"

    def result(self, spans, busy):
        """A part 14 result whose loopback sides take the given median seconds by round, the others 400 µs."""
        in_process = [{"side": side, "ns_per_request_by_round": [1000.0, 1000.0],
                       "allocations_per_request_by_round": [0, 0]} for side in (
            "bare in-memory client", "bare + tracing", "bare + tracing, transport reporting a measurement",
            "App tokenClient chain, tracing off", "App tokenClient chain, spans on",
            "App tokenClient chain, tracing off, transport reading the observer task-locals")]
        sides = {f"{self.CHAIN}, tracing off": [400e-6, 400e-6], self.CONTROL: [400e-6, 400e-6],
                 f"{self.CHAIN}, spans on": spans,
                 f"{self.CHAIN}, tracing's observers bound without a span": [400e-6, 400e-6], self.BUSY: busy}
        switches = {self.CONTROL: [3.95, 3.97], f"{self.CHAIN}, spans on": [4.10, 4.12], self.BUSY: [4.05, 4.07]}
        loopback = [{"side": side, "median_seconds_by_round": medians,
                     "cpu_seconds_per_request_by_round": [150e-6, 150e-6],
                     "context_switches_per_request_by_round": switches.get(side, [4.0, 4.0])}
                    for side, medians in sides.items()]
        return {"count": 20000, "loopback_count": 500, "in_process": in_process, "loopback": loopback}

    def row(self, rows, words):
        return next(row for row in rows if words in row[1])

    def test_spans_over_the_control_beyond_three_percent_are_missed_beside_the_busy_work_side(self):
        rows = bench.benchtelemetry.rows(self.result(spans=[416e-6, 416e-6], busy=[412e-6, 412e-6]))
        target = self.row(rows, "with spans on, against the control")
        self.assertEqual(target[3], "1.040×")
        self.assertEqual(target[5], "**missed**: +4.0 % of the loopback median")
        busy = self.row(rows, "3 µs of busy work in the client")
        self.assertEqual(busy[3], "1.030×")
        switched = self.row(rows, "context switches")
        self.assertIn("the control 3.96; spans on 4.11; the control with 3 µs of busy work 4.06", switched[2])

    def test_spans_within_three_percent_of_the_control_are_met(self):
        rows = bench.benchtelemetry.rows(self.result(spans=[408e-6, 408e-6], busy=[404e-6, 404e-6]))
        self.assertEqual(self.row(rows, "with spans on, against the control")[5], "met")

    def test_a_result_without_the_busy_work_side_leaves_its_rows_out(self):
        result = self.result(spans=[408e-6, 408e-6], busy=[404e-6, 404e-6])
        result["loopback"] = [row for row in result["loopback"] if row["side"] != self.BUSY]
        rows = bench.benchtelemetry.rows(result)
        self.assertFalse([row for row in rows if "busy work" in row[1]])


if __name__ == "__main__":
    unittest.main()
