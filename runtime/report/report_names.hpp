// The names of a JVM's report files: its main class, and the placeholders of report=, trace-file=,
// stats= and inject-log= replaced. Pure text work, with no JVM (the tests use it directly).
#pragma once

#include <string>

namespace jvmtilayer::report_files {

// The main class of a sun.java.command value: its first word, a jar's file name without
// ".jar", a module's main class; "" when empty.
std::string mainClassOf(const std::string& javaCommand);

// report= (or trace-file=, stats=, inject-log=) with the placeholders of its file name replaced:
// %p the process id, %m the main class as one path component (letters, digits, '.', '_' and '-'
// kept, others and a leading '.' as '_'; "unknown" when empty), %% a percent sign. A '%' in the
// directory part, or before any other character, stays as it is.
std::string expandReportName(const std::string& pattern, int pid, const std::string& mainClass);

}  // namespace jvmtilayer::report_files
