"""Part 10 of Scripts/bench: TLS session resumption across the clients of one CurlConnectionPool.

nginx on 127.0.0.1 serves HTTPS (HTTP/1.1, `keepalive_timeout 0`, so every request needs a new connection)
with a self-signed certificate, and logs `$ssl_session_reused` per request. `bench tls-sessions` sends
sequential requests through a new CurlClient each, on one shared pool and, side by side, each on its own
private pool; the rows count how many of the second and later connections resumed the session (met when all
of the shared pool's did) and compare the median request times of the two sides.
"""

import shutil
import subprocess
import tempfile
import time
from pathlib import Path

PART = "11 TLS sessions"
LOG_FORMAT = "$ssl_session_reused $arg_side $arg_n"


def config(directory, port):
    d = directory
    return f"""daemon off;
master_process off;
worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/error.log warn;
events {{ worker_connections 256; }}
http {{
    log_format sessions '{LOG_FORMAT}';
    access_log {d}/access.log sessions;
    default_type application/json;
    keepalive_timeout 0;
    client_body_temp_path {d}/client_body;
    proxy_temp_path {d}/proxy;
    fastcgi_temp_path {d}/fastcgi;
    uwsgi_temp_path {d}/uwsgi;
    scgi_temp_path {d}/scgi;
    server {{
        listen 127.0.0.1:{port} ssl;
        ssl_certificate {d}/cert.pem;
        ssl_certificate_key {d}/key.pem;
        ssl_session_cache shared:bench:1m;
        root {d}/www;
        location / {{ }}
    }}
}}
"""


def make_certificate(directory):
    """A self-signed EC certificate for IP:127.0.0.1, as DevServerSupport's SelfSignedCertificate makes it."""
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(directory / "key.pem"), "-out", str(directory / "cert.pem")],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def run(context, nginx, count, rounds, free_port, wait_for_port, stop_process, json_file):
    """Runs `bench tls-sessions` against a TLS nginx; returns its result with the access log's counts added."""
    if not nginx:
        return {"skipped": "nginx is not installed (Scripts/bootstrap --bench)"}
    if not shutil.which("openssl"):
        return {"skipped": "openssl is not installed"}
    directory = Path(tempfile.mkdtemp(prefix="bench-tls-"))
    process = None
    try:
        www = directory / "www"
        www.mkdir()
        (www / "bench.json").write_text(json_file)
        for path in (directory, www):
            path.chmod(0o755)
        (www / "bench.json").chmod(0o644)
        make_certificate(directory)
        (directory / "key.pem").chmod(0o644)
        port = free_port()
        (directory / "nginx.conf").write_text(config(directory, port))
        process = subprocess.Popen([nginx, "-c", str(directory / "nginx.conf"), "-p", str(directory)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not wait_for_port(port, process):
            return {"skipped": "nginx with TLS did not start: "
                    + (directory / "error.log").read_text(errors="replace")[-300:]}
        # wait_for_port's own probe connection is no TLS handshake and logs no request.
        result = context.run_step("tls-sessions", ["--url", f"https://127.0.0.1:{port}", "--path", "bench.json",
                                                   "--ca", str(directory / "cert.pem"), "--count", str(count),
                                                   "--rounds", str(rounds)])
        if not result:
            return None
        result["log"] = parse_log(read_log(directory / "access.log", 2 * rounds * count), count)
        return result
    finally:
        stop_process(process)
        shutil.rmtree(directory, ignore_errors=True)


def read_log(path, lines, seconds=5):
    """The access log once it has `lines` lines (nginx writes one when a request ends, possibly after the
    client got its answer), or as it is after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        text = path.read_text() if path.exists() else ""
        if len(text.splitlines()) >= lines or time.monotonic() > deadline:
            return text
        time.sleep(0.05)


def parse_log(text, count):
    """Per side: the requests that needed a new connection after each round's first, and how many resumed."""
    sides = {}
    for line in text.splitlines():
        fields = line.split()
        if len(fields) != 3 or not fields[2].isdigit():
            continue
        reused, side, number = fields[0] == "r", fields[1], int(fields[2])
        counts = sides.setdefault(side, {"later": 0, "resumed": 0, "requests": 0})
        counts["requests"] += 1
        if number % count != 0:
            counts["later"] += 1
            counts["resumed"] += reused
    return sides


def rows(result):
    target = "every later connection resumes"
    if not result or "skipped" in result:
        return [(PART, "(did not run)", (result or {}).get("skipped", ""), "", target, "**missed**")]
    log = result["log"]
    shared = log.get("shared", {"later": 0, "resumed": 0, "requests": 0})
    private = log.get("private", {"later": 0, "resumed": 0, "requests": 0})
    expected = result["rounds"] * result["count"]
    complete = shared["requests"] == expected and private["requests"] == expected
    met = complete and shared["later"] > 0 and shared["resumed"] == shared["later"]
    if met:
        verdict = "met"
    elif not complete:
        verdict = (f"**missed**: nginx logged {shared['requests']} and {private['requests']} of {expected} "
                   f"requests per side")
    else:
        verdict = (f"**missed**: {shared['later'] - shared['resumed']} of {shared['later']} later connections "
                   "negotiated a new session")
    ratio = (result["private_median_ms"] / result["shared_median_ms"]) if result["shared_median_ms"] else 0
    setup = (f"{result['rounds']} rounds of {result['count']} sequential requests, a new CurlClient each, to "
             "nginx over TLS (HTTP/1.1, a new connection per request)")
    return [
        (PART, f"one shared CurlConnectionPool: {setup}",
         f"{shared['resumed']}/{shared['later']} later connections resumed ($ssl_session_reused); median "
         f"{result['shared_median_ms']:.2f} ms per request", f"{ratio:.2f}× faster than private pools", target,
         verdict),
        (PART, "a private pool per client (the other initializers), same requests, alternating",
         f"{private['resumed']}/{private['later']} later connections resumed; median "
         f"{result['private_median_ms']:.2f} ms per request", "1.00", "", ""),
    ]
