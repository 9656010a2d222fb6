"""Headless Chromium: renders a page of the site (DocC pages are a JavaScript app) and returns its DOM text."""

import html
import re
import shutil
import subprocess
import tempfile

CANDIDATES = ("chromium", "chromium-browser", "google-chrome")


def find():
    """The path of an installed Chromium, or None."""
    for name in CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    return None


def _run(chromium, url, *extra):
    with tempfile.TemporaryDirectory() as profile:
        result = subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--no-first-run", f"--user-data-dir={profile}", "--virtual-time-budget=15000", *extra, url],
            capture_output=True, text=True, timeout=120)
    return result


def rendered_dom(chromium, url):
    """The DOM after the page's scripts ran."""
    result = _run(chromium, url, "--dump-dom")
    if result.returncode != 0 or not result.stdout:
        raise RuntimeError(f"chromium failed on {url} (exit {result.returncode}): {result.stderr[-2000:]}")
    return result.stdout


def screenshot(chromium, url, path):
    """Writes a 1280x900 PNG of the rendered page to `path`."""
    result = _run(chromium, url, "--hide-scrollbars", "--window-size=1280,900", f"--screenshot={path}")
    if result.returncode != 0:
        raise RuntimeError(f"chromium could not take a screenshot of {url}: {result.stderr[-2000:]}")


def body_text(document):
    """The visible text of a document's body: no head, scripts, styles or <noscript> fallback."""
    body = document.split("<body", 1)[-1]
    body = re.sub(r"<(script|style|noscript)\b.*?</\1>", " ", body, flags=re.S | re.I)
    text = re.sub(r"<[^>]+>", " ", body)
    return re.sub(r"\s+", " ", html.unescape(text))
