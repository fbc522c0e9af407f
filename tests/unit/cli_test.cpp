// The command line: parseOptions/parseVersion on their own, then the whole tool in-process
// (help, --version, bad usage, --check, --jvmti-version, rewriting unchanged files, --dump-model).
#include <catch2/catch.hpp>

#include <chrono>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "emitters.hpp"
#include "minimal_spec.hpp"
#include "support.hpp"

using namespace jvmtigen;
namespace ts = testsupport;
namespace fs = std::filesystem;

namespace {

// The error parseOptions gives for `args`, or "" when it accepts them.
std::string parseError(const std::vector<std::string>& args) {
    Options o;
    const auto problem = parseOptions(args, o);
    return problem ? *problem : "";
}

std::string versionText(const std::optional<Version>& v) { return v ? v->str() : "none"; }

// A temporary directory holding the minimal spec as spec.xml.
struct SpecDir {
    ts::TempDir dir;
    std::string spec = (dir / "spec.xml").string();
    std::string out = (dir / "out").string();
    explicit SpecDir(const std::string& text = minispec::text()) { ts::writeFile(spec, text); }
};

// Makes `dir` the working directory for its lifetime.
class InDirectory {
public:
    explicit InDirectory(const fs::path& dir) : old_(fs::current_path()) { fs::current_path(dir); }
    ~InDirectory() { fs::current_path(old_); }
    InDirectory(const InDirectory&) = delete;
    InDirectory& operator=(const InDirectory&) = delete;

private:
    fs::path old_;
};

}  // namespace

TEST_CASE("parseOptions: defaults", "[cli]") {
    Options o;
    REQUIRE_FALSE(parseOptions({}, o).has_value());
    CHECK(o.spec == "spec/jvmti.xml");
    CHECK(o.out == "generated");
    CHECK_FALSE(o.outGiven);
    CHECK_FALSE(o.version.has_value());
    CHECK(o.only.empty());
    CHECK(o.dumpModel.empty());
    CHECK_FALSE(o.check);
    CHECK_FALSE(o.help);
}

TEST_CASE("parseOptions: every option with a separate value", "[cli]") {
    Options o;
    REQUIRE_FALSE(parseOptions({"--spec", "a.xml", "--out", "dir", "--jvmti-version", "21.0.1", "--only", "header",
                                "--dump-model", "m.json", "--check", "--help"},
                               o)
                      .has_value());
    CHECK(o.spec == "a.xml");
    CHECK(o.out == "dir");
    CHECK(o.outGiven);
    CHECK(versionText(o.version) == "21.0.1");
    CHECK(o.only == std::vector<std::string>{"header"});
    CHECK(o.dumpModel == "m.json");
    CHECK(o.check);
    CHECK(o.help);
}

TEST_CASE("parseOptions: the --opt=value form", "[cli]") {
    Options o;
    REQUIRE_FALSE(parseOptions({"--spec=b.xml", "--out=o", "--jvmti-version=1.2.3", "--only=header", "--dump-model=x.json"}, o)
                      .has_value());
    CHECK(o.spec == "b.xml");
    CHECK(o.out == "o");
    CHECK(o.outGiven);
    CHECK(versionText(o.version) == "1.2.3");
    CHECK(o.only == std::vector<std::string>{"header"});
    CHECK(o.dumpModel == "x.json");
    CHECK_FALSE(o.check);
}

TEST_CASE("parseOptions: -h is --help and a later option wins", "[cli]") {
    Options o;
    REQUIRE_FALSE(parseOptions({"-h", "--spec", "one.xml", "--spec", "two.xml"}, o).has_value());
    CHECK(o.help);
    CHECK(o.spec == "two.xml");
}

TEST_CASE("parseOptions: errors", "[cli]") {
    CHECK(parseError({"--colour"}) == "unknown option '--colour'");
    CHECK(parseError({"--colour=red"}) == "unknown option '--colour=red'");
    CHECK(parseError({"spec.xml"}) == "unknown option 'spec.xml'");
    CHECK(parseError({"--jvmti-version", "1.2"}) ==
          "--jvmti-version '1.2' is not a version X.Y.Z (three non-negative integers)");
    CHECK(parseError({"--jvmti-version", "1.2.x"}) ==
          "--jvmti-version '1.2.x' is not a version X.Y.Z (three non-negative integers)");
    CHECK(parseError({"--jvmti-version=-1.0.0"}) ==
          "--jvmti-version '-1.0.0' is not a version X.Y.Z (three non-negative integers)");
    CHECK(parseError({"--jvmti-version", "4096.0.0"}) ==
          "--jvmti-version 4096.0.0: its major 4096 does not fit a JVMTI version number (major 0 to 4095)");
    CHECK(parseError({"--jvmti-version", "21.0.256"}) ==
          "--jvmti-version 21.0.256: its micro 256 does not fit a JVMTI version number (micro 0 to 255)");
    CHECK(parseError({"--jvmti-version", "99999999999.0.0"}) ==
          "--jvmti-version '99999999999.0.0' is not a version X.Y.Z (three non-negative integers)");
    std::string names;
    for (const auto& e : jvmtigen::allEmitters()) names += (names.empty() ? "" : ", ") + e.name;
    CHECK(names.rfind("header, ", 0) == 0);
    CHECK(parseError({"--only", "header,nonesuch"}) == "--only: unknown output 'nonesuch'; the outputs are: " + names);
}

