// The Debian package: `cpack -G DEB` in the build directory, the .deb's control fields, then
// `dpkg -x` into a temporary root; from there jvmtigen --version, jvmti-check (which must find
// the packaged layer next to itself, not the build's; its HTML report linking the packaged docs),
// the man pages, the bash completion and a consumer project
// with find_package(jvmtigen) must work.
#include <catch2/catch.hpp>

#include <regex>

#include "support.hpp"

using namespace testsupport;

namespace {

std::string q(const fs::path& p) { return "'" + p.string() + "'"; }

}  // namespace

TEST_CASE("cpack -G DEB makes a package that works from a temporary root") {
    TempDir tmp;
    const fs::path root = tmp / "root";
    const fs::path usr = root / "usr";
    const std::string libdir = JVMTIGEN_INSTALL_LIBDIR;
    fs::path deb;

    {  // ---- Build the package ----
        const auto r = runCommand("cd " + q(JVMTIGEN_BUILD_DIR) + " && " + q(JVMTIGEN_CPACK) + " -G DEB -B " +
                                  q(tmp / "pkg") + " --config CPackConfig.cmake");
        INFO(r.out);
        REQUIRE(r.status == 0);
        for (const auto& e : fs::directory_iterator(tmp / "pkg"))
            if (e.path().extension() == ".deb") deb = e.path();
        REQUIRE_FALSE(deb.empty());
        CHECK(deb.filename().string().rfind("jvmtigen_" JVMTIGEN_PROJECT_VERSION "_", 0) == 0);
    }

    {  // ---- Its control fields: dependencies come from the shared libraries ----
        const auto r = runCommand("dpkg-deb -f " + q(deb) + " Package Version Depends");
        INFO(r.out);
        REQUIRE(r.status == 0);
        CHECK(r.out.find("Package: jvmtigen\n") != std::string::npos);
        CHECK(r.out.find("Version: " JVMTIGEN_PROJECT_VERSION "\n") != std::string::npos);
        // libc6 and libstdc++6 with the versions dpkg-shlibdeps derives from the symbols used.
        CHECK(std::regex_search(r.out, std::regex("Depends: .*libc6 \\(>= [0-9.]+\\)")));
        CHECK(std::regex_search(r.out, std::regex("libstdc\\+\\+6 \\(>= [0-9.]+\\)")));
    }

    {  // ---- Unpack, and the files are where Debian has them ----
        const auto r = runCommand("dpkg -x " + q(deb) + " " + q(root));
        INFO(r.out);
        REQUIRE(r.status == 0);
        for (const std::string& f : std::vector<std::string>{"bin/jvmtigen", "bin/jvmti-check", libdir + "/libjvmtilayer.so",
              "bin/jvmti-conform", libdir + "/libjvmticonform.so", "share/man/man1/jvmti-conform.1", "include/jvmtigen/jvmti.h",
              "include/jvmtigen/jvmti.hpp", "lib/cmake/jvmtigen/jvmtigenConfig.cmake",
              "lib/cmake/jvmtigen/jvmtigenTargets.cmake", "share/jvmtigen/spec/jvmti.xml",
              "share/man/man1/jvmtigen.1", "share/man/man1/jvmti-check.1", "share/man/man7/jvmtilayer.7",
              "share/doc/jvmtigen/README.md", "share/doc/jvmtigen/docs/layer.md",
              "share/doc/jvmtigen/docs/layer-options.md", "share/doc/jvmtigen/jvmti.html",
              "share/doc/jvmtigen/rules.md", "share/doc/jvmtigen/rules.json",
              "share/bash-completion/completions/jvmtigen", "share/bash-completion/completions/jvmti-check"}) {
            INFO(f);
            CHECK(fs::is_regular_file(usr / f));
        }
        CHECK(libdir.find("-linux-gnu") != std::string::npos);  // the multiarch directory
    }

    {  // ---- The tools run from there ----
        const auto r = runCommand(q(usr / "bin/jvmtigen") + " --version");
        CHECK(r.status == 0);
        CHECK(r.out == "jvmtigen " JVMTIGEN_PROJECT_VERSION "\n");
        const auto man = runCommand("MANWIDTH=100 man -l " + q(usr / "share/man/man1/jvmti-check.1") + " | cat");
        if (man.status == 0 && man.out.find("not found") == std::string::npos)
            CHECK(man.out.find("--dry-run") != std::string::npos);
    }

    {  // ---- jvmti-conform finds the packaged agent beside itself and runs the suite ----
        const auto conform = runCommand(q(usr / "bin/jvmti-conform") + " --java " + q(fs::canonical(DEB_JAVA).string()));
        INFO(conform.out);
        CHECK(conform.status == 0);
        CHECK(conform.out.find("jvmti-conform: OpenJDK") == 0);
    }

    {  // ---- jvmti-check finds the packaged layer beside itself, and checks an agent with it ----
        const std::string java = fs::canonical(DEB_JAVA).string();
        const std::string agent = "-agentpath:" + std::string(DEB_COUNTER) + "=out=" + (tmp / "out.txt").string() +
                                  ",prefix=agenttest/counter/,class=agenttest/counter/Work";
        const std::string command = q(usr / "bin/jvmti-check") + " report=" + q(tmp / "r.txt") + " -- " + q(java) + " " +
                                    q(agent) + " -cp " + q(DEB_AGENT_CLASSES) + " agenttest.counter.Main";
        const auto dry = runCommand(q(usr / "bin/jvmti-check") + " --dry-run " + command.substr(command.find(" report=") + 1));
        INFO(dry.out);
        REQUIRE(dry.status == 0);
        CHECK(dry.out.find("-agentpath:" + (usr / libdir / "libjvmtilayer.so").string() + "=report=") != std::string::npos);
        const auto run = runCommand(command);
        INFO(run.out);
        CHECK(run.status == 0);
        CHECK(run.out.find("jvmti-check: the layer reported nothing\n") != std::string::npos);
        CHECK(run.out.find("jvmti-check: full report: " + (tmp / "r.txt").string()) != std::string::npos);
        CHECK(readFile(tmp / "out.txt").find("MethodEntry a(I)I 10") != std::string::npos);
        // The HTML report links the rule catalogue the package installed.
        const std::string html = (tmp / "r.html").string();
        const auto page = runCommand(q(usr / "bin/jvmti-check") + " --html " + q(html) + " -- " + q(java) + " " + q(agent) +
                                     " -cp " + q(DEB_AGENT_CLASSES) + " agenttest.counter.Main");
        INFO(page.out);
        CHECK(page.status == 0);
        // One JVM: FILE is its page (each JVM's page and text lie in the run's report directory).
        CHECK(page.out.find("jvmti-check: HTML: " + html + "\n") != std::string::npos);
        CHECK(page.out.find("; text report: ") != std::string::npos);
        CHECK(readFile(html).find("href=\"file://" + (usr / "share/doc/jvmtigen/jvmti.html").string() + "\"") !=
              std::string::npos);
        // The completion is the one the build wrote, and bash takes it.
        const auto completion = runCommand("bash -c \"source " + q(usr / "share/bash-completion/completions/jvmti-check") +
                                           " && complete -p jvmti-check\"");
        CHECK(completion.out == "complete -F _jvmtigen_jvmti_check jvmti-check\n");
    }

    {  // ---- A consumer project finds the package in the root and builds ----
        const fs::path build = tmp / "consumer";
        const auto r = runCommand(q(JVMTIGEN_CMAKE) + " -S " + q(JVMTIGEN_CONSUMER_DIR) + " -B " + q(build) +
                                  " -G Ninja -DCMAKE_MAKE_PROGRAM=" + q(JVMTIGEN_NINJA) + " -DCMAKE_PREFIX_PATH=" + q(usr) +
                                  " -DCMAKE_C_COMPILER=" + q(JVMTIGEN_CC) + " -DCMAKE_CXX_COMPILER=" + q(JVMTIGEN_CXX));
        INFO(r.out);
        REQUIRE(r.status == 0);
        CHECK(r.out.find("layer '" + (usr / libdir / "libjvmtilayer.so").string() + "'") != std::string::npos);
        const auto b = runCommand(q(JVMTIGEN_NINJA) + " -C " + q(build));
        INFO(b.out);
        REQUIRE(b.status == 0);
        // The generation step ran the packaged jvmtigen, not the build's.
        const auto cache = readFile(build / "CMakeCache.txt");
        CHECK(cache.find("jvmtigen_DIR:PATH=" + (usr / "lib/cmake/jvmtigen").string()) != std::string::npos);
        const auto main = runCommand(q(build / "consumer_main"));
        INFO(main.out);
        CHECK(main.status == 0);
    }
}
