"""Writes a script's generated results into its report file (Scripts/tools/bench/bench.md,
Scripts/tools/soak/soak.md), between two marker lines, keeping the hand-written text around them."""

from pathlib import Path


def markers(script):
    return (f"<!-- Scripts/{script}: generated results begin (a full run rewrites this part) -->",
            f"<!-- Scripts/{script}: generated results end -->")


def write_results(path, script, results):
    """Replaces the text between the markers of `script` in `path` with `results` (the file is created, with
    just the markers and results, when missing; markers are appended when the file has none)."""
    path = Path(path)
    begin, end = markers(script)
    block = f"{begin}\n\n{results.strip()}\n\n{end}"
    text = path.read_text() if path.exists() else ""
    if begin in text and end in text:
        before, rest = text.split(begin, 1)
        after = rest.split(end, 1)[1]
        text = before + block + after
    else:
        text = (text.rstrip() + "\n\n" if text.strip() else "") + block + "\n"
    path.write_text(text)