TEST_CASE("parseOptions: options missing their value", "[cli]") {
    CHECK(parseError({"--spec"}) == "--spec needs a file");
    CHECK(parseError({"--spec="}) == "--spec needs a file");
    CHECK(parseError({"--out"}) == "--out needs a directory");
    CHECK(parseError({"--jvmti-version"}) == "--jvmti-version needs a version X.Y.Z");
    CHECK(parseError({"--only"}) == "--only needs output names");
    CHECK(parseError({"--only="}) == "--only needs output names");
    CHECK(parseError({"--dump-model"}) == "--dump-model needs a file");
}

TEST_CASE("parseVersion", "[cli]") {
    CHECK(versionText(parseVersion("1.2.3")) == "1.2.3");
    CHECK(versionText(parseVersion("25.0.0")) == "25.0.0");
    CHECK(versionText(parseVersion("0.0.0")) == "0.0.0");
    for (const char* bad : {"", "1", "1.2", "1.2.x", "-1.0.0", "1.-2.0", "1.2.3.4", "1.2.3 ", " 1.2.3", "a.b.c",
                            "1..3", "99999999999.0.0"}) {
        INFO("version text: '" << bad << "'");
        CHECK_FALSE(parseVersion(bad).has_value());
    }
}

TEST_CASE("parseOptions: --version alone asks for the tool's version", "[cli]") {
    Options o;
    REQUIRE_FALSE(parseOptions({"--version"}, o).has_value());
    CHECK(o.showVersion);
    CHECK_FALSE(o.version.has_value());
    Options p;
    REQUIRE_FALSE(parseOptions({"--version", "--help"}, p).has_value());
    CHECK(p.showVersion);
    CHECK(p.help);
}

TEST_CASE("parseOptions: the old spelling --version X.Y.Z is refused, naming --jvmti-version", "[cli]") {
    const std::string tail = "): the JVMTI version of a spec is given with --jvmti-version X.Y.Z (--version prints "
                             "jvmtigen's own version)";
    CHECK(parseError({"--version", "17.0.0"}) == "--version takes no value ('17.0.0'" + tail);
    CHECK(parseError({"--version=17.0.0"}) == "--version takes no value ('17.0.0'" + tail);
    CHECK(parseError({"--spec", "a.xml", "--version", "1.2"}) == "--version takes no value ('1.2'" + tail);
}

TEST_CASE("runTool --version prints jvmtigen and the project's version, and exits 0", "[cli]") {
    const auto r = ts::runTool({"--version"});
    CHECK(r.status == 0);
    CHECK(r.out == std::string("jvmtigen ") + JVMTIGEN_TEST_PROJECT_VERSION + "\n");
    CHECK(r.err.empty());
    const auto old = ts::runTool({"--version", "17.0.0"});
    CHECK(old.status == 2);
    CHECK(old.out.empty());
    CHECK(old.err.find("--jvmti-version X.Y.Z") != std::string::npos);
}

TEST_CASE("help text: usage lines, options and outputs in the shared layout", "[cli]") {
    const std::string text = usage();
    CHECK(text.rfind("usage: jvmtigen [--spec FILE] [--out DIR] [--jvmti-version X.Y.Z]", 0) == 0);
    CHECK(text.find("\n       jvmtigen --help | --version\n") != std::string::npos);
    for (const char* option : {"\n  --spec FILE ", "\n  --out DIR ", "\n  --jvmti-version X.Y.Z\n", "\n  --api-version X.Y.Z",
                               "\n  --only NAME,... ", "\n  --dump-model FILE ", "\n  --check ", "\n  --help ",
                               "\n  --version "}) {
        INFO(option);
        CHECK(text.find(option) != std::string::npos);
    }
    CHECK(text.find("\nOptions:\n") < text.find("\nOutputs:\n"));
    for (const auto& e : allEmitters()) CHECK(text.find("\n  " + e.name + " ") != std::string::npos);
    CHECK(text.find("\nExit status:\n  0 done") != std::string::npos);
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        INFO(line);
        CHECK(line.size() <= 100);
    }
}

TEST_CASE("runTool --help prints the usage and exits 0", "[cli]") {
    const auto r = ts::runTool({"--help"});
    CHECK(r.status == 0);
    CHECK(r.out == usage());
    CHECK(r.err.empty());
    CHECK(r.out.rfind("usage: jvmtigen", 0) == 0);
    CHECK(r.out.find("  header ") != std::string::npos);  // the outputs are listed
}

