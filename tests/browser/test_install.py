"""The game is installable as an app (web app manifest, icons, service worker),
from a sub-path, as Chromium judges it through the DevTools protocol.

Chromium never offers to install from an incognito profile, and the usual
`context` fixture is one (a fresh context of a launched browser): these tests
run in a persistent context with its own new profile folder instead.
"""

from __future__ import annotations

import json

import pytest

from tests.browser.browser_helpers import (
    READY_TIMEOUT_MS,
    build,
    wait_ready,
    wait_service_worker,
    wait_until,
)
from tools import chromium

PNG_SIZE = """async (url) => {
  const image = new Image();
  image.src = url;
  await image.decode();
  return [image.naturalWidth, image.naturalHeight];
}"""


@pytest.fixture
def context(playwright_instance, recorder, tmp_path):
    """A browser with a new, non-incognito profile; everything recorded."""
    context = playwright_instance.chromium.launch_persistent_context(
        tmp_path / "profile",
        executable_path=chromium.executable(),
        args=[*chromium.CHROMIUM_ARGS, *chromium.TEST_ARGS],
        headless=True,
        service_workers="allow",
    )
    recorder.attach(context)
    yield context
    context.close()


@pytest.fixture
def page(context):
    page = context.pages[0] if context.pages else context.new_page()
    page.set_default_timeout(READY_TIMEOUT_MS)
    yield page


def open_controlled(page, url: str) -> None:
    """Open the page and wait until its service worker controls it."""
    page.goto(url)
    wait_ready(page)
    wait_service_worker(page)
    wait_until(page, "navigator.serviceWorker.controller !== null")


def test_installable_from_a_sub_path(site_subpath, page, recorder):
    open_controlled(page, site_subpath.url)
    cdp = page.context.new_cdp_session(page)

    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors

    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == site_subpath.url + build.MANIFEST_NAME
    assert manifest["errors"] == [], manifest["errors"]
    assert json.loads(manifest["data"])["name"] == "Mykerinos"
    # Relative start_url and scope resolve to the sub-path the site is served from.
    parsed = manifest["manifest"]
    assert parsed["startUrl"] == site_subpath.url
    assert parsed["scope"] == site_subpath.url
    assert [icon["url"] for icon in parsed["icons"]] == [
        site_subpath.url + icon["src"].removeprefix("./") for icon in build.app_manifest()["icons"]
    ]
    # The enum's spelling varies between Chromium versions ("standalone", "kStandalone").
    assert parsed["display"].lower() in ("standalone", "kstandalone")

    # The icons decode at the sizes the manifest announces.
    for icon in build.app_manifest()["icons"]:
        if icon["type"] == "image/png":
            width, height = map(int, icon["sizes"].split("x"))
            assert page.evaluate(PNG_SIZE, icon["src"]) == [width, height], icon["src"]
    assert (
        page.evaluate("document.querySelector('meta[name=theme-color]').content")
        == build.THEME_COLOR
    )

    recorder.assert_only_host(site_subpath.host)
    recorder.assert_no_http_errors()
    recorder.assert_no_console_errors()


COMPARE_ICONS = """async ([svgUrl, pngUrl, size]) => {
  const pixels = async (url) => {
    const image = new Image(size, size);
    image.src = url;
    await image.decode();
    const canvas = new OffscreenCanvas(size, size);
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0, size, size);
    return context.getImageData(0, 0, size, size).data;
  };
  const [a, b] = [await pixels(svgUrl), await pixels(pngUrl)];
  let total = 0, far = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i] - b[i]);
    total += d;
    if (d > 64) far++;
  }
  return { mean: total / a.length, far: far / a.length };
}"""


def test_svg_and_png_icons_show_the_same_picture(site_subpath, page):
    """Chromium's drawing of the SVG matches the build's own rasterised PNG."""
    page.goto(site_subpath.url + build.MANIFEST_NAME)
    for size in build.ICON_SIZES:
        diff = page.evaluate(COMPARE_ICONS, ["icons/icon.svg", f"icons/icon-{size}.png", size])
        # Only anti-aliased edges may differ a little (different filters).
        assert diff["mean"] < 1.5 and diff["far"] < 0.002, (size, diff)


def test_manifest_and_icons_are_served_offline(site_subpath, context, page):
    open_controlled(page, site_subpath.url)
    urls = [build.MANIFEST_NAME] + [icon["src"] for icon in build.app_manifest()["icons"]]
    context.set_offline(True)
    try:
        got = page.evaluate(
            """async (urls) => Promise.all(urls.map(async (url) => {
                 const response = await fetch(url);
                 return [url, response.status, (await response.arrayBuffer()).byteLength];
               }))""",
            urls,
        )
    finally:
        context.set_offline(False)
    assert [(url, status) for url, status, _ in got] == [(url, 200) for url in urls]
    assert all(size > 0 for _, _, size in got), got


def test_a_page_without_the_manifest_is_not_installable(serve, dist_dir, page, tmp_path):
    """The check above can fail: the same site without its manifest link is refused."""
    copy = tmp_path / "site"
    copy.mkdir()
    for name in build.dist_files(dist_dir):
        target = copy / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.symlink_to(dist_dir / name)
    index = copy / "index.html"
    html = (dist_dir / "index.html").read_text()
    link = f'<link rel="manifest" href="./{build.MANIFEST_NAME}">'
    assert link in html
    index.unlink()
    index.write_text(html.replace(link, ""))
    site = serve("/mykerinos/", copy)

    open_controlled(page, site.url)
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert "no-manifest" in [error["errorId"] for error in errors], errors
