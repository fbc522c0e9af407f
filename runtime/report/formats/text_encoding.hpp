// How every writer of ours turns text into output bytes: UTF-8 always, whatever bytes came in
// (a command line, a thread or class name, a path). A byte that starts no well-formed UTF-8
// sequence becomes U+FFFD, so an odd byte never makes a writer throw or a file invalid.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

namespace jvmtireport {

// `text` with every ill-formed UTF-8 sequence replaced by U+FFFD.
std::string validUtf8(std::string_view text);

// `text` as XML 1.0 character data, or an attribute value (quotes and white space as character
// references, so a parser gives back the same text); valid UTF-8; characters XML 1.0 does not
// allow are left out. Also right for HTML text and attribute values.
std::string xmlText(std::string_view text, bool attribute = false);

// `json` as text (indent as nlohmann's dump takes it), strings that are not UTF-8 repaired
// rather than thrown at.
std::string jsonText(const nlohmann::json& json, int indent = 2);

}  // namespace jvmtireport
