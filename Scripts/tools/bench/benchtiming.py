"""Part 13 of Scripts/bench: timing accuracy (Python 3, standard library only).

`bench first-byte` loads `GET /faults/delay?ms=300` of Scripts/dev-server (which waits 300 ms before its head)
with CurlClient, 7 rounds on one client, and reads the first-byte time (`time_starttransfer`) the transport
reports through HTTPExchangeObserver, beside the wall time of each load (target: every round 0.30 s ± 0.05 s).
"""

import statistics

PART = "13 timing accuracy"
DELAY_MS = 300
TOLERANCE = 0.05


def run(run_step, dev_server, quick):
    server = dev_server()
    try:
        if not server.start():
            return {"skipped": "Scripts/dev-server did not start"}
        rounds = 3 if quick else 7
        return run_step("first-byte", ["--url", server.url, "--delay-ms", str(DELAY_MS), "--rounds", str(rounds)])
    finally:
        server.cleanup()


def rows(result):
    target = f"{DELAY_MS / 1000:.2f} s ± {TOLERANCE:.2f} s"
    if not result or "skipped" in result:
        reason = (result or {}).get("skipped", "bench first-byte failed")
        return [(PART, "(did not run)", reason, "", target, "**missed**")]
    first, wall = result["first_byte_seconds"], result["wall_seconds"]
    expected = result["delay_ms"] / 1000
    outside = [value for value in first if abs(value - expected) > TOLERANCE]
    text = (f"{statistics.median(first):.3f} s ({min(first):.3f}–{max(first):.3f} s over {len(first)} rounds); "
            f"wall time of the load {statistics.median(wall):.3f} s")
    verdict = "met" if not outside else (f"**missed**: {len(outside)} of {len(first)} rounds outside, "
                                         f"{', '.join(f'{value:.3f} s' for value in outside)}")
    return [(PART, f"CurlClient's time_starttransfer (HTTPExchangeMetrics.firstByte) for a server that waits "
             f"{result['delay_ms']} ms before its head", text, "", target, verdict)]
