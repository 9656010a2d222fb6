"""Every relative link in the README files resolves to a file or directory of the repository, and the top-level
README stays a front page (at most 150 lines)."""

import re
import unittest
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def readmes():
    found = [REPO / "README.md", *sorted(REPO.glob("App/README.md")), *sorted(REPO.glob("Packages/*/README.md")),
             *sorted(REPO.glob("Scripts/tools/*/*.md"))]
    return [path for path in found if path.is_file()]


def broken_links(path):
    """(link, reason) for each relative link in `path` whose target is missing."""
    broken = []
    for target in LINK.findall(path.read_text()):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        file = target.split("#", 1)[0]
        if not (path.parent / file).exists():
            broken.append((target, f"{(path.parent / file).resolve().relative_to(REPO)} does not exist"))
    return broken


class ReadmeTests(unittest.TestCase):
    def test_every_relative_link_resolves(self):
        for path in readmes():
            with self.subTest(readme=str(path.relative_to(REPO))):
                self.assertEqual(broken_links(path), [])

    def test_the_readme_links_the_reports_in_their_tools_folders(self):
        text = (REPO / "README.md").read_text()
        reports = ("Scripts/tools/bench/bench.md", "Scripts/tools/soak/soak.md",
                   "Scripts/tools/measure-builds/measure-builds.md", "App/README.md")
        for report in reports:
            self.assertIn(f"]({report})", text)

    def test_the_readme_is_a_front_page(self):
        self.assertLessEqual(len((REPO / "README.md").read_text().splitlines()), 150)

    def test_the_checker_notices_a_missing_file(self):
        scratch = REPO / ".build" / "readme-link-check.md"
        scratch.parent.mkdir(exist_ok=True)
        scratch.write_text("[gone](no/such/file.md) [web](https://swift.org) [here](#top)\n")
        self.addCleanup(scratch.unlink)
        self.assertEqual([link for link, _ in broken_links(scratch)], ["no/such/file.md"])


if __name__ == "__main__":
    unittest.main()
