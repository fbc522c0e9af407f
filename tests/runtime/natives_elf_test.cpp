// Reading a shared library's exported functions from its ELF file
// (runtime/natives/elf_symbols.hpp): the fixture library built with the tests, the JDK's own
// libraries against readelf, and every kind of broken file.
#include <catch2/catch.hpp>

#include <dlfcn.h>
#include <elf.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "natives/elf_symbols.hpp"
#include "natives/jni_mangle.hpp"
#include "runtime_test_support.hpp"

using jvmtilayer::elf::exportedFunctions;
using runtimetest::readFile;
using runtimetest::TempDir;
using runtimetest::writeFile;

namespace {

const std::string kFixture = NATIVES_FIXTURE;
const std::string kJdkLib = std::string(NATIVES_JDK_HOME) + "/lib";

std::vector<std::string> listOk(const std::string& path, std::string_view prefix) {
    std::string error;
    auto names = exportedFunctions(path, prefix, error);
    INFO(error);
    REQUIRE(names.has_value());
    CHECK(error.empty());
    return *names;
}

std::string errorOf(const std::string& path) {
    std::string error;
    auto names = exportedFunctions(path, "Java_", error);
    CHECK_FALSE(names.has_value());
    return error;
}

// The defined, exported functions of `path` as readelf lists them.
std::set<std::string> readelfFunctions(const std::string& path) {
    const std::string command = std::string(NATIVES_READELF) + " --dyn-syms -W " + path;
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(::popen(command.c_str(), "r"), ::pclose);
    REQUIRE(pipe != nullptr);
    std::string out;
    char buf[4096];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, pipe.get())) > 0;) out.append(buf, n);
    std::set<std::string> names;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);) {
        // Num: Value Size Type Bind Vis Ndx Name
        std::istringstream fields(line);
        std::string num, value, size, type, bind, vis, ndx, name;
        if (!(fields >> num >> value >> size >> type >> bind >> vis >> ndx >> name)) continue;
        if (num.empty() || num.back() != ':') continue;
        if (type != "FUNC" && type != "IFUNC") continue;
        if (bind != "GLOBAL" && bind != "WEAK" && bind != "UNIQUE") continue;
        if (vis != "DEFAULT" && vis != "PROTECTED") continue;
        if (ndx == "UND") continue;
        names.insert(name.substr(0, name.find('@')));  // name@@VERSION
    }
    return names;
}

// The fixture's bytes with one section header changed by `edit`.
std::string withSection(uint32_t type, void (*edit)(Elf64_Shdr&)) {
    std::string bytes = readFile(kFixture);
    Elf64_Ehdr ehdr;
    std::memcpy(&ehdr, bytes.data(), sizeof ehdr);
    for (unsigned i = 0; i < ehdr.e_shnum; ++i) {
        const size_t at = ehdr.e_shoff + i * ehdr.e_shentsize;
        Elf64_Shdr shdr;
        std::memcpy(&shdr, bytes.data() + at, sizeof shdr);
        if (shdr.sh_type != type) continue;
        edit(shdr);
        std::memcpy(bytes.data() + at, &shdr, sizeof shdr);
        return bytes;
    }
    FAIL("the fixture has no section of type " << type);
    return bytes;
}

}  // namespace

TEST_CASE("natives: the fixture library's Java_ functions, and nothing else", "[natives][elf]") {
    CHECK(listOk(kFixture, "Java_") == std::vector<std::string>{"Java_fixture_Lib_add", "Java_fixture_Lib_mul__II"});
    CHECK(listOk(kFixture, "Java_fixture_Lib_m") == std::vector<std::string>{"Java_fixture_Lib_mul__II"});
    CHECK(listOk(kFixture, "Java_nothing").empty());
}

TEST_CASE("natives: hidden functions, data and imports are not exported functions", "[natives][elf]") {
    const std::vector<std::string> all = listOk(kFixture, "");
    CHECK(std::is_sorted(all.begin(), all.end()));
    CHECK(std::adjacent_find(all.begin(), all.end()) == all.end());
    auto has = [&all](const char* name) { return std::find(all.begin(), all.end(), name) != all.end(); };
    CHECK(has("fixture_answer"));
    CHECK(has("fixture_uses"));
    CHECK(has("Java_fixture_Lib_add"));
    CHECK_FALSE(has("Java_fixture_Lib_hidden"));    // hidden visibility: not in .dynsym
    CHECK_FALSE(has("Java_fixture_Lib_data"));      // an object, not a function
    CHECK_FALSE(has("Java_fixture_Lib_imported"));  // undefined: another library's
    // The same answer as readelf's.
    CHECK(std::set<std::string>(all.begin(), all.end()) == readelfFunctions(kFixture));
}

TEST_CASE("natives: the listed names are the ones dlsym finds in a RTLD_LOCAL library", "[natives][elf]") {
    void* handle = ::dlopen(kFixture.c_str(), RTLD_NOW | RTLD_LOCAL);
    INFO((handle ? "" : ::dlerror()));
    REQUIRE(handle != nullptr);
    using Binary = int (*)(void*, void*, int, int);
    auto add = reinterpret_cast<Binary>(::dlsym(handle, "Java_fixture_Lib_add"));
    auto mul = reinterpret_cast<Binary>(::dlsym(handle, "Java_fixture_Lib_mul__II"));
    REQUIRE(add != nullptr);
    REQUIRE(mul != nullptr);
    CHECK(add(nullptr, nullptr, 2, 3) == 5);
    CHECK(mul(nullptr, nullptr, 6, 7) == 42);
    // Local: not visible to a global lookup.
    CHECK(::dlsym(RTLD_DEFAULT, "Java_fixture_Lib_add") == nullptr);
    ::dlclose(handle);
}

