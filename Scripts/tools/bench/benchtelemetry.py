"""Part 14 of Scripts/bench: the cost of tracing (Python 3, standard library only).

`bench telemetry` measures `.tracing(into:baseURL:)` (one span per attempt into a TelemetryCollector) side by
side with the same client without it: in process over an in-memory client that answers at once (the bare client,
and the App's token chain with the tracing layer where `--trace` puts it; target: spans on add ≤ 3 µs per
request, the OpenTelemetry SDKs' span cost with a dozen attributes being 1–3 µs), and sequential requests through
the token chain over CurlClient against Scripts/dev-server's /echo/bench.json, beside a control that sends a
constant `traceparent` without tracing (what the header costs: the injecting layer, libcurl and the server;
target: the median latency with spans on ≤ 1.03× the control's).
Tracing off is the chain HTTPClientFactory builds without a collector, which holds no tracing layer; its row
measures the task-local reads a transport and a cache still make per request (target: no more than half the
round-to-round range of the chain without them). Over loopback a further side binds the task-locals tracing
binds without making a span, and every loopback side reports the process's CPU time per request (every thread),
so the rows show whether a difference is the client's own work or time spent waiting; a last side is the control
with 3 µs of busy work in the client after each load, what any work of the in-process target's size costs a
sequential request over loopback, and the context switches per request show the wake-ups behind it. Last, the
in-memory client with and without spans takes turns load by load with the CPU caches evicted before each load, as
between two transfers over a network: what a request pays for tracing when its code and data are not in the
core's caches. A full run takes 21 rounds: at 7, the loopback ratio moved by more than the target's margin.
"""

import statistics

PART = "14 telemetry cost"
IN_PROCESS_TARGET_NS = 3000
LOOPBACK_TARGET = 1.03
FULL = ["--rounds", "21", "--count", "20000", "--loopback-count", "500", "--cold-count", "500"]
QUICK = ["--rounds", "2", "--count", "2000", "--loopback-count", "100", "--cold-count", "100"]


def run(run_step, dev_server, quick):
    server = dev_server()
    try:
        if not server.start():
            return {"skipped": "Scripts/dev-server did not start"}
        return run_step("telemetry", ["--url", server.url, *(QUICK if quick else FULL)])
    finally:
        server.cleanup()


def differences(on, off):
    return statistics.median(a - b for a, b in zip(on, off))


def loopback_row(result, measurement, side, base, note):
    """A loopback row of `side`'s median latencies against `base`'s, with the median of the rounds' ratios."""
    ratio = statistics.median(a / b for a, b in zip(side, base))
    return (PART, measurement,
            f"median {statistics.median(side) * 1e6:,.0f} µs against {statistics.median(base) * 1e6:,.0f} µs "
            f"per request over {len(side)} rounds of {result['loopback_count']:,}", f"{ratio:.3f}×", note, "")


