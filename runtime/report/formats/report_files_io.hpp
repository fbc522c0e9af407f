// What every writer and reader of report files needs, the layer's and jvmti-check's alike:
// writing a file whole, reading the rule catalogue, and paths as URIs.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "report/formats/jvm_report.hpp"

namespace jvmtireport {

// Writes `text` to `path` through a temporary file renamed over it, so that a reader sees the
// old file or the new one, never half of one. nullopt on success, else why not.
std::optional<std::string> writeFileAtomically(const std::string& path, const std::string& text);

// The rule catalogue in the file `path` (generated docs/rules.json); empty when it cannot be
// read or parsed (the reports then take the rule texts they carry).
std::vector<CatalogueRule> readCatalogueFile(const std::string& path);

// `text` with every byte but the unreserved ones (RFC 3986) and those of `keep` as %XX.
std::string percentEncode(std::string_view text, std::string_view keep);
// An absolute path as a file:// URI.
std::string fileUri(std::string_view absolutePath);

}  // namespace jvmtireport
