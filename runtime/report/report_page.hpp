// The HTML report of a run (report-format=html): what the layer knows at start-up (the JVM,
// where the rule catalogue is) and the page written at exit, from the reporter's rules, the
// leak groups and the statistics -- the data the text report and stats= are written from.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <jvmti.h>

#include "checks/memory.hpp"
#include "settings/settings.hpp"

namespace jvmtilayer::report_page {

// With report-format=html: remembers the settings, finds the rule catalogue, takes the JVM's
// name and version from report_files (started before it), and writes a first page saying that
// the run has not ended (so a JVM that dies leaves a page that says so). nullopt on success,
// else why the page cannot be written. Without html it does nothing.
std::optional<std::string> start(const Settings& settings);

// Writes the page (replacing the first one in one step), if start() began one. A failure is
// reported as layer.report_write.
void finish(const std::vector<memory::Leak>& leaks) noexcept;

// A file of the installed docs (jvmti.html, rules.json) found from the layer library, or nullopt.
std::optional<std::string> findDocsFile(const std::string& name);

// Where rule links point: docs-url=, else the generated jvmti.html found beside the layer as a
// file:// URL, else the relative "jvmti.html".
std::string docsUrl(const Settings& settings);

// The rule catalogue page as a URL: docs-url= when given, else the generated jvmti.html found
// from `layerFile` (the layer library), as a file:// URL; nullopt when none is found.
std::optional<std::string> findDocs(const std::string& layerFile);

}  // namespace jvmtilayer::report_page
