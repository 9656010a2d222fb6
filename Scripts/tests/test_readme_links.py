"""Every relative link in the README files resolves to a file or directory of the repository, and the top-level
README stays a front page (at most 150 lines) that opens with the Swift sample a root test target compiles."""

import re
import unittest
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
SAMPLE_SOURCE = REPO / "Tests" / "EndToEndTests" / "Readme" / "ReadmeSample.swift"


def readme_sample():
    """The first Swift block of the top-level README, and where it starts."""
    text = (REPO / "README.md").read_text()
    match = re.search(r"^```swift\n(.*?)^```$", text, re.MULTILINE | re.DOTALL)
    return (match.group(1), text[:match.start()].count("\n")) if match else (None, None)


def compiled_sample():
    """The lines between the README sample markers of the compiled test source."""
    text = SAMPLE_SOURCE.read_text()
    begin, end = "// README sample: begin\n", "// README sample: end"
    return text[text.index(begin) + len(begin):text.index(end)]


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

    def test_the_readme_opens_with_the_compiled_sample_of_at_most_20_lines(self):
        sample, line = readme_sample()
        self.assertIsNotNone(sample, "README.md has no ```swift block")
        first_heading = next(i for i, l in enumerate((REPO / "README.md").read_text().splitlines()) if
                             l.startswith("## "))
        self.assertLess(line, first_heading, "the sample comes before the first section")
        self.assertLessEqual(len(sample.splitlines()), 20)
        self.assertEqual(sample, compiled_sample(),
                         f"README.md's sample differs from {SAMPLE_SOURCE.relative_to(REPO)}: copy one to the other")

    def test_the_checker_notices_a_missing_file(self):
        scratch = REPO / ".build" / "readme-link-check.md"
        scratch.parent.mkdir(exist_ok=True)
        scratch.write_text("[gone](no/such/file.md) [web](https://swift.org) [here](#top)\n")
        self.addCleanup(scratch.unlink)
        self.assertEqual([link for link, _ in broken_links(scratch)], ["no/such/file.md"])


if __name__ == "__main__":
    unittest.main()