def rows(result):
    if not result or "skipped" in result:
        reason = (result or {}).get("skipped", "bench telemetry failed")
        return [(PART, "(did not run)", reason, "", "spans on ≤ +3 µs in process, ≤ 1.03× the control over loopback",
                 "**missed**")]
    sides = {row["side"]: row["ns_per_request_by_round"] for row in result["in_process"]}
    allocations = {row["side"]: statistics.median(row.get("allocations_per_request_by_round") or [0])
                   for row in result["in_process"]}
    bare, bare_on = sides["bare in-memory client"], sides["bare + tracing"]
    off, on = sides["App tokenClient chain, tracing off"], sides["App tokenClient chain, spans on"]
    out = []
    for name, traced_side, plain_side in (
            ("the in-memory client", "bare + tracing", "bare in-memory client"),
            ("the App's token chain", "App tokenClient chain, spans on", "App tokenClient chain, tracing off")):
        traced, plain = sides[traced_side], sides[plain_side]
        added = differences(traced, plain)
        out.append((PART, f"in process: {name} with spans on, against the same without tracing",
                    f"{statistics.median(traced):,.0f} ns/req against {statistics.median(plain):,.0f} "
                    f"(+{added / 1000:.2f} µs; {allocations[traced_side]:.0f} against "
                    f"{allocations[plain_side]:.0f} heap allocations) over {len(traced)} rounds of "
                    f"{result['count']:,}",
                    f"{statistics.median(traced) / statistics.median(plain):.2f}×", "≤ +3 µs",
                    "met" if added <= IN_PROCESS_TARGET_NS else f"**missed**: +{added / 1000:.2f} µs per request"))
    formed = result.get("flush_ns_per_span_by_round") or [0]
    out.append((PART, "in process: the collector forming the token chain's spans (attributes, `url.full`, phase "
                "events) and histogram points when it is flushed, after the timed loop and off the request path",
                f"{statistics.median(formed) / 1000:.2f} µs per span over {len(formed)} rounds of "
                f"{result['count']:,}", "", "(export-side work, reported)", ""))
    measured = sides["bare + tracing, transport reporting a measurement"]
    extra = differences(measured, bare_on)
    out.append((PART, "in process: the in-memory client with spans on and a transport reporting a loopback-like "
                "measurement (phase events, protocol, peer, sizes), against spans on without one",
                f"{statistics.median(measured):,.0f} ns/req against {statistics.median(bare_on):,.0f} "
                f"({extra / 1000:+.2f} µs) over {len(measured)} rounds of {result['count']:,}",
                f"{statistics.median(measured) / statistics.median(bare_on):.2f}×",
                "(what a measured transfer adds to a span)", ""))
    lookups = sides["App tokenClient chain, tracing off, transport reading the observer task-locals"]
    read = differences(lookups, off)
    # "Nothing measurable": the reads add no more than half the round-to-round range of the chain without them.
    noise = (max(off) - min(off)) / 2
    out.append((PART, "in process: tracing off (the chain HTTPClientFactory builds without a collector), with a "
                "transport that reads HTTPLoadObservation.current (the observation task-local) against "
                "one that reads nothing",
                f"{statistics.median(lookups):,.0f} ns/req against {statistics.median(off):,.0f} "
                f"({read / 1000:+.2f} µs) over {len(lookups)} rounds of {result['count']:,}",
                f"{statistics.median(lookups) / statistics.median(off):.2f}×",
                "nothing measurable (within half the chain's round-to-round range)",
                f"met: {read:+,.0f} ns within ±{noise:,.0f} ns" if read <= noise else
                f"**missed**: {read:+,.0f} ns per request, beyond ±{noise:,.0f} ns"))
    loop = {row["side"]: row["median_seconds_by_round"] for row in result["loopback"]}
    plain = loop["App tokenClient chain over CurlClient, tracing off"]
    control = loop["App tokenClient chain over CurlClient, constant traceparent, tracing off"]
    traced = loop["App tokenClient chain over CurlClient, spans on"]
    out.append(loopback_row(result, "loopback (Scripts/dev-server), control: the App's token chain over CurlClient "
                            "sending a constant traceparent without tracing, against tracing off", control, plain,
                            "(the header's cost: the injecting layer, libcurl and the server)"))
    for base, baseline, targeted in ((plain, "against tracing off", False),
                                     (control, "against the control (the same header, no spans)", True)):
        ratio = statistics.median(a / b for a, b in zip(traced, base))
        verdict = ("met" if ratio <= LOOPBACK_TARGET else
                   f"**missed**: {(ratio - 1) * 100:+.1f} % of the loopback median") if targeted else ""
        out.append((PART, f"loopback (Scripts/dev-server): the App's token chain over CurlClient with spans on, "
                    f"{baseline}",
                    f"median {statistics.median(traced) * 1e6:,.0f} µs against {statistics.median(base) * 1e6:,.0f} "
                    f"µs per request over {len(traced)} rounds of {result['loopback_count']:,} (the ratio is the "
                    f"median of the rounds' own ratios)", f"{ratio:.3f}×",
                    f"≤ {LOOPBACK_TARGET}× the control" if targeted else "(the header and the spans together)",
                    verdict))
    bound = loop["App tokenClient chain over CurlClient, tracing's observers bound without a span"]
    out.append(loopback_row(result, "loopback (Scripts/dev-server): the App's token chain over CurlClient with the "
                            "task-locals tracing binds (the trace context and one load observer) and no span, "
                            "against tracing off", bound, plain, "(what the bindings make the transport do)"))
    busy_side = ("App tokenClient chain over CurlClient, constant traceparent, tracing off, 3 µs of busy work a "
                 "request")
    busy = loop.get(busy_side)
    if busy:
        out.append(loopback_row(result, "loopback (Scripts/dev-server): the control with 3 µs of busy work in the "
                                "client after each load (the in-process target's worth of any work), against the "
                                "control", busy, control,
                                "(what 3 µs of client work costs a sequential request over loopback)"))
    switches = {row["side"]: row.get("context_switches_per_request_by_round") for row in result["loopback"]}
    switched = [(side, label) for side, label in (
        ("App tokenClient chain over CurlClient, constant traceparent, tracing off", "the control"),
        ("App tokenClient chain over CurlClient, spans on", "spans on"),
        (busy_side, "the control with 3 µs of busy work")) if switches.get(side)]
    if len(switched) == 3:
        out.append((PART, "loopback (Scripts/dev-server): context switches of every thread of the process per request "
                    "(thread sleeps and wake-ups), " + ", ".join(label for _, label in switched),
                    "; ".join(f"{label} {statistics.median(switches[side]):.2f}" for side, label in switched)
                    + f" over {len(control)} rounds of {result['loopback_count']:,}", "",
                    "(whether the client's extra work turns into extra wake-ups)", ""))
    cpu = {row["side"]: row["cpu_seconds_per_request_by_round"] for row in result["loopback"]}
    cpu_off = cpu["App tokenClient chain over CurlClient, tracing off"]
    for side, label in (("App tokenClient chain over CurlClient, spans on", "spans on"),
                        ("App tokenClient chain over CurlClient, tracing's observers bound without a span",
                         "the task-locals bound, no span")):
        added = differences(cpu[side], cpu_off)
        out.append((PART, f"loopback (Scripts/dev-server): the process's CPU time per request (every thread, "
                    f"libcurl's included) with {label}, against tracing off",
                    f"{statistics.median(cpu[side]) * 1e6:,.1f} µs against {statistics.median(cpu_off) * 1e6:,.1f} "
                    f"µs ({added * 1e6:+.1f} µs) over {len(cpu_off)} rounds of {result['loopback_count']:,}",
                    f"{statistics.median(cpu[side]) / statistics.median(cpu_off):.2f}×",
                    "(the client's own work behind the latency rows)", ""))
    cold = result.get("cold_cache_median_seconds_by_round")
    if cold:
        cold_off, cold_on = cold["bare in-memory client"], cold["bare + tracing"]
        out.append((PART, "in process, caches evicted before each load (8 MiB written between loads, the sides "
                    "taking turns load by load): the in-memory client with spans on, against the same without "
                    "tracing",
                    f"median {statistics.median(cold_on) * 1e6:,.2f} µs against "
                    f"{statistics.median(cold_off) * 1e6:,.2f} µs per load "
                    f"({differences(cold_on, cold_off) * 1e6:+.2f} µs) over {len(cold_on)} rounds of "
                    f"{result['cold_count']:,}", f"{statistics.median(cold_on) / statistics.median(cold_off):.2f}×",
                    "(what tracing costs a request whose code and data are not in the core's caches)", ""))
    return out
