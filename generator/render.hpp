// Renders a template of templates/ with a view, through kainjow mustache.
#pragma once

#include <string>

#include "template_data.hpp"

namespace jvmtigen {

enum class Escape { None, Html };  // C/C++ outputs take text verbatim; HTML escapes it

// Throws std::runtime_error naming the template when it is missing or does not parse.
std::string renderTemplate(const std::string& name, const Data& view, Escape escape);

}  // namespace jvmtigen
