// Helpers of the docs tests: generating the page of a spec, reading the ids and links of an
// HTML page, and the anchors the model says the page must have.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "model.hpp"
#include "support.hpp"

namespace docstest {

namespace fs = std::filesystem;

// The page generated for one spec, in a temporary directory that lives as long as the object.
struct GeneratedPage {
    testsupport::TempDir dir;
    fs::path file;
    std::string html;
};

// Runs jvmtigen --only docs on `spec` (with --jvmti-version when not empty); REQUIREs success.
void generate(GeneratedPage& page, const fs::path& spec, const std::string& version = "");

// The specs the docs are checked for: ours and OpenJDK's two, with the version each needs.
struct SpecCase {
    std::string name;
    fs::path spec;
    std::string version;
};
std::vector<SpecCase> specCases();

// Attributes of every start tag of an HTML text, in order: a tiny scanner that relies on what
// the generator guarantees (text never holds a raw '<'; attribute values are quoted).
struct Tag {
    std::string name;
    std::map<std::string, std::string> attrs;  // values with character references decoded
    size_t offset;                             // of the '<'
};
std::vector<Tag> scanTags(const std::string& html);

// Problems of the page's internal links: duplicate ids, and href="#x" with no element id="x".
std::vector<std::string> linkProblems(const std::vector<Tag>& tags);

// Every anchor the model of `spec` requires: functions, events, typedefs, callbacks, constants
// groups and constants, errors, capabilities (jvmtiCapabilities.can_x), base types, intros and
// categories, parameters and fields (Owner.name), and the section anchors links may name.
std::set<std::string> requiredAnchors(const jvmtigen::Spec& spec);

jvmtigen::Spec readSpec(const fs::path& spec);

// Runs `tidy -errors -q` on a file: fails the test when tidy is missing or reports errors.
void requireTidyClean(const fs::path& file);

}  // namespace docstest
