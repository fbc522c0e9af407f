#include "abi_facts.hpp"

#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "support.hpp"

namespace abifacts {

using nlohmann::json;
namespace fs = std::filesystem;
using testsupport::runCommand;

std::string clang() {
    auto r = runCommand("command -v clang++");
    if (r.status != 0) return {};
    std::string path = r.out;
    while (!path.empty() && (path.back() == '\n' || path.back() == '\r')) path.pop_back();
    return path;
}

namespace {

// The value of an enumerator: the "value" of the ConstantExpr under it.
std::string constantValue(const json& n) {
    if (n.contains("value") && n.value("kind", "") == "ConstantExpr") return n["value"].get<std::string>();
    if (n.contains("inner"))
        for (const auto& c : n["inner"]) {
            auto v = constantValue(c);
            if (!v.empty()) return v;
        }
    return {};
}

std::string typeOf(const json& n) {
    if (!n.contains("type")) return "?";
    const auto& t = n["type"];
    std::string s = t.value("qualType", "?");
    if (t.contains("desugaredQualType")) s += " = " + t["desugaredQualType"].get<std::string>();
    return s;
}

struct Record {
    std::string name;    // struct tag, or the typedef that names an anonymous one
    std::string id;      // AST id, to match typedefs that own it
    std::string tag;     // struct | union
    std::vector<json> fields;
};

struct Walker {
    std::vector<std::string> lines;
    std::vector<Record> records;
    std::map<std::string, std::string> tagNames;      // AST id of an anonymous tag -> typedef name
    std::vector<std::pair<std::string, json>> enums;  // AST id, EnumDecl

    void walk(const json& n, const std::string& parent) {
        const std::string kind = n.value("kind", "");
        const std::string name = n.value("name", "");
        if (kind == "EnumDecl") {
            enums.emplace_back(n.value("id", ""), n);
            return;
        }
        if ((kind == "CXXRecordDecl" || kind == "RecordDecl") && n.value("completeDefinition", false)) {
            Record r{name, n.value("id", ""), n.value("tagUsed", "struct"), {}};
            if (n.contains("inner"))
                for (const auto& c : n["inner"]) {
                    const std::string ck = c.value("kind", "");
                    if (ck == "FieldDecl") r.fields.push_back(c);
                    else if (ck == "CXXMethodDecl" && !c.value("isImplicit", false))
                        lines.push_back("method " + name + "::" + c.value("name", "") + " : " + typeOf(c));
                    else if (ck != "CXXRecordDecl") walk(c, name);
                }
            records.push_back(std::move(r));
            return;
        }
        if (kind == "TypedefDecl") {
            lines.push_back("typedef " + name + " : " + typeOf(n));
            // typedef struct {...} name; / typedef enum {...} name;
            if (n.contains("inner"))
                for (const auto& c : n["inner"])
                    if (c.contains("ownedTagDecl")) tagNames[c["ownedTagDecl"].value("id", "")] = name;
            return;
        }
        if (kind == "FunctionDecl") {
            lines.push_back("function " + name + " : " + typeOf(n));
            return;
        }
        if (n.contains("inner"))
            for (const auto& c : n["inner"]) walk(c, parent);
    }

