"""Part 15 of Scripts/bench: CurlClient against the curl tool, the same libcurl doing the same work over loopback
(Python 3, standard library only).

`bench curl-cost` runs one scenario per process: a warm-up round, then rounds in which CurlClient (in process)
and the curl tool (a child process) take turns, the order alternating; each round also times a curl process
that makes one request, the tool's start-up, which is taken off the tool's CPU. Rows give medians with the
rounds' min–max, the CPU seconds beside every rate, and the median of the per-round ratios:

  - upload: a file (256 MiB; 16 MiB with --quick) sent with PUT to a sink that reads and drops the body
    (Scripts/tools/bench/discardsink.c, built with gcc into the benchmark package's .build folder) against
    `curl -T` (targets: CPU ≤ 1.25× curl's, throughput ≥ 1.0×);
  - multipart: the same file as a MultipartForm file part against `curl -F` (target ≥ 0.95× its throughput);
  - sequential: 2,000 small GETs from nginx one after the other against the curl tool reading the same URLs in
    one process by URL globbing (targets: CPU per request ≤ 1.1×, requests/s ≥ 0.95×);
  - 64 in flight: 5,000 GETs against `curl -Z --parallel-max 64 --parallel-immediate`, with the connections
    each side opened counted from nginx's access log (`$connection_requests` 1 is a new connection; targets:
    none for CurlClient after the warm-up round, requests/s ≥ 1.0×).
"""

import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import benchtransfers

PART = "15 against the curl tool"
MIB = 1 << 20
LOG_FORMAT = "$connection $connection_requests $arg_side $arg_r"
SCENARIOS = ("upload", "multipart", "sequential", "concurrent")


def config(directory, port):
    d = directory
    return f"""daemon off;
master_process off;
worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/error.log warn;
events {{ worker_connections 2048; }}
http {{
    log_format connections '{LOG_FORMAT}';
    access_log {d}/access.log connections;
    types {{ application/json json; }}
    default_type application/octet-stream;
    keepalive_requests 1000000;
    keepalive_timeout 120s;
    client_body_temp_path {d}/client_body;
    proxy_temp_path {d}/proxy;
    fastcgi_temp_path {d}/fastcgi;
    uwsgi_temp_path {d}/uwsgi;
    scgi_temp_path {d}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {d}/www;
        location / {{ }}
    }}
}}
"""


def counts(quick):
    if quick:
        return {"bytes": 16 * MIB, "rounds": 2, "sequential": 200, "concurrent": 500, "in_flight": 64}
    return {"bytes": 256 * MIB, "rounds": 7, "sequential": 2000, "concurrent": 5000, "in_flight": 64}


def build_sink(root, bench, note):
    """The discarding sink, compiled with gcc next to the benchmark build; its path, or None saying why not."""
    gcc = shutil.which("gcc") or shutil.which("cc")
    if not gcc:
        return None, "gcc is not installed"
    output = bench.parent.parent / "discardsink"
    source = root / "Scripts" / "tools" / "bench" / "discardsink.c"
    note(f"{PART}: building {source.name}")
    result = subprocess.run([gcc, "-O2", "-pthread", "-o", str(output), str(source)], capture_output=True, text=True)
    return (output, None) if result.returncode == 0 else (None, f"gcc failed: {result.stderr[-300:]}")


def run(context, nginx, quick, free_port, wait_for_port, stop_process, json_file):
    """Every scenario; returns {scenario: result or {"skipped": reason}}."""
    if not context.curl:
        return {name: {"skipped": "the curl tool is not installed"} for name in SCENARIOS}
    sizes = counts(quick)
    results = {}
    scratch = Path(tempfile.mkdtemp(prefix="bench-curl-cost-"))
    try:
        sink, reason = build_sink(context.root, context.bench, context.note)
        if sink:
            results.update(run_uploads(context, sink, scratch, sizes, stop_process))
        else:
            results.update({name: {"skipped": reason} for name in ("upload", "multipart")})
        if nginx:
            results.update(run_gets(context, nginx, scratch, sizes, free_port, wait_for_port, stop_process,
                                    json_file))
        else:
            results.update({name: {"skipped": "nginx is not installed (Scripts/bootstrap --bench)"}
                            for name in ("sequential", "concurrent")})
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return results


