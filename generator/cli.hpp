// Command-line options of jvmtigen. These names are the public interface.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "help.hpp"
#include "model.hpp"

namespace jvmtigen {

// One spec of --diff: its file, and a version given as FILE@X.Y.Z (which, like
// --jvmti-version, is the version of that spec whatever it declares).
struct DiffInput {
    std::string file;
    std::optional<Version> version;
};

struct Options {
    std::string spec = "spec/jvmti.xml";
    std::string out = "generated";
    bool outGiven = false;
    std::optional<Version> version;     // --jvmti-version: for specs that declare none
    std::optional<Version> apiVersion;  // generate the interface as this release saw it
    std::vector<std::string> only;  // emitter names; empty means all
    std::string dumpModel;          // file for the model as JSON
    bool check = false;
    bool specGiven = false;
    std::vector<DiffInput> diff;           // --diff A B: the two specs compared
    std::vector<Version> diffApiVersions;  // --diff-api-version A B: two releases of --spec
    std::string json;                      // --json FILE: the differences as JSON too
    bool help = false;
    bool showVersion = false;  // --version: print the tool's version
};

// Parses argv (without the program name). Returns an error message naming the option and
// what it accepts, or nothing on success.
std::optional<std::string> parseOptions(const std::vector<std::string>& args, Options& opts);

// Parses "X.Y.Z" (each a non-negative integer).
std::optional<Version> parseVersion(const std::string& text);

// The --help text (help/jvmtigen.cpp, also jvmtigen(1)), and its list of outputs.
std::string usage();
std::vector<jvmtihelp::Entry> outputEntries();

// The whole tool: options, read, validate, emit, write. Returns the exit status
// (0 success, 1 problems in the spec or while writing, 2 bad usage, 3 --diff: the specs differ).
int runJvmtigen(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace jvmtigen
