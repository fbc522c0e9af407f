// Staged writes (output.hpp): the outputs of a run go to temp files as they are made and are
// renamed into place only once all are made; a run that fails leaves nothing behind.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "output.hpp"
#include "support.hpp"

using namespace jvmtigen;
using namespace testsupport;

TEST_CASE("a staged write shows only once committed, and a discarded one leaves nothing") {
    TempDir dir;
    {
        auto staged = StagedWrite::stage((dir / "a/new.txt").string(), "one");
        CHECK(listFiles(dir.path()).size() == 1);  // the temp file alone
        CHECK_FALSE(fs::exists(dir / "a/new.txt"));
        CHECK(staged.commit() == WriteResult::Written);
    }
    CHECK(readFile(dir / "a/new.txt") == "one");
    CHECK(listFiles(dir.path()) == std::vector<std::string>{"a/new.txt"});

    // The same bytes: no temp file, nothing to rename.
    CHECK(StagedWrite::stage((dir / "a/new.txt").string(), "one").commit() == WriteResult::Unchanged);

    { auto dropped = StagedWrite::stage((dir / "a/new.txt").string(), "two"); }  // never committed
    {
        auto dropped = StagedWrite::stage((dir / "b.txt").string(), "three");
        dropped.discard();
    }
    CHECK(readFile(dir / "a/new.txt") == "one");
    CHECK(listFiles(dir.path()) == std::vector<std::string>{"a/new.txt"});
}

TEST_CASE("outputs that cannot all be written leave no file and no temp file behind") {
    TempDir dir;
    writeFile(dir / "out/docs", "a file where the docs directory goes");
    std::ostringstream out, err;
    const int rc = runJvmtigen({"--spec", (sourceDir() / "spec/jvmti.xml").string(), "--out", (dir / "out").string()},
                               out, err);
    CHECK(rc == 1);
    CHECK(err.str().find("cannot create directory") != std::string::npos);
    CHECK(out.str().empty());
    CHECK(listFiles(dir.path()) == std::vector<std::string>{"out/docs"});
}
