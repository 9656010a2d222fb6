"""Parts of Scripts/bench that measure whole transfers and whole processes (Python 3, standard library only):

  5 CLI wait: `networking questions --json --base-url URL` against a Scripts/dev-server that answers every
    request after 4 s: CPU seconds of the whole process, over each transport (target ≤ 0.2 CPU s).
  7 files: a large download and a large multipart upload through the App's files chain (`networking files
    download` / `files upload`, so the App's own composition) over each transport, against Scripts/dev-server's
    Files API with a temporary folder: peak RSS growth over the same command with a 1 MiB file (target ≤ 64 MiB)
    and SHA-256 equal on both sides.
  8 slow consumer: `CurlClient.stream` read by a consumer that sleeps after every chunk, from nginx: the most
    bytes buffered in the client, progress's bytesReceived minus the bytes read (target ≤ 1 MiB). Encoded
    consumer: the same with a highly compressed body from Scripts/dev-server (only the row lives here; Scripts/bench
    runs it): the most live heap above the stream's start, beside a plain body of the same wire size (target
    ≤ 1 MiB in the client, libcurl's own receive buffer and pause copy counted apart).
  8 stream bound: `URLSessionClient.stream` of a 300 MB file from nginx read at full speed, 10 runs on one client:
    each run's peak RSS growth (target: every run ≤ 64 MiB; past `streamMemoryLimit` the bytes go to a spill file).
  9 download: `HTTPClient.download` over each transport and through the App's files chain, against `curl -o` of
    the same file from nginx, rounds alternating (target ≥ 0.9× curl -o).

Every file lives in a temporary folder that is removed afterwards; sizes are 2 GiB (files), 1 GiB (download),
300 MB (stream bound) and 64 MiB (slow consumer) in a full run, a few MiB with --quick.
"""

import hashlib
import json
import os
import random
import shutil
import statistics
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

MIB = 1 << 20
WAIT_MS = 4000
CLI_WAIT_TARGET = 0.2  # CPU seconds of a whole `questions` process that waits WAIT_MS on its answer
FILES_TARGET_MIB = 64
SLOW_TARGET = MIB
STREAM_BOUND_TARGET_MIB = 64
DOWNLOAD_TARGET = 0.9
TRANSPORTS = ("curl", "urlsession")
CLIENT = {"curl": "CurlClient", "urlsession": "URLSessionClient"}
SPIN = ("corelibs' write DispatchSource fires while a new connection waits (part 5; "
        "URLSessionInfrastructure README, Evidence)")


@dataclass
class Context:
    """What the parts need from Scripts/bench."""
    root: Path
    cli: Path
    bench: Path
    quick: bool
    note: Callable
    run_step: Callable
    dev_server: Callable
    curl: str


# ---------------------------------------------------------------- files and processes

def write_random_file(path, size, seed=30):
    """`size` pseudo-random bytes (seeded, so no compression or deduplication helps anyone)."""
    generator = random.Random(seed)
    with open(path, "wb") as file:
        left = size
        while left > 0:
            piece = min(left, 8 * MIB)
            file.write(generator.randbytes(piece))
            left -= piece


def sha256_file(path):
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        while chunk := file.read(8 * MIB):
            digest.update(chunk)
    return digest.hexdigest()


