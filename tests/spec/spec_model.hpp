// Reading a spec file into the model once per test run, for the spec tests.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "diag.hpp"
#include "model.hpp"
#include "reader.hpp"
#include "support.hpp"

namespace spectest {

struct LoadedSpec {
    jvmtigen::Spec spec;
    std::vector<std::string> diagnostics;  // empty when the file read cleanly
};

// Reads `path` on first use and keeps the result for the rest of the run.
inline const LoadedSpec& loadSpec(const std::string& path) {
    static std::map<std::string, LoadedSpec> cache;
    auto it = cache.find(path);
    if (it != cache.end()) return it->second;
    LoadedSpec loaded;
    jvmtigen::Diagnostics diag(path);
    jvmtigen::readSpecFile(path, loaded.spec, diag);
    loaded.diagnostics = diag.messages();
    return cache.emplace(path, std::move(loaded)).first->second;
}

inline std::string ourSpecPath() { return (testsupport::sourceDir() / "spec" / "jvmti.xml").string(); }
inline std::string jdk16SpecPath() { return testsupport::upstreamSpec("jdk16").string(); }

inline std::string joinLines(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) out += "  " + l + "\n";
    return out;
}

}  // namespace spectest