    void finish() {
        for (const auto& [id, e] : enums) {
            std::string ename = e.value("name", "");
            if (ename.empty() && tagNames.count(id)) ename = tagNames[id];
            if (ename.empty()) ename = "(anonymous)";
            if (!e.contains("inner")) continue;
            for (const auto& c : e["inner"])
                if (c.value("kind", "") == "EnumConstantDecl")
                    lines.push_back("enumerator " + c.value("name", "") + " = " + constantValue(c) + " in enum " + ename);
        }
        for (auto& r : records) {
            if (r.name.empty() && tagNames.count(r.id)) r.name = tagNames[r.id];
            int i = 0;
            for (const auto& f : r.fields) {
                std::string line = r.tag + " " + r.name + " field #" + std::to_string(i++) + " " +
                                   f.value("name", "(unnamed)") + " : " + typeOf(f);
                if (f.value("isBitfield", false)) line += " bits " + constantValue(f);
                lines.push_back(line);
            }
        }
    }
};

// A probe printing the layout of every named record: size, alignment, field offsets, and for
// bit-fields the bit a field set to 1 occupies.
std::string probeSource(const std::vector<Record>& records) {
    std::ostringstream s;
    s << "#include <cstdio>\n#include <cstring>\n#include <cstddef>\n#include \"jni.h\"\n#include \"jvmti.h\"\n"
         "static int firstBit(const void* p, size_t n) {\n"
         "    const unsigned char* b = static_cast<const unsigned char*>(p);\n"
         "    for (size_t i = 0; i < n; ++i) for (int k = 0; k < 8; ++k) if (b[i] >> k & 1) return int(i * 8 + k);\n"
         "    return -1;\n}\n"
         "int main() {\n";
    for (const auto& r : records) {
        if (r.name.empty()) continue;
        const std::string t = r.name;
        s << "    std::printf(\"layout " << t << " size %zu align %zu\\n\", sizeof(" << t << "), alignof(" << t << "));\n";
        for (const auto& f : r.fields) {
            const std::string fn = f.value("name", "");
            if (fn.empty()) continue;
            if (f.value("isBitfield", false)) {
                s << "    { " << t << " v; std::memset(&v, 0, sizeof v); v." << fn << " = 1; std::printf(\"layout " << t
                  << "." << fn << " bit %d\\n\", firstBit(&v, sizeof v)); }\n";
            } else {
                s << "    std::printf(\"layout " << t << "." << fn << " offset %zu size %zu\\n\", offsetof(" << t << ", "
                  << fn << "), sizeof(((" << t << "*)0)->" << fn << "));\n";
            }
        }
    }
    s << "    return 0;\n}\n";
    return s.str();
}

}  // namespace

Facts collect(const fs::path& headerDir, const fs::path& jniDir) {
    Facts facts;
    const std::string cxx = clang();
    if (cxx.empty()) {
        facts.error = "clang++ is not installed (the project's setup installs it)";
        return facts;
    }
    testsupport::TempDir tmp;
    testsupport::writeFile(tmp / "tu.cpp", "#include \"jni.h\"\n#include \"jvmti.h\"\n");
    const std::string includes = " -I'" + headerDir.string() + "' -I'" + jniDir.string() + "' -I'" +
                                 (jniDir / "linux").string() + "'";
    auto ast = runCommand(cxx + " -std=c++17 -fsyntax-only -Xclang -ast-dump=json" + includes + " '" +
                          (tmp / "tu.cpp").string() + "' > '" + (tmp / "ast.json").string() + "'");
    if (ast.status != 0) {
        facts.error = "clang could not parse the header:\n" + ast.out;
        return facts;
    }
    json tu = json::parse(testsupport::readFile(tmp / "ast.json"));
    // jvmti.h wraps its declarations in one extern "C" block, the last one of the unit.
    const json* block = nullptr;
    for (const auto& d : tu["inner"])
        if (d.value("kind", "") == "LinkageSpecDecl") block = &d;
    if (!block) {
        facts.error = "no extern \"C\" block found in the header";
        return facts;
    }
    Walker w;
    w.walk(*block, "");
    w.finish();
    facts.lines.insert(w.lines.begin(), w.lines.end());

    testsupport::writeFile(tmp / "probe.cpp", probeSource(w.records));
    auto build = runCommand(cxx + " -std=c++17 -w" + includes + " -o '" + (tmp / "probe").string() + "' '" +
                            (tmp / "probe.cpp").string() + "'");
    if (build.status != 0) {
        facts.error = "the layout probe did not compile:\n" + build.out;
        return facts;
    }
    auto run = runCommand("'" + (tmp / "probe").string() + "'");
    std::istringstream in(run.out);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) facts.lines.insert(line);
    return facts;
}

std::string missing(const Facts& a, const Facts& b, size_t limit) {
    std::string out;
    size_t n = 0;
    for (const auto& l : a.lines)
        if (!b.lines.count(l)) {
            if (n++ < limit) out += "  " + l + "\n";
        }
    if (n > limit) out += "  ... and " + std::to_string(n - limit) + " more\n";
    return out;
}

}  // namespace abifacts
