"""Loads the built documentation site in headless Chromium and asserts what the browser renders.

Run by Scripts/test after Scripts/docs (`cd Scripts/tools/docs && python3 -m unittest docs.test_browser`). Skipped, with
a message saying so, when no Chromium is installed (Scripts/bootstrap installs Debian's chromium first).
"""

import json
import re
import unittest
import urllib.parse
import urllib.request
from pathlib import Path

from . import browser, serve, site

ROOT = Path(__file__).resolve().parents[4]
SITE = ROOT / ".build" / "docs"
CHROMIUM = browser.find()


def first_topics(target):
    """(a type's name, an article title or None) from the target's landing page topics, read from DocC's data."""
    page = json.loads((SITE / target / "data" / "documentation" / f"{target.lower()}.json").read_text())
    references = page["references"]
    symbols, articles = [], []
    for section in page.get("topicSections", []):
        for identifier in section["identifiers"]:
            reference = references[identifier]
            if reference.get("role") in ("article", "collectionGroup"):  # an article with topics: a collection
                articles.append(reference["title"])
            elif "(" not in reference["title"]:  # a type: functions render as declarations, not titles
                symbols.append(reference["title"])
    return symbols[0], (articles[0] if articles else None)


@unittest.skipUnless(CHROMIUM, "chromium is not installed: browser test of the documentation SKIPPED "
                               "(apt-get install chromium)")
class DocumentationSiteInBrowserTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not (SITE / "index.html").is_file():
            raise AssertionError("no site in .build/docs: run Scripts/docs first")
        cls.server = serve.start(SITE)
        cls.base = f"http://127.0.0.1:{cls.server.server_port}/"
        index = (SITE / "index.html").read_text()
        cls.targets = sorted(path.name for path in SITE.iterdir() if (path / "data" / "documentation").is_dir())
        cls.index = index

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()

    def test_index_links_every_package_landing_page(self):
        text = browser.body_text(browser.rendered_dom(CHROMIUM, self.base))
        self.assertIn("Networking toolkit documentation", text)
        self.assertGreater(len(self.targets), 0)
        for target in self.targets:
            self.assertIn(f'href="{site.documentation_path(target)}"', self.index, target)
            self.assertIn(target, text)

    def test_each_landing_page_renders_its_symbols_and_articles(self):
        for target in self.targets:
            with self.subTest(target=target):
                url = self.base + site.documentation_path(target)
                shell = urllib.request.urlopen(url, timeout=10).read().decode()
                rendered = browser.body_text(browser.rendered_dom(CHROMIUM, url))
                symbol, article = first_topics(target)
                self.assertNotIn("Overview", browser.body_text(shell), "the static shell already has content")
                self.assertIn(target, rendered)
                self.assertIn("Topics", rendered)
                # DocC lets long names break between words (`Authenticated HTTPClient`): compare without spaces.
                self.assertIn(symbol, "".join(rendered.split()))
                if article:
                    self.assertIn(article, rendered)

    def test_an_article_renders(self):
        url = self.base + site.documentation_path("HTTPClient") + "buildingafeatureinisolation"
        rendered = browser.body_text(browser.rendered_dom(CHROMIUM, url))
        self.assertIn("Building a feature in isolation", rendered)
        self.assertIn("Ask for closures, not clients", rendered)

    def test_the_http_client_page_links_the_composition_root_article_of_the_app(self):
        page = self.base + site.documentation_path("HTTPClient")
        dom = browser.rendered_dom(CHROMIUM, page)
        links = re.findall(r'<a href="([^"]+)" class="inline-link">Wiring the composition root</a>', dom)
        self.assertEqual(len(links), 1, "the rendered HTTPClient page should link the article once")
        rendered = browser.body_text(browser.rendered_dom(CHROMIUM, urllib.parse.urljoin(page, links[0])))
        self.assertIn("Wiring the composition root", rendered)
        self.assertIn("Build the closures", rendered)

    def test_screenshot_of_the_http_client_page_is_an_image(self):
        path = ROOT / ".build" / "docs-screenshot.png"
        path.unlink(missing_ok=True)
        browser.screenshot(CHROMIUM, self.base + site.documentation_path("HTTPClient"), path)
        self.assertEqual(path.read_bytes()[:8], b"\x89PNG\r\n\x1a\n")
        self.assertGreater(path.stat().st_size, 20_000, "a blank page compresses to a few kilobytes")


if __name__ == "__main__":
    unittest.main()
