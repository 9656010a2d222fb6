"""Part 6 of Scripts/bench: how fast the `networking` binary answers from its cache, as whole processes, next to
a Swift program that only loads Foundation and prints a small JSON document (the floor).

Each side is a process started with subprocess.run and timed with time.perf_counter, standard output and error
to /dev/null. A round runs every side once, in rotated order, reversed every other round; a side's ratio is the
median of its per-round ratios to the floor. The cache is primed by one `networking questions --json` against
Scripts/dev-server (NETWORKING_QUESTIONS_URL, NETWORKING_CACHE_DIR in a temporary directory) and primed again
before its 60 s of freshness run out, outside the timing. Nothing needs hyperfine.

Target: a cached `questions --json` within 1.5x the floor (met), 1.2x (goal), as medians of per-round ratios; and
its best of the first 15 rounds within 1.1x the floor's best of the same rounds (the figure a quiet machine gives,
which a loaded one cannot give as a median). A missed target is reported with the measured reason; it never fails
the run.
"""

import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

TARGET, GOAL = 1.5, 1.2
BEST_OF, BEST_TARGET = 15, 1.1  # the best of the first BEST_OF rounds of each side, against the floor's
FRESH_SECONDS = 40  # re-primed after this: Stack Exchange answers are fresh for 60 s
ROUNDS = {"full": 60, "quick": 8}


def build(root, package, note):
    """The probes and the dynamically linked CLI (SwiftPM's plain release build, in the benchmark package), and
    the binary Scripts/release makes (statically linked, libcurl loaded on first use).
    Returns {name: path}, or raises SystemExit when a build fails."""
    binaries = {}
    for product in ("startup-floor", "startup-session", "networking"):
        run_build(["swift", "build", "-c", "release", "--package-path", str(package), "--product", product], note)
        binaries[product] = package / ".build" / "release" / product
    note("building the CLI with Scripts/release (static when it can)")
    result = subprocess.run([str(root / "Scripts" / "release"), "--scratch-path", str(package / ".build-release")],
                            capture_output=True, text=True, timeout=1200)
    if result.returncode != 0:
        note("Scripts/release failed; the static rows are skipped:\n" + result.stderr[-2000:])
    elif "statically" in result.stderr:
        binaries["networking-static"] = Path(result.stdout.strip().splitlines()[-1])
    else:
        binaries["static-missing"] = next((line for line in result.stderr.splitlines() if "missing" in line), "")
    return binaries


def run_build(command, note):
    note(" ".join(command[1:4] + command[-2:]))
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=1200)
    if result.returncode != 0:
        print(result.stdout[-4000:])
        raise SystemExit("bench: a start-up build failed")


def sides(binaries):
    """(name, argv, group) for every side; the first is the floor."""
    floor, session, cli = (str(binaries[name]) for name in ("startup-floor", "startup-session", "networking"))
    rows = [("floor: Foundation only, prints a small JSON document", [floor], "floor"),
            ("(c) floor + one date through JSONEncoder's .iso8601 (ICU time zone data; the CLI avoids it)",
             [floor, "--iso8601"], "c"),
            ("(b) floor + FoundationNetworking linked (libcurl and its libraries load)", [session], "b"),
            ("(a) that + 2 URLSessionClients made (what eager transports cost; a cache hit makes none)",
             [session, "--sessions", "2"], "a")]
    builds = [("dynamic", cli)] + ([("static", str(binaries["networking-static"]))]
                                   if "networking-static" in binaries else [])
    for linking, path in builds:
        rows += [(f"networking --version ({linking})", [path, "--version"], linking),
                 (f"networking questions --json, cached ({linking})", [path, "questions", "--json"], linking),
                 (f"networking questions --json --offline ({linking})", [path, "questions", "--json", "--offline"],
                  linking)]
    return rows


