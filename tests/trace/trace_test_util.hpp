// Helpers of the trace tests: temporary files, reading them back, records.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "trace/record.hpp"
#include "trace/writer.hpp"

namespace trace_test {

// A directory removed with everything in it at the end of the test.
class TempDir {
public:
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "jvmtilayer-trace-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    std::string file(const std::string& name) const { return (path_ / name).string(); }

private:
    std::filesystem::path path_;
};

inline std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> result;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) result.push_back(line);
    return result;
}

inline const char* errorName(int error) {
    switch (error) {
        case 0: return "JVMTI_ERROR_NONE";
        case 10: return "JVMTI_ERROR_INVALID_THREAD";
        case 100: return "JVMTI_ERROR_NULL_POINTER";
        default: return nullptr;
    }
}

inline jvmtilayer::trace::Record call(const char* name, std::uint32_t thread, int depth, std::uint64_t start,
                                      std::uint64_t duration, int error = 0) {
    jvmtilayer::trace::Record r;
    r.kind = jvmtilayer::trace::Record::Kind::Call;
    r.name = name;
    r.thread = thread;
    r.depth = depth;
    r.startNs = start;
    r.durationNs = duration;
    r.error = error;
    return r;
}

inline jvmtilayer::trace::Record event(const char* name, std::uint32_t thread, int depth, std::uint64_t start,
                                       std::uint64_t duration) {
    jvmtilayer::trace::Record r = call(name, thread, depth, start, duration);
    r.kind = jvmtilayer::trace::Record::Kind::Event;
    return r;
}

inline jvmtilayer::trace::Record callback(const char* name, std::uint32_t thread, int depth, std::uint64_t start,
                                          std::uint64_t duration) {
    jvmtilayer::trace::Record r = call(name, thread, depth, start, duration);
    r.kind = jvmtilayer::trace::Record::Kind::Callback;
    return r;
}

// Options with fixed times: origin 1 s, pid 4242, the test's error names.
inline jvmtilayer::trace::Options fixedOptions() {
    jvmtilayer::trace::Options o;
    o.originNs = 1'000'000'000;
    o.pid = 4242;
    o.errorName = errorName;
    return o;
}

}  // namespace trace_test
