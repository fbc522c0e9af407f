// Small text helpers for the reader: input encoding and definition text.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace jvmtigen {

// Returns `raw` as UTF-8: ISO-8859-1 input (as OpenJDK's files declare) is converted, anything
// else is taken as UTF-8 already.
std::string toUtf8(const std::string& raw);

// Whether toUtf8 would change `raw` (it is declared ISO-8859-1 and holds bytes above 127).
bool needsUtf8Conversion(const std::string& raw);

// The offset of the first byte of `text` that does not begin or continue a well-formed UTF-8
// sequence (overlong forms, surrogates and code points above U+10FFFF included); nullopt when
// all of it is UTF-8. Eight ASCII bytes at a time on the common path.
std::optional<size_t> firstInvalidUtf8(const std::string& text);

// Trims leading and trailing blank lines and the common indentation of the remaining lines.
std::string trimLines(const std::string& text);

}  // namespace jvmtigen