def timed(argv, env, timeout, stdout=os.devnull):
    """Runs `argv` with its standard output to the file `stdout`; returns wall seconds, CPU seconds (user +
    system, every thread), peak RSS in bytes (`wait4`'s ru_maxrss), the exit code and the first line of standard
    error."""
    with tempfile.TemporaryFile() as errors:
        started = time.perf_counter()
        pid = os.posix_spawn(argv[0], argv, env, file_actions=[
            (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
            (os.POSIX_SPAWN_OPEN, 1, stdout, os.O_WRONLY, 0),
            (os.POSIX_SPAWN_DUP2, errors.fileno(), 2)])
        deadline = started + timeout
        while True:
            finished, status, usage = os.wait4(pid, os.WNOHANG)
            if finished:
                break
            if time.perf_counter() > deadline:
                os.kill(pid, 9)
                _, status, usage = os.wait4(pid, 0)
                break
            time.sleep(0.02)
        elapsed = time.perf_counter() - started
        errors.seek(0)
        stderr = errors.read().decode("utf-8", "replace").strip()
    first = next((line for line in stderr.splitlines() if line.strip()), "")
    return {"seconds": elapsed, "cpu_seconds": usage.ru_utime + usage.ru_stime, "max_rss": usage.ru_maxrss * 1024,
            "code": os.waitstatus_to_exitcode(status), "stderr": first[:200]}


def cli_environment(**variables):
    environment = {key: value for key, value in os.environ.items()
                   if not key.startswith("NETWORKING_")}
    environment.update(variables)
    return environment


def post_json(url, payload):
    request = urllib.request.Request(url, data=json.dumps(payload).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status


def rotated(items, round_number):
    shift = round_number % len(items)
    return list(items[shift:]) + list(items[:shift])


def mib(value):
    return value / MIB


# ---------------------------------------------------------------- 5 CLI wait

def run_cli_wait(context):
    """`networking questions` against a server that answers after WAIT_MS, per transport; `--version` beside it
    for what start-up alone costs."""
    if not context.cli.exists():
        return {"skipped": f"{context.cli} is missing"}
    server = context.dev_server(["--fault-rate", "1", "--fault-kinds", "delay"])
    rounds = 1 if context.quick else 3
    samples = {transport: {"wait": [], "version": []} for transport in TRANSPORTS}
    try:
        if not server.start():
            return {"skipped": "Scripts/dev-server did not start"}
        post_json(f"{server.url}/_admin/faults", {"delay_ms": WAIT_MS})
        for round_number in range(rounds):
            for transport in rotated(TRANSPORTS, round_number):
                cache = tempfile.mkdtemp(prefix="bench-cli-wait-")
                try:
                    environment = cli_environment(NETWORKING_CACHE_DIR=cache)
                    base = [str(context.cli), "--transport", transport]
                    samples[transport]["version"].append(timed(base + ["--version"], environment, 30))
                    samples[transport]["wait"].append(timed(base + ["--base-url", server.url, "questions", "--json"],
                                                            environment, 60))
                finally:
                    shutil.rmtree(cache, ignore_errors=True)
            context.note(f"cli-wait: round {round_number + 1}/{rounds} done")
    finally:
        server.cleanup()
    results = []
    for transport in TRANSPORTS:
        waits, versions = samples[transport]["wait"], samples[transport]["version"]
        failed = [run for run in waits if run["code"] != 0]
        results.append({"transport": transport, "rounds": len(waits),
                        "cpu_seconds": statistics.median(run["cpu_seconds"] for run in waits),
                        "wall_seconds": statistics.median(run["seconds"] for run in waits),
                        "version_cpu_seconds": statistics.median(run["cpu_seconds"] for run in versions),
                        "failures": len(failed), "first_error": failed[0]["stderr"] if failed else ""})
    return {"wait_ms": WAIT_MS, "rows": results}


def cli_wait_rows(result):
    target = f"≤ {CLI_WAIT_TARGET} CPU s"
    if not result or "skipped" in result:
        return [("5 CLI wait", "(did not run)", (result or {}).get("skipped", ""), "", target, "**missed**")]
    rows = []
    for row in result["rows"]:
        text = (f"{row['cpu_seconds']:.3f} CPU s in {row['wall_seconds']:.2f} s "
                f"(--version alone {row['version_cpu_seconds']:.3f} CPU s)")
        if row["failures"]:
            text += f"; {row['failures']} exited non-zero ({row['first_error']})"
        ok = row["cpu_seconds"] <= CLI_WAIT_TARGET and not row["failures"]
        if ok:
            verdict = "met"
        elif row["failures"]:
            verdict = f"**missed**: the command failed ({row['first_error']})"
        else:
            waiting = row["cpu_seconds"] - row["version_cpu_seconds"]
            verdict = (f"**missed**: start-up costs {row['version_cpu_seconds']:.3f} CPU s and the wait "
                       f"{waiting:.2f} CPU s" + (f"; {SPIN}" if row["transport"] == "urlsession" else ""))
        rows.append(("5 CLI wait", f"networking questions --json --transport {row['transport']}, the server "
                     f"answers after {result['wait_ms'] / 1000:.0f} s: CPU of the whole process", text,
                     f"{row['cpu_seconds'] / row['wall_seconds']:.3f} CPU s/s" if row["wall_seconds"] else "",
                     target, verdict))
    return rows


# ---------------------------------------------------------------- 7 files

class InsufficientDisk(Exception):
    """The temporary folder's disk is too small for a part's large files."""


def large_file_scratch(prefix, size, names):
    """A new temporary folder and its subfolders `names`, for a part that keeps up to three files of `size`;
    raises InsufficientDisk, leaving nothing behind, when its disk has less than that and 1 GiB more free."""
    scratch = Path(tempfile.mkdtemp(prefix=prefix))
    free, needed = shutil.disk_usage(scratch).free, 3 * size + (1 << 30)
    if free < needed:
        shutil.rmtree(scratch, ignore_errors=True)
        raise InsufficientDisk(f"{free / (1 << 30):.1f} GiB free in {tempfile.gettempdir()}, "
                               f"{needed / (1 << 30):.0f} GiB needed")
    folders = tuple(scratch / name for name in names)
    for folder in folders:
        folder.mkdir()
    return scratch, folders


def run_files(context):
    """A large download and upload through `networking files` per transport, each beside the same command with
    a 1 MiB file; peak RSS from wait4, SHA-256 of both sides with hashlib."""
    if not context.cli.exists():
        return {"skipped": f"{context.cli} is missing"}
    size = 32 * MIB if context.quick else 2 << 30
    small = MIB
    try:
        scratch, (served, local, cache) = large_file_scratch("bench-files-", size, ("served", "local", "cache"))
    except InsufficientDisk as error:
        return {"skipped": str(error)}
    server = context.dev_server(["--files-dir", str(served), "--token-lifetime", "86400"])
    results = []
    try:
        context.note(f"files: writing {mib(size):,.0f} MiB of random bytes")
        sizes = {"large.bin": size, "small.bin": small}
        digests = {}
        for name, length in sizes.items():
            write_random_file(served / name, length, seed=length)
            digests[name] = sha256_file(served / name)
            os.link(served / name, local / f"upload-{name}")  # the upload's source, without a second copy
        if not server.start():
            return {"skipped": "Scripts/dev-server did not start"}
        environment = cli_environment(NETWORKING_FILES_URL=server.url, NETWORKING_TOKEN_URL=server.url,
                                      NETWORKING_QUESTIONS_URL=server.url, NETWORKING_CACHE_DIR=str(cache))
        for transport in TRANSPORTS:
            for direction in ("download", "upload"):
                runs = {}
                for name in ("small.bin", "large.bin"):
                    runs[name] = transfer(context, environment, transport, direction, name, served, local,
                                          digests[name])
                results.append({"transport": transport, "direction": direction, "bytes": size,
                                "small_bytes": small, "large": runs["large.bin"], "small": runs["small.bin"],
                                "growth": runs["large.bin"]["max_rss"] - runs["small.bin"]["max_rss"]})
                context.note(f"files: {direction} over {transport}: exit {runs['large.bin']['code']}, "
                             f"peak RSS {mib(runs['large.bin']['max_rss']):.0f} MiB")
    finally:
        server.cleanup()
        shutil.rmtree(scratch, ignore_errors=True)
    return {"bytes": size, "rows": results}


def transfer(context, environment, transport, direction, name, served, local, digest):
    """One `networking files download|upload`; the file it made is hashed, compared and removed."""
    base = [str(context.cli), "--transport", transport, "files"]
    if direction == "download":
        output = local / f"downloaded-{name}"
        run = timed(base + ["download", name, "--output", str(output)], environment, 300)
        received = output
    else:
        # multipart: the dev server offers tus, which `files upload` would choose (part 12 measures resumable uploads)
        run = timed(base + ["upload", "--protocol", "multipart", str(local / f"upload-{name}")], environment, 300)
        received = served / f"upload-{name}"
    run["sha256_equal"] = received.exists() and sha256_file(received) == digest
    for leftover in list(local.iterdir()) + [served / f"upload-{name}"]:
        if not leftover.name.startswith("upload-") or leftover.parent == served:
            leftover.unlink(missing_ok=True)
    return run


def files_rows(result):
    target = f"growth ≤ {FILES_TARGET_MIB} MiB; SHA-256 equal"
    if not result or "skipped" in result:
        return [("7 files", "(did not run)", (result or {}).get("skipped", ""), "", target, "**missed**")]
    rows = []
    size = result["bytes"]
    label = f"{size >> 30} GiB" if size >= 1 << 30 else f"{mib(size):.0f} MiB"
    for row in result["rows"]:
        large, small = row["large"], row["small"]
        rate = size / large["seconds"] / 1e6 if large["seconds"] else 0
        text = (f"peak RSS {mib(large['max_rss']):.0f} MiB vs {mib(small['max_rss']):.0f} MiB for 1 MiB: "
                f"{mib(row['growth']):+.0f} MiB; {large['seconds']:.1f} s ({rate:,.0f} MB/s); SHA-256 "
                + ("equal" if large["sha256_equal"] else "not equal"))
        reasons = []
        if large["code"] != 0:
            reasons.append(f"exit {large['code']}: {large['stderr']}")
        elif not large["sha256_equal"]:
            reasons.append("the SHA-256 differs")
        if mib(row["growth"]) > FILES_TARGET_MIB:
            reasons.append(f"peak RSS grew {mib(row['growth']):.0f} MiB")
        if small["code"] != 0:
            reasons.append(f"the 1 MiB side failed too (exit {small['code']}: {small['stderr']})")
        verdict = "met" if not reasons else "**missed**: " + "; ".join(reasons)
        command = f"networking files {row['direction']} --transport {row['transport']}"
        rows.append((f"7 files, {label}", f"{row['direction']} through the App's files chain over "
                     f"{CLIENT[row['transport']]} ({command})", text, "", target, verdict))
    return rows


# ---------------------------------------------------------------- 8 slow consumer and 9 download (nginx)

NGINX_SECTIONS = ("stream-bound", "slow-consumer", "download")


def run_nginx_sections(context, sections, counts, nginx):
    """Parts 8 and 9 against one nginx serving their files; the downloads go to a temporary folder."""
    directory = Path(tempfile.mkdtemp(prefix="bench-download-"))
    results = {}
    try:
        context.note(f"nginx: writing {', '.join(f'{name} ({mib(size):,.0f} MiB)' for name, size in nginx.files.items())}")
        if not nginx.start():
            skipped = {"skipped": "nginx did not start"}
            return {name: skipped for name in NGINX_SECTIONS if name in sections}
        if "stream-bound" in sections:
            bound = counts["stream-bound"]
            results["stream-bound"] = context.run_step("stream-bound", [
                "--url", nginx.url, "--path", "v1/files/bound.bin", "--bytes", str(bound["bytes"]),
                "--runs", str(bound["runs"])], timeout=900)
        if "slow-consumer" in sections:
            slow = counts["slow-consumer"]
            results["slow-consumer"] = context.run_step("slow-consumer", [
                "--url", nginx.url, "--path", "v1/files/slow.bin", "--bytes", str(slow["bytes"]),
                "--pause-us", str(slow["pause_us"])], timeout=600)
        if "download" in sections:
            download = counts["download"]
            if shutil.disk_usage(directory).free < 2 * download["bytes"] + (1 << 30):
                results["download"] = {"skipped": "not enough free disk space"}
            else:
                results["download"] = context.run_step("download", [
                    "--url", nginx.url, "--name", "large.bin", "--bytes", str(download["bytes"]),
                    "--rounds", str(download["rounds"]), "--directory", str(directory),
                    "--curl-binary", context.curl or "/usr/bin/curl"], timeout=1200)
    finally:
        nginx.cleanup()
        shutil.rmtree(directory, ignore_errors=True)
    return results


def stream_bound_rows(result):
    """Part 8, stream bound: each run's peak RSS growth while URLSessionClient streams a large file at full speed."""
    target = f"every run ≤ {STREAM_BOUND_TARGET_MIB} MiB"
    if not result or "skipped" in result:
        return [("8 stream bound", "(did not run)", (result or {}).get("skipped", ""), "", target, "**missed**")]
    runs = result["runs"]
    growths = [run["peak_rss_growth_bytes"] / MIB for run in runs]
    speeds = [run["bytes"] / MIB / run["seconds"] for run in runs if run["seconds"] > 0]
    complete = all(run["bytes"] == result["expected_bytes"] for run in runs)
    text = (f"peak RSS growth per run (MiB): {', '.join(f'{growth:.0f}' for growth in growths)}; "
            f"median {statistics.median(speeds):,.0f} MiB/s" if speeds else "no run finished")
    over = [growth for growth in growths if growth < 0 or growth > STREAM_BOUND_TARGET_MIB]
    if not runs or not complete:
        verdict = "**missed**: a run did not read the whole body"
    elif any(growth < 0 for growth in growths):
        verdict = "**missed**: /proc/self/clear_refs could not reset the peak"
    elif over:
        verdict = f"**missed**: {len(over)} of {len(runs)} runs grew by more (largest {max(over):.0f} MiB)"
    else:
        verdict = "met"
    return [("8 stream bound", f"URLSessionClient.stream of {result['expected_bytes'] / 1e6:,.0f} MB from nginx read at "
             f"full speed, {len(runs)} runs on one client ({result['memory_limit'] / MIB:g} MiB streamMemoryLimit)",
             text, f"largest {max(growths, default=0):.0f} MiB", target, verdict)]


def slow_consumer_rows(result):
    target = "≤ 1 MiB buffered"
    if not result or "skipped" in result:
        return [("8 slow consumer", "(did not run)", (result or {}).get("skipped", ""), "", target, "**missed**")]
    buffered = result["max_buffered_bytes"]
    text = (f"at most {buffered / 1024:,.0f} KiB buffered; {result['chunks']:,} chunks up to "
            f"{result['largest_chunk'] / 1024:,.0f} KiB, {result['progress_reports']:,} progress reports, "
            f"{result['seconds']:.1f} s")
    if buffered <= SLOW_TARGET and result["bytes"] == result["expected_bytes"]:
        verdict = "met"
    elif result["progress_reports"] <= 1 and buffered >= result["bytes"]:
        verdict = ("**missed**: the whole body was in memory before the reader took a byte (one progress report: "
                   "stream goes through load)")
    else:
        verdict = f"**missed**: {buffered / MIB:.1f} MiB buffered while the reader slept"
    return [("8 slow consumer", f"CurlClient.stream of {mib(result['expected_bytes']):.0f} MiB from nginx, the "
             f"reader sleeping {result['pause_us'] / 1000:g} ms per chunk", text, "", target, verdict)]


def encoded_consumer_rows(result):
    """Part 8, encoded: the most live heap a slowly read, highly compressed stream took. The target counts what
    the client holds, as part 8's plain row does: the growth less libcurl's own receive buffer and pause copy
    (one receive buffer each), which a plain stream has too and which are shown in the row."""
    target = "≤ 1 MiB in the client (live heap growth less libcurl's buffers)"
    if not result or "skipped" in result:
        return [("8 encoded consumer", "(did not run)", (result or {}).get("skipped", ""), "", target,
                 "**missed**")]
    growth = result["max_heap_growth_bytes"]
    libcurl = 2 * result["receive_buffer_bytes"]
    client = growth - libcurl
    plain = result["plain_max_heap_growth_bytes"]
    rss = result["peak_rss_growth_bytes"]
    ratio = result["bytes"] / max(result["encoded_bytes"], 1)
    text = (f"at most {growth / 1024:,.0f} KiB more live heap, {client / 1024:,.0f} KiB of it beside libcurl's "
            f"{libcurl / 1024:,.0f} KiB; {mib(result['encoded_bytes']):.1f} MiB on the wire ({ratio:,.0f}:1), "
            f"{result['chunks']:,} chunks up to {result['largest_chunk'] / 1024:,.0f} KiB, peak RSS growth "
            + (f"{rss / 1024:,.0f} KiB" if rss >= 0 else "unknown") + f", {result['seconds']:.1f} s; a plain body "
            f"of the same wire size: {plain / 1024:,.0f} KiB")
    reasons = []
    if result["bytes"] != result["expected_bytes"] or not result["all_zero"]:
        reasons.append(f"{result['bytes']:,} bytes decoded of {result['expected_bytes']:,}"
                       + ("" if result["all_zero"] else ", not all zero"))
    if client > SLOW_TARGET:
        reasons.append(f"{client / MIB:.2f} MiB more live heap in the client while the reader slept")
    verdict = "met" if not reasons else "**missed**: " + "; ".join(reasons)
    rows = [("8 encoded consumer", f"CurlClient.stream of {mib(result['expected_bytes']):,.0f} MiB of gzipped zeros "
             f"from Scripts/dev-server, the reader sleeping {result['pause_us'] / 1000:g} ms per decoded MiB", text,
             f"{growth / max(plain, 1):.2f}× plain", target, verdict)]
    if "urlsession_max_heap_growth_bytes" in result:
        session = result["urlsession_max_heap_growth_bytes"]
        expected = result["urlsession_expected_bytes"]
        complete = result["urlsession_bytes"] == expected and result["urlsession_all_zero"]
        rows.append(("8 encoded consumer, URLSessionClient", f"URLSessionClient.stream of {mib(expected):,.0f} MiB "
                     "of the same, read the same way (FoundationNetworking decodes each receive buffer whole; the "
                     "client's delegate queue makes libcurl wait once 64 pieces are queued)",
                     f"at most {session / MIB:,.1f} MiB more live heap (streamMemoryLimit "
                     f"{result['urlsession_memory_limit'] / MIB:g} MiB); "
                     + ("every byte read" if complete else f"{result['urlsession_bytes']:,} bytes read")
                     + f", {result['urlsession_seconds']:.1f} s", "", "", "reported, no target"))
    return rows


def download_rows(result):
    target = f"≥ {DOWNLOAD_TARGET}× curl -o"
    if not result or "skipped" in result:
        return [("9 download", "(did not run)", (result or {}).get("skipped", ""), "", target, "**missed**")]
    rows = []
    reference = next(row for row in result["rows"] if row["side"].startswith("curl -o"))
    label = f"{result['bytes'] >> 30} GiB" if result["bytes"] >= 1 << 30 else f"{mib(result['bytes']):.0f} MiB"
    for row in result["rows"]:
        rounds = len(row["bytes_per_second_by_round"])
        text = f"{row['bytes_per_second'] / 1e6:,.0f} MB/s ({rounds} of {result['rounds']} rounds)"
        if row.get("cpu_seconds_per_gib"):
            text += f"; {row['cpu_seconds_per_gib']:.2f} CPU s per GiB"
        if row["failures"]:
            text += f"; {row['failures']} failed"
        if row is reference:
            rows.append((f"9 download, {label} from nginx", row["side"], text, "1.00", "", ""))
            continue
        pairs = [a / b for a, b in zip(row["bytes_per_second_by_round"], reference["bytes_per_second_by_round"])
                 if b > 0]
        ratio = statistics.median(pairs) if pairs and not row["failures"] else 0.0
        if row["failures"]:
            verdict = f"**missed**: {row['first_error'][:160]}"
        elif ratio < DOWNLOAD_TARGET:
            verdict = (f"**missed**: {row['bytes_per_second'] / 1e6:,.0f} MB/s against curl's "
                       f"{reference['bytes_per_second'] / 1e6:,.0f} MB/s")
            if row.get("cpu_seconds_per_gib") and reference.get("cpu_seconds_per_gib"):
                busy = row["cpu_seconds_per_gib"] * row["bytes_per_second"] / (1 << 30)
                reference_busy = reference["cpu_seconds_per_gib"] * reference["bytes_per_second"] / (1 << 30)
                verdict += (f"; {row['cpu_seconds_per_gib']:.2f} CPU s per GiB against "
                            f"{reference['cpu_seconds_per_gib']:.2f}, busy {busy:.2f} CPU s per s of transfer "
                            f"against {reference_busy:.2f}"
                            + (": it waits more than it computes" if busy < reference_busy else ""))
        else:
            verdict = "met"
        rows.append((f"9 download, {label} from nginx", row["side"], text,
                     f"{ratio:.2f}× curl -o" if pairs else "", target, verdict))
    return rows
