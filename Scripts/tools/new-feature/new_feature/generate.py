"""Renders the template tree into a new package directory, all or nothing."""

import shutil
import tempfile
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parent / "template"
SUFFIX = ".tmpl"


def render(text, tokens):
    for token, value in tokens.items():
        text = text.replace(token, value)
    return text


def sort_imports(text):
    """`text` with each run of consecutive `import` lines sorted, as swift-format's OrderedImports wants (the
    feature's own module names sort differently for every NAME)."""
    lines, result, run = text.splitlines(keepends=True), [], []
    for line in lines + [""]:
        if line.startswith("import "):
            run.append(line)
            continue
        result += sorted(run, key=lambda item: item.split()[1])
        run = []
        result.append(line)
    return "".join(result)


def planned_files(tokens, template=TEMPLATE):
    """{relative path in the new package: text}, from every `*.tmpl` file of the template tree."""
    files = {}
    for source in sorted(template.rglob(f"*{SUFFIX}")):
        relative = render(str(source.relative_to(template))[: -len(SUFFIX)], tokens)
        text = render(source.read_text(encoding="utf-8"), tokens)
        files[Path(relative)] = sort_imports(text) if relative.endswith(".swift") else text
    return files


def write_package(destination, files):
    """Writes `files` into a staging directory beside `destination`, then renames it into place: an
    interrupted run leaves no half-written package."""
    destination = Path(destination)
    staging = Path(tempfile.mkdtemp(prefix=f".{destination.name}-", dir=destination.parent))
    try:
        for relative, text in files.items():
            path = staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        staging.rename(destination)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
