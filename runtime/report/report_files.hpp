// The machine-readable reports of one JVM (report-format=json, sarif, junit) and the facts
// about the run they carry: the JVM, its main class and command line, start and end times.
// All three are written at exit from one collection (jvmtireport::JvmReport) filled from the
// reporter's rules, so they agree with the text summary and the HTML page.
#pragma once

#include <optional>
#include <string>

#include <jvmti.h>

#include "report/formats/jvm_report.hpp"
#include "report/report_names.hpp"
#include "settings/settings.hpp"

namespace jvmtilayer::report_files {

// A system property of the VM, or "" (control may be null).
std::string systemProperty(jvmtiEnv* control, const char* name);

// Remembers the settings and reads the JVM's facts through `control` (at start-up, before
// any agent runs).
void start(const Settings& settings, jvmtiEnv* control);
// fail-on= as the level of the reports that count.
jvmtireport::Level failLevel(FailOn failOn);

// The JVM's name and version, as start() read them ("OpenJDK 64-Bit Server VM 17.0.15+6").
const std::string& jvmName();
// What the run saw so far, as data.
jvmtireport::JvmReport collect(bool finished);

// Writes each machine-readable format the settings ask for; a file that cannot be written is
// reported as layer.report_write. Returns the reports that count as failures (at fail-on or
// above, not ignored).
std::uint64_t finish() noexcept;

}  // namespace jvmtilayer::report_files
