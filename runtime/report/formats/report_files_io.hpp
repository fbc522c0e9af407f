// What every writer and reader of report files needs, the layer's and jvmti-check's alike:
// writing a file whole, reading the rule catalogue, and paths as URIs.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "files/own_files.hpp"
#include "report/formats/jvm_report.hpp"

namespace jvmtireport {

// Writes `text` as the new file `path` (jvmtifiles::writeFile: created new under a temporary name
// and renamed over `path`, so that a reader sees the old file or the new one, never half of one,
// and no link planted at `path` is followed). nullopt on success, else why not.
std::optional<std::string> writeFileAtomically(const std::string& path, const std::string& text,
                                               mode_t mode = jvmtifiles::kDefaultFileMode);

// The rule catalogue in the file `path` (generated docs/rules.json); empty when it cannot be
// read or parsed (the reports then take the rule texts they carry).
std::vector<CatalogueRule> readCatalogueFile(const std::string& path);

// A command line as reports show it by default (report-command=redacted): the value of every
// system property (-Dname=VALUE, also -J-Dname=VALUE) and of every variable assignment that leads
// the command or follows `env` (NAME=VALUE) replaced by "***", since such values may hold
// secrets and reports are shared.
std::vector<std::string> redactCommand(const std::vector<std::string>& words);

// `text` with every byte but the unreserved ones (RFC 3986) and those of `keep` as %XX.
std::string percentEncode(std::string_view text, std::string_view keep);
// An absolute path as a file:// URI.
std::string fileUri(std::string_view absolutePath);

}  // namespace jvmtireport
