"""Part 10 of Scripts/bench (Python 3, standard library only): whether a name that never resolves holds up
CurlClient. Each round runs `bench resolver` inside Scripts/hanging-resolver (a private mount namespace whose DNS
server never answers), with its own proxy name under `hang.invalid`, against Scripts/dev-server: how long a load
cancelled while its name resolves takes to return, and 20 concurrent loopback loads on that client against a
client that never met the name. Without the namespace (not root, or no `unshare -m`) the rows say "not
measured" and why."""

import json
import os
import statistics
import subprocess

PART = "10 resolver"
CANCEL_TARGET_MS = 100
RATIO_TARGET = 1.2
STALL_SECONDS = 60  # a round still running then is stopped: a lookup that never ends held it up
CANCEL_ROW = "CurlClient: a load cancelled while its name resolves (a DNS server that never answers) returns"
LOADS_ROW = "20 concurrent loopback loads on that client, against a client that never met the name"


def run(root, bench, dev_server, note, rounds):
    """The samples of `rounds` rounds, {"stalled": reason} when a round waited on the resolver, or
    {"skipped": reason}."""
    script = root / "Scripts" / "hanging-resolver"
    backend = dev_server()
    if not backend.start():
        backend.cleanup()
        return {"skipped": "Scripts/dev-server did not start"}
    samples = []
    try:
        for number in range(rounds):
            host = f"bench{number}.hang.invalid"
            environment = dict(os.environ, http_proxy=f"http://{host}:3128", no_proxy="127.0.0.1")
            note(f"running bench resolver, round {number + 1} of {rounds}")
            result = subprocess.run(
                [str(script), "--require", "--timeout", str(STALL_SECONDS), "--", str(bench), "resolver",
                 "--url", backend.url, "--proxy-host", host],
                env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)
            lines = result.stdout.splitlines()
            skipped = next((line.split("skipped: ", 1)[1] for line in lines
                            if line.startswith("hanging-resolver: skipped: ")), None)
            if skipped:
                return {"skipped": skipped}
            if "ran past" in result.stderr:
                return {"stalled": f"round {number + 1} was still waiting after {STALL_SECONDS} s: the cancelled load "
                                   "or the loads after it waited on the resolver"}
            measured = [json.loads(line) for line in lines if line.startswith("{")]
            if result.returncode != 0 or not measured:
                last = (result.stderr.strip().splitlines() or [""])[-1]
                return {"skipped": f"round {number + 1} failed (exit {result.returncode}): {last}"}
            samples.append(measured[-1])
    finally:
        backend.cleanup()
    return {"samples": samples}


def rows(result):
    """The part's two rows, each with met or missed and the measured reason."""
    cancel_target = f"≤ {CANCEL_TARGET_MS} ms"
    ratio_target = f"≤ {RATIO_TARGET}×"
    if result and "stalled" in result:
        return [(PART, CANCEL_ROW, result["stalled"], "", cancel_target, f"**missed**: {result['stalled']}"),
                (PART, LOADS_ROW, result["stalled"], "", ratio_target, f"**missed**: {result['stalled']}")]
    if not result or "skipped" in result:
        reason = f"not measured: {(result or {}).get('skipped', 'did not run')}"
        return [(PART, CANCEL_ROW, reason, "", cancel_target, "not measured"),
                (PART, LOADS_ROW, reason, "", ratio_target, "not measured")]
    samples = result["samples"]
    cancel_ms = [sample["cancel_seconds"] * 1000 for sample in samples]
    after = statistics.median(sample["after_cancel_seconds"] for sample in samples)
    alone = statistics.median(sample["alone_seconds"] for sample in samples)
    ratio = after / alone if alone > 0 else float("inf")
    cancel = statistics.median(cancel_ms)
    cancel_verdict = ("met" if max(cancel_ms) <= CANCEL_TARGET_MS else
                      f"**missed**: the slowest of {len(samples)} cancelled loads took {max(cancel_ms):.0f} ms")
    ratio_verdict = ("met" if ratio <= RATIO_TARGET else
                     f"**missed**: {after * 1000:.1f} ms after the cancel against {alone * 1000:.1f} ms")
    cancel_text = f"{cancel:.1f} ms (slowest {max(cancel_ms):.1f} ms) over {len(samples)} rounds"
    loads_text = f"{after * 1000:.1f} ms against {alone * 1000:.1f} ms"
    return [(PART, CANCEL_ROW, cancel_text, "", cancel_target, cancel_verdict),
            (PART, LOADS_ROW, loads_text, f"{ratio:.2f}×", ratio_target, ratio_verdict)]