TEST_CASE("natives: the JDK's libraries agree with readelf", "[natives][elf]") {
    for (const std::string& lib : {kJdkLib + "/libjava.so", kJdkLib + "/server/libjvm.so", kJdkLib + "/libnio.so"}) {
        INFO(lib);
        const std::vector<std::string> all = listOk(lib, "");
        const std::set<std::string> expected = readelfFunctions(lib);
        CHECK(expected.size() > 10);
        CHECK(std::set<std::string>(all.begin(), all.end()) == expected);
        std::set<std::string> java;
        for (const std::string& n : expected)
            if (n.starts_with("Java_")) java.insert(n);
        const std::vector<std::string> listed = listOk(lib, "Java_");
        CHECK(std::set<std::string>(listed.begin(), listed.end()) == java);
    }
    // A real natives symbol built from a nested class: jni_mangle's name matches the library's.
    const std::vector<std::string> java = listOk(kJdkLib + "/libjava.so", "Java_");
    const std::string name = jvmtilayer::jni::shortName(
        jvmtilayer::jni::mangledClass("Ljdk/internal/util/SystemProps$Raw;"), "vmProperties");
    CHECK(name == "Java_jdk_internal_util_SystemProps_00024Raw_vmProperties");
    CHECK(std::binary_search(java.begin(), java.end(), name));
    CHECK(java.size() > 100);
}

TEST_CASE("natives: files that cannot be read say why", "[natives][elf]") {
    TempDir dir;
    CHECK_THAT(errorOf(dir / "missing.so"), Catch::Contains("cannot open") && Catch::Contains("missing.so"));
    CHECK_THAT(errorOf(dir / ""), Catch::Contains("not a regular file"));
    writeFile(dir / "empty.so", "");
    CHECK_THAT(errorOf(dir / "empty.so"), Catch::Contains("is empty"));
    writeFile(dir / "text.so", std::string(200, 'x'));
    CHECK_THAT(errorOf(dir / "text.so"), Catch::Contains("not an ELF file"));
    writeFile(dir / "short.so", "\x7f" "ELF");
    CHECK_THAT(errorOf(dir / "short.so"), Catch::Contains("too short for an ELF header"));

    std::string bytes = readFile(kFixture);
    std::string elf32 = bytes;
    elf32[EI_CLASS] = ELFCLASS32;
    writeFile(dir / "elf32.so", elf32);
    CHECK_THAT(errorOf(dir / "elf32.so"), Catch::Contains("not a 64-bit ELF file"));
    std::string bigEndian = bytes;
    bigEndian[EI_DATA] = ELFDATA2MSB;
    writeFile(dir / "msb.so", bigEndian);
    CHECK_THAT(errorOf(dir / "msb.so"), Catch::Contains("other byte order"));

    // Cut before the section headers (at the end of the file).
    writeFile(dir / "truncated.so", bytes.substr(0, bytes.size() / 2));
    CHECK_THAT(errorOf(dir / "truncated.so"), Catch::Contains("section headers past the end of the file"));

    std::string stripped = bytes;
    Elf64_Ehdr ehdr;
    std::memcpy(&ehdr, stripped.data(), sizeof ehdr);
    ehdr.e_shoff = 0;
    ehdr.e_shnum = 0;
    std::memcpy(stripped.data(), &ehdr, sizeof ehdr);
    writeFile(dir / "stripped.so", stripped);
    CHECK_THAT(errorOf(dir / "stripped.so"), Catch::Contains("no section headers"));
}

TEST_CASE("natives: corrupt symbol tables are refused, never read past the file", "[natives][elf]") {
    TempDir dir;
    writeFile(dir / "link.so", withSection(SHT_DYNSYM, [](Elf64_Shdr& s) { s.sh_link = 60000; }));
    CHECK_THAT(errorOf(dir / "link.so"), Catch::Contains("without a string table"));
    writeFile(dir / "symsize.so", withSection(SHT_DYNSYM, [](Elf64_Shdr& s) { s.sh_size = uint64_t(1) << 40; }));
    CHECK_THAT(errorOf(dir / "symsize.so"), Catch::Contains("dynamic symbol table past the end"));
    writeFile(dir / "entsize.so", withSection(SHT_DYNSYM, [](Elf64_Shdr& s) { s.sh_entsize = 4; }));
    CHECK_THAT(errorOf(dir / "entsize.so"), Catch::Contains("dynamic symbols of an unknown size"));
    // .dynstr is the string table .dynsym links to (the fixture has one SHT_STRTAB per table;
    // the first of that type is .dynstr, before .strtab/.shstrtab).
    writeFile(dir / "stroffset.so", withSection(SHT_STRTAB, [](Elf64_Shdr& s) { s.sh_offset = uint64_t(1) << 40; }));
    CHECK_THAT(errorOf(dir / "stroffset.so"), Catch::Contains("dynamic string table past the end"));
    writeFile(dir / "strtype.so", withSection(SHT_STRTAB, [](Elf64_Shdr& s) { s.sh_type = SHT_PROGBITS; }));
    CHECK_THAT(errorOf(dir / "strtype.so"), Catch::Contains("holds no strings"));
}

TEST_CASE("natives: a string table cut short drops the names it cannot end", "[natives][elf]") {
    // Shrinking .dynstr to a few bytes leaves most names without their terminating NUL inside
    // the table: those are skipped, nothing is read beyond it.
    TempDir dir;
    writeFile(dir / "cut.so", withSection(SHT_STRTAB, [](Elf64_Shdr& s) { s.sh_size = 8; }));
    std::string error;
    auto names = exportedFunctions(dir / "cut.so", "", error);
    REQUIRE(names.has_value());
    for (const std::string& n : *names) CHECK(n.size() < 8);
}
