"""The site's front page: one index.html linking every package's documentation."""

import html
import re


def documentation_path(target_name):
    """Where DocC puts a module's landing page, relative to the site root."""
    return f"{target_name}/documentation/{target_name.lower()}/"


def abstract(catalog_page_text):
    """The first paragraph after the title of a catalog's landing page, without markup."""
    lines = catalog_page_text.splitlines()
    paragraph = []
    for line in lines[1:]:
        if not line.strip():
            if paragraph:
                break
            continue
        paragraph.append(line.strip())
    text = " ".join(paragraph)
    text = re.sub(r"``([^`]+)``", lambda match: match.group(1).split("/")[-1], text)
    return re.sub(r"[`*]", "", text)


def index_html(packages):
    """`packages` is a list of (package name, [(target name, abstract)]) in display order."""
    sections = []
    for package, targets in packages:
        items = "\n".join(
            f'      <li><a href="{documentation_path(name)}">{html.escape(name)}</a> — {html.escape(summary)}</li>'
            for name, summary in targets)
        sections.append(f"  <section>\n    <h2>{html.escape(package)}</h2>\n    <ul>\n{items}\n    </ul>\n"
                        "  </section>")
    body = "\n".join(sections)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Networking toolkit documentation</title>
  <style>
    body {{ font-family: -apple-system, system-ui, sans-serif; max-width: 46rem; margin: 3rem auto; padding: 0 1rem;
           line-height: 1.5; color: #1d1d1f; }}
    h2 {{ margin-bottom: 0.3rem; font-size: 1.2rem; }}
    ul {{ margin-top: 0; }}
    a {{ color: #0066cc; }}
  </style>
</head>
<body>
  <h1>Networking toolkit documentation</h1>
  <p>API reference and articles of every package, built by <code>Scripts/docs</code> with the toolchain's
  <code>docc</code>.</p>
{body}
</body>
</html>
"""
