// Which compilations to analyse: the files with their commands from a compilation database
// (-p BUILD_DIR, compile_commands.json), or the files with the arguments given after `--`; and
// jvmti.h for a command that does not find it through its own -I: from JAVA_HOME, else from
// jvmtigen's generated headers with a JDK's jni.h.
#pragma once

#include <string>
#include <vector>

#include "analyse.hpp"

namespace jvmtilint {

struct SourceRequest {
    std::vector<std::string> files;       // as given; with a database and none, all of its files
    std::string buildDir;                 // -p; "" for none
    bool haveArgs = false;                // `--` was given
    std::vector<std::string> extraArgs;   // what followed `--`
    std::string cwd;                      // where relative names are taken from
};

struct Sources {
    std::vector<CompileJob> jobs;
    std::string error;  // why not, when jobs cannot be made
};

Sources compileJobs(const SourceRequest& request);

// `args` added to a compile command: before a `--` that ends its options, else at its end.
void addArguments(std::vector<std::string>& commandLine, const std::vector<std::string>& args);

// The include directories to add to `job` for jvmti.h when its command has none holding it;
// empty when it has one or none can be found. `javaHome` is $JAVA_HOME ("" when unset).
std::vector<std::string> jvmtiIncludes(const CompileJob& job, const std::string& javaHome);

}  // namespace jvmtilint
