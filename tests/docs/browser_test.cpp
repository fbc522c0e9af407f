// The page in a real browser: Debian's chromium, headless. It renders (a screenshot that is
// not blank), and following the table of contents to a function lands on that function.
#include <catch2/catch.hpp>

#include <cstdint>

#include "docs_support.hpp"

using namespace docstest;
using namespace testsupport;

namespace {

void requireBrowser() {
    INFO("chromium is not installed: scripts/setup.sh installs Debian's package 'chromium'");
    REQUIRE(runCommand("command -v chromium").status == 0);
}

uint32_t bigEndian32(const std::string& b, size_t at) {
    return (uint32_t(uint8_t(b[at])) << 24) | (uint32_t(uint8_t(b[at + 1])) << 16) |
           (uint32_t(uint8_t(b[at + 2])) << 8) | uint32_t(uint8_t(b[at + 3]));
}

// A PNG file's bytes, checked to be a PNG of the given size.
std::string readPng(const fs::path& p, uint32_t width, uint32_t height) {
    REQUIRE(fs::exists(p));
    const std::string png = readFile(p);
    REQUIRE(png.size() > 33);
    CHECK(png.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
    CHECK(png.compare(12, 4, "IHDR") == 0);
    CHECK(bigEndian32(png, 16) == width);
    CHECK(bigEndian32(png, 20) == height);
    return png;
}

// The page with `probe` (a script, then "</body>") in place of its "</body>", opened in chromium:
// the DOM as the browser left it.
std::string domWithProbe(const std::string& pageHtml, const std::string& probe) {
    std::string html = pageHtml;
    const size_t end = html.rfind("</body>");
    REQUIRE(end != std::string::npos);
    html.replace(end, 7, probe);
    TempDir dir;
    writeFile(dir / "probe.html", html);
    const auto run = runBrowser(dir.path(), "--window-size=1200,900 --virtual-time-budget=5000 --dump-dom 'file://" +
                                         (dir / "probe.html").string() + "'",
                                (dir / "dom.html").string());
    INFO(run.out);
    return readFile(dir / "dom.html");
}

// What the probe wrote into the body's data-probe attribute.
std::string probeResult(const std::vector<Tag>& tags) {
    for (const auto& t : tags)
        if (t.name == "body" && t.attrs.count("data-probe")) return t.attrs.at("data-probe");
    return "";
}

}  // namespace

TEST_CASE("the page renders in chromium: its screenshot is far from blank") {
    requireBrowser();
    GeneratedPage page;
    generate(page, sourceDir() / "spec" / "jvmti.xml");
    TempDir dir;
    // A blank page of the same size is the reference: a PNG of one colour compresses to
    // almost nothing, a page of text does not.
    writeFile(dir / "blank.html", "<!DOCTYPE html><html lang=\"en\"><head><title>blank</title></head><body></body></html>");
    const auto blankRun = runBrowser(dir.path(), "--screenshot='" + (dir / "blank.png").string() +
                                              "' --window-size=1200,900 'file://" + (dir / "blank.html").string() + "'");
    INFO(blankRun.out);
    const auto pageRun = runBrowser(dir.path(), "--screenshot='" + (dir / "page.png").string() +
                                             "' --window-size=1200,900 'file://" + page.file.string() + "'");
    INFO(pageRun.out);
    const std::string blank = readPng(dir / "blank.png", 1200, 900);
    const std::string shot = readPng(dir / "page.png", 1200, 900);
    INFO("blank: " << blank.size() << " bytes, page: " << shot.size() << " bytes");
    CHECK(shot.size() > 4 * blank.size());
}

TEST_CASE("following the table of contents to a function lands on that function") {
    requireBrowser();
    GeneratedPage page;
    generate(page, sourceDir() / "spec" / "jvmti.xml");
    // The page itself, plus a probe that acts as a reader: open the folded part of the
    // contents that lists the function, click its link, then report where the page is.
    const std::string probe = R"(<script>
window.addEventListener("load", function () {
  var link = document.querySelector('nav a[href="#GetFrameCount"]');
  if (!link) { document.body.setAttribute("data-probe", "no contents link"); return; }
  for (var d = link.closest("details"); d; d = d.parentElement.closest("details")) d.open = true;
  link.click();
  setTimeout(function () {
    var t = document.getElementById("GetFrameCount");
    var hit = document.querySelector(":target");
    document.body.setAttribute("data-probe", "hash=" + location.hash + " target=" + (hit ? hit.id : "") +
      " top=" + Math.round(t.getBoundingClientRect().top) + " scrolled=" + (window.scrollY > 1000));
  }, 300);
});
</script>
</body>)";
    const std::string dom = domWithProbe(page.html, probe);
    REQUIRE(dom.find("<nav") != std::string::npos);
    // The link exists in the contents, the target exists, and after the click the target is
    // the fragment, sits at the top of the viewport, and the page has scrolled down to it.
    const auto tags = scanTags(dom);
    bool link = false, target = false;
    for (const auto& t : tags) {
        if (t.name == "a" && t.attrs.count("href") && t.attrs.at("href") == "#GetFrameCount") link = true;
        if (t.attrs.count("id") && t.attrs.at("id") == "GetFrameCount") target = true;
    }
    CHECK(link);
    CHECK(target);
    CHECK(probeResult(tags) == "hash=#GetFrameCount target=GetFrameCount top=0 scrolled=true");
}

TEST_CASE("in chromium every link of changes by release finds its entry, and following one lands there") {
    requireBrowser();
    GeneratedPage page;
    generate(page, sourceDir() / "spec" / "jvmti.xml");
    // A probe: every link of the section must name an element of the page as the browser
    // parsed it; then it follows the link to ClearAllFramePops under release 25.
    const std::string probe = R"(<script>
window.addEventListener("load", function () {
  var section = document.getElementById("ChangesByRelease");
  if (!section) { document.body.setAttribute("data-probe", "no section"); return; }
  var links = section.querySelectorAll("a[href^='#']"), missing = [];
  for (var i = 0; i < links.length; ++i) {
    var id = decodeURIComponent(links[i].getAttribute("href").slice(1));
    if (!document.getElementById(id)) missing.push(id);
  }
  var link = document.querySelector('#ChangesIn25 a[href="#ClearAllFramePops"]');
  if (!link) { document.body.setAttribute("data-probe", "no link to ClearAllFramePops under 25"); return; }
  link.click();
  setTimeout(function () {
    var hit = document.querySelector(":target");
    var t = document.getElementById("ClearAllFramePops");
    document.body.setAttribute("data-probe", "links=" + (links.length > 60) + " missing=" + missing.join(",") +
      " target=" + (hit ? hit.id : "") + " top=" + Math.round(t.getBoundingClientRect().top));
  }, 300);
});
</script>
</body>)";
    CHECK(probeResult(scanTags(domWithProbe(page.html, probe))) == "links=true missing= target=ClearAllFramePops top=0");
}
