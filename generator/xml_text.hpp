// Small text helpers for the reader: input encoding and definition text.
#pragma once

#include <string>

namespace jvmtigen {

// Returns `raw` as UTF-8: ISO-8859-1 input (as OpenJDK's files declare) is converted, anything
// else is taken as UTF-8 already.
std::string toUtf8(const std::string& raw);

// Whether toUtf8 would change `raw` (it is declared ISO-8859-1 and holds bytes above 127).
bool needsUtf8Conversion(const std::string& raw);

// Trims leading and trailing blank lines and the common indentation of the remaining lines.
std::string trimLines(const std::string& text);

}  // namespace jvmtigen
