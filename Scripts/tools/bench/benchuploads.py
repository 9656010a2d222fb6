"""Part 12 of Scripts/bench: resumable uploads (Python 3, standard library only).

`bench resumable-upload` uploads one file of random bytes to Scripts/dev-server's Files API through a loopback
cutting proxy (HTTPClientTestSupport's CuttingProxy), one process per run, so wait4's peak RSS is the run's own:

  - cut: `uploadResumably` over each transport and each protocol (draft, tus) with the first 10 connections
    cut at random points (a seeded schedule of per-connection byte counts that ends at 10 random offsets of
    the file): the server's SHA-256 equals the file's, the client sent at most the file + 10 × one append
    chunk (HTTPBody.fileChunkSize; the request heads are counted in what it sent), and peak RSS grows at most
    64 MiB over the same run with a 1 MiB file;
  - throughput: uncut `uploadResumably` (draft, tus) beside the multipart upload of the same file
    (`POST /v1/files`) over the same transport, rounds alternating (target ≥ 0.9× multipart).

The file is 2 GiB in a full run (32 MiB with --quick) in a temporary folder removed afterwards; the part is
skipped, saying so, when the disk has less than three times that free.
"""

import json
import os
import random
import shutil
import statistics
import tempfile
import time
import urllib.request
from pathlib import Path

import benchtransfers

PART = "12 resumable upload"
MIB = 1 << 20
CUTS = 10
RSS_TARGET_MIB = 64
THROUGHPUT_TARGET = 0.9
PROTOCOLS = ("draft", "tus")
TRANSPORTS = benchtransfers.TRANSPORTS
CLIENT = benchtransfers.CLIENT


def run(context):
    """Every side against one dev server; returns the measurements, or {"skipped": reason}."""
    if not context.bench.exists():
        return {"skipped": f"{context.bench} is missing"}
    size = 32 * MIB if context.quick else 2 << 30
    rounds = 1 if context.quick else 2
    try:
        scratch, (served, local, records) = benchtransfers.large_file_scratch(
            "bench-uploads-", size, ("served", "local", "records"))
    except benchtransfers.InsufficientDisk as error:
        return {"skipped": str(error)}
    server = context.dev_server(["--files-dir", str(served), "--token-lifetime", "86400"])
    try:
        context.note(f"{PART}: writing {size / MIB:,.0f} MiB of random bytes")
        large, small = local / "upload.bin", local / "small" / "upload.bin"
        small.parent.mkdir()
        benchtransfers.write_random_file(large, size, seed=38)
        benchtransfers.write_random_file(small, MIB, seed=39)
        digests = {large: benchtransfers.sha256_file(large), small: benchtransfers.sha256_file(small)}
        if not server.start():
            return {"skipped": "Scripts/dev-server did not start"}
        token = issue_token(server.url)

        def upload(transport, protocol, file, cuts=()):
            run = run_upload(context, server.url, token, file, records, transport, protocol, cuts)
            stored = served / file.name
            run["sha256_equal"] = stored.exists() and benchtransfers.sha256_file(stored) == digests[file]
            stored.unlink(missing_ok=True)
            for leftover in records.iterdir():
                leftover.unlink()
            return run

        cut_rows = []
        for transport in TRANSPORTS:
            for index, protocol in enumerate(PROTOCOLS):
                schedule = cut_schedule(size, random.Random(38 + index + 2 * TRANSPORTS.index(transport)))
                baseline = upload(transport, protocol, small)
                cut = upload(transport, protocol, large, schedule)
                cut_rows.append({"transport": transport, "protocol": protocol, "large": cut, "small": baseline,
                                 "growth": cut["max_rss"] - baseline["max_rss"], "scheduled_cuts": len(schedule)})
                context.note(f"{PART}: {protocol} over {transport} cut {cut.get('cut_connections', '?')} times: "
                             f"exit {cut['code']}, {cut['seconds']:.1f} s")
        throughput = []
        for transport in TRANSPORTS:
            seconds = {kind: [] for kind in ("multipart", *PROTOCOLS)}
            failures = {kind: [] for kind in seconds}
            for round_number in range(rounds):
                for kind in benchtransfers.rotated(list(seconds), round_number):
                    run = upload(transport, kind, large)
                    if run["code"] == 0 and run["sha256_equal"] and "seconds_inside" in run:
                        seconds[kind].append(run["seconds_inside"])
                    else:
                        failures[kind].append(run["stderr"] or "the SHA-256 differs")
                context.note(f"{PART}: throughput over {transport}: round {round_number + 1}/{rounds} done")
            throughput.append({"transport": transport, "seconds": seconds, "failures": failures})
    finally:
        server.cleanup()
        shutil.rmtree(scratch, ignore_errors=True)
    return {"bytes": size, "chunk": cut_rows[0]["large"].get("append_chunk_bytes", 64 * 1024) if cut_rows else 0,
            "rounds": rounds, "cuts": cut_rows, "throughput": throughput}


