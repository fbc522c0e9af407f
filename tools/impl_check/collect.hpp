// Parses a runtime's sources with Clang, using the project's compile commands, and gathers
// the functions of namespace jvmti_runtime: those the interface (jvmti_runtime.hpp)
// declares and those the runtime's files define.
#pragma once

#include <string>
#include <vector>

#include "functions.hpp"

namespace implcheck {

struct CollectOptions {
    std::string buildDir;            // holds compile_commands.json
    std::vector<std::string> paths;  // the runtime: directories and source files
    std::string interface;           // the interface file; empty: any file named jvmti_runtime.hpp
};

struct CollectResult {
    bool ok = false;
    std::string error;  // why not, when Clang's own messages do not say it
    Collected collected;
};

CollectResult collect(const CollectOptions& options);

}  // namespace implcheck
