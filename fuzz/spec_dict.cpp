// Writes a libFuzzer dictionary for the generator's fuzz target from the DTD of a spec file:
// every element as an opening and a closing tag, and every attribute as ` name="`. The
// dictionary follows the schema, so a new element or attribute needs no edit here.
//   spec_dict SPEC.xml > spec.dict
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include <pugixml.hpp>

#include "dtd.hpp"

namespace {

// A dictionary entry: the text in quotes, with quotes and backslashes escaped.
void entry(const std::string& text) {
    std::string quoted;
    for (const char c : text) {
        if (c == '"' || c == '\\') quoted += '\\';
        quoted += c;
    }
    std::printf("\"%s\"\n", quoted.c_str());
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: spec_dict SPEC.xml\n");
        return 2;
    }
    pugi::xml_document doc;
    const auto loaded = doc.load_file(argv[1], pugi::parse_default | pugi::parse_doctype);
    if (!loaded) {
        std::fprintf(stderr, "%s: %s\n", argv[1], loaded.description());
        return 1;
    }
    std::string doctype;
    for (const auto node : doc.children())
        if (node.type() == pugi::node_doctype) doctype = node.value();
    std::vector<jvmtigen::DtdProblem> problems;
    const auto dtd = jvmtigen::parseDtd(doctype, problems);
    if (!problems.empty() || dtd.elements.empty()) {
        std::fprintf(stderr, "%s: no usable DTD (%s)\n", argv[1],
                     problems.empty() ? "no element declared" : problems.front().message.c_str());
        return 1;
    }
    std::printf("# Element and attribute names of %s's DTD, written by spec_dict.\n", argv[1]);
    for (const auto& e : dtd.elements) {
        entry("<" + e);
        entry("</" + e + ">");
    }
    std::set<std::string> attributes;
    for (const auto& [element, names] : dtd.attributes) attributes.insert(names.begin(), names.end());
    for (const auto& a : attributes) entry(" " + a + "=\"");
    return 0;
}