def timed(argv, env):
    """Wall seconds (perf_counter around posix_spawn and wait4), CPU seconds (user + system, every thread) and
    the exit code of one run, its output thrown away."""
    quiet = [(os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_WRONLY, 0) for fd in (1, 2)]
    started = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env, file_actions=quiet)
    _, status, usage = os.wait4(pid, 0)
    elapsed = time.perf_counter() - started
    return elapsed, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def prime(cli, env):
    """One `questions --json` through the dev server, then one that must come from the cache."""
    subprocess.run([cli, "questions", "--json"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                   timeout=60, check=True)
    second = subprocess.run([cli, "questions", "--json"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, env=env, timeout=60)
    if second.returncode != 0 or "cached answer" not in second.stderr:
        raise RuntimeError(f"the cache did not answer: {second.stderr.strip()[:200]}")
    return time.monotonic()


def measure(binaries, url, rounds, note):
    """Times every side for `rounds` rounds; returns the results as a dict (JSON-ready)."""
    cache = tempfile.mkdtemp(prefix="bench-startup-")
    env = dict(os.environ, NETWORKING_QUESTIONS_URL=url, NETWORKING_CACHE_DIR=cache)
    env.pop("NETWORKING_TIMEOUT", None)
    rows = sides(binaries)
    cli = str(binaries["networking"])
    times = [[] for _ in rows]
    cpu = [[] for _ in rows]
    failures = [0] * len(rows)
    try:
        primed = prime(cli, env)
        note(f"start-up: {len(rows)} sides x {rounds} rounds (+1 warm-up round)")
        for round_number in range(rounds + 1):
            if time.monotonic() - primed > FRESH_SECONDS:
                primed = prime(cli, env)
            order = list(range(len(rows)))
            shift = round_number % len(order)
            order = order[shift:] + order[:shift]
            if round_number % 2:
                order.reverse()
            for index in order:
                seconds, cpu_seconds, code = timed(rows[index][1], env)
                if round_number == 0:
                    continue
                times[index].append(seconds)
                cpu[index].append(cpu_seconds)
                failures[index] += code != 0
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    floor = times[0]
    results = []
    for (name, argv, group), samples, cpu_samples, failed in zip(rows, times, cpu, failures):
        results.append({"name": name, "group": group, "median_ms": statistics.median(samples) * 1000,
                        "min_ms": min(samples) * 1000, "best_of": min(BEST_OF, len(samples)),
                        "best_ms": min(samples[:BEST_OF]) * 1000,
                        "ratio": statistics.median(s / f for s, f in zip(samples, floor)),
                        "cpu_ms": statistics.median(cpu_samples) * 1000,
                        "cpu_ratio": statistics.median(c / f for c, f in zip(cpu_samples, cpu[0]) if f > 0),
                        "failures": failed})
    return {"rounds": rounds, "sides": results, "static_missing": binaries.get("static-missing"),
            "libraries": {name: shared_libraries(path) for name, path in binaries.items()
                          if name in ("startup-floor", "networking", "networking-static")}}


def is_static(path):
    """Whether `path` has the Swift runtime linked in (assumed so without ldd)."""
    if not shutil.which("ldd"):
        return True
    return "libswiftCore.so" not in subprocess.run(["ldd", str(path)], capture_output=True, text=True).stdout


def shared_libraries(path):
    """How many shared libraries `path` loads (ldd), or None without ldd."""
    if not shutil.which("ldd"):
        return None
    output = subprocess.run(["ldd", str(path)], capture_output=True, text=True).stdout
    return sum(1 for line in output.splitlines() if "=>" in line)


def run(root, package, url, quick, skip_build, note):
    """Builds (unless skip_build) and measures; None when something needed is missing."""
    if skip_build:
        release = package / ".build-release" / "release" / "networking"
        binaries = {name: package / ".build" / "release" / name
                    for name in ("startup-floor", "startup-session", "networking")}
        if release.exists() and is_static(release):
            binaries["networking-static"] = release
    else:
        binaries = build(root, package, note)
    missing = [str(path) for name, path in binaries.items() if isinstance(path, Path) and not path.exists()]
    if missing:
        note(f"start-up: missing {', '.join(missing)}; run without --skip-build")
        return None
    try:
        return measure(binaries, url, ROUNDS["quick" if quick else "full"], note)
    except (RuntimeError, subprocess.SubprocessError, OSError) as error:
        note(f"start-up: {error}")
        return None


def table_rows(result):
    """Part 6's rows for Scripts/bench's table."""
    target = f"cached ≤ {TARGET}× floor (goal ≤ {GOAL}×); best of {BEST_OF} ≤ {BEST_TARGET}× the floor's"
    if not result:
        return [("6 start-up", "(did not run)", "", "", target, "**missed**")]
    by_name = {side["name"]: side for side in result["sides"]}
    floor = result["sides"][0]
    rows = []
    for side in result["sides"]:
        text = f"{side['median_ms']:.1f} ms (min {side['min_ms']:.1f}); CPU {side['cpu_ms']:.1f} ms"
        if side["failures"]:
            text += f"; {side['failures']} exited non-zero"
        ratio = "1.00" if side is floor else f"{side['ratio']:.2f}× floor (CPU {side['cpu_ratio']:.2f}×)"
        if "best_ms" in side:
            text += f"; best of {side['best_of']} {side['best_ms']:.1f} ms"
            if side is not floor:
                ratio += f"; best {side['best_ms'] / floor['best_ms']:.2f}×"
        verdict, goal = "", ""
        if "cached" in side["name"]:
            goal = target
            verdict = cached_verdict(side, by_name, floor, result)
        rows.append(("6 start-up", side["name"], text, ratio, goal, verdict))
    if result.get("static_missing"):
        rows.append(("6 start-up", "static build", "skipped: " + result["static_missing"].replace("release: ", ""),
                     "", "", ""))
    return rows


def cached_verdict(side, by_name, floor, result):
    """The median's verdict, then the best-of one."""
    verdict = median_verdict(side, by_name, floor, result)
    if "best_ms" not in side:
        return verdict
    best = side["best_ms"] / floor["best_ms"]
    if best <= BEST_TARGET:
        return f"{verdict}; best of {side['best_of']} met ({best:.2f}×)"
    return (f"{verdict}; best of {side['best_of']} **missed**: {side['best_ms']:.1f} ms against the floor's "
            f"{floor['best_ms']:.1f} ms ({best:.2f}×)")


def median_verdict(side, by_name, floor, result):
    """met / goal met, or missed with the measured reason: what start-up alone costs, and what the hit adds."""
    ok = side["ratio"] <= TARGET and not side["failures"]
    if side["ratio"] <= GOAL and ok:
        return "met (goal met)"
    linking = "static" if "(static)" in side["name"] else "dynamic"
    version = by_name.get(f"networking --version ({linking})")
    libraries = result["libraries"].get("networking-static" if linking == "static" else "networking")
    reason = []
    if version:
        reason.append(f"start-up alone (--version) is {version['ratio']:.2f}× the floor, "
                      f"{version['median_ms'] - floor['median_ms']:+.1f} ms"
                      + (f" ({libraries} shared libraries vs {result['libraries'].get('startup-floor')})"
                         if libraries else ""))
        reason.append(f"the cached answer adds {side['median_ms'] - version['median_ms']:+.1f} ms "
                      f"({side['cpu_ms'] - version['cpu_ms']:+.1f} ms CPU) to it")
    verdict = "met" if ok else "**missed**"
    return f"{verdict}; goal missed: " + "; ".join(reason) if ok else f"{verdict}: " + "; ".join(reason)
