// The HTML report end to end: jvmti-check --html runs the misbehave agent (three copies, each
// breaking another rule) behind the layer on OpenJDK 17, and headless chromium opens the page:
// the rules are there by id, the tables sort (the page sorts on load for #sort=TABLE.COLUMN),
// and every link resolves to a file that has the anchor linked to.
#include <catch2/catch.hpp>

#include "support.hpp"

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <regex>

namespace fs = std::filesystem;
using testsupport::readFile;
using testsupport::shellQuote;

namespace {

const fs::path tool = CHECK_TOOL;
const fs::path jdk = fs::canonical(CHECK_JAVA).parent_path().parent_path();
const std::string agentClasses = CHECK_AGENT_CLASSES;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

struct Work {
    testsupport::TempDir tmp;
    fs::path dir = tmp.path();
    // Runs `command` in dir, java's JDK first on PATH; returns the exit status.
    int sh(const std::string& command) const {
        const std::string line = "cd " + shellQuote(dir.string()) + " && PATH=" + shellQuote((jdk / "bin").string()) + ":\"$PATH\" " + command;
        UNSCOPED_INFO("command: " << line);
        const int st = std::system(line.c_str());
        return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    }
};

// The page as chromium has it after its script ran (the URL's fragment given).
std::string domOf(const Work& w, const fs::path& page, const std::string& fragment) {
    static int runs = 0;
    const std::string out = (w.dir / ("dom-" + std::to_string(++runs) + ".html")).string();
    const auto run = testsupport::runBrowser(w.dir, "--virtual-time-budget=3000 --dump-dom " +
                                                        shellQuote("file://" + page.string() + fragment), out);
    INFO(run.out);
    REQUIRE(run.status == 0);
    return readFile(out);
}

// The rows of table#id: each row's cells' text (tags dropped) and data-v values.
struct Cell {
    std::string text, value;
};
std::vector<std::vector<Cell>> rows(const std::string& dom, const std::string& id) {
    const auto start = dom.find("<table id=\"" + id + "\"");
    REQUIRE(start != std::string::npos);
    const std::string table = dom.substr(start, dom.find("</table>", start) - start);
    std::vector<std::vector<Cell>> out;
    static const std::regex row("<tr>([\\s\\S]*?)</tr>"), cell("<td([^>]*)>([\\s\\S]*?)</td>"),
        tag("<[^>]*>"), value("data-v=\"([^\"]*)\"");
    const auto body = table.substr(table.find("<tbody>"));
    for (std::sregex_iterator r(body.begin(), body.end(), row), end; r != end; ++r) {
        auto& cells = out.emplace_back();
        const std::string text = (*r)[1];
        for (std::sregex_iterator c(text.begin(), text.end(), cell); c != end; ++c) {
            std::smatch v;
            const std::string attrs = (*c)[1];
            cells.push_back({std::regex_replace(std::string((*c)[2]), tag, ""),
                             std::regex_search(attrs, v, value) ? std::string(v[1]) : std::string()});
        }
    }
    return out;
}

std::string percentDecoded(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size()) {
            out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

// Every href of the page: a file:// URL (or a path relative to the page) of a file that
// exists and, when the link has a fragment, holds an element with that id.
void requireLinksResolve(const std::string& dom, const fs::path& page, int atLeast) {
    static const std::regex href("href=\"([^\"]*)\"");
    int links = 0;
    for (std::sregex_iterator h(dom.begin(), dom.end(), href), end; h != end; ++h) {
        std::string url = std::regex_replace(std::string((*h)[1]), std::regex("&amp;"), "&");
        INFO("link: " << url);
        ++links;
        const auto hash = url.find('#');
        const std::string fragment = hash == std::string::npos ? "" : percentDecoded(url.substr(hash + 1));
        url = url.substr(0, hash);
        fs::path target;
        if (url.rfind("file://", 0) == 0) target = percentDecoded(url.substr(7));
        else if (url.empty()) target = page;
        else if (url.find("://") == std::string::npos) target = page.parent_path() / percentDecoded(url);
        else FAIL("not a file link");
        REQUIRE(fs::is_regular_file(target));
        if (!fragment.empty()) CHECK(contains(readFile(target), "id=\"" + fragment + "\""));
    }
    CHECK(links >= atLeast);
}

}  // namespace

TEST_CASE("acceptance: the misbehaving agents' rules in the HTML report, in headless chromium, sortable, links resolving") {
    Work w;
    // Three copies of the agent, so that the JVM loads each as a library of its own.
    std::string agents;
    for (const std::string c : {"garbage_method", "double_dealloc", "leak"}) {
        fs::copy_file(CHECK_MISBEHAVE, w.dir / ("lib" + c + ".so"));
        agents += " -agentpath:lib" + c + ".so=out=" + c + ".txt,case=" + c;
    }
    const int status = w.sh(shellQuote(tool.string()) + " --html r.html check=strict -- java" + agents + " -cp " + shellQuote(agentClasses) +
                            " agenttest.Hello > out.txt 2> err.txt");
    const std::string err = readFile(w.dir / "err.txt");
    INFO("stderr:\n" << err);
    REQUIRE(status == 0);
    // The summary comes from the JVM's text report; its page and text lie in the run's report
    // directory, and r.html is the page of the one JVM.
    CHECK(contains(err, "jvmtilayer: summary: total: 3 reports of 3 ids\n"));
    std::smatch files;
    REQUIRE(std::regex_search(err, files, std::regex("\njvmti-check: HTML report: (" + w.dir.string() +
                                                     "/jvmti-check\\.[0-9]+/[0-9]+-agenttest\\.Hello)\\.html; text report: "
                                                     "\\1\\.txt\n")));
    CHECK(contains(err, "\njvmti-check: HTML: r.html\n"));
    CHECK(contains(readFile(files[1].str() + ".txt"), "jvmtilayer: error: GetMethodName.method.invalid: "));
    CHECK(readFile(files[1].str() + ".html") == readFile(w.dir / "r.html"));

    const fs::path page = w.dir / "r.html";
    const std::vector<std::string> ids = {"Deallocate.mem.double", "GetMethodName.method.invalid", "leak.GetClassSignature"};
    // In id order as written; sorted by id the other way round by the page's script.
    const std::string byId = domOf(w, page, "#sort=rules.0.desc");
    CHECK(contains(byId, "<table id=\"rules\" class=\"sortable\" data-sorted=\"0.desc\">"));
    CHECK(contains(byId, "<th aria-sort=\"descending\">rule id</th>"));
    const auto ruleRows = rows(byId, "rules");
    REQUIRE(ruleRows.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(ruleRows[i][0].text == ids[2 - i]);
        CHECK(ruleRows[i][2].value == "1.000");  // one report each
    }
    CHECK(contains(ruleRows[1][5].text, "libgarbage_method.so!(anonymous namespace)::garbage_method()+0x"));
    CHECK(contains(ruleRows[0][5].text, "misbehave.cpp:"));
    // The leak by its call site.
    const auto leaks = rows(byId, "leaks");
    REQUIRE(leaks.size() == 1);
    CHECK(leaks[0][0].text == "GetClassSignature");
    CHECK(contains(leaks[0][1].text, "libleak.so!(anonymous namespace)::leak(JNIEnv_*)+0x"));
    requireLinksResolve(byId, page, 5);  // the catalogue, three rules, the leak's rule
    for (const auto& id : ids) CHECK(contains(byId, "jvmti.html#rule-" + id + "\""));

    // The statistics sorted by calls, most first.
    const std::string byCalls = domOf(w, page, "#sort=functions.1.desc");
    CHECK(contains(byCalls, "<table id=\"functions\" class=\"sortable\" data-sorted=\"1.desc\">"));
    const auto functions = rows(byCalls, "functions");
    REQUIRE(functions.size() > 3);
    for (std::size_t i = 1; i < functions.size(); ++i)
        CHECK(std::stod(functions[i - 1][1].value) >= std::stod(functions[i][1].value));
    CHECK(std::stod(functions.front()[1].value) > std::stod(functions.back()[1].value));
}

TEST_CASE("a run with nothing to report: the page says so, and opens") {
    Work w;
    fs::copy_file(CHECK_COUNTER, w.dir / "libcounter.so");
    REQUIRE(w.sh(shellQuote(tool.string()) + " report-format=html -- java -agentpath:libcounter.so=out=c.txt,prefix=agenttest/counter/,"
                 "class=agenttest/counter/Work -cp " + shellQuote(agentClasses) + " agenttest.counter.Main > out.txt 2> err.txt") == 0);
    const std::string err = readFile(w.dir / "err.txt");
    INFO(err);
    const std::regex where("jvmti-check: HTML report: (" + w.dir.string() +
                           "/jvmti-check\\.[0-9]+/[0-9]+-agenttest\\.counter\\.Main)\\.html; text report: \\1\\.txt\n$");
    std::smatch m;
    REQUIRE(std::regex_search(err, m, where));
    CHECK(contains(err, "jvmti-check: the layer reported nothing\n"));
    const std::string dom = domOf(w, fs::path(m[1].str() + ".html"), "");
    CHECK(contains(dom, "<p id=\"no-rules\">No rule was broken: the layer reported nothing.</p>"));
    CHECK(contains(dom, "<dd id=\"total\">0 reports of 0 ids</dd>"));
    CHECK(contains(dom, "<table id=\"functions\""));
    requireLinksResolve(dom, fs::path(m[1].str() + ".html"), 1);
}
