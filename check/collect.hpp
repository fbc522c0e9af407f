// After the command: every checked JVM's report, read back from the files the layer wrote in
// the run's report directory.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "report/formats/jvm_report.hpp"

namespace jvmticheck {

struct Collected {
    std::vector<jvmtireport::JvmReport> jvms;  // by start time, then pid
    std::vector<std::string> problems;         // files that could not be read, and why
};

// The files of a directory with their times of last change: what was there before a run.
using FileTimes = std::map<std::string, std::filesystem::file_time_type>;
FileTimes filesOf(const std::filesystem::path& dir);

// Reads `dir`'s <pid>-<main>.json files, and `extra` ones (a report= given by the user), that
// are new or changed since `before` (a directory used again keeps earlier runs' files: they are
// left out). A <pid>-<main>.txt without its .json is a JVM that did not end normally: its rules
// are read from the text lines it wrote (counts of printed lines), and it is marked unfinished.
Collected collectReports(const std::filesystem::path& dir, const std::vector<std::string>& extra, const FileTimes& before);

// The rules of a JVM read from its text report (for one that wrote no data).
void rulesFromText(const std::string& text, jvmtireport::JvmReport& out);

}  // namespace jvmticheck
