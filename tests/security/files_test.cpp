// The one way our tools create and read files (runtime/files), against a hostile directory: a
// symlink, a FIFO or a directory planted at a file's name or at its temporary name, files of
// another user, directories another user can write to.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>

#include "files/own_files.hpp"
#include "hostile.hpp"
#include "report/formats/report_files_io.hpp"
#include "support.hpp"

namespace fs = std::filesystem;
using testsupport::readFile;
using testsupport::writeFile;

TEST_CASE("files: a symlink planted at the name is replaced, its target never written") {
    testsupport::TempDir tmp;
    const fs::path victim = tmp / "victim.txt";
    writeFile(victim, "precious\n");
    fs::create_symlink(victim, tmp / "report.txt");
    SECTION("written whole") {
        REQUIRE_FALSE(jvmtifiles::writeFile((tmp / "report.txt").string(), "ours\n"));
    }
    SECTION("written as a run goes") {
        const auto file = jvmtifiles::createFile((tmp / "report.txt").string());
        REQUIRE(file.ok());
        CHECK(jvmtifiles::writeAll(file.fd, "ours\n"));
        ::close(file.fd);
    }
    CHECK(readFile(victim) == "precious\n");
    CHECK_FALSE(fs::is_symlink(tmp / "report.txt"));
    CHECK(readFile(tmp / "report.txt") == "ours\n");
}

TEST_CASE("files: a FIFO planted at the name is replaced, never opened") {
    testsupport::TempDir tmp;
    REQUIRE(::mkfifo((tmp / "r.json").c_str(), 0666) == 0);
    // Opening the FIFO for writing would block this test for ever.
    REQUIRE_FALSE(jvmtifiles::writeFile((tmp / "r.json").string(), "{}\n"));
    CHECK(fs::is_regular_file(fs::symlink_status(tmp / "r.json")));
    CHECK(readFile(tmp / "r.json") == "{}\n");
}

TEST_CASE("files: a directory at the name is an error naming it, and leaves nothing behind") {
    testsupport::TempDir tmp;
    fs::create_directory(tmp / "r.json");
    const auto problem = jvmtifiles::writeFile((tmp / "r.json").string(), "{}\n");
    REQUIRE(problem);
    CHECK_THAT(*problem, Catch::Contains((tmp / "r.json").string()));
    CHECK(testsupport::listFiles(tmp.path()).empty());
}

TEST_CASE("files: the old report writer's temporary name (FILE.tmpPID) is not used: a symlink there stays untouched") {
    // writeFileAtomically wrote FILE.tmp<pid> with O_TRUNC, following a link planted there.
    testsupport::TempDir tmp;
    const fs::path victim = tmp / "victim.txt";
    writeFile(victim, "precious\n");
    fs::create_symlink(victim, tmp.path() / ("out.sarif.tmp" + std::to_string(::getpid())));
    REQUIRE_FALSE(jvmtireport::writeFileAtomically((tmp / "out.sarif").string(), "{}\n"));
    CHECK(readFile(victim) == "precious\n");
    CHECK(readFile(tmp / "out.sarif") == "{}\n");
}

TEST_CASE("files: created with mode 0600 unless asked otherwise") {
    testsupport::TempDir tmp;
    const mode_t old = ::umask(022);
    REQUIRE_FALSE(jvmtifiles::writeFile((tmp / "a").string(), "a"));
    REQUIRE_FALSE(jvmtifiles::writeFile((tmp / "b").string(), "b", 0644));
    ::umask(old);
    struct stat a {}, b{};
    REQUIRE(::stat((tmp / "a").c_str(), &a) == 0);
    REQUIRE(::stat((tmp / "b").c_str(), &b) == 0);
    CHECK((a.st_mode & 0777) == 0600);
    CHECK((b.st_mode & 0777) == 0644);
    CHECK(jvmtifiles::parseFileMode("0644") == std::optional<mode_t>(0644));
    CHECK(jvmtifiles::parseFileMode("600") == std::optional<mode_t>(0600));
    CHECK_FALSE(jvmtifiles::parseFileMode("0800"));
    CHECK_FALSE(jvmtifiles::parseFileMode("1777"));
    CHECK_FALSE(jvmtifiles::parseFileMode(""));
    CHECK_FALSE(jvmtifiles::parseFileMode("rw"));
}

TEST_CASE("files: readOwnFile reads only regular files of ours, without following links or blocking") {
    testsupport::TempDir tmp;
    writeFile(tmp / "ours.json", "{}");
    writeFile(tmp / "big.json", std::string(2000, 'x'));
    fs::create_symlink(tmp / "ours.json", tmp / "link.json");
    REQUIRE(::mkfifo((tmp / "fifo.json").c_str(), 0666) == 0);
    std::string error;
    CHECK(jvmtifiles::readOwnFile((tmp / "ours.json").string(), 100, error) == std::optional<std::string>("{}"));
    CHECK_FALSE(jvmtifiles::readOwnFile((tmp / "link.json").string(), 100, error));
    CHECK_THAT(error, Catch::Contains("symbolic link"));
    CHECK_FALSE(jvmtifiles::readOwnFile((tmp / "fifo.json").string(), 100, error));
    CHECK_THAT(error, Catch::Contains("not a regular file"));
    CHECK_FALSE(jvmtifiles::readOwnFile((tmp / "big.json").string(), 100, error));
    CHECK_THAT(error, Catch::Contains("larger than 100 bytes"));
    if (hostile::canActAsOtherUser()) {
        hostile::giveToOtherUser(tmp / "ours.json");
        CHECK_FALSE(jvmtifiles::readOwnFile((tmp / "ours.json").string(), 100, error));
        CHECK_THAT(error, Catch::Contains("another user"));
    }
}

TEST_CASE("files: a directory is ours only when no other user can write to it or own it") {
    testsupport::TempDir tmp;
    const fs::path own = tmp / "own", open = tmp / "open", link = tmp / "link";
    REQUIRE_FALSE(jvmtifiles::makeOwnDirectory(own.string()));
    CHECK(jvmtifiles::makeOwnDirectory(own.string()));  // it exists now: not made again
    fs::create_directory(open);
    fs::permissions(open, fs::perms::all | fs::perms::sticky_bit);
    fs::create_directory_symlink(own, link);
    CHECK_FALSE(jvmtifiles::notOwnDirectory(own.string()));
    CHECK_THAT(jvmtifiles::notOwnDirectory(open.string()).value_or(""), Catch::Contains("every user"));
    CHECK_THAT(jvmtifiles::notOwnDirectory(link.string()).value_or(""), Catch::Contains("symbolic link"));
    if (hostile::canActAsOtherUser()) {
        const fs::path theirs = tmp / "theirs";
        fs::create_directory(theirs);
        hostile::giveToOtherUser(theirs);
        CHECK_THAT(jvmtifiles::notOwnDirectory(theirs.string()).value_or(""), Catch::Contains("another user"));
    }
    std::string error;
    const auto fresh = jvmtifiles::makeFreshDirectory((tmp / "run").string(), error);
    REQUIRE(fresh);
    CHECK_FALSE(jvmtifiles::notOwnDirectory(*fresh));
    CHECK((fs::status(*fresh).permissions() & fs::perms::all) == fs::perms::owner_all);
}
