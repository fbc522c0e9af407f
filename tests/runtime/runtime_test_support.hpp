// Helpers of the runtime tests: temporary files, environment variables restored on exit, and
// the markers of the generated table in docs/layer-options.md.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace runtimetest {

namespace fs = std::filesystem;

// A fresh directory under the system temp dir, removed with everything in it at the end.
class TempDir {
public:
    TempDir() {
        std::random_device rd;
        for (int i = 0; i < 100; ++i) {
            fs::path p = fs::temp_directory_path() / ("jvmtilayer-test-" + std::to_string(rd()));
            if (fs::create_directory(p)) {
                path_ = p;
                return;
            }
        }
        throw std::runtime_error("cannot create a temporary directory");
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    std::string operator/(const std::string& name) const { return (path_ / name).string(); }

private:
    fs::path path_;
};

inline std::string readFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + p.string());
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline void writeFile(const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary);
    out << text;
    if (!out) throw std::runtime_error("cannot write " + p.string());
}

inline std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// Sets and unsets variables for its lifetime, restoring each one's earlier value after.
class EnvScope {
public:
    EnvScope() = default;
    ~EnvScope() {
        for (const auto& [name, old] : saved_) {
            if (old) ::setenv(name.c_str(), old->c_str(), 1);
            else ::unsetenv(name.c_str());
        }
    }
    EnvScope(const EnvScope&) = delete;
    EnvScope& operator=(const EnvScope&) = delete;

    void set(const std::string& name, const std::string& value) {
        save(name);
        ::setenv(name.c_str(), value.c_str(), 1);
    }
    void unset(const std::string& name) {
        save(name);
        ::unsetenv(name.c_str());
    }

private:
    void save(const std::string& name) {
        if (saved_.count(name)) return;
        const char* old = std::getenv(name.c_str());
        saved_[name] = old ? std::optional<std::string>(old) : std::nullopt;
    }

    std::map<std::string, std::optional<std::string>> saved_;
};

// docs/layer-options.md holds the rendered settings table between these two lines.
inline constexpr const char* kTableBegin =
    "<!-- settings table: rendered from runtime/settings/settings_schema.json; "
    "refresh with `cmake --build build --target layer-options-doc` -->\n";
inline constexpr const char* kTableEnd = "<!-- end of settings table -->\n";

// The document with the text between the markers replaced by `table`; nullopt without markers.
inline std::optional<std::string> withTable(const std::string& doc, const std::string& table) {
    const auto begin = doc.find(kTableBegin);
    if (begin == std::string::npos) return std::nullopt;
    const auto start = begin + std::string(kTableBegin).size();
    const auto end = doc.find(kTableEnd, start);
    if (end == std::string::npos) return std::nullopt;
    return doc.substr(0, start) + table + doc.substr(end);
}

}  // namespace runtimetest
