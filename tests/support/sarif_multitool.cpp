#include "sarif_multitool.hpp"

#include <cstdlib>
#include <filesystem>
#include <vector>

namespace fs = std::filesystem;

namespace testsupport {

std::string sarifMultitool(const std::string& configured) {
    std::vector<fs::path> candidates = {configured};
    if (const char* home = std::getenv("HOME"))
        candidates.push_back(fs::path(home) / ".cache/jvmtigen/test-tools/node_modules/@microsoft/"
                                              "sarif-multitool-linux/Sarif.Multitool");
    for (const auto& c : candidates)
        if (!c.empty() && fs::is_regular_file(c)) return c.string();
    return "";
}

}  // namespace testsupport