def run_uploads(context, sink, scratch, sizes, stop_process):
    file = scratch / "upload.bin"
    context.note(f"{PART}: writing {sizes['bytes'] // MIB} MiB of random bytes")
    benchtransfers.write_random_file(file, sizes["bytes"], seed=15)
    process = subprocess.Popen([str(sink)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    results = {}
    try:
        line = process.stdout.readline()
        if not line.startswith("port "):
            return {name: {"skipped": "the sink did not start"} for name in ("upload", "multipart")}
        url = f"http://127.0.0.1:{line.split()[1]}"
        for scenario in ("upload", "multipart"):
            results[scenario] = context.run_step("curl-cost", [
                "--scenario", scenario, "--url", url, "--path", "upload", "--file", str(file),
                "--rounds", str(sizes["rounds"]), "--curl-binary", context.curl], timeout=900)
    finally:
        stop_process(process)
        file.unlink(missing_ok=True)
    return results


def run_gets(context, nginx, scratch, sizes, free_port, wait_for_port, stop_process, json_file):
    directory = scratch / "nginx"
    www = directory / "www"
    www.mkdir(parents=True)
    (www / "bench.json").write_text(json_file)
    for path in (scratch, directory, www):
        path.chmod(0o755)
    (www / "bench.json").chmod(0o644)
    port = free_port()
    (directory / "nginx.conf").write_text(config(directory, port))
    process = subprocess.Popen([nginx, "-c", str(directory / "nginx.conf"), "-p", str(directory)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results = {}
    try:
        if not wait_for_port(port, process):
            return {name: {"skipped": "nginx did not start"} for name in ("sequential", "concurrent")}
        for scenario in ("sequential", "concurrent"):
            log = directory / "access.log"
            log.write_text("")  # nginx appends to the file it opened
            arguments = ["--scenario", scenario, "--url", f"http://127.0.0.1:{port}", "--path", "bench.json",
                         "--count", str(sizes[scenario]), "--in-flight", str(sizes["in_flight"]),
                         "--rounds", str(sizes["rounds"]), "--curl-binary", context.curl]
            result = context.run_step("curl-cost", arguments, timeout=900)
            if result:
                time.sleep(0.2)  # nginx logs a request once it has sent the answer
                result["connections"] = connection_counts(log.read_text())
            results[scenario] = result
    finally:
        stop_process(process)
    return results


def connection_counts(text):
    """{side: {round: [requests, new connections, distinct connections]}} from the access log
    (`$connection_requests` 1 is a request on a new connection), with {side: {"all": ...}} over every round
    but the warm-up."""
    table, seen = {}, {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) != 4:
            continue
        connection, served, side, round_tag = parts
        for tag in (round_tag, "all") if round_tag != "w" else (round_tag,):
            entry = table.setdefault(side, {}).setdefault(tag, [0, 0, 0])
            entry[0] += 1
            entry[1] += served == "1"
            if connection not in seen.setdefault((side, tag), set()):
                seen[(side, tag)].add(connection)
                entry[2] += 1
    return table


# ---------------------------------------------------------------- rows

TARGETS = {"upload": {"cpu": 1.25, "rate": 1.0}, "multipart": {"rate": 0.95},
           "sequential": {"cpu": 1.1, "rate": 0.95}, "concurrent": {"rate": 1.0, "connections": 0}}
REFERENCE = {"upload": "curl -T", "multipart": "curl -F", "sequential": "the curl tool, URL globbing",
             "concurrent": "curl -Z --parallel-max 64"}


def spread(values, scale=1.0, digits=0):
    values = [value * scale for value in values]
    return (f"{statistics.median(values):,.{digits}f} ({min(values):,.{digits}f}–{max(values):,.{digits}f})"
            if values else "–")


def measurement(scenario, result):
    if scenario in ("upload", "multipart"):
        size = f"{result['bytes'] // MIB} MiB" if result["bytes"] >= MIB else f"{result['bytes']:,} B"
        how = "PUT from a file" if scenario == "upload" else "a MultipartForm file part (POST)"
        return f"{size} upload, {how}, to a discarding sink"
    if scenario == "sequential":
        return f"{result['count']:,} sequential small GETs from nginx"
    return f"{result['count']:,} small GETs from nginx, {result['in_flight']} in flight"


def rows(results):
    out = []
    for scenario in SCENARIOS:
        result = (results or {}).get(scenario)
        target = target_text(scenario)
        if not result or "skipped" in result:
            out.append((PART, f"{scenario}: (did not run)", (result or {}).get("skipped", ""), "", target,
                        "**missed**"))
            continue
        out += scenario_rows(scenario, result, target)
    return out


def target_text(scenario):
    wanted = TARGETS[scenario]
    parts = []
    if "cpu" in wanted:
        parts.append(f"CPU ≤ {wanted['cpu']}× curl's" + (" per request" if scenario == "sequential" else ""))
    if "connections" in wanted:
        parts.append("0 new connections after warm-up")
    parts.append(f"{'throughput' if scenario in ('upload', 'multipart') else 'req/s'} ≥ {wanted['rate']}×")
    return "; ".join(parts)


def scenario_rows(scenario, result, target):
    client, tool = result["sides"]
    startup = statistics.median(result["curl_startup_cpu_seconds_by_round"] or [0.0])
    transfer = scenario in ("upload", "multipart")
    amount = result["bytes"] if transfer else result["count"]
    unit = "MB/s" if transfer else "req/s"
    scale = 1e-6 if transfer else 1.0

    def rates(side):
        return [amount / seconds for seconds in side["seconds_by_round"] if seconds > 0]

    def cpu(side, net):
        return [max(value - (startup if net else 0.0), 1e-9) for value in side["cpu_seconds_by_round"]]

    label = measurement(scenario, result)
    failures = [f"{side['side']}: {side['failures']} failed ({side['first_error'][:120]})"
                for side in (client, tool) if side["failures"]]
    if not client["seconds_by_round"] or not tool["seconds_by_round"]:
        return [(PART, label, "(no complete round)", "", target, "**missed**: " + "; ".join(failures))]
    tool_cpu = cpu(tool, True)
    cpu_text = "CPU s" if transfer else "CPU ms per 1,000 requests"
    cpu_scale = 1.0 if transfer else 1e6 / amount
    digits = 2 if transfer else 3
    reference_text = (f"{spread(rates(tool), scale)} {unit}; {spread(tool_cpu, cpu_scale, digits)} {cpu_text} "
                      f"after its start-up ({startup * 1000:.1f} ms CPU, a one-request curl process) is taken off")
    client_text = f"{spread(rates(client), scale)} {unit}; {spread(cpu(client, False), cpu_scale, digits)} {cpu_text}"
    switches = client.get("context_switches_by_round") or []
    if switches:
        per = amount / MIB if transfer else amount
        client_text += (f"; {statistics.median(switches) / per:.1f} context switches per "
                        f"{'MiB' if transfer else 'request'} (thread hops)")
    rate_ratio = statistics.median([a / b for a, b in zip(rates(client), rates(tool)) if b > 0])
    cpu_ratio = statistics.median([a / b for a, b in zip(cpu(client, False), tool_cpu)])
    reasons = list(failures)
    wanted = TARGETS[scenario]
    if rate_ratio < wanted["rate"]:
        reasons.append(f"{unit} {rate_ratio:.2f}× curl's, under {wanted['rate']}×")
    if "cpu" in wanted and cpu_ratio > wanted["cpu"]:
        reasons.append(f"CPU {cpu_ratio:.2f}× curl's, over {wanted['cpu']}×")
    connections = result.get("connections")
    if connections is not None:
        ours = connections.get("client", {})
        rounds = sorted((tag for tag in ours if tag not in ("w", "all")), key=int)
        new = sum(ours[tag][1] for tag in rounds)
        warm = ours.get("w", [0, 0, 0])
        every = ours.get("all", [0, 0, 0])
        tool_new = [entry[1] for tag, entry in connections.get("curl", {}).items() if tag not in ("w", "all")]
        client_text += (f"; {new} new connections after the warm-up round (by round: "
                        f"{', '.join(str(ours[tag][1]) for tag in rounds)}), which opened {warm[1]}; "
                        f"{every[2]} connections served the {every[0]:,} requests of the counted rounds")
        reference_text += f"; opens {statistics.median(tool_new) if tool_new else 0:.0f} connections per run"
        if "connections" in wanted and new > wanted["connections"]:
            reasons.append(f"{new} new connections after warm-up")
    ratio = f"{rate_ratio:.2f}× {unit}; CPU {cpu_ratio:.2f}×"
    reference_label = f"{label}: reference {REFERENCE[scenario]} ({len(tool['seconds_by_round'])} rounds)"
    client_label = f"{label}: CurlClient ({len(client['seconds_by_round'])} rounds, alternating with curl)"
    return [(PART, reference_label, reference_text, "1.00", "", ""),
            (PART, client_label, client_text, ratio, target, "met" if not reasons else "**missed**: "
             + "; ".join(reasons))]
