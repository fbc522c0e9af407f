// Reports the report-format tests write from: a JVM that broke rules (sites with and without
// source lines, under the source root and outside it, an ignored id, a warning and an info), a
// clean one, one that died before its end-of-run report, and a small rule catalogue.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "report/formats/jvm_report.hpp"

namespace samples {

namespace fs = std::filesystem;

// The source root the sample sites' files are under.
inline const std::string kSourceRoot = "/work/main";
inline const std::string kGarbageSite =
    "libmisbehave.so!(anonymous namespace)::garbage_method()+0x1c (/work/main/tests/agents/src/misbehave.cpp:142)";
inline const std::string kJniSite = "libjvm.so!JNIEnv_::CallVoidMethod(_jobject*, _jmethodID*, ...)+0x90 (/usr/include/jni.h:1000)";
inline const std::string kOffsetSite = "libmisbehave.so+0x1234";

jvmtireport::JvmReport brokeRules();  // pid 1234, agenttest.Main
jvmtireport::JvmReport clean();       // pid 1300, app.Clean
jvmtireport::JvmReport died();        // pid 1400, app.Crash: no end-of-run report
std::vector<jvmtireport::CatalogueRule> catalogue();

}  // namespace samples