TEST_CASE("runTool with a bad option exits 2 and writes nothing", "[cli]") {
    ts::TempDir dir;
    const auto r = ts::runTool({"--out", (dir / "out").string(), "--colour"});
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "jvmtigen: unknown option '--colour'\n(run jvmtigen --help for the options)\n");
    CHECK(ts::listFiles(dir.path()).empty());
}

TEST_CASE("runTool --check on a valid spec writes nothing and exits 0", "[cli]") {
    SpecDir d;
    const auto r = ts::runTool({"--spec", d.spec, "--out", d.out, "--check"});
    CHECK(r.status == 0);
    CHECK(r.out == d.spec + ": valid, JVMTI 1.2.3\n");
    CHECK(r.err.empty());
    CHECK(ts::listFiles(d.dir.path()) == std::vector<std::string>{"spec.xml"});
}

TEST_CASE("runTool writes the header with the spec's version, or --jvmti-version's", "[cli]") {
    SpecDir d;
    const std::string header = d.out + "/include/jvmti.h";

    auto r = ts::runTool({"--spec", d.spec, "--out", d.out, "--only", "header"});
    REQUIRE(r.status == 0);
    CHECK(r.out == "wrote     " + header + "\n");
    CHECK(ts::readFile(header).find("    JVMTI_VERSION = 0x30000000 + (1 * 0x10000) + (2 * 0x100) + 3  /* version: 1.2.3 */\n") !=
          std::string::npos);

    r = ts::runTool({"--spec", d.spec, "--out", d.out, "--jvmti-version", "17.0.4", "--only", "header"});
    REQUIRE(r.status == 0);
    CHECK(r.out == "wrote     " + header + "\n");
    const std::string text = ts::readFile(header);
    CHECK(text.find("    JVMTI_VERSION = 0x30000000 + (17 * 0x10000) + (0 * 0x100) + 4  /* version: 17.0.4 */\n") !=
          std::string::npos);
    CHECK(text.find("version: 1.2.3") == std::string::npos);
    CHECK(ts::listFiles(d.out) == std::vector<std::string>{"include/jvmti.h"});
}

TEST_CASE("runTool --only header writes the header", "[cli]") {
    SpecDir d;
    const auto r = ts::runTool({"--spec", d.spec, "--out", d.out, "--only", "header"});
    CHECK(r.status == 0);
    CHECK(ts::listFiles(d.out) == std::vector<std::string>{"include/jvmti.h"});
}

TEST_CASE("writing the same outputs twice reports unchanged and leaves the file alone", "[cli]") {
    SpecDir d;
    const fs::path header = fs::path(d.out) / "include" / "jvmti.h";
    REQUIRE(ts::runTool({"--spec", d.spec, "--out", d.out, "--only", "header"}).status == 0);
    const std::string first = ts::readFile(header);

    // Back-date the file so that any rewrite would be visible whatever the clock's resolution.
    const auto old = fs::last_write_time(header) - std::chrono::hours(24);
    fs::last_write_time(header, old);

    const auto r = ts::runTool({"--spec", d.spec, "--out", d.out, "--only", "header"});
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.out == "unchanged " + header.string() + "\n");
    CHECK(fs::last_write_time(header) == old);
    CHECK(ts::readFile(header) == first);
    CHECK(ts::listFiles(d.out) == std::vector<std::string>{"include/jvmti.h"});  // no temporary left behind
}

TEST_CASE("runTool --dump-model alone writes only the JSON", "[cli]") {
    SpecDir d;
    const std::string model = (d.dir / "model.json").string();
    ts::RunResult r;
    {
        InDirectory here(d.dir.path());  // the default --out (generated) would land here
        r = ts::runTool({"--spec", d.spec, "--dump-model", model});
    }
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.out == "wrote     " + model + "\n");
    CHECK(ts::listFiles(d.dir.path()) == std::vector<std::string>{"model.json", "spec.xml"});

    const auto j = nlohmann::json::parse(ts::readFile(model));
    CHECK(j.at("schema") == "jvmtigen-model");
    CHECK(j.at("schemaVersion") == 1);
    CHECK(j.at("spec").at("version") == "1.2.3");
    CHECK(j.at("spec").at("declaredVersion") == "1.2.3");
    CHECK(j.at("functions").size() == 3);
}

TEST_CASE("runTool --dump-model with --out writes the JSON and the header", "[cli]") {
    SpecDir d;
    const std::string model = (d.dir / "model.json").string();
    const auto r = ts::runTool({"--spec", d.spec, "--out", d.out, "--dump-model", model, "--jvmti-version", "2.0.0", "--only", "header"});
    CHECK(r.status == 0);
    CHECK(r.out == "wrote     " + d.out + "/include/jvmti.h\nwrote     " + model + "\n");
    CHECK(ts::listFiles(d.dir.path()) == std::vector<std::string>{"model.json", "out/include/jvmti.h", "spec.xml"});
    const auto j = nlohmann::json::parse(ts::readFile(model));
    CHECK(j.at("spec").at("version") == "2.0.0");
    CHECK(j.at("spec").at("declaredVersion") == "1.2.3");
}
