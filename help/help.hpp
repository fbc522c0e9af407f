// One description per command-line tool, written once: `--help` prints it (formatHelp) and the
// build turns the same description into the tool's man page (formatManPage, run by
// jvmtigen-man), so the two cannot disagree.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace jvmtihelp {

// One option or one entry of a list: "--spec FILE" and what it does.
struct Entry {
    std::string term;
    std::string text;
};

// A titled part after the options: a list of entries, paragraphs, or both.
struct Section {
    std::string title;
    std::vector<std::string> paragraphs;
    std::vector<Entry> entries;
};

struct ToolHelp {
    std::string name;                      // jvmtigen
    int manSection = 1;
    std::string purpose;                   // one line, for the man page's NAME
    std::vector<std::string> synopsis;     // each a way to call it, without the name
    std::vector<std::string> description;  // paragraphs
    std::vector<Entry> options;
    std::vector<Section> sections;         // after the options (outputs, environment, ...)
    std::string exitStatus;
    std::vector<std::string> seeAlso;      // "jvmti-check(1)"
};

// The project's version (CMake's project version), and "TOOL VERSION" as --version prints it.
std::string_view projectVersion();
std::string versionLine(std::string_view tool);

// The text --help prints: usage lines, description, options, sections, exit status.
std::string formatHelp(const ToolHelp& help);

// The same as a man page (troff, man macros).
std::string formatManPage(const ToolHelp& help);

// Each tool's description. jvmtigen's lists its outputs, which only the generator knows.
ToolHelp jvmtigenHelp(const std::vector<Entry>& outputs);
ToolHelp jvmtiCheckHelp();
ToolHelp abiDiffHelp();
ToolHelp implCheckHelp();
ToolHelp conformHelp();
ToolHelp lintHelp();

// Text helpers shared with the layer's page: troff-escaped text, words wrapped to `width`.
std::string troffEscape(std::string_view text);
std::vector<std::string> wrap(std::string_view text, std::size_t width);

}  // namespace jvmtihelp
