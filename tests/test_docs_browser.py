"""The documentation site renders in a real browser: headless Chromium loads the start page
and one API page of a fresh build and finds the title, the navigation and a highlighted
code block, each displayed with a size (so the theme's CSS and JavaScript ran).

Runs in ``tox -e docs``, which builds the site with ``-W`` first and passes its folder in
``ARRAYKIT_DOCS_HTML``; without it the test builds the site itself.  Skipped, with the
reason, where Sphinx, Selenium, Chromium or chromedriver is missing (the test
environments of CI install none of them).  ``ARRAYKIT_DOCS_SCREENSHOTS=<folder>`` keeps a
screenshot of each page there.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "chrome")


def _missing() -> str | None:
    for module in ("sphinx", "selenium", "pydata_sphinx_theme", "myst_parser"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install '.[docs]')"
    if not any(shutil.which(b) for b in BROWSERS):
        return "no Chromium/Chrome browser on PATH (apt-get install chromium)"
    if not shutil.which("chromedriver"):
        return "no chromedriver on PATH (apt-get install chromium-driver)"
    return None


pytestmark = pytest.mark.skipif(_missing() is not None, reason=str(_missing()))


@pytest.fixture(scope="module")
def html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    built = os.environ.get("ARRAYKIT_DOCS_HTML")
    if built:
        out = Path(built)
        assert (out / "index.html").is_file(), f"ARRAYKIT_DOCS_HTML={built} holds no build"
        return out
    from sphinx.cmd.build import build_main

    out = tmp_path_factory.mktemp("docs-html")
    assert build_main(["-b", "html", "-q", "-W", "--keep-going", str(ROOT / "docs"), str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = next(shutil.which(b) for b in BROWSERS if shutil.which(b))
    # A fresh profile, and none of Chromium's own network traffic: the pages are local
    # files, and a machine without internet refuses those connections by the dozen.
    profile = tempfile.mkdtemp(prefix="arraykit-docs-chromium-")
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--window-size=1400,1000",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def _shown(browser, css: str):
    """The first element matching ``css`` that is displayed with a non-empty box."""
    from selenium.webdriver.common.by import By

    for element in browser.find_elements(By.CSS_SELECTOR, css):
        size = element.size
        if element.is_displayed() and size["width"] > 0 and size["height"] > 0:
            return element
    raise AssertionError(f"no displayed element matches {css!r} on {browser.current_url}")


def _screenshot(browser, name: str) -> None:
    folder = os.environ.get("ARRAYKIT_DOCS_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(Path(folder) / name))


def test_start_page_renders(html: Path, browser) -> None:
    browser.get((html / "index.html").as_uri())
    assert browser.title.startswith("arraykit")
    assert "arraykit" in _shown(browser, "h1").text
    nav = _shown(browser, "nav.bd-docs-nav, nav.bd-links, .bd-header nav")
    links = [a.text for a in nav.find_elements("css selector", "a") if a.text]
    assert "Coming from TF-NumPy" in " ".join(links), links
    code = _shown(browser, "div.highlight pre")
    assert "import arraykit as ak" in code.text
    # The theme's stylesheet applied: code blocks get a background colour.
    background = code.value_of_css_property("background-color")
    assert background not in ("rgba(0, 0, 0, 0)", "transparent"), background
    _screenshot(browser, "start-page.png")


def test_api_page_renders(html: Path, browser) -> None:
    browser.get((html / "reference" / "sorting.html").as_uri())
    assert browser.title.startswith("Sorting functions")
    signature = _shown(browser, "dt[id='arraykit.sort']")
    assert "sort" in signature.text and "descending" in signature.text
    _shown(browser, "nav.bd-docs-nav, nav.bd-links")
    example = signature.find_element(
        "xpath", "following-sibling::dd[1]//div[contains(@class, 'highlight')]/pre"
    )
    assert example.is_displayed() and example.size["height"] > 0
    assert ">>> ak.sort(" in example.text
    spec = _shown(browser, "a[href*='data-apis.org/array-api/2025.12']")
    assert spec.get_attribute("href").startswith("https://")
    _screenshot(browser, "api-page-sort.png")
