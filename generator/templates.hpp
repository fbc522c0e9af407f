// The templates in templates/, embedded into the binary at build time.
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace jvmtigen {

// Template name (file name without .mustache) -> text.
const std::map<std::string, std::string_view>& embeddedTemplates();

}  // namespace jvmtigen
