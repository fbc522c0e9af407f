// How the java launcher and the JVM split text into arguments, and the way back: @argfiles
// (the launcher's rules), JAVA_TOOL_OPTIONS / JDK_JAVA_OPTIONS / _JAVA_OPTIONS (white space
// and quotes), and words quoted for a POSIX shell (what --dry-run prints).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jvmticheck {

// The words of an @argfile as the launcher reads them: white space separates; '...' and "..."
// quote (a newline still ends the word); inside quotes \n \r \t \f and \<char> are escapes and
// a backslash at the end of a line joins the next line, minus its leading white space; outside
// quotes # starts a comment to the end of the line.
std::vector<std::string> splitArgFile(std::string_view text);

// The words of an options environment variable as the JVM and the launcher split it: white
// space separates, '...' and "..." quote (no escapes). An unmatched quote is an error, which
// is returned (and `words` is left partial).
std::optional<std::string> splitOptionsVariable(std::string_view text, std::vector<std::string>& words);

// The reverse: the words joined with spaces, a word with white space or quotes enclosed in
// the quote it does not contain. A word holding both quotes and white space cannot be written:
// the error names it.
std::optional<std::string> joinOptionsVariable(const std::vector<std::string>& words, std::string& text);

// A word for a POSIX shell: as it is when it is made of safe characters only, else in '...'.
std::string shellQuote(std::string_view word);

}  // namespace jvmticheck
