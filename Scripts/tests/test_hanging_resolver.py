"""Scripts/hanging-resolver reads the name of each DNS query it never answers, and Scripts/bench's resolver part
(Scripts/tools/bench/benchresolver.py) says met, missed or "not measured" with the reason."""

import importlib.machinery
import importlib.util
import struct
import unittest
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[1]


def load(name, path):
    loader = importlib.machinery.SourceFileLoader(name, str(path))
    spec = importlib.util.spec_from_loader(name, loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


resolver = load("hanging_resolver_script", SCRIPTS / "hanging-resolver")
benchresolver = load("benchresolver", SCRIPTS / "tools" / "bench" / "benchresolver.py")


def query(*labels):
    """A DNS query packet (A record) for the name made of `labels`."""
    header = struct.pack(">HHHHHH", 0x1234, 0x0100, 1, 0, 0, 0)
    name = b"".join(bytes([len(label)]) + label.encode() for label in labels) + b"\0"
    return header + name + struct.pack(">HH", 1, 1)


class QueryNameTests(unittest.TestCase):
    def test_reads_the_first_questions_name(self):
        self.assertEqual(resolver.query_name(query("cancelled", "hang", "invalid")), "cancelled.hang.invalid")

    def test_a_truncated_or_compressed_name_is_none(self):
        self.assertIsNone(resolver.query_name(query("cancelled", "hang")[:16]))
        self.assertIsNone(resolver.query_name(struct.pack(">HHHHHH", 1, 0, 1, 0, 0, 0) + b"\xc0\x0c"))


class BenchRowsTests(unittest.TestCase):
    def test_without_the_namespace_both_rows_say_not_measured_and_why(self):
        rows = benchresolver.rows({"skipped": "needs root for a private mount namespace (unshare -m)"})
        self.assertEqual([row[5] for row in rows], ["not measured", "not measured"])
        self.assertTrue(all("needs root" in row[2] for row in rows))

    def test_a_round_stopped_while_waiting_on_the_resolver_misses_both_rows(self):
        rows = benchresolver.rows({"stalled": "round 1 was still waiting after 60 s"})
        self.assertEqual([row[5] for row in rows], ["**missed**: round 1 was still waiting after 60 s"] * 2)

    def test_a_slow_cancel_or_slow_loads_are_missed_with_the_figures(self):
        fast = {"cancel_seconds": 0.002, "after_cancel_seconds": 0.030, "alone_seconds": 0.028, "count": 20}
        slow = {"cancel_seconds": 10.0, "after_cancel_seconds": 10.0, "alone_seconds": 0.028, "count": 20}
        self.assertEqual([row[5] for row in benchresolver.rows({"samples": [fast, fast]})], ["met", "met"])
        cancel, loads = benchresolver.rows({"samples": [fast, slow, slow]})
        self.assertTrue(cancel[5].startswith("**missed**: the slowest of 3 cancelled loads took 10000 ms"))
        self.assertTrue(loads[5].startswith("**missed**"))


if __name__ == "__main__":
    unittest.main()