def cut_schedule(size, generator):
    """Per-connection byte counts that put CUTS cuts at random offsets of a `size`-byte upload, in order."""
    offsets = sorted(generator.randrange(1, size) for _ in range(CUTS))
    return [later - earlier for earlier, later in zip([0] + offsets, offsets) if later > earlier] or [size // 2]


def issue_token(url):
    request = urllib.request.Request(f"{url}/v1/auth/token", data=b"", method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())["access_token"]


def run_upload(context, url, token, file, records, transport, protocol, cuts):
    """One `bench resumable-upload` process: wait4's figures, and the JSON line it printed."""
    argv = [str(context.bench), "resumable-upload", "--url", url, "--token", token, "--file", str(file),
            "--records", str(records), "--transport", transport, "--protocol", protocol]
    if cuts:
        argv += ["--cuts", ",".join(str(cut) for cut in cuts)]
    with tempfile.NamedTemporaryFile(prefix="bench-upload-", suffix=".json") as output:
        run = benchtransfers.timed(argv, os.environ.copy(), 600, stdout=output.name)
        text = Path(output.name).read_text()
    lines = [line for line in text.splitlines() if line.startswith("{")]
    if lines:
        result = json.loads(lines[-1])
        run.update({key: value for key, value in result.items() if key != "seconds"})
        run["seconds_inside"] = result.get("seconds")
    return run


# ---------------------------------------------------------------- rows

def rows(result):
    if not result or "skipped" in result:
        reason = (result or {}).get("skipped", "")
        return [(PART, "(did not run)", reason, "", "see Scripts/tools/bench/benchuploads.py", "**missed**")]
    size, chunk = result["bytes"], result["chunk"]
    label = f"{size >> 30} GiB" if size >= 1 << 30 else f"{size / MIB:.0f} MiB"
    bound = size + CUTS * chunk
    out = []
    for row in result["cuts"]:
        large, small = row["large"], row["small"]
        sent = large.get("forwarded_bytes", 0)
        cuts = large.get("cut_connections", 0)
        text = (f"{cuts} of {large.get('connections', '?')} connections cut; sent {sent:,} B = file "
                f"{sent - size:+,} B; peak RSS {large['max_rss'] / MIB:.0f} MiB vs {small['max_rss'] / MIB:.0f} MiB "
                f"for 1 MiB ({row['growth'] / MIB:+.0f} MiB); {large['seconds']:.1f} s; SHA-256 "
                + ("equal" if large["sha256_equal"] else "not equal"))
        reasons = []
        if large["code"] != 0:
            reasons.append(f"exit {large['code']}: {large['stderr']}")
        elif not large["sha256_equal"]:
            reasons.append("the SHA-256 differs")
        if cuts < row["scheduled_cuts"]:
            reasons.append(f"only {cuts} of {row['scheduled_cuts']} scheduled cuts happened")
        if sent > bound:
            reasons.append(f"sent {sent - bound:,} B past the bound")
        if row["growth"] / MIB > RSS_TARGET_MIB:
            reasons.append(f"peak RSS grew {row['growth'] / MIB:.0f} MiB")
        if small["code"] != 0 or not small["sha256_equal"]:
            reasons.append(f"the 1 MiB run failed (exit {small['code']}: {small['stderr']})")
        out.append((f"{PART}, {label}", f"uploadResumably, {row['protocol']}, over {CLIENT[row['transport']]}, "
                    f"cut at {row['scheduled_cuts']} random offsets by a loopback proxy", text, "",
                    f"SHA-256 equal; sent ≤ file + {CUTS} × {chunk // 1024} KiB; growth ≤ {RSS_TARGET_MIB} MiB",
                    "met" if not reasons else "**missed**: " + "; ".join(reasons)))
    for row in result["throughput"]:
        multipart = row["seconds"]["multipart"]
        for protocol in PROTOCOLS:
            timings = row["seconds"][protocol]
            failures = row["failures"][protocol] + row["failures"]["multipart"]
            if not timings or not multipart:
                out.append((f"{PART}, {label}", f"throughput, {protocol} vs multipart over "
                            f"{CLIENT[row['transport']]}", "(no complete run)", "", f"≥ {THROUGHPUT_TARGET}×",
                            f"**missed**: {failures[0] if failures else 'no run'}"))
                continue
            resumable_rate = size / statistics.median(timings) / 1e6
            multipart_rate = size / statistics.median(multipart) / 1e6
            ratio = resumable_rate / multipart_rate
            text = (f"{resumable_rate:,.0f} MB/s vs multipart {multipart_rate:,.0f} MB/s (medians of "
                    f"{len(timings)} and {len(multipart)} runs)")
            if ratio >= THROUGHPUT_TARGET:
                verdict = "met"
            else:
                verdict = (f"**missed**: {protocol} took {statistics.median(timings):.2f} s against "
                           f"{statistics.median(multipart):.2f} s")
            out.append((f"{PART}, {label}", f"throughput, uploadResumably {protocol} (uncut) vs the multipart "
                        f"upload of the same file over {CLIENT[row['transport']]}", text, f"{ratio:.2f}×",
                        f"≥ {THROUGHPUT_TARGET}×", verdict))
    return out
