// After the command: every checked JVM's report, read back from the files the layer wrote in
// the run's report directory.
#pragma once

#include <cstdint>
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

// The most a report file may hold before it is refused unread (a report with every site kept
// is a few megabytes).
inline constexpr std::size_t kReportLimit = 64u << 20;

// Which files a directory held, as (inode, time of last change) by name: what was there before a
// run. A file the layer writes again is a new inode (it is renamed into place).
struct FileStamp {
    std::uint64_t inode = 0;
    std::int64_t changed = 0;
    bool operator==(const FileStamp&) const = default;
};
using FileTimes = std::map<std::string, FileStamp>;
FileTimes filesOf(const std::filesystem::path& dir);

// A report the user named with report=FILE: its data, text and page files (the page may be "").
struct NamedReport {
    std::string json, text, html;
};

// Whether `name` is a report file's name as the layer makes it from report=DIR/%p-%m:
// <pid>-<main>.<extension>, main made of letters, digits, '.', '_' and '-'.
bool isReportName(const std::string& name, const std::string& extension);

// Reads `dir`'s <pid>-<main>.json files, and `extra` ones, that are new or changed since `before`
// (a directory used again keeps earlier runs' files: they are left out). Only files named as
// the layer names them, regular files of this user opened without following links, of at most
// kReportLimit bytes, are read; every other file is left alone. A JVM's text and page are the
// files beside its data with the same name (never a path a file names). A <pid>-<main>.txt
// without its .json is a JVM that did not end normally: its rules are read from the text lines
// it wrote (counts of printed lines), and it is marked unfinished.
Collected collectReports(const std::filesystem::path& dir, const std::vector<NamedReport>& extra, const FileTimes& before);

// The rules of a JVM read from its text report (for one that wrote no data).
void rulesFromText(const std::string& text, jvmtireport::JvmReport& out);

}  // namespace jvmticheck
